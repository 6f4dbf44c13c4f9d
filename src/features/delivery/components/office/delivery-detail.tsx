/**
 * One delivery, in a drawer over the list or the order's page: what was booked, where it is (the
 * carrier's events, late or repeated ones marked as not applied), its COD reconciliation, and what
 * the member may do now: print its label, ask the carrier for the status, cancel before pickup,
 * record a self delivery's progress, enter what the carrier paid out, delete a failed one.
 */
import { Alert, Badge, Button, Drawer, Group, Select, SimpleGrid, Stack, Text, Timeline } from '@mantine/core';
import { IconPrinter, IconRefresh, IconX } from '@tabler/icons-react';
import { useState } from 'react';
import {
  CARRIER_LABELS,
  LABEL_SIZE_LABELS,
  RECEIVER_METHOD_LABELS,
  SELF_MOVE_LABELS,
  SELF_MOVES,
  type DeliveryRecord,
  type LabelSize,
  type SelfMove,
} from '@contract/delivery';
import { CANCELLABLE_DELIVERY_STATUSES, DELIVERY_STATUS_LABELS } from '@contract/delivery-status';
import { formatMoney } from '@contract/money';
import { formatDate, formatDateTime } from '@/lib/dates';
import { useCan } from '@/session/access';
import { DialogActions } from '@/ui/dialog-actions';
import { LoadingBlock } from '@/ui/loading-block';
import { NoteField } from '@/ui/note-field';
import { ProblemAlert } from '@/ui/problem';
import { toastedWrite } from '@/ui/toasted-write';
import { WholeAmountInput } from '@/ui/whole-amount-input';
import { deliveryError, openPrintJobs, useDelivery, useDeliveryWrites, type DeliveryWrites } from '@/features/delivery/api/delivery-api';
import { COD_STATE_COLORS, COD_STATE_LABELS, weightText } from '@/features/delivery/model/delivery-text';
import { DeliveryStatusBadge } from './delivery-status-badge';

type Props = { companyId: number; id: string | null; isMobile: boolean; onClose: () => void; onNavigate: (url: string) => void };

export function DeliveryDrawer({ companyId, id, isMobile, onClose, onNavigate }: Props) {
  const delivery = useDelivery(companyId, id);
  return (
    <Drawer
      opened={id !== null}
      onClose={onClose}
      position="right"
      size={isMobile ? '100%' : 'lg'}
      title={delivery.data ? `Đơn vận chuyển ${delivery.data.code}` : 'Đơn vận chuyển'}
      closeButtonProps={{ 'aria-label': 'Đóng' }}
    >
      {delivery.isPending ? (
        <LoadingBlock />
      ) : delivery.error ? (
        <ProblemAlert problem={deliveryError(delivery.error, 'Không tải được đơn vận chuyển')} />
      ) : (
        <DeliveryDetail companyId={companyId} delivery={delivery.data} onNavigate={onNavigate} onRemoved={onClose} />
      )}
    </Drawer>
  );
}

function Fact({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <Stack gap={0}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm" component="div">
        {children}
      </Text>
    </Stack>
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
      <CodCard delivery={delivery} writes={writes} canEdit={canEdit} />
      {canEdit && <Actions delivery={delivery} writes={writes} canDelete={canDelete} onNavigate={onNavigate} onRemoved={onRemoved} />}
      <Stack gap="xs">
        <Text fw={600} size="sm">
          Hành trình
        </Text>
        <Timeline bulletSize={14} lineWidth={2} active={(delivery.events?.length ?? 1) - 1} data-testid="delivery-events">
          {(delivery.events ?? []).map((event, index) => (
            <Timeline.Item
              key={index}
              title={event.status ? DELIVERY_STATUS_LABELS[event.status] : 'Cập nhật'}
              data-testid="delivery-event"
              data-applied={event.applied}
            >
              <Text size="xs" c="dimmed">
                {formatDateTime(event.at)} ·{' '}
                {{ webhook: 'Hãng báo', poll: 'Hỏi hãng', office: event.account_name ?? 'Văn phòng', job: 'Hệ thống' }[event.source]}
                {event.carrier_status ? ` · mã hãng ${event.carrier_status}` : ''}
              </Text>
              {event.note && <Text size="xs">{event.note}</Text>}
              {!event.applied && (
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

function CodCard({ delivery, writes, canEdit }: { delivery: DeliveryRecord; writes: DeliveryWrites; canEdit: boolean }) {
  const { cod } = delivery;
  const [paidOut, setPaidOut] = useState(String(cod.paid_out ?? cod.collected ?? cod.expected));
  const [note, setNote] = useState(cod.note ?? '');
  const [open, setOpen] = useState(false);
  if (cod.state === 'none') return null;
  return (
    <Stack gap="xs" p="sm" style={{ border: '1px solid var(--mantine-color-gray-3)', borderRadius: 8 }} data-testid="delivery-cod">
      <Group justify="space-between">
        <Text fw={600} size="sm">
          Đối soát tiền thu hộ
        </Text>
        <Badge color={COD_STATE_COLORS[cod.state]} variant="light" data-testid="delivery-cod-state">
          {COD_STATE_LABELS[cod.state]}
        </Badge>
      </Group>
      <SimpleGrid cols={3} spacing="xs">
        <Fact label="Cần thu">{formatMoney(cod.expected)}</Fact>
        <Fact label="Hãng đã thu">{cod.collected === null ? '—' : formatMoney(cod.collected)}</Fact>
        <Fact label="Hãng đã trả">
          {cod.paid_out === null ? '—' : `${formatMoney(cod.paid_out)}${cod.paid_at ? ` (${formatDate(cod.paid_at)})` : ''}`}
        </Fact>
      </SimpleGrid>
      {cod.difference !== 0 && (
        <Text size="sm" c="red" data-testid="delivery-cod-difference">
          Chênh lệch {formatMoney(cod.difference)}: kiểm tra với bảng đối soát của hãng.
        </Text>
      )}
      {cod.note && (
        <Text size="xs" c="dimmed">
          {cod.note}
        </Text>
      )}
      {canEdit && !open && cod.collected !== null && (
        <Button size="xs" variant="light" onClick={() => setOpen(true)} data-testid="delivery-reconcile-open">
          Nhập số tiền hãng đã trả
        </Button>
      )}
      {open && (
        <Stack gap="xs">
          <WholeAmountInput
            label="Số tiền hãng đã trả theo bảng đối soát"
            value={paidOut}
            onChange={setPaidOut}
            suffix=" ₫"
            max={100_000_000_000}
            data-testid="delivery-reconcile-amount"
          />
          <NoteField label="Ghi chú" value={note} onChange={setNote} maxLength={255} />
          <DialogActions
            onCancel={() => setOpen(false)}
            label="Lưu đối soát"
            onConfirm={() =>
              void toastedWrite(
                async () =>
                  (await writes.reconcile(delivery.id, Number(paidOut || 0), note.trim() || null)).message ?? 'Đã ghi nhận đối soát',
                (error) => deliveryError(error, 'Không lưu được đối soát'),
              ).then((done) => done && setOpen(false))
            }
            testId="delivery-reconcile-save"
          />
        </Stack>
      )}
    </Stack>
  );
}

function Actions({
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
  const final = ['delivered', 'returned', 'cancelled', 'create_failed'].includes(delivery.status);
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
