/** An order whose goods have left the warehouse (shipping is Đang giao): what can come back from it. */
import type { OrderStatus } from '@contract/orders-status';

export const SHIPPED_ORDER_STATUSES: readonly OrderStatus[] = ['delivering', 'completed', 'returned'];
