/** Server records as the device keeps them: with folded search words and a sync state. */
import type { CustomerRecord } from '../../contract/customer';
import type { OrderRecord } from '../../contract/order';
import type { VariantRecord } from '../../contract/product';
import { fold, foldedWords } from '../../contract/fold';
import type { VisitRecord } from '../../contract/visit';
import type { LocalCustomer, LocalOrder, LocalSyncState, LocalVariant, LocalVisit } from './app-db';

/** Words are stored as `${company}|${word}` so one multi-entry index serves every workspace. */
export function companyWords(company: number, words: string[]): string[] {
  return words.map((word) => `${company}|${word}`);
}

export function toLocalCustomer(record: CustomerRecord, syncState: LocalSyncState = 'synced'): LocalCustomer {
  const phoneDigits = record.phone?.replace(/\D/g, '') ?? '';
  const words = foldedWords(record.name, record.code, record.owner_name, record.tax_code, record.address.street);
  if (phoneDigits) words.push(phoneDigits);
  return { ...record, words: companyWords(record.company, [...new Set(words)]), nameFold: fold(record.name), syncState };
}

export function toLocalVisit(record: VisitRecord, syncState: LocalSyncState = 'synced', error: string | null = null): LocalVisit {
  return { ...record, syncState, error };
}

export function toLocalVariant(record: VariantRecord): LocalVariant {
  const words = foldedWords(
    record.product_name,
    record.name,
    record.product_code,
    record.code,
    record.active_ingredient,
    record.brand_name,
    record.registration_number,
  );
  const barcodes = record.units.map((unit) => unit.barcode).filter((code): code is string => Boolean(code));
  return {
    ...record,
    words: companyWords(record.company, [...new Set([...words, ...barcodes.map((code) => code.toLowerCase())])]),
    barcodes: barcodes.map((code) => `${record.company}|${code}`),
    nameFold: fold(`${record.product_name} ${record.name}`),
  };
}

export function toLocalOrder(record: OrderRecord, syncState: LocalSyncState = 'synced'): LocalOrder {
  return { ...record, syncState, error: null, changes: [] };
}
