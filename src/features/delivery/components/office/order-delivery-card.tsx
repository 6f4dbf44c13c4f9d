/**
 * An order's delivery on its page (DLO on): its deliveries (the current one first, with carrier,
 * code, status, fee and COD), "Tạo đơn vận chuyển" for a confirmed order without an active one,
 * and a delivery's detail in a drawer.
 */
import { Button, Card, Group, Stack, Text } from '@mantine/core';
import { IconTruckDelivery } from '@tabler/icons-react';
import { useRouter } from '@tanstack/react-router';
import { useState } from 'react';
import type { OrderRecord } from '@contract/orders';
import { isActiveDelivery } from '@contract/delivery-status';
import { formatMoney } from '@contract/money';
import { formatDate } from '@/lib/dates';
import { useCan } from '@/session/access';
import { useOrderDeliveries } from '@/features/delivery/api/delivery-api';
import { carrierLine, codLine } from '@/features/delivery/model/delivery-text';
import { BookDeliveryDialog } from './book-delivery-dialog';
import { DeliveryDrawer } from './delivery-detail';
import { DeliveryStatusBadge } from './delivery-status-badge';

type Props = { companyId: number; order: OrderRecord };

export function OrderDeliveryCard({ companyId, order }: Props) {
  const deliveries = useOrderDeliveries(companyId, order.id);
  const canEdit = useCan('orders', 'edit');
  const router = useRouter();
  const [booking, setBooking] = useState(false);
  const [open, setOpen] = useState<string | null>(null);
  const rows = deliveries.data?.rows ?? [];
  const active = rows.some((row) => isActiveDelivery(row.status));
  const canBook = canEdit && order.status === 'confirmed' && !active;
  if (rows.length === 0 && !canBook) return null;
  return (
    <Card withBorder data-testid="order-delivery-card">
      <Stack gap="sm">
        <Group justify="space-between">
          <Text fw={600}>Giao hàng</Text>
          {canBook && (
            <Button
              size="xs"
              leftSection={<IconTruckDelivery size={16} />}
              onClick={() => setBooking(true)}
              data-testid="order-book-delivery"
            >
              Tạo đơn vận chuyển
            </Button>
          )}
        </Group>
        {rows.length === 0 && (
          <Text size="sm" c="dimmed">
            Chưa có đơn vận chuyển. So sánh phí các hãng đã kết nối và đặt giao ngay từ đây.
          </Text>
        )}
        {rows.map((row) => (
          <Stack
            key={row.id}
            gap={2}
            p="xs"
            style={{ border: '1px solid var(--mantine-color-gray-3)', borderRadius: 8, cursor: 'pointer' }}
            onClick={() => setOpen(row.id)}
            data-testid="order-delivery"
            data-status={row.status}
          >
            <Group justify="space-between" wrap="nowrap">
              <Text size="sm" fw={600}>
                {row.code} · {carrierLine(row)}
              </Text>
              <DeliveryStatusBadge status={row.status} />
            </Group>
            <Text size="xs" c="dimmed">
              Phí {formatMoney(row.fee)}
              {row.expected_at ? ` · dự kiến ${formatDate(row.expected_at)}` : ''} · {codLine(row.cod)}
            </Text>
            {row.problem && (
              <Text size="xs" c="red">
                {row.problem}
              </Text>
            )}
          </Stack>
        ))}
      </Stack>
      {booking && <BookDeliveryDialog companyId={companyId} orderId={order.id} onClose={() => setBooking(false)} />}
      <DeliveryDrawer companyId={companyId} id={open} onClose={() => setOpen(null)} onNavigate={(url) => router.history.push(url)} />
    </Card>
  );
}
