/**
 * A refused order: the server's reason and each change it asks for, in Vietnamese, and what the
 * rep can do. "Xác nhận giá mới và gửi lại" puts the order back in the cart with the new prices (and
 * "Xác nhận khuyến mại mới và gửi lại" with the promotions the device now holds; "Sửa đơn hàng" as
 * it was); the rep reviews it on /order/create and sends it again (same order, new op). "Lưu thành
 * đơn nháp, gửi sau" keeps it as the draft to send when it can be (a credit block lifted), and "Bỏ
 * đơn này" sets it aside with a reason; both end the alarm (the bell, "Cần xử lý").
 */
import { Alert, Button, Group, List, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconArrowRight, IconDeviceFloppy } from '@tabler/icons-react';
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import type { AppDb, LocalOrder } from '@/db/app-db';
import { openConfirm } from '@/ui/confirm-dialog';
import { ReasonAction } from '@/ui/reason-action';
import { toast } from '@/ui/toast';
import { isCartDirty, readCart } from '../model/cart';
import { describeChanges, isPriceRefusal, isPromotionRefusal } from '../model/order-state';
import { DISCARD_REASONS, discardRefusedOrder, keepRefusedAsDraft, reopenRefusedOrder } from '../model/submit-order';

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

/** "Bỏ đơn này": the reason asked for (a list, or the rep's words), then the order set aside. */
function DiscardOrder({ db, order, onDiscarded }: { db: AppDb; order: LocalOrder; onDiscarded?: () => void }) {
  return (
    <ReasonAction
      label="Bỏ đơn này"
      confirmLabel="Bỏ đơn"
      reasonLabel="Lý do bỏ đơn"
      reasons={DISCARD_REASONS}
      failure="Không bỏ được đơn hàng. Vui lòng thử lại."
      testId="discard-refused-order"
      onConfirm={async (reason) => {
        await discardRefusedOrder(db, order, reason);
        toast.success(`Đã bỏ đơn ${order.local_no}`);
        onDiscarded?.();
      }}
    />
  );
}

type PanelProps = { db: AppDb; order: LocalOrder; onReopened?: () => void; onDiscarded?: () => void };

export function RefusedOrderPanel({ db, order, onReopened, onDiscarded }: PanelProps) {
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const priceRefusal = isPriceRefusal(order);
  const promotionRefusal = !priceRefusal && isPromotionRefusal(order);

  /** Into the cart, after asking before it replaces another order being made: to fix now, or kept as a draft. */
  async function toCart(write: () => Promise<unknown>, done: string | null) {
    setBusy(true);
    try {
      const current = await readCart(db, order.company, order.account_id);
      if (isCartDirty(current) && current.orderId !== order.id) {
        const replace = await openConfirm({ message: REPLACE_CART_CONFIRMATION, icon: 'warning' });
        if (!replace) return;
      }
      await write();
      if (done) toast.success(done);
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
          {priceRefusal || promotionRefusal
            ? 'Đơn hàng đã thay đổi trên hệ thống. Vui lòng xác nhận các thay đổi dưới đây và tổng tiền mới với khách hàng rồi gửi lại.'
            : (order.error ?? 'Máy chủ từ chối đơn hàng.')}
        </Text>
        <ChangeList order={order} />
        <Group justify="flex-end">
          <Button
            color={priceRefusal || promotionRefusal ? 'orange' : 'red'}
            rightSection={<IconArrowRight size={16} />}
            onClick={() => void toCart(() => reopenRefusedOrder(db, order), null)}
            loading={busy}
            data-testid="fix-refused-order"
          >
            {priceRefusal ? 'Xác nhận giá mới và gửi lại' : promotionRefusal ? 'Xác nhận khuyến mại mới và gửi lại' : 'Sửa đơn hàng'}
          </Button>
        </Group>
        <Group justify="flex-end">
          <Button
            variant="default"
            leftSection={<IconDeviceFloppy size={16} />}
            onClick={() => void toCart(() => keepRefusedAsDraft(db, order), `Đã lưu đơn ${order.local_no} thành đơn nháp`)}
            disabled={busy}
            data-testid="keep-refused-as-draft"
          >
            Lưu thành đơn nháp, gửi sau
          </Button>
        </Group>
        <DiscardOrder db={db} order={order} onDiscarded={onDiscarded} />
      </Stack>
    </Alert>
  );
}
