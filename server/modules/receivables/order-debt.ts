/**
 * What orders do to the ledger (called by the orders module in the order's own transaction, and
 * by the delivery module for returns): a completed order becomes a debt due after the customer's
 * credit days; any other move changes what the customer's open orders add; returned goods credit
 * the customer. Each is written once however often it is called.
 */
import { and, eq } from 'drizzle-orm';
import { formatMoney } from '@contract/money';
import { vietnamDay } from '@contract/price-policy';
import { addDays } from '@contract/calendar-days';
import type { Db } from '@server/kernel/db/client';
import { customerCredit, customers, orders, receivableEntries } from '@server/kernel/db/schema';
import { HttpError, notFound } from '@server/kernel/errors';
import { settingsOf } from './settings';
import { resettleCustomer } from './settle';

async function creditDaysOf(tx: Db, companyId: number, customerId: string): Promise<number> {
  const [own] = await tx
    .select({ days: customerCredit.creditDays })
    .from(customerCredit)
    .where(and(eq(customerCredit.companyId, companyId), eq(customerCredit.customerId, customerId)));
  return own?.days ?? (await settingsOf(tx, companyId)).default_credit_days;
}

/**
 * A new order, just taken (pending): nothing is owed on it yet, but it adds to the customer's open
 * orders. The caller knows whose it is, so the order is not read back (orderChanged does that).
 */
export async function orderTaken(tx: Db, companyId: number, order: { customerId: string; accountId: number }): Promise<void> {
  await resettleCustomer(tx, companyId, order.customerId, [order.accountId]);
}

/** After an order is taken or moved: a completed one is posted as a debt (once), and the customer resettled. */
export async function orderChanged(tx: Db, companyId: number, orderId: string, now = new Date()): Promise<void> {
  const [order] = await tx
    .select({ customerId: orders.customerId, status: orders.status, total: orders.total, code: orders.code, accountId: orders.accountId })
    .from(orders)
    .where(and(eq(orders.id, orderId), eq(orders.companyId, companyId)));
  if (!order) return;
  if (order.status === 'completed') {
    const day = vietnamDay(now);
    await tx
      .insert(receivableEntries)
      .values({
        companyId,
        customerId: order.customerId,
        kind: 'order',
        amount: order.total,
        day,
        dueDate: addDays(day, await creditDaysOf(tx, companyId, order.customerId)),
        orderId,
        document: order.code,
        accountId: order.accountId,
      })
      .onConflictDoNothing();
  }
  await resettleCustomer(tx, companyId, order.customerId, [order.accountId]);
}

export type CreditReturnInput = {
  companyId: number;
  /** The order the goods came back from (its open amount falls); or the customer alone. */
  orderId?: string | null;
  customerId?: string | null;
  /** What the returned goods are worth, in đồng. */
  amount: number;
  /** The return's own reference (a delivery's return, a return receipt): credited once per reference. */
  reference: string;
  note?: string | null;
  accountId?: number | null;
  now?: Date;
};

/** Returned goods credit the customer (ledger −): the order's open amount and the balance fall. */
export async function creditReturn(tx: Db, input: CreditReturnInput): Promise<void> {
  if (!Number.isInteger(input.amount) || input.amount <= 0)
    throw new HttpError(400, 'VALIDATION_FAILED', 'Giá trị hàng trả phải lớn hơn 0');
  let customerId = input.customerId ?? null;
  let document: string | null = input.reference;
  if (input.orderId) {
    const [order] = await tx
      .select({ customerId: orders.customerId, code: orders.code })
      .from(orders)
      .where(and(eq(orders.id, input.orderId), eq(orders.companyId, input.companyId)));
    if (!order) throw notFound('Không tìm thấy đơn hàng');
    customerId = order.customerId;
    document = order.code ?? document;
  }
  if (!customerId) throw new HttpError(400, 'VALIDATION_FAILED', 'Vui lòng chọn khách hàng');
  const [customer] = await tx
    .select({ id: customers.id })
    .from(customers)
    .where(and(eq(customers.id, customerId), eq(customers.companyId, input.companyId)));
  if (!customer) throw notFound('Không tìm thấy khách hàng');
  const now = input.now ?? new Date();
  await tx
    .insert(receivableEntries)
    .values({
      companyId: input.companyId,
      customerId,
      kind: 'return',
      amount: -input.amount,
      day: vietnamDay(now),
      orderId: input.orderId ?? null,
      returnRef: input.reference,
      document,
      accountId: input.accountId ?? null,
      note: input.note ?? `Hàng trả lại trị giá ${formatMoney(input.amount)}`,
    })
    .onConflictDoNothing();
  await resettleCustomer(tx, input.companyId, customerId);
}

/**
 * A credited return undone (its return receipt cancelled): the same amount back on the debt, as a
 * return movement of the opposite sign so the order's credited total nets to what still stands.
 * Written once; nothing happens when the return was never credited.
 */
export async function reverseReturn(
  tx: Db,
  input: { companyId: number; reference: string; note: string; accountId?: number | null; now?: Date },
): Promise<void> {
  const [credit] = await tx
    .select()
    .from(receivableEntries)
    .where(
      and(
        eq(receivableEntries.companyId, input.companyId),
        eq(receivableEntries.kind, 'return'),
        eq(receivableEntries.returnRef, input.reference),
      ),
    );
  if (!credit) return;
  await tx
    .insert(receivableEntries)
    .values({
      companyId: input.companyId,
      customerId: credit.customerId,
      kind: 'return',
      amount: -credit.amount,
      day: vietnamDay(input.now ?? new Date()),
      orderId: credit.orderId,
      returnRef: `${input.reference}:reversed`,
      document: credit.document,
      accountId: input.accountId ?? null,
      note: input.note,
    })
    .onConflictDoNothing();
  await resettleCustomer(tx, input.companyId, credit.customerId);
}
