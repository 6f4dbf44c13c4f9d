/**
 * Finding variants on the device: by prefix of any word of the product or variant name, codes,
 * active ingredient, brand, registration number or barcode, without diacritics (in-memory index,
 * search-index.ts); and by exact barcode through the packs' `codes` index, for scanning.
 */
import { foldedWords } from '@contract/fold';
import { findUnit } from '@contract/price-policy';
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
};

const VARIANTS = {
  table: (db: AppDb) => db.variants,
  fields: ({ product_id, product_code, code, updated_at, brand_id, category_id, group_id }: LocalVariant): VariantFields => ({
    product_id,
    product_code,
    code,
    updatedAt: Date.parse(updated_at) || 0,
    brand_id,
    category_id,
    group_id,
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
