/**
 * Stock held for orders, in base units. Accepted orders reserve what they ship; a refused or
 * cancelled order gives it back; a completed order takes it out of stock. Variants without a stock
 * row are not tracked and never limit an order.
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '@server/kernel/db/client';
import { variantStock } from '@server/kernel/db/schema';

export type StockLevel = { onHand: number; reserved: number };

/** Locks and reads the stock rows of some variants for the rest of the transaction. */
export async function lockStock(tx: Db, companyId: number, variantIds: readonly number[]): Promise<Map<number, StockLevel>> {
  if (variantIds.length === 0) return new Map();
  const rows = await tx
    .select()
    .from(variantStock)
    .where(and(eq(variantStock.companyId, companyId), inArray(variantStock.variantId, [...new Set(variantIds)])))
    .for('update');
  return new Map(rows.map((row) => [row.variantId, { onHand: row.onHand, reserved: row.reserved }]));
}

/** Adds (or, negative, removes) base quantities to what is reserved, per variant. */
export async function changeReserved(tx: Db, companyId: number, byVariant: Map<number, number>): Promise<void> {
  for (const [variantId, delta] of byVariant) {
    if (delta === 0) continue;
    await tx
      .update(variantStock)
      .set({ reserved: sql`greatest(0, ${variantStock.reserved} + ${delta})`, updatedAt: new Date() })
      .where(and(eq(variantStock.companyId, companyId), eq(variantStock.variantId, variantId)));
  }
}

/** A shipped order leaves the warehouse: out of stock and out of the reserve. */
export async function consume(tx: Db, companyId: number, byVariant: Map<number, number>): Promise<void> {
  for (const [variantId, quantity] of byVariant) {
    await tx
      .update(variantStock)
      .set({
        onHand: sql`${variantStock.onHand} - ${quantity}`,
        reserved: sql`greatest(0, ${variantStock.reserved} - ${quantity})`,
        updatedAt: new Date(),
      })
      .where(and(eq(variantStock.companyId, companyId), eq(variantStock.variantId, variantId)));
  }
}

export function baseQuantities(lines: readonly { variantId: number; quantity: number; factor: number }[]): Map<number, number> {
  const totals = new Map<number, number>();
  for (const line of lines) totals.set(line.variantId, (totals.get(line.variantId) ?? 0) + line.quantity * line.factor);
  return totals;
}
