/**
 * The device's catalogue and customers read live for pickers and documents' lines: what matches
 * what is typed, and some variants by id. Every feature's screens read these through here (a
 * second copy fails tests/lint/one-home.test.ts); a feature's api/ shapes the rows as its screens
 * need them.
 */
import { useLiveQuery } from 'dexie-react-hooks';
import type { AppDb, LocalCustomer, LocalVariant } from './app-db';
import { searchLocalCustomers } from './customer-search';
import { searchLocalVariants } from './variant-search';

/**
 * Variants matching what is typed (every word, without diacritics): null while nothing is typed,
 * undefined while reading.
 */
export function useVariantSearch(db: AppDb, companyId: number, search: string, limit = 20): LocalVariant[] | null | undefined {
  return useLiveQuery(
    () => (search.trim() ? searchLocalVariants(db, companyId, search, limit) : Promise.resolve(null)),
    [db, companyId, search, limit],
  );
}

/** Customers matching what is typed (name, code or phone, without diacritics); undefined while reading. */
export function useCustomerSearch(db: AppDb, companyId: number, search: string, limit = 20): LocalCustomer[] | undefined {
  return useLiveQuery(() => searchLocalCustomers(db, companyId, search, limit), [db, companyId, search, limit]);
}

/**
 * Some variants by id as the device holds them: undefined while reading; an id the device does not
 * hold for this company is left out. Keyed by the ids' text, so a new array of the same ids asks
 * nothing new.
 */
export function useVariantsById(db: AppDb, companyId: number, ids: readonly number[]): Map<number, LocalVariant> | undefined {
  const key = [...new Set(ids)].sort((a, b) => a - b).join(',');
  return useLiveQuery(async () => {
    const rows = await db.variants.bulkGet(key ? key.split(',').map(Number) : []);
    return new Map(
      rows.filter((row): row is LocalVariant => row !== undefined && row.company === companyId).map((row) => [row.id, row] as const),
    );
  }, [db, companyId, key]);
}
