/**
 * The folded `search_text` of products and variants (contract/fold.ts), and the search condition on
 * it: every typed word, folded, must occur in the text, so `thuoc ho` finds `Thuốc ho` and `para 500`
 * finds `Paracetamol 500mg`. Both sides are already folded to lower case, so the test is a plain
 * LIKE '%word%' (ILIKE gives the same answer but costs about five times as much per row on PGlite);
 * the trigram indexes of migration 0003 serve LIKE as well.
 */
import { like, type AnyColumn, type SQL } from 'drizzle-orm';
import { fold } from '@contract/fold';
import { likePattern } from '@server/modules/company/company.repo';

export type ProductSearchFields = {
  code: string;
  name: string;
  activeIngredient: string | null;
  strength: string | null;
  registrationNumber: string | null;
  manufacturer: string | null;
};

export function productSearchText(product: ProductSearchFields): string {
  return fold(
    [product.code, product.name, product.activeIngredient, product.strength, product.registrationNumber, product.manufacturer]
      .filter(Boolean)
      .join(' '),
  );
}

export function variantSearchText(
  product: ProductSearchFields,
  variant: { code: string; name: string; barcodes: (string | null)[] },
): string {
  return fold([productSearchText(product), variant.code, variant.name, ...variant.barcodes].filter(Boolean).join(' '));
}

export function searchWords(search: string | undefined): string[] {
  return [...new Set(fold(search).split(' ').filter(Boolean))].slice(0, 8);
}

export function searchConditions(column: AnyColumn, search: string | undefined): SQL[] {
  return searchWords(search).map((word) => like(column, likePattern(word)));
}
