/**
 * A refused order: the server's reason and each change it asks for, in Vietnamese, and the way to
 * fix it. "Xác nhận giá mới và gửi lại" puts the order back in the cart with the new prices (and
 * "Xác nhận khuyến mại mới và gửi lại" with the promotions the device now holds); the rep reviews it
 * on /order/create and sends it again (same order, new op).
 */
import { Alert, Button, Group, List, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconArrowRight } from '@tabler/icons-react';
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import type { AppDb, LocalOrder } from '@/db/app-db';
import { openConfirm } from '@/ui/confirm-dialog';
import { toast } from '@/ui/toast';
import { isCartDirty, readCart } from '../model/cart';
import { describeChanges, isPriceRefusal, isPromotionRefusal } from '../model/order-state';
import { reopenRefusedOrder } from '../model/submit-order';

export const REPLACE_CART_CONFIRMATION = 'Bạn đang tạo dở một đơn hàng khác. Thay đơn đó bằng đơn bị từ chối để sửa?';

export function ChangeList({ order }: { order: LocalOrder }) {
  const changes = describeChanges(order);
  if (changes.length === 0) return null;
  return (
    <List size="sm" spacing={4} data-testid="order-changes">
      {changes.map((change) => (
        <List.Item key={change.key}>
          <Text span size="sm">
            {change.text}
          </Text>
          {change.from !== null && change.to !== null && (
            <Text span size="sm">
              {': '}
              <Text span td="line-through" c="dimmed" size="sm">
                {change.from}
              </Text>
              {' → '}
              <Text span fw={700} size="sm">
                {change.to}
              </Text>
            </Text>
          )}
        </List.Item>
      ))}
    </List>
  );
}

export function RefusedOrderPanel({ db, order, onReopened }: { db: AppDb; order: LocalOrder; onReopened?: () => void }) {
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const priceRefusal = isPriceRefusal(order);
  const promotionRefusal = !priceRefusal && isPromotionRefusal(order);

  async function fix() {
    setBusy(true);
    try {
      const current = await readCart(db, order.company, order.account_id);
      if (isCartDirty(current) && current.orderId !== order.id) {
        const replace = await openConfirm({ message: REPLACE_CART_CONFIRMATION, icon: 'warning' });
        if (!replace) return;
      }
      await reopenRefusedOrder(db, order);
      onReopened?.();
      await navigate({ to: '/order/create' });
    } catch (error) {
      console.error('Reopening the refused order failed', error);
      toast.error('Không mở lại được đơn hàng. Vui lòng thử lại.');
    } finally {
      setBusy(false);
    }
  }

  return (
    <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} />} title="Đơn hàng bị từ chối" data-testid="refused-order">
      <Stack gap="xs">
        <Text size="sm" data-testid="refusal-reason">
          {priceRefusal
            ? 'Giá đã thay đổi trên hệ thống. Vui lòng xác nhận giá mới với khách hàng và gửi lại.'
            : promotionRefusal
              ? 'Khuyến mại đã thay đổi trên hệ thống. Vui lòng xác nhận tổng tiền mới với khách hàng và gửi lại.'
              : (order.error ?? 'Máy chủ từ chối đơn hàng.')}
        </Text>
        <ChangeList order={order} />
        <Group justify="flex-end">
          <Button
            color={priceRefusal || promotionRefusal ? 'orange' : 'red'}
            rightSection={<IconArrowRight size={16} />}
            onClick={() => void fix()}
            loading={busy}
            data-testid="fix-refused-order"
          >
            {priceRefusal ? 'Xác nhận giá mới và gửi lại' : promotionRefusal ? 'Xác nhận khuyến mại mới và gửi lại' : 'Sửa đơn hàng'}
          </Button>
        </Group>
      </Stack>
    </Alert>
  );
}
