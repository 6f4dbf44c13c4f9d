/** The server's half of the orders sync domain (contract/orders.ts ordersSync). */
import { ordersSync } from '@contract/orders';
import { serverSyncDomain } from '@server/kernel/sync/domain';
import { loadOrderRecords } from './order-record';
import { submitOrder } from './order-submit';
import { loadOrderTypeRecords } from './order-types';

export const ordersServerSync = serverSyncDomain(ordersSync, {
  handlers: { 'order.submit': submitOrder },
  loaders: { order: loadOrderRecords, order_type: loadOrderTypeRecords },
});
