/** Editing an order's note and delivery date (waiting or confirmed orders only; the server checks). */
import '@mantine/dates/styles.layer.css';
import { Stack } from '@mantine/core';
import { ResponsiveModal } from '@/ui/responsive-modal';
import { DayField } from '@/ui/day-field';
import '@/lib/dayjs';
import { useState } from 'react';
import type { OrderRecord } from '@contract/orders';
import type { OrderStatus } from '@contract/orders-status';
import { NoteField } from '@/ui/note-field';
import { DialogActions } from '@/ui/dialog-actions';
import { ProblemLine } from '@/ui/problem';

/** Statuses whose note and delivery date may still change (server: EDITABLE). */
export const EDITABLE_STATUSES: readonly OrderStatus[] = ['pending', 'confirmed'];

type Props = {
  order: OrderRecord | null;
  busy: boolean;
  error: string | null;
  onClose: () => void;
  onSave: (input: { note: string | null; deliveryDate: string | null }) => void;
};

export function OrderEditDialog({ order, busy, error, onClose, onSave }: Props) {
  return (
    <ResponsiveModal
      phoneFullScreen={false}
      opened={order !== null}
      onClose={() => !busy && onClose()}
      title="Sửa ghi chú, ngày giao"
      centered
    >
      {order && <EditForm key={order.id} order={order} busy={busy} error={error} onClose={onClose} onSave={onSave} />}
    </ResponsiveModal>
  );
}

function EditForm({ order, busy, error, onClose, onSave }: Props & { order: OrderRecord }) {
  const [note, setNote] = useState(order.note ?? '');
  const [deliveryDate, setDeliveryDate] = useState<string | null>(order.delivery_date);
  return (
    <Stack gap="md">
      <DayField
        size="md"
        label="Ngày giao"
        placeholder="Chưa hẹn ngày giao"
        value={deliveryDate}
        onChange={setDeliveryDate}
        clearable
        withIcon
        clearLabel="Xóa ngày giao"
        data-testid="order-edit-delivery"
      />
      <NoteField label="Ghi chú" minRows={3} maxRows={8} maxLength={1000} value={note} onChange={setNote} data-testid="order-edit-note" />
      <ProblemLine problem={error} />
      <DialogActions
        onCancel={onClose}
        label="Lưu"
        onConfirm={() => onSave({ note: note.trim() || null, deliveryDate })}
        busy={busy}
        testId="order-edit-save"
      />
    </Stack>
  );
}
