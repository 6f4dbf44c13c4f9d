/** Server records as the device keeps them: with their folded search text and a sync state. */
import type { CustomerRecord } from '@contract/customer';
import type { OrderRecord } from '@contract/order';
import type { VariantRecord } from '@contract/product';
import { fold, foldedWords } from '@contract/fold';
import type { VisitRecord } from '@contract/visit';
import type { LocalCustomer, LocalOrder, LocalSyncState, LocalVariant, LocalVisit } from './app-db';

/** The folded words a customer is found by (search-index.ts): name, code, owner, tax code, street, phone digits. */
export function customerSearchText(record: CustomerRecord): string {
  const words = foldedWords(record.name, record.code, record.owner_name, record.tax_code, record.address.street);
  const phoneDigits = record.phone?.replace(/\D/g, '') ?? '';
  if (phoneDigits && !words.includes(phoneDigits)) words.push(phoneDigits);
  return words.join(' ');
}

export function toLocalCustomer(record: CustomerRecord, syncState: LocalSyncState = 'synced'): LocalCustomer {
  return { ...record, search: customerSearchText(record), nameFold: fold(record.name), syncState };
}

export function toLocalVisit(record: VisitRecord, syncState: LocalSyncState = 'synced', error: string | null = null): LocalVisit {
  return { ...record, syncState, error };
}

/** The folded words a variant is found by: product and variant names, codes, ingredient, brand, registration, barcodes. */
export function variantSearchText(record: VariantRecord): string {
  const barcodes = record.units.map((unit) => unit.barcode?.toLowerCase()).filter((code): code is string => Boolean(code));
  const words = foldedWords(
    record.product_name,
    record.name,
    record.product_code,
    record.code,
    record.active_ingredient,
    record.brand_name,
    record.registration_number,
  );
  return [...new Set([...words, ...barcodes])].join(' ');
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
