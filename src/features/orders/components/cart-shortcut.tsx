/**
 * The way to /cart from the sales pages: a cart button with the number of lines of the order being
 * taken. For the /order page (the "Bán hàng" tab) to place next to "Tạo đơn".
 */
import { ActionIcon, Indicator } from '@mantine/core';
import { IconShoppingCart } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { appDb, type AppDb } from '@/db/app-db';
import { useSession } from '@/session/session-store';
import { useCartLineCount } from '../api/device-orders';

export function CartShortcut(props: { db?: AppDb; companyId?: number; accountId?: number }) {
  const session = useSession();
  const db = props.db ?? appDb();
  const companyId = props.companyId ?? session.company?.id ?? 0;
  const accountId = props.accountId ?? session.account?.id ?? 0;
  const lines = useCartLineCount(db, companyId, accountId);
  return (
    <Indicator label={lines} size={18} disabled={lines === 0} offset={4} color="red">
      <ActionIcon
        component={Link}
        to="/cart"
        variant="light"
        size={36}
        aria-label={lines > 0 ? `Giỏ hàng (${lines} sản phẩm)` : 'Giỏ hàng'}
        data-testid="cart-shortcut"
      >
        <IconShoppingCart size={20} />
      </ActionIcon>
    </Indicator>
  );
}
