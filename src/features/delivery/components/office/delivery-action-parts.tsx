/**
 * Parts of a delivery's actions (delivery-actions.tsx): printing its label in the carrier's sizes,
 * and the reason asked before cancelling (a self delivery's next step: self-delivery-move.tsx).
 */
import { Button, Select, Stack } from '@mantine/core';
import { IconPrinter } from '@tabler/icons-react';
import { LABEL_SIZE_LABELS, type DeliveryRecord, type LabelSize } from '@contract/delivery';
import { DialogActions } from '@/ui/dialog-actions';
import { NoteField } from '@/ui/note-field';
import { toastedWrite } from '@/ui/toasted-write';
import { deliveryError, openPrintJobs, type DeliveryWrites } from '@/features/delivery/api/delivery-api';

type Base = { delivery: DeliveryRecord; writes: DeliveryWrites };

/** The label size (those the carrier prints) and the print button. */
export function DeliveryPrintControls({
  delivery,
  writes,
  size,
  setSize,
  onNavigate,
}: Base & { size: LabelSize; setSize: (size: LabelSize) => void; onNavigate: (url: string) => void }) {
  const sizes: LabelSize[] = delivery.carrier === 'self' ? ['a6', '80mm'] : delivery.carrier === 'ghtk' ? ['a5', 'a6'] : ['a5', '80mm'];
  return (
    <>
      <Select
        size="xs"
        w={150}
        data={sizes.map((value) => ({ value, label: LABEL_SIZE_LABELS[value] }))}
        value={size}
        onChange={(value) => value && setSize(value as LabelSize)}
        allowDeselect={false}
        aria-label="Khổ nhãn"
        data-testid="delivery-label-size"
      />
      <Button
        size="xs"
        leftSection={<IconPrinter size={16} />}
        data-testid="delivery-print"
        onClick={() =>
          void toastedWrite(
            async () => {
              const answer = await writes.print([delivery.id], size);
              await openPrintJobs(answer.data, onNavigate);
              return answer.message ?? 'Đã mở nhãn để in';
            },
            (error) => deliveryError(error, 'Không in được nhãn'),
          )
        }
      >
        In nhãn
      </Button>
    </>
  );
}

/** The reason for cancelling, required, and the confirmation. */
export function DeliveryCancelForm({
  delivery,
  writes,
  reason,
  setReason,
  close,
}: Base & { reason: string; setReason: (reason: string) => void; close: () => void }) {
  return (
    <Stack gap="xs">
      <NoteField label="Lý do hủy" value={reason} onChange={setReason} maxLength={255} withAsterisk data-testid="delivery-cancel-reason" />
      <DialogActions
        onCancel={close}
        label="Xác nhận hủy"
        color="red"
        disabled={!reason.trim()}
        onConfirm={() =>
          void toastedWrite(
            async () => (await writes.cancel(delivery.id, reason.trim())).message ?? 'Đã hủy',
            (error) => deliveryError(error, 'Không hủy được đơn vận chuyển'),
          ).then((done) => done && close())
        }
        testId="delivery-cancel-confirm"
      />
    </Stack>
  );
}
