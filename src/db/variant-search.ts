/**
 * Finding variants on the device: by prefix of any word of the product or variant name, codes,
 * active ingredient or brand, without diacritics; and by barcode, for scanning.
 */
import { foldedWords } from '../../contract/fold';
import { findUnit } from '../../contract/pricing';
import type { VariantUnit } from '../../contract/product';
import type { AppDb, LocalVariant } from './app-db';

export async function searchLocalVariants(db: AppDb, companyId: number, query: string, limit = 50): Promise<LocalVariant[]> {
  const words = foldedWords(query);
  if (words.length === 0) {
    return db.variants.where('[company+nameFold]').between([companyId, ''], [companyId, '\uffff']).limit(limit).toArray();
  }
  const [lead, ...rest] = [...words].sort((a, b) => b.length - a.length);
  const rows = await db.variants
    .where('words')
    .startsWith(`${companyId}|${lead}`)
    .filter((row) => rest.every((word) => row.words.some((candidate) => candidate.startsWith(`${companyId}|${word}`))))
    .distinct()
    .limit(limit)
    .toArray();
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
