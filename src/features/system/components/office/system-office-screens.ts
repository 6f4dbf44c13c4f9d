/** The system administrator's screens, one file fetched when the area is first opened (../system-screens.tsx). */
export { AccountListView } from './account-list-view';
export { AccountTypeView } from './account-type-view';
export { SalesHistoryView } from './sales-history-view';
export { ShopListView } from './shop-list-view';
export { SystemOrderListView } from './system-order-list-view';
export { SystemOverviewView } from './system-overview';
