/**
 * Creating or editing a price policy: title, customer group, level, discount on the list price,
 * priority, active flag, dates, note, and the items table (a variant found by search, one of its
 * units, a fixed price). Checked with the contract schema before sending; server field errors land
 * on the same inputs. Online only.
 */
import { ActionIcon, Alert, Button, Group, Modal, Select, SimpleGrid, Stack, Switch, Table, Text, TextInput } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import type { PricePolicyRecord } from '@contract/price-policy';
import type { VariantRecord } from '@contract/products';
import { ApiError } from '@/api/api-error';
import type { AppDb } from '@/db/app-db';
import { formatMoney } from '@/lib/money';
import { NumericInput } from '@/ui/numeric-input';
import { toast } from '@/ui/toast';
import { NoteField } from '@/ui/note-field';
import { StrictNumberInput } from '@/ui/strict-number-input';
import { useLocalVariants, usePolicyWrites } from '../api/price-policy-api';
import { checkPolicyForm, emptyPolicyForm, itemKey, policyFormFromRecord, type PolicyFormValues } from '../model/policy-form';
import { VariantPicker, variantLabel } from './variant-picker';
import { DialogActions } from '@/ui/dialog-actions';
import { submitWith } from '@/ui/submit-with';

type Props = {
  db: AppDb;
  companyId: number;
  /** undefined: closed; null: a new policy. */
  editing: PricePolicyRecord | null | undefined;
  onClose: () => void;
  groups: { value: string; label: string }[];
  levels: { value: string; label: string }[];
  online: boolean;
  isMobile: boolean;
};

export function PolicyEditor(props: Props) {
  if (props.editing === undefined) return null;
  return <PolicyEditorOpen key={props.editing?.id ?? 'new'} {...props} editing={props.editing} />;
}

function PolicyEditorOpen({
  db,
  companyId,
  editing,
  onClose,
  groups,
  levels,
  online,
  isMobile,
}: Props & { editing: PricePolicyRecord | null }) {
  const [values, setValues] = useState<PolicyFormValues>(() => (editing ? policyFormFromRecord(editing) : emptyPolicyForm()));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);
  const [picked, setPicked] = useState<VariantRecord | null>(null);
  const writes = usePolicyWrites(db, companyId);
  const ids = values.items.map((item) => item.variant_id);
  const variants = useLocalVariants(db, ids);

  const set = (patch: Partial<PolicyFormValues>) => {
    setValues((current) => ({ ...current, ...patch }));
    setErrors((current) =>
      Object.fromEntries(Object.entries(current).filter(([key]) => !(key in patch) && !(key.startsWith('items') && 'items' in patch))),
    );
  };
  const addItem = (variant: VariantRecord) => {
    const unit = variant.units[0]?.unit ?? '';
    set({ items: [...values.items, { key: itemKey(), variant_id: variant.id, unit, price: String(variant.units[0]?.price ?? '') }] });
    setPicked(null);
  };
  const save = async () => {
    const checked = checkPolicyForm(companyId, values);
    if (!checked.ok) {
      setErrors(checked.errors);
      toast.error(checked.message);
      return;
    }
    setSaving(true);
    try {
      const { message } = await writes.save(editing?.id ?? null, checked.input);
      toast.success(message ?? 'Đã lưu chính sách giá');
      onClose();
    } catch (error) {
      if (error instanceof ApiError) setErrors(error.fields);
      toast.error(error instanceof ApiError ? error.message : 'Lưu chính sách giá thất bại');
    } finally {
      setSaving(false);
    }
  };
  const disabled = saving || !online;

  return (
    <Modal
      opened
      onClose={onClose}
      title={editing ? 'Sửa chính sách giá' : 'Thêm chính sách giá'}
      size="xl"
      fullScreen={isMobile}
      closeOnClickOutside={!saving}
    >
      <form onSubmit={submitWith(save)} noValidate data-testid="policy-form">
        <Stack gap="sm">
          {!online && <Alert color="yellow">Cần kết nối mạng để lưu chính sách giá.</Alert>}
          <TextInput
            label="Tên chính sách"
            withAsterisk
            value={values.title}
            onChange={(event) => set({ title: event.currentTarget.value })}
            error={errors.title}
            disabled={disabled}
            data-testid="policy-title"
          />
          <SimpleGrid cols={isMobile ? 1 : 2} spacing="sm">
            <Select
              label="Nhóm khách hàng"
              placeholder="Mọi nhóm"
              data={groups}
              value={values.customer_type_id}
              onChange={(value) => set({ customer_type_id: value })}
              error={errors.customer_type_id}
              clearable
              disabled={disabled}
            />
            <Select
              label="Cấp độ"
              placeholder="Mọi cấp độ"
              data={levels}
              value={values.level_id}
              onChange={(value) => set({ level_id: value })}
              error={errors.level_id}
              clearable
              disabled={disabled}
            />
            <StrictNumberInput
              label="Chiết khấu trên giá niêm yết (%)"
              description="Áp dụng cho sản phẩm không có giá cố định bên dưới"
              value={values.discount_percent}
              onChange={(value) => set({ discount_percent: String(value) })}
              decimalSeparator=","
              min={0}
              max={100}
              decimalScale={2}
              error={errors.discount_percent}
              disabled={disabled}
              data-testid="policy-discount"
            />
            <NumericInput
              label="Độ ưu tiên"
              description="Số lớn hơn được ưu tiên khi nhiều chính sách cùng khớp"
              value={values.priority}
              onChange={(value) => set({ priority: value })}
              max={1000}
              error={errors.priority}
              disabled={disabled}
            />
            <TextInput
              label="Ngày bắt đầu"
              type="date"
              value={values.starts_on}
              onChange={(event) => set({ starts_on: event.currentTarget.value })}
              error={errors.starts_on}
              disabled={disabled}
            />
            <TextInput
              label="Ngày kết thúc"
              type="date"
              value={values.ends_on}
              onChange={(event) => set({ ends_on: event.currentTarget.value })}
              error={errors.ends_on}
              disabled={disabled}
            />
          </SimpleGrid>
          <Switch
            label="Đang áp dụng"
            checked={values.is_active}
            onChange={(event) => set({ is_active: event.currentTarget.checked })}
            disabled={disabled}
          />
          <NoteField
            label="Ghi chú"
            value={values.note}
            onChange={(text) => set({ note: text })}
            error={errors.note}
            minRows={1}
            maxRows={4}
            disabled={disabled}
          />

          <Text fw={600} mt="xs">
            Bảng giá cố định ({values.items.length})
          </Text>
          <Group gap="xs" align="flex-end" wrap="nowrap">
            <div style={{ flex: 1 }}>
              <VariantPicker
                db={db}
                companyId={companyId}
                value={picked}
                onChange={setPicked}
                label="Thêm sản phẩm"
                disabled={disabled}
                data-testid="policy-variant-picker"
              />
            </div>
            <Button
              leftSection={<IconPlus size={16} />}
              onClick={() => picked && addItem(picked)}
              disabled={!picked || disabled}
              data-testid="policy-item-add"
            >
              Thêm
            </Button>
          </Group>
          {errors.items && (
            <Text size="sm" c="red">
              {errors.items}
            </Text>
          )}
          {values.items.length > 0 && (
            <Table.ScrollContainer minWidth={isMobile ? 420 : 0}>
              <Table verticalSpacing={4} data-testid="policy-items">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Sản phẩm</Table.Th>
                    <Table.Th w={120}>Đơn vị</Table.Th>
                    <Table.Th w={170}>Giá cố định</Table.Th>
                    <Table.Th w={40} />
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {values.items.map((item, index) => {
                    const variant = variants?.get(item.variant_id);
                    const listPrice = variant?.units.find((unit) => unit.unit === item.unit)?.price;
                    const update = (patch: Partial<typeof item>) =>
                      set({ items: values.items.map((row, i) => (i === index ? { ...row, ...patch } : row)) });
                    return (
                      <Table.Tr key={item.key}>
                        <Table.Td>
                          <Text size="sm">{variant ? variantLabel(variant) : `Biến thể #${item.variant_id}`}</Text>
                          {errors[`items.${index}.variant_id`] && (
                            <Text size="xs" c="red">
                              {errors[`items.${index}.variant_id`]}
                            </Text>
                          )}
                        </Table.Td>
                        <Table.Td>
                          <Select
                            aria-label="Đơn vị"
                            size="xs"
                            data={variant ? variant.units.map((unit) => unit.unit) : [item.unit]}
                            value={item.unit}
                            onChange={(unit) => unit && update({ unit })}
                            allowDeselect={false}
                            error={errors[`items.${index}.unit`]}
                            disabled={disabled}
                          />
                        </Table.Td>
                        <Table.Td>
                          <NumericInput
                            aria-label="Giá cố định"
                            size="xs"
                            value={item.price}
                            onChange={(price) => update({ price })}
                            max={100_000_000_000}
                            description={listPrice !== undefined ? `Niêm yết ${formatMoney(listPrice)}` : undefined}
                            error={errors[`items.${index}.price`]}
                            disabled={disabled}
                          />
                        </Table.Td>
                        <Table.Td>
                          <ActionIcon
                            variant="subtle"
                            color="red"
                            aria-label="Xóa dòng"
                            onClick={() => set({ items: values.items.filter((_, i) => i !== index) })}
                            disabled={disabled}
                          >
                            <IconTrash size={16} />
                          </ActionIcon>
                        </Table.Td>
                      </Table.Tr>
                    );
                  })}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          )}
          <DialogActions onCancel={onClose} label="Lưu" busy={saving} disabled={!online} testId="policy-save" mt="sm" />
        </Stack>
      </form>
    </Modal>
  );
}
