/** How pull loads the current data of each synced entity, by ids, within one company. */
import type { SyncEntity } from '@contract/sync';
import type { Db } from '@server/db/client';
import { loadCustomerRecords } from '@server/modules/customers/customer-record';
import { loadCustomerLevelRecords, loadCustomerTypeRecords } from '@server/modules/customers/customer-groups';
import { loadOrderRecords } from '@server/modules/orders/order-record';
import { loadPricePolicyRecords } from '@server/modules/products/price-policy-record';
import { loadVariantRecords } from '@server/modules/products/variant-record';
import { loadVisitRecords } from '@server/modules/visits/visit-record';

export type EntityLoader = (db: Db, companyId: number, ids: string[]) => Promise<Map<string, unknown>>;

export const ENTITY_LOADERS: Partial<Record<SyncEntity, EntityLoader>> = {
  customer: loadCustomerRecords,
  customer_type: loadCustomerTypeRecords,
  customer_level: loadCustomerLevelRecords,
  variant: loadVariantRecords,
  price_policy: loadPricePolicyRecords,
  visit: loadVisitRecords,
  order: loadOrderRecords,
};
