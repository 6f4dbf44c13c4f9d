/**
 * What a member may do with a delivery now: print its label (in the carrier's sizes), ask the
 * carrier for the status, cancel before pickup with a reason, delete a failed one, and record a
 * self delivery's next step (only those that follow from where it stands).
 */
import { Button, Group, Stack } from '@mantine/core';
import { IconRefresh, IconX } from '@tabler/icons-react';
import { useState } from 'react';
import type { DeliveryRecord, LabelSize } from '@contract/delivery';
import { selfMovesFrom } from '@contract/delivery-self';
import { CANCELLABLE_DELIVERY_STATUSES, FINAL_DELIVERY_STATUSES } from '@contract/delivery-status';
import { toastedWrite } from '@/ui/toasted-write';
import { deliveryError, type DeliveryWrites } from '@/features/delivery/api/delivery-api';
import { DeliveryCancelForm, DeliveryPrintControls } from './delivery-action-parts';
import { SelfDeliveryMove } from './self-delivery-move';

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
  const printable = delivery.carrier === 'self' || (delivery.tracking_code !== null && delivery.status !== 'cancelled');
  const cancellable = CANCELLABLE_DELIVERY_STATUSES.includes(delivery.status) && delivery.status !== 'create_failed';
  const final = FINAL_DELIVERY_STATUSES.includes(delivery.status);
  return (
    <Stack gap="xs">
      <Group gap="xs">
        {printable && <DeliveryPrintControls delivery={delivery} writes={writes} size={size} setSize={setSize} onNavigate={onNavigate} />}
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
        <DeliveryCancelForm delivery={delivery} writes={writes} reason={reason} setReason={setReason} close={() => setCancelling(false)} />
      )}
      {delivery.carrier === 'self' && selfMovesFrom(delivery.status).length > 0 && (
        <SelfDeliveryMove key={delivery.status} delivery={delivery} writes={writes} />
      )}
    </Stack>
  );
}
