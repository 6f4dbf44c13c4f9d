/**
 * /cart: the order being taken, at a glance: who it is for, each line with a quick quantity edit,
 * the total, and "Tiếp tục tạo đơn" to finish it on /order/create. The same Dexie cart, priced the
 * same way, so the two screens always agree.
 */
import { Button, Card, Group, Stack, Text } from '@mantine/core';
import { IconArrowRight, IconShoppingCart } from '@tabler/icons-react';
import type { FeatureFlags } from '@contract/company-switches';
import type { AppDb } from '@/db/app-db';
import { amountInWords } from '@contract/amount-in-words';
import { EmptyState } from '@/ui/empty-state';
import { MoneyText } from '@/ui/money-text';
import { isCartDirty, removeLine, updateLine } from '../model/cart';
import { CartLineCard, type LineHandlers } from './cart-line-card';
import { useCartPricing } from '../api/use-cart-pricing';
import { useCartStore } from './use-cart-store';

export function CartView({
  db,
  companyId,
  accountId,
  flags,
  onContinue,
}: {
  db: AppDb;
  companyId: number;
  accountId: number;
  flags: FeatureFlags;
  onContinue: () => void;
}) {
  const { cart, update } = useCartStore(db, companyId, accountId);
  const { priced, customer } = useCartPricing(db, companyId, cart, flags);
  if (!cart) return null;

  if (!isCartDirty(cart)) {
    return (
      <EmptyState
        icon={<IconShoppingCart />}
        title="Giỏ hàng trống"
        description="Chọn khách hàng và thêm sản phẩm để bắt đầu một đơn hàng."
        action={
          <Button onClick={onContinue} data-testid="cart-start">
            Tạo đơn hàng
          </Button>
        }
      />
    );
  }

  const handlers: LineHandlers = {
    onQuantity: (lineId, quantity) => update((current) => updateLine(current, lineId, { quantity })),
    onUnit: () => undefined,
    onDiscount: () => undefined,
    onRemove: (lineId) => update((current) => removeLine(current, lineId)),
  };
  const total = priced?.totals.total ?? 0;

  return (
    <Stack gap="md" maw={760} data-testid="cart-view">
      <Card withBorder radius="md" padding="sm">
        <Text size="xs" c="dimmed">
          Khách hàng
        </Text>
        <Text fw={700} data-testid="cart-customer">
          {customer?.name ?? 'Chưa chọn khách hàng'}
        </Text>
      </Card>
      {cart.lines.length === 0 && (
        <Text size="sm" c="dimmed">
          Chưa có sản phẩm nào trong giỏ.
        </Text>
      )}
      {(priced?.lines ?? []).map((line) => (
        <CartLineCard key={line.lineId} line={line} vatOn={flags.VAT === true} handlers={handlers} compact />
      ))}
      <Card withBorder radius="md" padding="md">
        <Group justify="space-between" wrap="nowrap">
          <Text fw={700}>Tổng cộng</Text>
          <MoneyText value={total} fw={700} size="lg" c="teal" data-testid="cart-total" />
        </Group>
        <Text size="sm" fs="italic" mt={4}>
          Bằng chữ: {amountInWords(total, { capitalize: true })}
        </Text>
      </Card>
      <Button size="md" rightSection={<IconArrowRight size={18} />} onClick={onContinue} data-testid="cart-continue">
        Tiếp tục tạo đơn
      </Button>
    </Stack>
  );
}
