/**
 * The top of /order/{id} (order-detail-view.tsx): why there is no order to show, the notice that
 * the device's copy is shown, and the card with the order's code, its status badges and its moves.
 */
import { Alert, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconCloudOff } from '@tabler/icons-react';
import { Link, useNavigate } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import type { OrderRecord } from '@contract/orders';
import type { OrderStatus } from '@contract/orders-status';
import { ApiError } from '@/api/api-error';
import type { AppDb, LocalOrder } from '@/db/app-db';
import { formatDateTime } from '@/lib/dates';
import { EmptyState } from '@/ui/empty-state';
import { CopyButton } from '@/ui/copy-button';
import type { DeviceOrder } from '../model/device-order';
import { orderChip } from '../model/order-state';
import { orderLabel } from './order-list-table';
import { OrderStatusBadge, PaymentStatusBadge } from './order-status-badge';
import { DiscountApprovalAlert, DiscountApprovalBadge } from './discount-approval';
import { CreditWarningAlert, CreditWarningBadge } from './credit-warning';
import { OrderSyncChip } from './order-sync-chip';
import { ChangeList, RefusedOrderPanel } from './refused-order-panel';
import { MOVE_COLORS, needsReason } from './order-status-rules';

/** No order: the network is down and the device has no copy, or the server does not know it. */
export function OrderMissing({ error }: { error: Error | null }) {
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

type DeviceCopyProps = {
  db: AppDb;
  unsent: DeviceOrder | null;
  changed: LocalOrder | null;
  readOnly: boolean;
  deviceReason: 'offline' | 'unsent' | undefined;
};

/**
 * A refused order of mine with the way to fix it, what the server changed when it took my order,
 * or the notice that the device's copy is shown.
 */
export function DeviceCopyNotice({ db, unsent, changed, readOnly, deviceReason }: DeviceCopyProps) {
  const navigate = useNavigate();
  if (unsent?.order.syncState === 'rejected')
    return <RefusedOrderPanel db={db} order={unsent.order} onDiscarded={() => void navigate({ to: '/order' })} />;
  if (changed)
    return (
      <Alert
        color="orange"
        variant="light"
        icon={<IconAlertTriangle size={18} />}
        title="Đơn đã được nhận, có thay đổi"
        data-testid="order-applied-changes"
      >
        <ChangeList order={changed} />
      </Alert>
    );
  if (!readOnly) return null;
  return (
    <Alert color="yellow" variant="light" icon={<IconCloudOff size={18} />} data-testid="order-device-copy">
      {deviceReason === 'unsent'
        ? 'Đơn hàng chưa được gửi lên máy chủ: đang xem bản lưu trên máy. Thao tác được khi đơn đã đồng bộ.'
        : 'Không có kết nối mạng: đang xem bản lưu trên máy. Trạng thái có thể đã thay đổi.'}
    </Alert>
  );
}

type ActionButtonsProps = {
  moves: OrderStatus[];
  moveLabel: (status: OrderStatus) => string;
  onMove: (status: OrderStatus) => void;
};

export function OrderActionButtons({ moves, moveLabel, onMove }: ActionButtonsProps) {
  return (
    <Group gap="xs" data-testid="order-actions">
      {moves.map((status) => (
        <Button
          key={status}
          color={MOVE_COLORS[status]}
          variant={needsReason(status) ? 'light' : 'filled'}
          onClick={() => onMove(status)}
          data-testid={`order-move-${status}`}
        >
          {moveLabel(status)}
        </Button>
      ))}
    </Group>
  );
}

/** Not the company's order yet: where it stands with the server, not a status. */
function OrderBadges({ order, unsent, reachable }: { order: OrderRecord; unsent: DeviceOrder | null; reachable: boolean }) {
  if (unsent)
    return <OrderSyncChip chip={orderChip(unsent.order, !reachable && unsent.opState === 'sending' ? 'pending' : unsent.opState)} />;
  return (
    <>
      <OrderStatusBadge status={order.status} size="lg" />
      <PaymentStatusBadge status={order.payment_status} />
      <DiscountApprovalBadge approval={order.discount_approval} />
      <CreditWarningBadge warning={order.credit_warning} />
    </>
  );
}

type HeaderCardProps = {
  order: OrderRecord;
  unsent: DeviceOrder | null;
  reachable: boolean;
  isMobile: boolean;
  canApprove: boolean;
  hasMoves: boolean;
  actionButtons: ReactNode;
};

export function OrderHeaderCard({ order, unsent, reachable, isMobile, canApprove, hasMoves, actionButtons }: HeaderCardProps) {
  return (
    <Card withBorder radius="md" padding={isMobile ? 'sm' : 'md'}>
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" gap="sm">
          <div>
            <Group gap="xs" align="center">
              <Title order={3} data-testid="order-code">
                {orderLabel(order)}
              </Title>
              <CopyButton value={orderLabel(order)} label={`Sao chép mã đơn ${orderLabel(order)}`} />
              <OrderBadges order={order} unsent={unsent} reachable={reachable} />
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
        <DiscountApprovalAlert approval={order.discount_approval} canApprove={canApprove} />
        <CreditWarningAlert warning={order.credit_warning} />
        {isMobile && hasMoves && actionButtons}
      </Stack>
    </Card>
  );
}
