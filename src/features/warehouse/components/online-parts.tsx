/**
 * The warehouse's online-only part on the order's page (./online/order-stock-card.tsx: its receipts
 * and "Nhập hàng trả lại"), fetched when first needed (./online-loader.tsx). Imports nothing that
 * scripts/office-chunks.ts keeps out of the precache (this file is in it).
 */
import type { OrderRecord } from '@contract/orders';
import { useCan } from '@/session/access';
import { SHIPPED_ORDER_STATUSES } from '../model/order-shipped';
import { onlineCard } from './online-loader';

const OrderStockPart = onlineCard(() => import('./online/order-stock-card').then((module) => module.OrderStockCard));

/**
 * The warehouse side of an order on its page (its receipts, "Nhập hàng trả lại"): fetched only for
 * a shipped order, for who may see the warehouse.
 */
export function OrderStockCard(props: { companyId: number; order: OrderRecord; isMobile: boolean }) {
  const canView = useCan('warehouse', 'view');
  if (!canView || !SHIPPED_ORDER_STATUSES.includes(props.order.status)) return null;
  return <OrderStockPart {...props} />;
}
