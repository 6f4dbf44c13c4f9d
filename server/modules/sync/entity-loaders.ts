/** How pull loads the current data of each synced entity, by ids, within one company. */
import type { SyncEntity } from '../../../contract/sync';
import type { Db } from '../../db/client';
import { loadCustomerRecords } from '../customers/customer-record';
import { loadVisitRecords } from '../visits/visit-record';

export type EntityLoader = (db: Db, companyId: number, ids: string[]) => Promise<Map<string, unknown>>;

export const ENTITY_LOADERS: Partial<Record<SyncEntity, EntityLoader>> = {
  customer: loadCustomerRecords,
  visit: loadVisitRecords,
};
