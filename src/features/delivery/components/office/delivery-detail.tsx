/**
 * One delivery, in a drawer over the list or the order's page: what was booked, where it is (the
 * carrier's events, late or repeated ones marked as not applied), its COD reconciliation, and what
 * the member may do now: print its label, ask the carrier for the status, cancel before pickup,
 * record a self delivery's progress, enter what the carrier paid out, delete a failed one; and for
 * cold goods, the temperature read as they leave.
 */
import { Alert, Group, SimpleGrid, Stack, Text, Timeline } from '@mantine/core';
import { SideDrawer } from '@/ui/side-drawer';
import { CARRIER_LABELS, RECEIVER_METHOD_LABELS, type DeliveryRecord } from '@contract/delivery';
import { DELIVERY_STATUS_LABELS } from '@contract/delivery-status';
import { formatMoney } from '@contract/money';
import { formatDate, formatDateTime } from '@/lib/dates';
import { useCan } from '@/session/access';
import { LoadingBlock } from '@/ui/loading-block';
import { ProblemAlert } from '@/ui/problem';
import { deliveryError, useDelivery, useDeliveryWrites } from '@/features/delivery/api/delivery-api';
import { weightText } from '@/features/delivery/model/delivery-text';
import { DeliveryActions } from './delivery-actions';
import { DeliveryCodCard } from './delivery-cod-card';
import { Fact } from '@/ui/fact';
import { DeliveryStatusBadge } from './delivery-status-badge';
import { DeliveryTemperature } from './delivery-temperature';
import { sameStep } from '@/features/delivery/model/delivery-events';
import { carrierStepText } from '@/features/delivery/model/carrier-steps';

type Props = { companyId: number; id: string | null; onClose: () => void; onNavigate: (url: string) => void };

export function DeliveryDrawer({ companyId, id, onClose, onNavigate }: Props) {
  const delivery = useDelivery(companyId, id);
  return (
    <SideDrawer
      opened={id !== null}
      onClose={onClose}
      width="lg"
      title={delivery.data ? `Đơn vận chuyển ${delivery.data.code}` : 'Đơn vận chuyển'}
    >
      {delivery.isPending ? (
        <LoadingBlock />
      ) : delivery.error ? (
        <ProblemAlert problem={deliveryError(delivery.error, 'Không tải được đơn vận chuyển')} />
      ) : (
        <DeliveryDetail companyId={companyId} delivery={delivery.data} onNavigate={onNavigate} onRemoved={onClose} />
      )}
    </SideDrawer>
  );
}

export function DeliveryDetail({
  companyId,
  delivery,
  onNavigate,
  onRemoved,
}: {
  companyId: number;
  delivery: DeliveryRecord;
  onNavigate: (url: string) => void;
  onRemoved: () => void;
}) {
  const writes = useDeliveryWrites(companyId);
  const canEdit = useCan('orders', 'edit');
  const canDelete = useCan('orders', 'delete');
  const { parcel } = delivery;
  return (
    <Stack gap="md" data-testid="delivery-detail" data-id={delivery.id}>
      <Group justify="space-between">
        <DeliveryStatusBadge status={delivery.status} />
        <Text size="sm" c="dimmed">
          {CARRIER_LABELS[delivery.carrier]}
        </Text>
      </Group>
      {delivery.problem && (
        <Alert color="red" variant="light" data-testid="delivery-problem">
          {delivery.problem}
        </Alert>
      )}
      <SimpleGrid cols={2} spacing="sm">
        <Fact label="Mã vận đơn">
          <Text fw={600} data-testid="delivery-tracking">
            {delivery.tracking_code ?? (delivery.status === 'creating' ? 'Đang chờ hãng cấp…' : '—')}
          </Text>
        </Fact>
        <Fact label="Đơn hàng">{delivery.order_code}</Fact>
        <Fact label="Dịch vụ">{delivery.service_name ?? '—'}</Fact>
        <Fact label="Phí vận chuyển">{formatMoney(delivery.fee)}</Fact>
        <Fact label="Dự kiến giao">{delivery.expected_at ? formatDate(delivery.expected_at) : '—'}</Fact>
        <Fact label="Cách nhận hàng">{RECEIVER_METHOD_LABELS[delivery.receiver_method]}</Fact>
        <Fact label="Gói hàng">
          {weightText(parcel.weight_grams)} · {parcel.length_cm}×{parcel.width_cm}×{parcel.height_cm} cm
        </Fact>
        <Fact label="Ca lấy hàng">{delivery.pick_shift?.title ?? '—'}</Fact>
        <Fact label="Người nhận">
          {delivery.receiver.name} · {delivery.receiver.phone}
        </Fact>
        <Fact label="Địa chỉ">{delivery.receiver.address}</Fact>
        {delivery.shipper && <Fact label="Nhân viên giao">{delivery.shipper.name}</Fact>}
        <Fact label="In nhãn">
          {delivery.print_status === 'printed' ? `Đã in ${delivery.print_count} lần (${formatDateTime(delivery.printed_at)})` : 'Chưa in'}
        </Fact>
      </SimpleGrid>
      {delivery.note && <Fact label="Ghi chú">{delivery.note}</Fact>}
      {delivery.cancel_reason && <Fact label="Lý do hủy">{delivery.cancel_reason}</Fact>}
      {delivery.failure_reason && (
        <Fact label="Lý do giao không thành công" testId="delivery-failure-reason">
          {delivery.failure_reason}
        </Fact>
      )}
      <DeliveryCodCard delivery={delivery} writes={writes} canEdit={canEdit} />
      <DeliveryTemperature companyId={companyId} deliveryId={delivery.id} />
      {canEdit && (
        <DeliveryActions delivery={delivery} writes={writes} canDelete={canDelete} onNavigate={onNavigate} onRemoved={onRemoved} />
      )}
      <Stack gap="xs">
        <Text fw={600} size="sm">
          Hành trình
        </Text>
        <Timeline bulletSize={14} lineWidth={2} active={(delivery.events?.length ?? 1) - 1} data-testid="delivery-events">
          {(delivery.events ?? []).map((event, index, events) => (
            <Timeline.Item
              key={index}
              title={event.status ? DELIVERY_STATUS_LABELS[event.status] : 'Cập nhật'}
              data-testid="delivery-event"
              data-applied={event.applied}
            >
              <Text size="xs" c="dimmed">
                {formatDateTime(event.at)} ·{' '}
                {{ webhook: 'Hãng báo', poll: 'Hỏi hãng', office: event.account_name ?? 'Văn phòng', job: 'Hệ thống' }[event.source]}
                {event.carrier_status ? ` · ${carrierStepText(delivery.carrier, event.carrier_status)}` : ''}
              </Text>
              {event.note && <Text size="xs">{event.note}</Text>}
              {!event.applied && !sameStep(events, index) && (
                <Text size="xs" c="orange">
                  Đến muộn hoặc trùng lặp: không đổi trạng thái
                </Text>
              )}
            </Timeline.Item>
          ))}
        </Timeline>
      </Stack>
    </Stack>
  );
}
