/**
 * The device's catalogue as the warehouse screens read it: a scanned barcode, and the variants of a
 * receipt's lines with their units. The search as one types is the shared src/db/live-lookups.ts.
 */
import { useMemo } from 'react';
import type { AppDb, LocalVariant } from '@/db/app-db';
import { useVariantsById } from '@/db/live-lookups';
import { findLocalBarcode } from '@/db/variant-search';
import type { LineVariant } from '../model/receipt-form';
import { variantName } from '@/lib/line-name';

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
  const variants = useVariantsById(db, companyId, ids);
  return useMemo(() => variants && new Map([...variants].map(([id, variant]) => [id, toLineVariant(variant)])), [variants]);
}
