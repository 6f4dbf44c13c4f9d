/**
 * Parts of a delivery's actions (delivery-actions.tsx): printing its label in the carrier's sizes,
 * the reason asked before cancelling, and a self delivery's next step with the COD collected.
 */
import { Button, Group, Select, Stack } from '@mantine/core';
import { IconPrinter } from '@tabler/icons-react';
import { LABEL_SIZE_LABELS, SELF_MOVE_LABELS, SELF_MOVES, type DeliveryRecord, type LabelSize, type SelfMove } from '@contract/delivery';
import { DialogActions } from '@/ui/dialog-actions';
import { NoteField } from '@/ui/note-field';
import { toastedWrite } from '@/ui/toasted-write';
import { WholeAmountInput } from '@/ui/whole-amount-input';
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

/** A self delivery's next step and, when delivered with COD, the money the shipper collected. */
export function SelfDeliveryMove({
  delivery,
  writes,
  move,
  setMove,
  collected,
  setCollected,
}: Base & {
  move: SelfMove | null;
  setMove: (move: SelfMove | null) => void;
  collected: string;
  setCollected: (collected: string) => void;
}) {
  return (
    <Stack gap="xs">
      <Select
        label="Cập nhật giao hàng"
        placeholder="Chọn trạng thái mới"
        data={SELF_MOVES.map((value) => ({ value, label: SELF_MOVE_LABELS[value] }))}
        value={move}
        onChange={(value) => setMove(value as SelfMove | null)}
        clearable
        data-testid="delivery-self-move"
      />
      {move === 'delivered' && delivery.cod_amount > 0 && (
        <WholeAmountInput
          label="Tiền thu hộ nhân viên đã thu"
          value={collected}
          onChange={setCollected}
          suffix=" ₫"
          max={100_000_000_000}
          data-testid="delivery-self-cod"
        />
      )}
      {move && (
        <Group justify="flex-end">
          <Button
            size="xs"
            data-testid="delivery-self-save"
            onClick={() =>
              void toastedWrite(
                async () =>
                  (await writes.selfMove(delivery.id, move, move === 'delivered' ? Number(collected || 0) : null, null)).message ??
                  'Đã cập nhật',
                (error) => deliveryError(error, 'Không cập nhật được'),
              ).then((done) => done && setMove(null))
            }
          >
            Lưu trạng thái
          </Button>
        </Group>
      )}
    </Stack>
  );
}
