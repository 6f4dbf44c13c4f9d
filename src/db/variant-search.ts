/**
 * Finding variants on the device: by prefix of any word of the product or variant name, codes,
 * active ingredient, brand, registration number or barcode, without diacritics (in-memory index,
 * search-index.ts); and by exact barcode through the packs' `codes` index, for scanning.
 */
import { foldedWords } from '@contract/fold';
import { findUnit } from '@contract/price-policy';
import { CONTROLLED_CLASSES, STORAGE_CONDITIONS, type ControlledClass, type StorageCondition } from '@contract/pharma';
import type { VariantUnit } from '@contract/products';
import type { AppDb, LocalVariant } from './app-db';
import { entryRows, searchIndex, type IndexEntry } from './search-index';

/**
 * What the offline product list filters, groups and orders on, kept beside each entry. The last
 * change as a time in ms (a number holds in 12 bytes what its ISO text held in 36: 1.2 MB less
 * for 50,000 variants).
 */
export type VariantFields = Pick<LocalVariant, 'product_id' | 'product_code' | 'code' | 'brand_id' | 'category_id' | 'group_id'> & {
  updatedAt: number;
  /** The drug master the list filters on, packed (packDrug): small whole numbers sit in the entry itself, strings would not. */
  drug: number;
  /** The registration's expiry as days since 1970-01-01, 0 when none. */
  registrationDay: number;
};

/** What the offline list filters of a variant's drug master; a variant mirrored before it existed reads as the defaults. */
export type DrugFilterFacts = {
  is_medicine: boolean;
  prescription: boolean;
  controlled_class: ControlledClass;
  storage: StorageCondition;
  registration_expiry: string | null;
};

const DAY_MS = 86_400_000;

/** Bit 0 medicine, bit 1 prescription, bits 2–4 the controlled class's index, bits 5–6 the storage's. */
function packDrug(variant: LocalVariant): number {
  const klass = Math.max(0, CONTROLLED_CLASSES.indexOf(variant.controlled_class ?? 'none'));
  const storage = Math.max(0, STORAGE_CONDITIONS.indexOf(variant.storage ?? 'normal'));
  return (variant.is_medicine ? 1 : 0) | (variant.prescription ? 2 : 0) | (klass << 2) | (storage << 5);
}

export function drugFilterFacts({ drug, registrationDay }: Pick<VariantFields, 'drug' | 'registrationDay'>): DrugFilterFacts {
  return {
    is_medicine: (drug & 1) === 1,
    prescription: (drug & 2) === 2,
    controlled_class: CONTROLLED_CLASSES[(drug >> 2) & 7] ?? 'none',
    storage: STORAGE_CONDITIONS[(drug >> 5) & 3] ?? 'normal',
    registration_expiry: registrationDay ? new Date(registrationDay * DAY_MS).toISOString().slice(0, 10) : null,
  };
}

const VARIANTS = {
  table: (db: AppDb) => db.variants,
  fields: (variant: LocalVariant): VariantFields => ({
    product_id: variant.product_id,
    product_code: variant.product_code,
    code: variant.code,
    updatedAt: Date.parse(variant.updated_at) || 0,
    brand_id: variant.brand_id,
    category_id: variant.category_id,
    group_id: variant.group_id,
    drug: packDrug(variant),
    registrationDay: variant.registration_expiry ? Math.round(Date.parse(`${variant.registration_expiry}T00:00:00Z`) / DAY_MS) || 0 : 0,
  }),
};

/** The variants matching every word (and `where`), in name order. */
export async function findLocalVariants(
  db: AppDb,
  companyId: number,
  words: readonly string[],
  where: ((fields: VariantFields) => boolean) | null = null,
  limit = Infinity,
): Promise<IndexEntry<VariantFields>[]> {
  return (await searchIndex(db, VARIANTS).ready(companyId)).find(words, where, limit);
}

/** How many variants a picker lists (the order screen's product search). */
export const VARIANT_RESULTS = 20;

export async function searchLocalVariants(db: AppDb, companyId: number, query: string, limit = VARIANT_RESULTS): Promise<LocalVariant[]> {
  const [found] = await Promise.all([findLocalVariants(db, companyId, foldedWords(query), null, limit), db.variants.watch()]);
  return entryRows(db.variants, found);
}

/** The variant and unit a scanned barcode names, if this device knows it. */
export async function findLocalBarcode(
  db: AppDb,
  companyId: number,
  barcode: string,
): Promise<{ variant: LocalVariant; unit: VariantUnit } | null> {
  const code = barcode.trim();
  const variant = await db.variants.byCode(`${companyId}|${code}`);
  if (!variant) return null;
  const unit = variant.units.find((candidate) => candidate.barcode === code) ?? findUnit(variant.units, variant.units[0]!.unit)!;
  return { variant, unit };
}
