/**
 * Composition root of sync on the device: every synced domain's client half, registered with the
 * sync kernel and checked complete against contract/sync-domains.ts when this module loads. A new
 * synced domain is added here (docs/adding-a-domain.md).
 */
import { SYNC_DOMAINS } from '@contract/sync-domains';
import { attendanceClientSync } from '@/features/attendance/attendance.sync';
import { customersClientSync } from '@/features/customers/customers.sync';
import { ordersClientSync } from '@/features/orders/orders.sync';
import { pharmaClientSync } from '@/features/pharma/pharma.sync';
import { pricePolicyClientSync } from '@/features/price-policy/price-policy.sync';
import { productsClientSync } from '@/features/products/products.sync';
import { promotionsClientSync } from '@/features/promotions/promotions.sync';
import { receivablesClientSync } from '@/features/receivables/receivables.sync';
import { visitsClientSync } from '@/features/visits/visits.sync';
import { warehouseClientSync } from '@/features/warehouse/warehouse.sync';
import { registerSyncDomains } from '@/sync/registry';

export const CLIENT_SYNC_DOMAINS = [
  customersClientSync,
  visitsClientSync,
  ordersClientSync,
  productsClientSync,
  pricePolicyClientSync,
  warehouseClientSync,
  promotionsClientSync,
  receivablesClientSync,
  pharmaClientSync,
  attendanceClientSync,
];

registerSyncDomains(SYNC_DOMAINS, CLIENT_SYNC_DOMAINS);
