/**
 * Recording, confirming and cancelling payments (phiếu thu). A payment lowers what the customer
 * owes only once confirmed: the cashier confirms money a rep collected when it is handed in, and
 * the COD a delivery collected (the delivery module records it waiting; the office's entry of the
 * carrier's reconciliation confirms it too); the office's own are confirmed as they are recorded.
 * Each write puts its ledger row in the same transaction and resettles the customer (settle.ts).
 */
import { and, eq, inArray } from 'drizzle-orm';
import { fold } from '@contract/fold';
import { formatMoney } from '@contract/money';
import { vietnamDay } from '@contract/price-policy';
import { PAYMENT_STATE_LABELS, type PaymentMethod, type PaymentRecord, type PaymentState } from '@contract/receivables';
import { uuidv7 } from '@contract/uuid';
import { formatCode, nextCounter } from '@server/kernel/counters';
import type { Db } from '@server/kernel/db/client';
import { customers, orders, payments, receivableEntries } from '@server/kernel/db/schema';
import { HttpError, notFound } from '@server/kernel/errors';
import { recordChange } from '@server/kernel/sync/change-log';
import { paymentRecordsById } from './payment-record';
import { resettleCustomer } from './settle';

export type RecordPaymentInput = {
  companyId: number;
  /** The order it pays; its customer is the payer. */
  orderId?: string | null;
  /** The payer when no order is named (a payment on account). */
  customerId?: string | null;
  amount: number;
  method: PaymentMethod;
  /** A bank transaction, a carrier's COD payout or shipment code. COD with the same reference for the same order is recorded once. */
  reference?: string | null;
  note?: string | null;
  /** Who took the money; null for COD a carrier collected. */
  collectedBy?: number | null;
  /** Recorded as confirmed at once (default) or waiting for the cashier. */
  confirmed?: boolean;
  /** Who confirms it when `confirmed` (default: the collector). */
  confirmedBy?: number | null;
  /** The id to record it under (a phone's collection); recording the same id again answers the first. */
  paymentId?: string;
  source?: 'rep' | 'office' | 'cod';
  collectedAt?: Date;
  now?: Date;
};

async function paymentRecord(tx: Db, companyId: number, id: string): Promise<PaymentRecord> {
  const record = (await paymentRecordsById(tx, companyId, [id])).get(id);
  if (!record) throw notFound('Không tìm thấy phiếu thu');
  return record;
}

async function tellCollector(tx: Db, companyId: number, paymentId: string, collectedBy: number | null): Promise<void> {
  if (collectedBy !== null)
    await recordChange(tx, { companyId, entity: 'payment', entityId: paymentId, op: 'upsert', ownerAccountId: collectedBy });
}

/** Records a payment (the delivery module calls it for COD). Refuses with HttpError; never half-writes. */
export async function recordPayment(tx: Db, input: RecordPaymentInput): Promise<PaymentRecord> {
  const { companyId } = input;
  const now = input.now ?? new Date();
  if (!Number.isInteger(input.amount) || input.amount <= 0)
    throw new HttpError(400, 'VALIDATION_FAILED', 'Số tiền phải là số nguyên lớn hơn 0', { amount: 'Số tiền phải lớn hơn 0' });
  if (input.paymentId) {
    const [prior] = await tx.select({ companyId: payments.companyId }).from(payments).where(eq(payments.id, input.paymentId));
    if (prior && prior.companyId === companyId) return paymentRecord(tx, companyId, input.paymentId);
    if (prior) throw new HttpError(409, 'CONFLICT', 'Mã phiếu thu đã được dùng');
  }
  let customerId = input.customerId ?? null;
  if (input.orderId) {
    const [order] = await tx
      .select({ customerId: orders.customerId, status: orders.status, code: orders.code })
      .from(orders)
      .where(and(eq(orders.id, input.orderId), eq(orders.companyId, companyId)));
    if (!order) throw notFound('Không tìm thấy đơn hàng');
    if (customerId && customerId !== order.customerId)
      throw new HttpError(400, 'VALIDATION_FAILED', 'Đơn hàng không thuộc khách hàng này', {
        order: 'Đơn hàng không thuộc khách hàng này',
      });
    if (order.status === 'cancelled' || order.status === 'rejected')
      throw new HttpError(409, 'CONFLICT', `Đơn hàng ${order.code ?? ''} đã hủy hoặc bị từ chối, không thể thu tiền`.replace('  ', ' '));
    customerId = order.customerId;
    if (input.method === 'cod' && input.reference) {
      const [same] = await tx
        .select({ id: payments.id })
        .from(payments)
        .where(
          and(
            eq(payments.companyId, companyId),
            eq(payments.orderId, input.orderId),
            eq(payments.method, 'cod'),
            eq(payments.reference, input.reference),
            inArray(payments.state, ['pending', 'confirmed']),
          ),
        );
      if (same) return paymentRecord(tx, companyId, same.id);
    }
  }
  if (!customerId) throw new HttpError(400, 'VALIDATION_FAILED', 'Vui lòng chọn khách hàng', { customer: 'Vui lòng chọn khách hàng' });
  const [customer] = await tx
    .select({ code: customers.code, name: customers.name })
    .from(customers)
    .where(and(eq(customers.id, customerId), eq(customers.companyId, companyId)));
  if (!customer) throw notFound('Không tìm thấy khách hàng');

  const id = input.paymentId ?? uuidv7(now.getTime());
  const code = formatCode('PT', await nextCounter(tx, companyId, 'payment'));
  const confirmed = input.confirmed ?? true;
  const collectedBy = input.collectedBy ?? null;
  await tx.insert(payments).values({
    id,
    companyId,
    code,
    customerId,
    orderId: input.orderId ?? null,
    amount: input.amount,
    method: input.method,
    reference: input.reference ?? null,
    note: input.note ?? null,
    state: 'pending',
    source: input.source ?? (input.method === 'cod' ? 'cod' : 'office'),
    collectedBy,
    collectedAt: input.collectedAt ?? now,
    searchText: fold([code, customer.code, customer.name, input.reference].filter(Boolean).join(' ')),
    createdAt: now,
    updatedAt: now,
  });
  if (confirmed) return confirmPayment(tx, { companyId, paymentId: id, accountId: input.confirmedBy ?? collectedBy, now });
  await resettleCustomer(tx, companyId, customerId, collectedBy === null ? [] : [collectedBy]);
  await tellCollector(tx, companyId, id, collectedBy);
  return paymentRecord(tx, companyId, id);
}

async function lockPayment(tx: Db, companyId: number, paymentId: string) {
  const [payment] = await tx
    .select()
    .from(payments)
    .where(and(eq(payments.id, paymentId), eq(payments.companyId, companyId)))
    .for('update');
  if (!payment) throw notFound('Không tìm thấy phiếu thu');
  return payment;
}

const stateProblem = (code: string, state: string) =>
  new HttpError(409, 'CONFLICT', `Phiếu thu ${code} ${PAYMENT_STATE_LABELS[state as PaymentState].toLowerCase()}`);

/** The cashier has the money: the payment enters the ledger and settles the customer's orders. */
export async function confirmPayment(
  tx: Db,
  input: { companyId: number; paymentId: string; accountId: number | null; now?: Date },
): Promise<PaymentRecord> {
  const now = input.now ?? new Date();
  const payment = await lockPayment(tx, input.companyId, input.paymentId);
  if (payment.state !== 'pending') throw stateProblem(payment.code, payment.state);
  await tx
    .update(payments)
    .set({ state: 'confirmed', confirmedBy: input.accountId, confirmedAt: now, updatedAt: now })
    .where(eq(payments.id, payment.id));
  await tx.insert(receivableEntries).values({
    companyId: input.companyId,
    customerId: payment.customerId,
    kind: 'payment',
    amount: -payment.amount,
    day: vietnamDay(now),
    orderId: payment.orderId,
    paymentId: payment.id,
    document: payment.code,
    accountId: payment.collectedBy,
    note: payment.note,
  });
  await resettleCustomer(tx, input.companyId, payment.customerId, payment.collectedBy === null ? [] : [payment.collectedBy]);
  await tellCollector(tx, input.companyId, payment.id, payment.collectedBy);
  return paymentRecord(tx, input.companyId, payment.id);
}

/** A payment recorded by mistake: cancelled, and a confirmed one is reversed in the ledger. */
export async function cancelPayment(
  tx: Db,
  input: { companyId: number; paymentId: string; accountId: number; reason: string; now?: Date },
): Promise<PaymentRecord> {
  const now = input.now ?? new Date();
  const payment = await lockPayment(tx, input.companyId, input.paymentId);
  if (payment.state === 'cancelled') throw stateProblem(payment.code, payment.state);
  await tx
    .update(payments)
    .set({ state: 'cancelled', cancelledBy: input.accountId, cancelledAt: now, cancelReason: input.reason, updatedAt: now })
    .where(eq(payments.id, payment.id));
  if (payment.state === 'confirmed')
    await tx.insert(receivableEntries).values({
      companyId: input.companyId,
      customerId: payment.customerId,
      kind: 'reversal',
      amount: payment.amount,
      day: vietnamDay(now),
      orderId: payment.orderId,
      paymentId: payment.id,
      document: payment.code,
      accountId: payment.collectedBy,
      note: `Hủy phiếu thu ${payment.code} (${formatMoney(payment.amount)}): ${input.reason}`,
    });
  await resettleCustomer(tx, input.companyId, payment.customerId, payment.collectedBy === null ? [] : [payment.collectedBy]);
  await tellCollector(tx, input.companyId, payment.id, payment.collectedBy);
  return paymentRecord(tx, input.companyId, payment.id);
}
