/**
 * COD (tiền thu hộ) per delivery: what the carrier or the shipper collected from the receiver, and
 * what the carrier paid out to the company, beside what was expected (đối soát; the differences
 * are flagged by ./delivery-record.ts codState).
 *
 * `codCollected` is the one place the money side hears of collected COD. For now it records the
 * collection in this module's tables only; the lead wires it to the receivables module at merge
 * (a COD payment against the order), which is why it takes the transaction and the order.
 */
import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '@server/kernel/db/client';
import { deliveryOrders } from '@server/kernel/db/schema';

export type CodCollection = { companyId: number; orderId: string; deliveryId: string; amount: number; collectedAt: Date };

/** Records the COD collected for a delivery, once; false when it was recorded before. */
export async function codCollected(tx: Db, collection: CodCollection): Promise<boolean> {
  const rows = await tx
    .update(deliveryOrders)
    .set({ codCollected: collection.amount, codCollectedAt: collection.collectedAt, updatedAt: new Date() })
    .where(
      and(
        eq(deliveryOrders.companyId, collection.companyId),
        eq(deliveryOrders.id, collection.deliveryId),
        eq(deliveryOrders.orderId, collection.orderId),
        isNull(deliveryOrders.codCollected),
      ),
    )
    .returning({ id: deliveryOrders.id });
  return rows.length > 0;
}

/** Records what the carrier paid out for a delivery (its reconciliation statement, or its webhook). */
export async function codPaidOut(tx: Db, companyId: number, deliveryId: string, amount: number, paidAt: Date, note: string | null = null) {
  await tx
    .update(deliveryOrders)
    .set({ codPaidOut: amount, codPaidAt: paidAt, codNote: note, updatedAt: new Date() })
    .where(and(eq(deliveryOrders.companyId, companyId), eq(deliveryOrders.id, deliveryId)));
}
