/**
 * The order types screen (./office), loaded when first opened: scripts/office-chunks.ts keeps it out of the
 * offline precache (orders-office), as it needs the server for everything it shows.
 */
import { onlineScreen } from '@/ui/online-screen';

export const OrderTypeListView = onlineScreen(
  () => import('./office/order-type-list-view').then((module) => module.OrderTypeListView),
  'loại đơn hàng',
);
