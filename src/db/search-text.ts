/**
 * The one search text a mirrored row keeps (search-index.ts loads it into memory): its folded
 * words, space-separated. Written when a row is stored and by the Dexie upgrade that introduced it.
 */
import type { CustomerRecord } from '@contract/customers';
import { foldedWords } from '@contract/fold';
import type { VariantRecord } from '@contract/products';

/** The folded words a customer is found by (search-index.ts): name, code, owner, tax code, street, phone digits. */
export function customerSearchText(record: CustomerRecord): string {
  const words = foldedWords(record.name, record.code, record.owner_name, record.tax_code, record.address.street);
  const phoneDigits = record.phone?.replace(/\D/g, '') ?? '';
  if (phoneDigits && !words.includes(phoneDigits)) words.push(phoneDigits);
  return words.join(' ');
}

/** The folded words a variant is found by: product and variant names, codes, ingredient, brand, registration, national drug code, barcodes. */
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
    record.national_code,
  );
  return [...new Set([...words, ...barcodes])].join(' ');
}
