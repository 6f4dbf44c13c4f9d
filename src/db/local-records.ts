/** Server records as the device keeps them: with their folded search text and a sync state. */
import type { CustomerRecord } from '@contract/customers';
import type { OrderRecord } from '@contract/orders';
import type { VariantRecord } from '@contract/products';
import { fold } from '@contract/fold';
import type { VisitRecord } from '@contract/visits';
import type { LocalCustomer, LocalOrder, LocalSyncState, LocalVariant, LocalVisit } from './app-db';
import { customerSearchText, variantSearchText } from './search-text';

export function toLocalCustomer(record: CustomerRecord, syncState: LocalSyncState = 'synced'): LocalCustomer {
  return { ...record, search: customerSearchText(record), nameFold: fold(record.name), syncState };
}

export function toLocalVisit(record: VisitRecord, syncState: LocalSyncState = 'synced', error: string | null = null): LocalVisit {
  return { ...record, syncState, error };
}

export function toLocalVariant(record: VariantRecord): LocalVariant {
  const barcodes = record.units.map((unit) => unit.barcode).filter((code): code is string => Boolean(code));
  return {
    ...record,
    search: variantSearchText(record),
    barcodes: barcodes.map((code) => `${record.company}|${code}`),
    nameFold: fold(`${record.product_name} ${record.name}`),
  };
}

export function toLocalOrder(record: OrderRecord, syncState: LocalSyncState = 'synced'): LocalOrder {
  return { ...record, syncState, error: null, changes: [] };
}
