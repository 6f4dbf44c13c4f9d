/** How pull loads the current data of each synced entity, by ids, within one company. */
import type { SyncEntity } from '../../../contract/sync';
import type { Db } from '../../db/client';
import { loadCustomerRecords } from '../customers/customer-record';
import { loadCustomerLevelRecords, loadCustomerTypeRecords } from '../customers/customer-groups';
import { loadOrderRecords } from '../orders/order-record';
import { loadPricePolicyRecords } from '../products/price-policy-record';
import { loadVariantRecords } from '../products/variant-record';
import { loadVisitRecords } from '../visits/visit-record';

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
