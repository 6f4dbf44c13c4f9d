/**
 * Confirming a status move, for one order or for the selected ones: what will happen, and the
 * reason when the move needs one (Từ chối, Hủy đơn: the rep sees it). The dialog stays open while
 * the call runs and when it fails, so the reason typed is not lost.
 */
import { Stack, Text } from '@mantine/core';
import { ResponsiveModal } from '@/ui/responsive-modal';
import { useState, type ReactNode } from 'react';
import { ORDER_STATUS_LABELS, type OrderStatus } from '@contract/orders-status';
import { NoteField } from '@/ui/note-field';
import { MOVE_COLORS, MOVE_LABELS, needsReason } from './order-status-rules';
import { DialogActions } from '@/ui/dialog-actions';
import { ProblemLine } from '@/ui/problem';

export const REASON_REQUIRED = 'Vui lòng nhập lý do';

type Props = {
  /** The move being confirmed; null keeps the dialog closed. */
  target: OrderStatus | null;
  /** What the move applies to, e.g. "Đơn DH000123" or "3/5 đơn đã chọn". */
  description: ReactNode;
  busy: boolean;
  error?: string | null;
  /** What else the move does, said before it is made (confirming approves waiting discounts). */
  note?: string | null;
  onClose: () => void;
  onConfirm: (reason: string | null) => void;
};

export function OrderStatusDialog({ target, description, busy, error, note, onClose, onConfirm }: Props) {
  return (
    <ResponsiveModal
      phoneFullScreen={false}
      opened={target !== null}
      onClose={() => !busy && onClose()}
      title={target ? MOVE_LABELS[target] : ''}
      centered
      size={440}
    >
      {target && (
        <DialogBody
          key={target}
          target={target}
          description={description}
          busy={busy}
          error={error}
          note={note}
          onClose={onClose}
          onConfirm={onConfirm}
        />
      )}
    </ResponsiveModal>
  );
}

function DialogBody({ target, description, busy, error, note, onClose, onConfirm }: Props & { target: OrderStatus }) {
  const [reason, setReason] = useState('');
  const [missing, setMissing] = useState(false);
  const asksReason = needsReason(target);
  const submit = () => {
    const text = reason.trim();
    if (asksReason && !text) {
      setMissing(true);
      return;
    }
    onConfirm(text || null);
  };
  return (
    <Stack gap="md">
      <Text size="sm">
        Chuyển {description} sang trạng thái <b>“{ORDER_STATUS_LABELS[target]}”</b>?
      </Text>
      {note && (
        <Text size="sm" c="orange" data-testid="status-note">
          {note}
        </Text>
      )}
      {asksReason && (
        <NoteField
          label={target === 'cancelled' ? 'Lý do hủy' : 'Lý do từ chối'}
          description="Trình dược viên sẽ thấy lý do này."
          withAsterisk
          maxRows={6}
          maxLength={500}
          value={reason}
          error={missing ? REASON_REQUIRED : undefined}
          onChange={(text) => {
            setReason(text);
            if (text.trim()) setMissing(false);
          }}
          data-autofocus
          data-testid="status-reason"
        />
      )}
      <ProblemLine problem={error} />
      <DialogActions
        onCancel={onClose}
        label={MOVE_LABELS[target]}
        onConfirm={submit}
        busy={busy}
        color={MOVE_COLORS[target]}
        testId="status-confirm"
        gap="sm"
      />
    </Stack>
  );
}
