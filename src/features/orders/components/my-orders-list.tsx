/**
 * My orders on this device, newest first, each with where it stands with the server (Chờ gửi,
 * Đang gửi, Đã nhận DH000123, Đã nhận – có thay đổi, Bị từ chối – Sửa) and, for a refused one, the
 * reason and the way to fix it. The order being taken shows on top as "Nháp". Works offline: it
 * reads only Dexie. The office order page composes it for reps.
 */
import { Badge, Card, Group, Stack, Text, UnstyledButton } from '@mantine/core';
import { useNavigate } from '@tanstack/react-router';
import { ORDER_STATUS_COLORS, ORDER_STATUS_LABELS } from '@contract/orders-status';
import { appDb, type AppDb, type LocalOrder } from '@/db/app-db';
import { formatDateTime } from '@/lib/dates';
import { useSession } from '@/session/session-store';
import { useSyncStatus } from '@/sync/sync-status';
import { DiscountApprovalBadge } from './discount-approval';
import { CreditWarningBadge } from './credit-warning';
import { EmptyState } from '@/ui/empty-state';
import { MoneyText } from '@/ui/money-text';
import { useClearToastsWhenShown } from '@/ui/toast';
import { useDraftOrder, useMyOrders, type MyOrderRow } from '../api/device-orders';
import { DRAFT_CHIP, orderChip } from '../model/order-state';
import { OrderSyncChip } from './order-sync-chip';
import { ChangeList, RefusedOrderPanel } from './refused-order-panel';

export type MyOrdersListProps = {
  /** By default the app's database and the signed-in person's current workspace. */
  db?: AppDb;
  companyId?: number;
  accountId?: number;
  /** How many of the newest orders to show. */
  limit?: number;
  /** Opening an order; by default its page (/order/$id?type=detail). */
  onOpen?: (order: LocalOrder) => void;
  /** Show the order being taken on top (default true). */
  showDraft?: boolean;
};

function OrderRow({ db, row, onOpen }: { db: AppDb; row: MyOrderRow; onOpen: (order: LocalOrder) => void }) {
  const { order } = row;
  const chip = orderChip(order, row.opState);
  useClearToastsWhenShown(chip.kind === 'refused');
  return (
    <Card withBorder radius="md" padding="sm" data-testid="my-order" data-order-id={order.id} data-kind={chip.kind}>
      <Stack gap={8}>
        <UnstyledButton onClick={() => onOpen(order)}>
          <Group justify="space-between" wrap="nowrap" align="flex-start" gap="xs">
            <div style={{ minWidth: 0 }}>
              {/* Wraps: on a 360 px phone the number and three badges ran under the sync chip beside them. */}
              <Group gap={6} wrap="wrap" data-testid="my-order-badges">
                <Text fw={700} size="sm" data-testid="my-order-number">
                  {order.code ?? order.local_no}
                </Text>
                {order.syncState === 'synced' && (
                  <Badge size="xs" variant="outline" tt="none" color={ORDER_STATUS_COLORS[order.status]}>
                    {ORDER_STATUS_LABELS[order.status]}
                  </Badge>
                )}
                <DiscountApprovalBadge approval={order.discount_approval} size="xs" />
                <CreditWarningBadge warning={order.credit_warning} size="xs" />
              </Group>
              <Text size="sm" truncate="end">
                {order.customer_name}
              </Text>
              <Text size="xs" c="dimmed">
                {formatDateTime(order.created_at)} · {order.lines.length} sản phẩm
                {order.code ? ` · Số trên máy ${order.local_no}` : ''}
              </Text>
            </div>
            <Stack gap={4} align="flex-end" style={{ flexShrink: 0 }}>
              <OrderSyncChip chip={chip} />
              <MoneyText value={order.total} size="sm" fw={700} data-testid="my-order-total" />
            </Stack>
          </Group>
        </UnstyledButton>
        {chip.kind === 'refused' && <RefusedOrderPanel db={db} order={order} />}
        {chip.kind === 'changed' && <ChangeList order={order} />}
      </Stack>
    </Card>
  );
}

export function MyOrdersList(props: MyOrdersListProps) {
  const session = useSession();
  const db = props.db ?? appDb();
  const companyId = props.companyId ?? session.company?.id ?? 0;
  const accountId = props.accountId ?? session.account?.id ?? 0;
  const { limit = 50, onOpen, showDraft = true } = props;
  const navigate = useNavigate();
  const rows = useMyOrders(db, companyId, accountId, limit);
  const draft = useDraftOrder(db, companyId, accountId);
  // Offline, an attempt in flight cannot succeed: the order is waiting, not being sent.
  const online = useSyncStatus((sync) => sync.online);
  const reachable = online && (typeof navigator === 'undefined' || navigator.onLine);
  const open = onOpen ?? ((order: LocalOrder) => void navigate({ to: '/order/$id', params: { id: order.id }, search: { type: 'detail' } }));

  if (rows === undefined) return null;
  const showsDraft = showDraft && draft;
  if (rows.length === 0 && !showsDraft) {
    return <EmptyState title="Chưa có đơn hàng nào" description="Các đơn bạn tạo trên máy này sẽ hiện ở đây cùng trạng thái gửi." />;
  }
  return (
    <Stack gap="xs" data-testid="my-orders">
      {showsDraft && (
        <UnstyledButton onClick={() => void navigate({ to: '/order/create' })} aria-label="Tiếp tục đơn nháp">
          <Card withBorder radius="md" padding="sm" data-testid="my-order-draft" style={{ borderStyle: 'dashed' }}>
            <Group justify="space-between" wrap="nowrap">
              <div style={{ minWidth: 0 }}>
                <Text fw={700} size="sm">
                  Đơn đang tạo
                </Text>
                <Text size="sm" truncate="end">
                  {draft.customerName ?? 'Chưa chọn khách hàng'} · {draft.cart.lines.length} sản phẩm
                </Text>
              </div>
              <OrderSyncChip chip={DRAFT_CHIP} />
            </Group>
          </Card>
        </UnstyledButton>
      )}
      {rows.map((row) => (
        <OrderRow
          key={row.order.id}
          db={db}
          row={!reachable && row.opState === 'sending' ? { ...row, opState: 'pending' } : row}
          onOpen={open}
        />
      ))}
    </Stack>
  );
}
