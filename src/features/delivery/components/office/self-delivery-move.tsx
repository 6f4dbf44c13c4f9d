/**
 * A self delivery's next step (delivery-actions.tsx): only the steps that follow from where the
 * delivery stands (contract/delivery-self.ts, the server's own rule), the COD the shipper collected
 * when delivered, and why when it failed: one of the usual reasons, or "Khác" with the words.
 */
import { Button, Group, Select, Stack } from '@mantine/core';
import { useState } from 'react';
import type { DeliveryRecord } from '@contract/delivery';
import {
  FAILURE_REASON_LABELS,
  FAILURE_REASONS,
  failureReasonIssues,
  SELF_MOVE_LABELS,
  selfMovesFrom,
  type FailureReason,
  type SelfMove,
} from '@contract/delivery-self';
import { ApiError } from '@/api/api-error';
import { NoteField } from '@/ui/note-field';
import { toastedWrite } from '@/ui/toasted-write';
import { WholeAmountInput } from '@/ui/whole-amount-input';
import { deliveryError, type DeliveryWrites } from '@/features/delivery/api/delivery-api';

type Errors = Partial<Record<'failure_reason' | 'failure_detail', string>>;

export function SelfDeliveryMove({ delivery, writes }: { delivery: DeliveryRecord; writes: DeliveryWrites }) {
  const [move, setMove] = useState<SelfMove | null>(null);
  const [collected, setCollected] = useState(String(delivery.cod_amount));
  const [reason, setReason] = useState<FailureReason | null>(null);
  const [detail, setDetail] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const failed = move === 'delivery_failed';

  async function save(to: SelfMove) {
    const input = {
      to,
      failure_reason: to === 'delivery_failed' ? reason : null,
      failure_detail: reason === 'other' ? detail.trim() || null : null,
    };
    const missing = failureReasonIssues(input);
    setErrors(missing);
    if (Object.keys(missing).length > 0) return;
    const done = await toastedWrite(
      async () =>
        (await writes.selfMove(delivery.id, { ...input, cod_collected: to === 'delivered' ? Number(collected || 0) : null, note: null }))
          .message ?? 'Đã cập nhật',
      (error) => {
        if (error instanceof ApiError)
          setErrors({ failure_reason: error.fields.failure_reason, failure_detail: error.fields.failure_detail });
        return deliveryError(error, 'Không cập nhật được');
      },
    );
    if (done) setMove(null);
  }

  return (
    <Stack gap="xs">
      <Select
        label="Cập nhật giao hàng"
        placeholder="Chọn trạng thái mới"
        data={selfMovesFrom(delivery.status).map((value) => ({ value, label: SELF_MOVE_LABELS[value] }))}
        value={move}
        onChange={(value) => {
          setMove(value as SelfMove | null);
          setErrors({});
        }}
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
      {failed && (
        <Select
          label="Lý do giao không thành công"
          placeholder="Chọn lý do"
          required
          data={FAILURE_REASONS.map((value) => ({ value, label: FAILURE_REASON_LABELS[value] }))}
          value={reason}
          onChange={(value) => {
            setReason(value as FailureReason | null);
            setErrors({});
          }}
          error={errors.failure_reason}
          data-testid="delivery-self-failure-reason"
        />
      )}
      {failed && reason === 'other' && (
        <NoteField
          label="Lý do khác"
          placeholder="Ghi rõ lý do"
          required
          value={detail}
          onChange={(text) => {
            setDetail(text);
            setErrors({});
          }}
          maxLength={255}
          error={errors.failure_detail}
          data-testid="delivery-self-failure-detail"
        />
      )}
      {move && (
        <Group justify="flex-end">
          <Button size="xs" data-testid="delivery-self-save" onClick={() => void save(move)}>
            Lưu trạng thái
          </Button>
        </Group>
      )}
    </Stack>
  );
}
