/**
 * The money side of the demo's order history (server/seed/demo-history.ts): a completed order is a
 * debt in the receivables ledger from its completion day, and what was paid of it a confirmed
 * payment (phiếu thu) with its ledger row. Written in bulk, then each customer is settled by the
 * receivables module, so the orders' payment states, the balances and the reports agree.
 */
import { sql } from 'drizzle-orm';
import { addDays } from '@contract/calendar-days';
import { fold } from '@contract/fold';
import type { PaymentStatus } from '@contract/orders-status';
import { vietnamDay } from '@contract/price-policy';
import { uuidv7 } from '@contract/uuid';
import { formatCode } from '@server/kernel/counters';
import type { Db } from '@server/kernel/db/client';
import { payments, receivableEntries } from '@server/kernel/db/schema';
import { resettleCustomer } from '@server/modules/receivables';

/** The receivables default (server/seed/demo-receivables.ts sets the same for the company). */
const CREDIT_DAYS = 30;
const DAY_MS = 86_400_000;

export type CompletedOrder = {
  customer: { id: string; code: string; name: string };
  orderId: string;
  orderCode: string;
  seller: number;
  total: number;
  /** When it was completed (epoch ms). */
  completedAt: number;
  /** What the customer paid of it: all, half or nothing yet. */
  paid: PaymentStatus;
  paidAfterDays: number;
  /** A bank transfer's reference, or null for cash the rep collected. */
  transferReference: string | null;
};

export function historyMoney(context: { companyId: number; confirmedBy: number; now: number }) {
  const { companyId } = context;
  const paymentRows: (typeof payments.$inferInsert)[] = [];
  const ledgerRows: (typeof receivableEntries.$inferInsert)[] = [];

  function completed(order: CompletedOrder): void {
    const completedOn = vietnamDay(new Date(order.completedAt));
    ledgerRows.push({
      companyId,
      customerId: order.customer.id,
      kind: 'order',
      amount: order.total,
      day: completedOn,
      dueDate: addDays(completedOn, CREDIT_DAYS),
      orderId: order.orderId,
      document: order.orderCode,
      accountId: order.seller,
    });
    if (order.paid === 'unpaid') return;
    const amount = order.paid === 'paid' ? order.total : Math.round(order.total / 2);
    const paidAt = new Date(Math.min(context.now - 60_000, order.completedAt + order.paidAfterDays * DAY_MS));
    const code = formatCode('PT', paymentRows.length + 1);
    const reference = order.transferReference;
    const id = uuidv7(paidAt.getTime());
    paymentRows.push({
      id,
      companyId,
      code,
      customerId: order.customer.id,
      orderId: order.orderId,
      amount,
      method: reference ? 'transfer' : 'cash',
      reference,
      state: 'confirmed',
      source: reference ? 'office' : 'rep',
      collectedBy: order.seller,
      collectedAt: paidAt,
      confirmedBy: context.confirmedBy,
      confirmedAt: paidAt,
      searchText: fold([code, order.customer.code, order.customer.name, reference].filter(Boolean).join(' ')),
      createdAt: paidAt,
      updatedAt: paidAt,
    });
    ledgerRows.push({
      companyId,
      customerId: order.customer.id,
      kind: 'payment',
      amount: -amount,
      day: vietnamDay(paidAt),
      orderId: order.orderId,
      paymentId: id,
      document: code,
      accountId: order.seller,
    });
  }

  /** In the history's transaction, after its orders: the rows, the payment counter, and each customer settled. */
  async function write(tx: Db): Promise<void> {
    if (paymentRows.length) await tx.insert(payments).values(paymentRows);
    for (let start = 0; start < ledgerRows.length; start += 400)
      await tx.insert(receivableEntries).values(ledgerRows.slice(start, start + 400));
    await tx.execute(sql`
      insert into company_counters (company_id, name, value) values (${companyId}, 'payment', ${paymentRows.length})
      on conflict (company_id, name) do update set value = greatest(company_counters.value, ${paymentRows.length})`);
    for (const customerId of new Set(ledgerRows.map((row) => row.customerId))) await resettleCustomer(tx, companyId, customerId);
  }

  return { completed, write };
}
