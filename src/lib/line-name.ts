/**
 * A document line's product as printed and listed: the product, then its variant when the variant
 * says more than the product's own name ("Panadol – Hộp 10 vỉ").
 */
export function lineName(line: { product_name: string; variant_name: string | null }): string {
  const variant = (line.variant_name ?? '').trim();
  return variant && variant !== line.product_name ? `${line.product_name} – ${variant}` : line.product_name;
}

/** A catalogue variant's title by the same rule (a variant record names its variant `name`). */
export function variantName(variant: { product_name: string; name: string | null }): string {
  return lineName({ product_name: variant.product_name, variant_name: variant.name });
}
