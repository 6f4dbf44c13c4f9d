/**
 * /order/{id}: who ordered what (customer, address, rep, code and the phone's number), the status
 * with its history, the lines with unit, quantity, price, discount, VAT and total, the totals with
 * the amount in words; the moves the transition table allows (Xác nhận, Từ chối with a reason,
 * Bắt đầu giao, Hoàn thành, Hủy đơn with a reason), the payment status, the note and delivery
 * date, and printing (A4, A5, 80 mm). Offline it shows the device's copy, read-only. An order of
 * mine the server has not accepted yet shows where it stands (Chờ gửi, Đang gửi, or refused with
 * the changes the server asks for and the way to fix it), and turns into the server's copy, with
 * its official code, as soon as the sync has sent it.
 * Only what the member's role allows is offered (issue #7): confirming and refusing need
 * orders/approve, the other moves, the payment and the note orders/edit; a member may always cancel
 * their own order until the office confirmed it. What other domains show of the order (the
 * warehouse's receipts and returns) comes in as `aside`, composed by the route.
 */
import { Alert, Anchor, Button, Card, Grid, Group, Select, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconCloudOff, IconEdit, IconPrinter } from '@tabler/icons-react';
import { Link, useNavigate } from '@tanstack/react-router';
import { useState, type ReactNode } from 'react';
import type { OrderRecord } from '@contract/orders';
import { PAYMENT_STATUS_LABELS, PAYMENT_STATUSES, type OrderStatus, type PaymentStatus } from '@contract/orders-status';
import { useHeaderActions, type HeaderAction } from '@/ui/header-actions';
import { ApiError } from '@/api/api-error';
import type { AppDb } from '@/db/app-db';
import { formatDate, formatDateTime } from '@/lib/dates';
import { EmptyState } from '@/ui/empty-state';
import { AnchorLink } from '@/ui/anchor-link';
import { useCan } from '@/session/access';
import { useSession } from '@/session/session-store';
import { useSyncStatus } from '@/sync/sync-status';
import { toast } from '@/ui/toast';
import { useDeviceOrder, useOrderDetail } from '../api/order-queries';
import { useOrderWrites } from '../api/order-writes';
import { orderChip } from '../model/order-state';
import { EDITABLE_STATUSES, OrderEditDialog } from './order-detail-edit';
import { OrderHistory, OrderLineCards, OrderLinesTable, OrderTotalsPanel } from './order-detail-parts';
import { orderLabel } from './order-list-table';
import { PRINT_FORMAT_LABELS, PRINT_FORMATS, type PrintFormat } from './order-print-model';
import { OrderStatusBadge, PaymentStatusBadge } from './order-status-badge';
import { CONFIRM_AND_APPROVE, DiscountApprovalAlert, DiscountApprovalBadge } from './discount-approval';
import { CreditWarningAlert, CreditWarningBadge } from './credit-warning';
import { OrderStatusDialog } from './order-status-dialog';
import { OrderSyncChip } from './order-sync-chip';
import { RefusedOrderPanel } from './refused-order-panel';
import { allowedMovesFrom, MOVE_COLORS, MOVE_LABELS, needsReason, type OrderRights } from './order-status-rules';
import { LoadingBlock } from '@/ui/loading-block';
import { CopyButton } from '@/ui/copy-button';

type Props = {
  db: AppDb;
  companyId: number;
  id: string;
  isMobile: boolean;
  staffLabel: string;
  groupOrdersOn: boolean;
  /** Cards of other domains beside the order's own (the server's copy only), e.g. its stock receipts. */
  aside?: (order: OrderRecord) => ReactNode;
  /** The payment status is set by hand (RECEIVABLE off); with it on, payments decide it (the aside shows them). */
  paymentByHand?: boolean;
};

const PRINT_BUTTON_LABELS: Record<PrintFormat, string> = { a4: 'In hóa đơn A4', a5: 'In A5', receipt80: 'In phiếu 80mm' };
const dash = (text: string | null | undefined) => (text && text.trim() ? text : '—');

function Field({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm" component="div">
        {children}
      </Text>
    </div>
  );
}

export function OrderDetailView({ db, companyId, id, isMobile, staffLabel, groupOrdersOn, aside, paymentByHand = true }: Props) {
  const detail = useOrderDetail(db, companyId, id);
  const { move, payment, edit } = useOrderWrites(companyId);
  const navigate = useNavigate();
  const [target, setTarget] = useState<OrderStatus | null>(null);
  const [editing, setEditing] = useState(false);
  const rights: OrderRights = { edit: useCan('orders', 'edit'), approve: useCan('orders', 'approve') };
  const accountId = useSession().account?.id;
  const order = detail.data?.order ?? null;
  const readOnly = detail.data?.source !== 'server';
  // My order as this device knows it, while the server's copy is not shown: still to be sent, or refused.
  const device = useDeviceOrder(db, companyId, id);
  const unsent = readOnly && device && device.order.syncState !== 'synced' ? device : null;
  const { online } = useSyncStatus();
  const reachable = online && (typeof navigator === 'undefined' || navigator.onLine);

  const openPrint = (format: PrintFormat) => void navigate({ to: '/order/print/$id', params: { id }, search: { format } });
  const own = order !== null && accountId !== undefined && order.account_id === accountId;
  const moves = order && !readOnly ? allowedMovesFrom(order.status, rights, own) : [];
  const canEdit = Boolean(order && !readOnly && rights.edit && EDITABLE_STATUSES.includes(order.status));
  // Confirming an order whose discount waits for approval approves it (server/modules/orders/order-moves.ts).
  const approving = order?.discount_approval?.state === 'needed';
  const moveLabel = (status: OrderStatus) => (status === 'confirmed' && approving ? CONFIRM_AND_APPROVE : MOVE_LABELS[status]);
  const headerActions: HeaderAction[] = [
    ...moves.map((status) => ({
      key: `move-${status}`,
      label: moveLabel(status),
      danger: needsReason(status),
      onClick: () => startMove(status),
    })),
    ...(canEdit ? [{ key: 'edit', label: 'Sửa ghi chú, ngày giao', onClick: () => setEditing(true) }] : []),
    ...(order
      ? PRINT_FORMATS.map((format) => ({ key: `print-${format}`, label: PRINT_BUTTON_LABELS[format], onClick: () => openPrint(format) }))
      : []),
  ];
  useHeaderActions(headerActions);

  function startMove(status: OrderStatus) {
    move.reset();
    setTarget(status);
  }

  if (detail.isPending) {
    return <LoadingBlock />;
  }
  if (detail.isError || !order) {
    const error = detail.error;
    if (error instanceof ApiError && error.isNetwork)
      return (
        <EmptyState
          title="Không có kết nối mạng"
          description="Đơn hàng này chưa có trên máy. Vui lòng kết nối mạng để xem."
          icon={<IconCloudOff />}
        />
      );
    return (
      <EmptyState
        title="Không tìm thấy đơn hàng"
        description={error?.message ?? 'Đơn hàng không tồn tại hoặc không thuộc công ty này.'}
        action={
          <Button component={Link} to="/order" variant="light">
            Về danh sách đơn hàng
          </Button>
        }
      />
    );
  }

  const confirmMove = (reason: string | null) => {
    if (!target) return;
    move.mutate(
      { id: order.id, status: target, reason },
      {
        onSuccess: (answer) => {
          toast.success(answer.message);
          setTarget(null);
        },
      },
    );
  };

  const changePayment = (value: string | null) => {
    if (!value || value === order.payment_status) return;
    payment.mutate(
      { id: order.id, paymentStatus: value as PaymentStatus },
      {
        onSuccess: (answer) => toast.success(answer.message),
        onError: (error) => toast.error(error.message),
      },
    );
  };

  const actionButtons = (
    <Group gap="xs" data-testid="order-actions">
      {moves.map((status) => (
        <Button
          key={status}
          color={MOVE_COLORS[status]}
          variant={needsReason(status) ? 'light' : 'filled'}
          onClick={() => startMove(status)}
          data-testid={`order-move-${status}`}
        >
          {moveLabel(status)}
        </Button>
      ))}
    </Group>
  );
  const printButtons = (
    <Group gap="xs" data-testid="order-print-buttons">
      {PRINT_FORMATS.map((format) => (
        <Button
          key={format}
          renderRoot={(props) => <Link to="/order/print/$id" params={{ id: order.id }} search={{ format }} {...props} />}
          variant="default"
          leftSection={<IconPrinter size={16} />}
          aria-label={`${PRINT_BUTTON_LABELS[format]} (${PRINT_FORMAT_LABELS[format]})`}
          data-testid={`order-print-${format}`}
        >
          {PRINT_BUTTON_LABELS[format]}
        </Button>
      ))}
    </Group>
  );

  return (
    <Stack gap="md" data-testid="order-detail" data-status={order.status}>
      {unsent?.order.syncState === 'rejected' ? (
        <RefusedOrderPanel db={db} order={unsent.order} />
      ) : (
        readOnly && (
          <Alert color="yellow" variant="light" icon={<IconCloudOff size={18} />} data-testid="order-device-copy">
            {detail.data?.deviceReason === 'unsent'
              ? 'Đơn hàng chưa được gửi lên máy chủ: đang xem bản lưu trên máy. Thao tác được khi đơn đã đồng bộ.'
              : 'Không có kết nối mạng: đang xem bản lưu trên máy. Trạng thái có thể đã thay đổi.'}
          </Alert>
        )
      )}
      <Card withBorder radius="md" padding={isMobile ? 'sm' : 'md'}>
        <Stack gap="sm">
          <Group justify="space-between" align="flex-start" gap="sm">
            <div>
              <Group gap="xs" align="center">
                <Title order={3} data-testid="order-code">
                  {orderLabel(order)}
                </Title>
                <CopyButton value={orderLabel(order)} label={`Sao chép mã đơn ${orderLabel(order)}`} />
                {unsent ? (
                  // Not the company's order yet: where it stands with the server, not a status.
                  <OrderSyncChip chip={orderChip(unsent.order, !reachable && unsent.opState === 'sending' ? 'pending' : unsent.opState)} />
                ) : (
                  <>
                    <OrderStatusBadge status={order.status} size="lg" />
                    <PaymentStatusBadge status={order.payment_status} />
                    <DiscountApprovalBadge approval={order.discount_approval} />
                    <CreditWarningBadge warning={order.credit_warning} />
                  </>
                )}
              </Group>
              <Text size="sm" c="dimmed">
                Số trên máy: {order.local_no} · Tạo lúc {formatDateTime(order.created_at)}
              </Text>
            </div>
            {!isMobile && actionButtons}
          </Group>
          {order.status_reason && (order.status === 'rejected' || order.status === 'cancelled') && (
            <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} />} p="xs" data-testid="order-reason">
              {order.status === 'rejected' ? 'Lý do từ chối' : 'Lý do hủy'}: {order.status_reason}
            </Alert>
          )}
          <DiscountApprovalAlert approval={order.discount_approval} canApprove={rights.approve} />
          <CreditWarningAlert warning={order.credit_warning} />
          {isMobile && moves.length > 0 && actionButtons}
        </Stack>
      </Card>

      <Grid gap="md">
        <Grid.Col span={{ base: 12, md: 8 }}>
          <Stack gap="md">
            <Card withBorder radius="md" padding={isMobile ? 'sm' : 'md'}>
              <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
                <Field label="Khách hàng">
                  <AnchorLink to="/customers/$id" params={{ id: order.customer_id }} fw={600} size="sm">
                    {order.customer_name}
                  </AnchorLink>{' '}
                  <Text span size="xs" c="dimmed">
                    ({order.customer_code})
                  </Text>
                </Field>
                <Field label="Điện thoại">
                  {order.customer_phone ? (
                    <Anchor href={`tel:${order.customer_phone}`} size="sm">
                      {order.customer_phone}
                    </Anchor>
                  ) : (
                    '—'
                  )}
                </Field>
                <Field label="Địa chỉ">{dash(order.customer_address)}</Field>
                <Field label={staffLabel}>{dash(order.account_name)}</Field>
                <Field label="Loại đơn">
                  <span data-testid="order-type-name">{dash(order.order_type_name)}</span>
                </Field>
                <Field label="Ngày giao">{order.delivery_date ? formatDate(order.delivery_date) : '—'}</Field>
                <Field label="Ghi chú">{dash(order.note)}</Field>
                {groupOrdersOn && order.group_id !== null && (
                  <Field label="Nhóm đơn giao">
                    <AnchorLink to="/order-groups/$id" params={{ id: String(order.group_id) }} size="sm">
                      Xem nhóm đơn
                    </AnchorLink>
                  </Field>
                )}
              </SimpleGrid>
              {canEdit && (
                <Group mt="sm">
                  <Button
                    variant="subtle"
                    size="compact-sm"
                    leftSection={<IconEdit size={14} />}
                    onClick={() => {
                      edit.reset();
                      setEditing(true);
                    }}
                    data-testid="order-edit"
                  >
                    Sửa ghi chú, ngày giao
                  </Button>
                </Group>
              )}
            </Card>
            <Card withBorder radius="md" padding={isMobile ? 'sm' : 'md'}>
              <Title order={5} mb="sm">
                Sản phẩm ({order.lines.length})
              </Title>
              {isMobile ? <OrderLineCards order={order} /> : <OrderLinesTable order={order} />}
              <Group justify="flex-end" mt="md">
                <div style={{ width: isMobile ? '100%' : 380 }}>
                  <OrderTotalsPanel order={order} />
                </div>
              </Group>
            </Card>
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 4 }}>
          <Stack gap="md">
            {rights.edit && paymentByHand && (
              <Card withBorder radius="md" padding={isMobile ? 'sm' : 'md'}>
                <Select
                  label="Thanh toán"
                  data={PAYMENT_STATUSES.map((status) => ({ value: status, label: PAYMENT_STATUS_LABELS[status] }))}
                  value={order.payment_status}
                  onChange={changePayment}
                  allowDeselect={false}
                  disabled={readOnly || payment.isPending}
                  data-testid="order-payment"
                />
              </Card>
            )}
            <Card withBorder radius="md" padding={isMobile ? 'sm' : 'md'}>
              <Title order={5} mb="sm">
                In đơn hàng
              </Title>
              {printButtons}
            </Card>
            {!readOnly && aside?.(order)}
            <Card withBorder radius="md" padding={isMobile ? 'sm' : 'md'}>
              <Title order={5} mb="sm">
                Lịch sử trạng thái
              </Title>
              <OrderHistory order={order} history={detail.data?.history ?? []} />
            </Card>
          </Stack>
        </Grid.Col>
      </Grid>

      <OrderStatusDialog
        target={target}
        description={<b>đơn {orderLabel(order)}</b>}
        note={target === 'confirmed' && approving ? `Xác nhận là duyệt chiết khấu: ${order.discount_approval?.reason ?? ''}.` : null}
        busy={move.isPending}
        error={move.error?.message ?? null}
        onClose={() => setTarget(null)}
        onConfirm={confirmMove}
      />
      <OrderEditDialog
        order={editing ? order : null}
        busy={edit.isPending}
        error={edit.error?.message ?? null}
        onClose={() => setEditing(false)}
        onSave={(input) =>
          edit.mutate(
            { id: order.id, ...input },
            {
              onSuccess: (answer) => {
                toast.success(answer.message);
                setEditing(false);
              },
            },
          )
        }
      />
    </Stack>
  );
}
