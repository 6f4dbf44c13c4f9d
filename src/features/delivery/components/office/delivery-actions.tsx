/**
 * What a member may do with a delivery now: print its label (in the carrier's sizes), ask the
 * carrier for the status, cancel before pickup with a reason, delete a failed one, and record a
 * self delivery's progress with the COD collected.
 */
import { Button, Group, Select, Stack } from '@mantine/core';
import { IconPrinter, IconRefresh, IconX } from '@tabler/icons-react';
import { useState } from 'react';
import { LABEL_SIZE_LABELS, SELF_MOVE_LABELS, SELF_MOVES, type DeliveryRecord, type LabelSize, type SelfMove } from '@contract/delivery';
import { CANCELLABLE_DELIVERY_STATUSES, FINAL_DELIVERY_STATUSES } from '@contract/delivery-status';
import { DialogActions } from '@/ui/dialog-actions';
import { NoteField } from '@/ui/note-field';
import { toastedWrite } from '@/ui/toasted-write';
import { WholeAmountInput } from '@/ui/whole-amount-input';
import { deliveryError, openPrintJobs, type DeliveryWrites } from '@/features/delivery/api/delivery-api';

export function DeliveryActions({
  delivery,
  writes,
  canDelete,
  onNavigate,
  onRemoved,
}: {
  delivery: DeliveryRecord;
  writes: DeliveryWrites;
  canDelete: boolean;
  onNavigate: (url: string) => void;
  onRemoved: () => void;
}) {
  const [size, setSize] = useState<LabelSize>(delivery.carrier === 'self' ? 'a6' : 'a5');
  const [cancelling, setCancelling] = useState(false);
  const [reason, setReason] = useState('');
  const [move, setMove] = useState<SelfMove | null>(null);
  const [collected, setCollected] = useState(String(delivery.cod_amount));
  const printable = delivery.carrier === 'self' || (delivery.tracking_code !== null && delivery.status !== 'cancelled');
  const cancellable = CANCELLABLE_DELIVERY_STATUSES.includes(delivery.status) && delivery.status !== 'create_failed';
  const final = FINAL_DELIVERY_STATUSES.includes(delivery.status);
  const sizes: LabelSize[] = delivery.carrier === 'self' ? ['a6', '80mm'] : delivery.carrier === 'ghtk' ? ['a5', 'a6'] : ['a5', '80mm'];
  return (
    <Stack gap="xs">
      <Group gap="xs">
        {printable && (
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
        )}
        {!final && delivery.carrier !== 'self' && delivery.carrier !== 'vtp' && delivery.tracking_code && (
          <Button
            size="xs"
            variant="default"
            leftSection={<IconRefresh size={16} />}
            data-testid="delivery-refresh"
            onClick={() =>
              void toastedWrite(
                async () => (await writes.refreshStatus(delivery.id)).message ?? 'Đã cập nhật',
                (error) => deliveryError(error, 'Không hỏi được hãng'),
              )
            }
          >
            Cập nhật trạng thái
          </Button>
        )}
        {cancellable && !cancelling && (
          <Button
            size="xs"
            variant="light"
            color="red"
            leftSection={<IconX size={16} />}
            onClick={() => setCancelling(true)}
            data-testid="delivery-cancel"
          >
            Hủy đơn vận chuyển
          </Button>
        )}
        {delivery.status === 'create_failed' && canDelete && (
          <Button
            size="xs"
            variant="light"
            color="red"
            data-testid="delivery-delete"
            onClick={() =>
              void toastedWrite(
                async () => {
                  const answer = await writes.remove(delivery.id);
                  onRemoved();
                  return answer.message ?? 'Đã xóa';
                },
                (error) => deliveryError(error, 'Không xóa được'),
              )
            }
          >
            Xóa đơn lỗi
          </Button>
        )}
      </Group>
      {cancelling && (
        <Stack gap="xs">
          <NoteField
            label="Lý do hủy"
            value={reason}
            onChange={setReason}
            maxLength={255}
            withAsterisk
            data-testid="delivery-cancel-reason"
          />
          <DialogActions
            onCancel={() => setCancelling(false)}
            label="Xác nhận hủy"
            color="red"
            disabled={!reason.trim()}
            onConfirm={() =>
              void toastedWrite(
                async () => (await writes.cancel(delivery.id, reason.trim())).message ?? 'Đã hủy',
                (error) => deliveryError(error, 'Không hủy được đơn vận chuyển'),
              ).then((done) => done && setCancelling(false))
            }
            testId="delivery-cancel-confirm"
          />
        </Stack>
      )}
      {delivery.carrier === 'self' && !final && (
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
      )}
    </Stack>
  );
}
