/** What the demo's order history sells (server/seed/demo-history.ts): the active variants of a company with their priced units, smallest first. */
import { and, eq } from 'drizzle-orm';
import type { Db } from '@server/kernel/db/client';
import { products, variants, variantUnits } from '@server/kernel/db/schema';

export type Sellable = {
  variantId: number;
  product: string;
  variant: string;
  sku: string;
  vatRate: number;
  units: { unit: string; factor: number; price: number }[];
};

export async function sellables(db: Db, companyId: number): Promise<Sellable[]> {
  const rows = await db
    .select({
      variantId: variants.id,
      product: products.name,
      variant: variants.name,
      sku: variants.code,
      vatRate: products.vatRate,
      unit: variantUnits.unit,
      factor: variantUnits.factor,
      price: variantUnits.price,
    })
    .from(variants)
    .innerJoin(products, eq(products.id, variants.productId))
    .innerJoin(variantUnits, eq(variantUnits.variantId, variants.id))
    .where(and(eq(variants.companyId, companyId), eq(variants.isActive, true), eq(products.isActive, true)))
    .orderBy(variants.id, variantUnits.factor);
  const byVariant = new Map<number, Sellable>();
  for (const row of rows) {
    if (row.price <= 0) continue;
    const entry = byVariant.get(row.variantId) ?? { ...row, units: [] };
    entry.units.push({ unit: row.unit, factor: row.factor, price: row.price });
    byVariant.set(row.variantId, entry);
  }
  return [...byVariant.values()].filter((entry) => entry.units.length > 0);
}
