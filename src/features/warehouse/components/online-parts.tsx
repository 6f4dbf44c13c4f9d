/**
 * The warehouse's online-only parts other screens show (./online), each fetched when first needed
 * (./online-loader.tsx): the Excel import of the import receipts, and an order's receipts with
 * "Nhập hàng trả lại" on its page.
 */
import type { OrderRecord } from '@contract/orders';
import { useCan } from '@/session/access';
import { SHIPPED_ORDER_STATUSES } from '../model/order-return';
import { onlineCard, onlineDialog } from './online-loader';

/** "Nhập kho từ Excel" (warehouse create and approve). */
export const StockImportDialog = onlineDialog(() => import('./online/stock-import-dialog').then((module) => module.StockImportDialog));

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
