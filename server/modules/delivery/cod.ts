/**
 * COD (tiền thu hộ) per delivery: what the carrier or the shipper collected from the receiver, and
 * what the carrier paid out to the company, beside what was expected (đối soát; the differences
 * are flagged by ./delivery-record.ts codState).
 *
 * `codCollected` is the one place the money side hears of collected COD: the receiver paid, so the
 * customer's debt for the order falls by it at once (a confirmed COD payment in receivables, in the
 * same transaction); the money is the carrier's to pay out, which the reconciliation follows here.
 */
import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '@server/kernel/db/client';
import { deliveryOrders } from '@server/kernel/db/schema';
import { recordPayment } from '@server/modules/receivables';
import { codPaymentReference } from '@contract/payment-reference';

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
  if (rows.length === 0) return false;
  if (collection.amount > 0) {
    await recordPayment(tx, {
      companyId: collection.companyId,
      orderId: collection.orderId,
      amount: collection.amount,
      method: 'cod',
      // One COD payment per delivery, whatever delivers the news twice.
      reference: codPaymentReference(collection.deliveryId),
      source: 'cod',
      collectedBy: null,
      confirmed: true,
      collectedAt: collection.collectedAt,
    });
  }
  return true;
}

/** Records what the carrier paid out for a delivery (its reconciliation statement, or its webhook). */
export async function codPaidOut(tx: Db, companyId: number, deliveryId: string, amount: number, paidAt: Date, note: string | null = null) {
  await tx
    .update(deliveryOrders)
    .set({ codPaidOut: amount, codPaidAt: paidAt, codNote: note, updatedAt: new Date() })
    .where(and(eq(deliveryOrders.companyId, companyId), eq(deliveryOrders.id, deliveryId)));
}
