/**
 * Adding or changing an order type: code, name, description, wholesale prices, default, in use, and
 * who may take orders of it (everyone, or the members chosen). Server refusals (a code taken, the
 * last default) are shown as the server words them.
 */
import { Checkbox, MultiSelect, SegmentedControl, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import type { OrderTypeInput, OrderTypeRecord } from '@contract/orders-types';
import { apiErrorMessage } from '@/api/api-error';
import { DialogActions } from '@/ui/dialog-actions';
import { NoteField } from '@/ui/note-field';
import { ProblemAlert } from '@/ui/problem';
import { toast } from '@/ui/toast';
import { ResponsiveModal } from '@/ui/responsive-modal';

type Props = {
  companyId: number;
  type: OrderTypeRecord | null;
  members: { value: string; label: string }[];
  wholesaleOn: boolean;
  onClose: () => void;
  onSave: (input: OrderTypeInput) => Promise<string | undefined>;
};

export function OrderTypeFormModal({ companyId, type, members, wholesaleOn, onClose, onSave }: Props) {
  const [draft, setDraft] = useState<OrderTypeInput>(() => ({
    company: companyId,
    id: type?.id ?? null,
    code: type?.code ?? '',
    name: type?.name ?? '',
    description: type?.description ?? null,
    wholesale: type?.wholesale ?? false,
    is_default: type?.is_default ?? false,
    is_active: type?.is_active ?? true,
    everyone: type?.everyone ?? true,
    account_ids: type?.account_ids ?? [],
    sort: type?.sort ?? 0,
  }));
  const [failure, setFailure] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const set = (patch: Partial<OrderTypeInput>) => setDraft((current) => ({ ...current, ...patch }));

  async function submit() {
    if (!draft.code.trim() || !draft.name.trim()) return setFailure('Vui lòng nhập mã và tên loại đơn');
    if (!draft.everyone && draft.account_ids.length === 0) return setFailure('Vui lòng chọn ít nhất một nhân viên được dùng loại đơn này');
    setSaving(true);
    setFailure(null);
    try {
      toast.success((await onSave(draft)) ?? 'Đã lưu loại đơn hàng');
      onClose();
    } catch (error) {
      setFailure(apiErrorMessage(error, 'Không lưu được loại đơn hàng'));
    } finally {
      setSaving(false);
    }
  }

  return (
    <ResponsiveModal opened onClose={onClose} title={type ? `Sửa loại đơn ${type.name}` : 'Thêm loại đơn hàng'} size="lg">
      <Stack gap="sm" data-testid="order-type-form">
        <TextInput
          label="Mã loại đơn"
          withAsterisk
          maxLength={10}
          value={draft.code}
          onChange={(event) => set({ code: event.currentTarget.value.toUpperCase() })}
          data-testid="order-type-code"
        />
        <TextInput
          label="Tên loại đơn"
          withAsterisk
          maxLength={100}
          value={draft.name}
          onChange={(event) => set({ name: event.currentTarget.value })}
          data-testid="order-type-name-input"
        />
        <NoteField
          label="Mô tả"
          value={draft.description ?? ''}
          maxLength={500}
          minRows={1}
          onChange={(text) => set({ description: text })}
        />
        <Checkbox
          label="Bán theo giá bán sỉ"
          description={wholesaleOn ? 'Đơn loại này tính giá bán sỉ cho mọi khách hàng' : 'Cần bật chức năng Bán sỉ để nhân viên dùng được'}
          checked={draft.wholesale}
          onChange={(event) => set({ wholesale: event.currentTarget.checked })}
        />
        <Checkbox
          label="Loại đơn mặc định"
          description="Đơn hàng không chọn loại sẽ thuộc loại này"
          checked={draft.is_default}
          onChange={(event) => set({ is_default: event.currentTarget.checked })}
        />
        <Checkbox label="Đang sử dụng" checked={draft.is_active} onChange={(event) => set({ is_active: event.currentTarget.checked })} />
        <Stack gap={4}>
          <Text size="sm" fw={500}>
            Nhân viên được dùng
          </Text>
          <SegmentedControl
            data={[
              { value: 'all', label: 'Tất cả nhân viên' },
              { value: 'some', label: 'Nhân viên được chọn' },
            ]}
            value={draft.everyone ? 'all' : 'some'}
            onChange={(value) => set({ everyone: value === 'all' })}
            fullWidth
            data-testid="order-type-audience"
          />
          {!draft.everyone && (
            <MultiSelect
              aria-label="Nhân viên được dùng"
              placeholder="Chọn nhân viên"
              data={members}
              value={draft.account_ids.map(String)}
              onChange={(ids) => set({ account_ids: ids.map(Number) })}
              searchable
              nothingFoundMessage="Không tìm thấy nhân viên"
              comboboxProps={{ withinPortal: true }}
              data-testid="order-type-members"
            />
          )}
        </Stack>
        <ProblemAlert problem={failure} testId="order-type-error" />
        <DialogActions
          onCancel={onClose}
          cancelLabel="Hủy"
          label="Lưu"
          onConfirm={() => void submit()}
          busy={saving}
          testId="order-type-save"
        />
      </Stack>
    </ResponsiveModal>
  );
}
