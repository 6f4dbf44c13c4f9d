/**
 * The folded `search_text` of products and variants (contract/fold.ts), searched with
 * server/kernel/sql.ts wordConditions: `para 500` finds `Paracetamol 500mg`.
 */
import { fold } from '@contract/fold';

export type ProductSearchFields = {
  code: string;
  name: string;
  activeIngredient: string | null;
  strength: string | null;
  registrationNumber: string | null;
  manufacturer: string | null;
  /** Mã thuốc quốc gia: an office looks a drug up by it from the national database. */
  nationalCode?: string | null;
};

export function productSearchText(product: ProductSearchFields): string {
  return fold(
    [
      product.code,
      product.name,
      product.activeIngredient,
      product.strength,
      product.registrationNumber,
      product.manufacturer,
      product.nationalCode,
    ]
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
