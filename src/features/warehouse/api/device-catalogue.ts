/**
 * The device's catalogue as the warehouse screens read it (the same mirror the order screen's
 * product adder searches, src/db/variant-search.ts): search as you type, a scanned barcode, and
 * the variants of a receipt's lines (for their units). Screens read the device only through here.
 */
import { useLiveQuery } from 'dexie-react-hooks';
import type { AppDb, LocalVariant } from '@/db/app-db';
import { findLocalBarcode, searchLocalVariants } from '@/db/variant-search';
import type { LineVariant } from '../model/receipt-form';
import { variantName } from '@/lib/line-name';

export function useCatalogueSearch(db: AppDb, companyId: number, search: string, limit: number) {
  return useLiveQuery(
    () => (search ? searchLocalVariants(db, companyId, search, limit) : Promise.resolve(null)),
    [db, companyId, search, limit],
  );
}

export function findBarcode(db: AppDb, companyId: number, code: string) {
  return findLocalBarcode(db, companyId, code);
}

export function toLineVariant(variant: LocalVariant): LineVariant {
  return {
    id: variant.id,
    name: variantName(variant),
    sku: variant.code,
    units: variant.units.map(({ unit, factor, price }) => ({ unit, factor, price })),
    isMedicine: Boolean(variant.registration_number),
    // Variants mirrored before the drug master existed carry neither flag nor expiry.
    registration:
      variant.is_medicine === true ? { number: variant.registration_number, expiry: variant.registration_expiry ?? null } : null,
  };
}

/** The device's copies of some variants (undefined while reading). */
export function useDeviceVariants(db: AppDb, companyId: number, ids: readonly number[]): Map<number, LineVariant> | undefined {
  const key = [...new Set(ids)].sort((a, b) => a - b).join(',');
  return useLiveQuery(async () => {
    const rows = await db.variants.bulkGet(key ? key.split(',').map(Number) : []);
    return new Map(
      rows.filter((row): row is LocalVariant => row !== undefined && row.company === companyId).map((row) => [row.id, toLineVariant(row)]),
    );
  }, [db, companyId, key]);
}
