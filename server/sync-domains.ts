/**
 * Composition root of sync: every synced domain's server half (a handler per op, a loader per
 * entity), checked complete against contract/sync-domains.ts when the server starts. A new synced
 * domain is added here and in contract/sync-domains.ts (docs/adding-a-domain.md).
 */
import { SYNC_DOMAINS } from '@contract/sync-domains';
import { syncRegistry } from './kernel/sync/domain';
import { attendanceServerSync } from './modules/attendance';
import { customersServerSync } from './modules/customers';
import { ordersServerSync } from './modules/orders';
import { pharmaServerSync } from './modules/pharma';
import { pricePolicyServerSync } from './modules/price-policy';
import { productsServerSync } from './modules/products';
import { promotionsServerSync } from './modules/promotions';
import { receivablesServerSync } from './modules/receivables';
import { visitsServerSync } from './modules/visits';
import { warehouseServerSync } from './modules/warehouse';

export const SERVER_SYNC_DOMAINS = [
  customersServerSync,
  visitsServerSync,
  ordersServerSync,
  productsServerSync,
  pricePolicyServerSync,
  warehouseServerSync,
  promotionsServerSync,
  receivablesServerSync,
  pharmaServerSync,
  attendanceServerSync,
];

export const SYNC_REGISTRY = syncRegistry(SYNC_DOMAINS, SERVER_SYNC_DOMAINS);
