/**
 * The fields of the price policy editor (policy-editor.tsx): the policy's own, and its table of
 * fixed prices with the picker that adds a row.
 */
import { ActionIcon, Button, Group, Select, SimpleGrid, Switch, Table, Text, TextInput } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import type { VariantRecord } from '@contract/products';
import type { AppDb, LocalVariant } from '@/db/app-db';
import { formatMoney } from '@/lib/money';
import { NumericInput } from '@/ui/numeric-input';
import { DayField } from '@/ui/day-field';
import { NoteField } from '@/ui/note-field';
import { StrictNumberInput } from '@/ui/strict-number-input';
import { variantOptionLabel } from '@/ui/variant-picker';
import type { PolicyFormValues } from '../model/policy-form';
import { VariantPicker } from './variant-picker';
import type { SetPolicy } from './use-policy-editor';

type Option = { value: string; label: string };

type FieldsProps = {
  values: PolicyFormValues;
  errors: Record<string, string>;
  set: SetPolicy;
  disabled: boolean;
};

/** Title, customer group and level, discount, priority, dates, active flag and note. */
export function PolicyFields({
  values,
  errors,
  set,
  disabled,
  groups,
  levels,
  isMobile,
}: FieldsProps & { groups: Option[]; levels: Option[]; isMobile: boolean }) {
  return (
    <>
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
        <DayField
          label="Ngày bắt đầu"
          value={values.starts_on}
          onChange={(starts_on) => set({ starts_on: starts_on ?? '' })}
          error={errors.starts_on}
          disabled={disabled}
          data-testid="policy-starts-on"
        />
        <DayField
          label="Ngày kết thúc"
          value={values.ends_on}
          minDate={values.starts_on || undefined}
          onChange={(ends_on) => set({ ends_on: ends_on ?? '' })}
          error={errors.ends_on}
          disabled={disabled}
          data-testid="policy-ends-on"
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
    </>
  );
}

type ItemsProps = FieldsProps & {
  db: AppDb;
  companyId: number;
  isMobile: boolean;
  picked: VariantRecord | null;
  onPick: (variant: VariantRecord | null) => void;
  onAdd: (variant: VariantRecord) => void;
  variants: Map<number, LocalVariant> | undefined;
};

/** "Bảng giá cố định": a variant found by search, one of its units, a fixed price. */
export function PolicyItems({ db, companyId, isMobile, picked, onPick, onAdd, variants, ...fields }: ItemsProps) {
  const { values, errors, disabled } = fields;
  return (
    <>
      <Text fw={600} mt="xs">
        Bảng giá cố định ({values.items.length})
      </Text>
      <Group gap="xs" align="flex-end" wrap="nowrap">
        <div style={{ flex: 1 }}>
          <VariantPicker
            db={db}
            companyId={companyId}
            value={picked}
            onChange={onPick}
            label="Thêm sản phẩm"
            disabled={disabled}
            data-testid="policy-variant-picker"
          />
        </div>
        <Button
          leftSection={<IconPlus size={16} />}
          onClick={() => picked && onAdd(picked)}
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
              {values.items.map((item, index) => (
                <PolicyItemRow key={item.key} {...fields} index={index} variant={variants?.get(item.variant_id)} />
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </>
  );
}

type ItemRowProps = FieldsProps & { index: number; variant: LocalVariant | undefined };

function PolicyItemRow({ values, errors, set, disabled, index, variant }: ItemRowProps) {
  const item = values.items[index]!;
  const listPrice = variant?.units.find((unit) => unit.unit === item.unit)?.price;
  const update = (patch: Partial<typeof item>) => set({ items: values.items.map((row, i) => (i === index ? { ...row, ...patch } : row)) });
  return (
    <Table.Tr>
      <Table.Td>
        <Text size="sm">{variant ? variantOptionLabel(variant) : `Biến thể #${item.variant_id}`}</Text>
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
}
