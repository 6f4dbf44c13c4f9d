/** /cart (Giỏ hàng): the order being taken at a glance, and my latest orders with their sync state. */
import { Stack, Title } from '@mantine/core';
import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { appDb } from '@/db/app-db';
import { CartView } from '@/features/orders/components/cart-view';
import { MyOrdersList } from '@/features/orders/components/my-orders-list';
import { useSession } from '@/session/session-store';

export const Route = createFileRoute('/_app/cart')({
  staticData: { title: 'Giỏ hàng' },
  component: CartPage,
});

function CartPage() {
  const { account, company, flags } = useSession();
  const navigate = useNavigate();
  if (!account || !company) return null;
  const db = appDb();
  return (
    <Stack gap="xl">
      <CartView
        key={`${company.id}:${account.id}`}
        db={db}
        companyId={company.id}
        accountId={account.id}
        flags={flags}
        onContinue={() => void navigate({ to: '/order/create' })}
      />
      <Stack gap="sm" maw={760}>
        <Title order={4}>Đơn hàng gần đây trên máy</Title>
        <MyOrdersList db={db} companyId={company.id} accountId={account.id} limit={10} showDraft={false} />
      </Stack>
    </Stack>
  );
}
