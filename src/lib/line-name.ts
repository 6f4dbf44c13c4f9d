/**
 * A document line's product as printed and listed: the product, then its variant when the variant
 * says more than the product's own name ("Panadol – Hộp 10 vỉ").
 */
export function lineName(line: { product_name: string; variant_name: string }): string {
  const variant = line.variant_name.trim();
  return variant && variant !== line.product_name ? `${line.product_name} – ${variant}` : line.product_name;
}
