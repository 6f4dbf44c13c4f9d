/**
 * Finding variants on the device: by prefix of any word of the product or variant name, codes,
 * active ingredient or brand, without diacritics; and by barcode, for scanning.
 */
import { foldedWords } from '../../contract/fold';
import { findUnit } from '../../contract/pricing';
import type { VariantUnit } from '../../contract/product';
import type { AppDb, LocalVariant } from './app-db';
import { wordMatches } from './word-search';

export async function searchLocalVariants(db: AppDb, companyId: number, query: string, limit = 50): Promise<LocalVariant[]> {
  const words = foldedWords(query);
  if (words.length === 0) {
    return db.variants.where('[company+nameFold]').between([companyId, ''], [companyId, '\uffff']).limit(limit).toArray();
  }
  const matches = await wordMatches(db.variants, companyId, words);
  const rows = matches ? await matches.limit(limit).toArray() : [];
  return rows.sort((a, b) => a.nameFold.localeCompare(b.nameFold));
}

/** The variant and unit a scanned barcode names, if this device knows it. */
export async function findLocalBarcode(
  db: AppDb,
  companyId: number,
  barcode: string,
): Promise<{ variant: LocalVariant; unit: VariantUnit } | null> {
  const code = barcode.trim();
  const variant = await db.variants.where('barcodes').equals(`${companyId}|${code}`).first();
  if (!variant) return null;
  const unit = variant.units.find((candidate) => candidate.barcode === code) ?? findUnit(variant.units, variant.units[0]!.unit)!;
  return { variant, unit };
}
