/**
 * Searching the mirrored customers on the device, diacritic-insensitive, by prefix of any word of
 * the name, code, owner, tax code, street or phone, through the in-memory index (search-index.ts).
 */
import { foldedWords } from '@contract/fold';
import type { AppDb, LocalCustomer } from './app-db';
import { entryRows, searchIndex, sharedFields, type IndexEntry } from './search-index';

/**
 * What the offline customer list filters on, kept beside each entry. `licence`: null without a
 * licence number, else the GPP/GDP expiry ('' when none is on file); the state depends on the day,
 * so the day is kept, not the state.
 */
export type CustomerFields = Pick<LocalCustomer, 'kind' | 'staff_id' | 'customer_type_id' | 'level_id' | 'status'> & {
  licence: string | null;
};

const CUSTOMERS = {
  table: (db: AppDb) => db.customers,
  fields: ({ kind, staff_id, customer_type_id, level_id, status, licence_number, gpp_expiry }: LocalCustomer): CustomerFields =>
    sharedFields({ kind, staff_id, customer_type_id, level_id, status, licence: licence_number?.trim() ? (gpp_expiry ?? '') : null }),
};

/** Typed text as folded words; digits split by spaces, dots or dashes join up ("0903 456" is a phone prefix). */
export function customerQueryWords(query: string | undefined): string[] {
  return foldedWords((query ?? '').replace(/(\d)[\s.-]+(?=\d)/g, '$1'));
}

/** The customers matching every word (and `where`), in name order. */
export async function findLocalCustomers(
  db: AppDb,
  companyId: number,
  words: readonly string[],
  where: ((fields: CustomerFields) => boolean) | null = null,
  limit = Infinity,
): Promise<IndexEntry<CustomerFields>[]> {
  return (await searchIndex(db, CUSTOMERS).ready(companyId)).find(words, where, limit);
}

/** How many customers a picker lists (the order screen's customer search). */
export const CUSTOMER_RESULTS = 30;

export async function searchLocalCustomers(
  db: AppDb,
  companyId: number,
  query: string,
  limit = CUSTOMER_RESULTS,
): Promise<LocalCustomer[]> {
  const [found] = await Promise.all([findLocalCustomers(db, companyId, customerQueryWords(query), null, limit), db.customers.watch()]);
  return entryRows(db.customers, found);
}
