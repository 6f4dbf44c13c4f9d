/**
 * COD (tiền thu hộ) per delivery: what the carrier or the shipper collected from the receiver, and
 * what the carrier paid out to the company, beside what was expected (đối soát; the differences
 * are flagged by ./delivery-record.ts codState).
 *
 * `codCollected` is the one place the money side hears of collected COD: a COD payment in
 * receivables, in the same transaction, recorded **waiting** (Chờ xác nhận) like a rep's cash. A
 * carrier's event is only the carrier's word (a webhook can be forged, a poll can be wrong), and
 * the company's own shipper still has the money in hand: the customer's debt falls only when the
 * payment is confirmed, by the cashier (receivables' confirm) or by the office recording the
 * carrier's reconciliation statement (`codReconciled`). A payout a carrier's event reports is kept
 * on the delivery and confirms nothing.
 */
import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '@server/kernel/db/client';
import { deliveryOrders, payments } from '@server/kernel/db/schema';
import { confirmPayment, recordPayment } from '@server/modules/receivables';
import { codPaymentReference } from '@contract/payment-reference';

export type CodCollection = {
  companyId: number;
  orderId: string;
  deliveryId: string;
  amount: number;
  collectedAt: Date;
  /** The company's own shipper who holds the money (self delivery); null for a carrier. */
  collectedBy: number | null;
};

/** Records the COD collected for a delivery, once, its payment waiting; false when it was recorded before. */
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
      collectedBy: collection.collectedBy,
      confirmed: false,
      collectedAt: collection.collectedAt,
    });
  }
  return true;
}

/** Records what the carrier paid out for a delivery (its reconciliation statement, or its event: then it confirms nothing). */
export async function codPaidOut(tx: Db, companyId: number, deliveryId: string, amount: number, paidAt: Date, note: string | null = null) {
  await tx
    .update(deliveryOrders)
    .set({ codPaidOut: amount, codPaidAt: paidAt, codNote: note, updatedAt: new Date() })
    .where(and(eq(deliveryOrders.companyId, companyId), eq(deliveryOrders.id, deliveryId)));
}

/**
 * The office entered the carrier's reconciliation for a delivery (its statement says the money was
 * collected and paid over): the delivery's COD payment still waiting is confirmed by that member.
 * Whether one was; a payment confirmed or cancelled before is left as it is.
 */
export async function codReconciled(
  tx: Db,
  delivery: { companyId: number; id: string; orderId: string },
  accountId: number,
): Promise<boolean> {
  const [waiting] = await tx
    .select({ id: payments.id })
    .from(payments)
    .where(
      and(
        eq(payments.companyId, delivery.companyId),
        eq(payments.orderId, delivery.orderId),
        eq(payments.method, 'cod'),
        eq(payments.reference, codPaymentReference(delivery.id)),
        eq(payments.state, 'pending'),
      ),
    )
    .for('update');
  if (!waiting) return false;
  await confirmPayment(tx, { companyId: delivery.companyId, paymentId: waiting.id, accountId });
  return true;
}
