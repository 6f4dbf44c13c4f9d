/**
 * Keeping a customer's payments and orders in step (contract/receivables-ledger.ts settle): after
 * any fact changes (a payment confirmed or cancelled, an order taken, moved or completed, a return
 * credited), the customer's allocations are recomputed whole, each order's payment state follows,
 * and the change log tells the phones (the order to its rep, the receivable to whoever works with
 * the customer). One customer at a time under an advisory lock, so two payments confirmed at once
 * never allocate the same debt twice.
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import { paymentState, settle } from '@contract/receivables-ledger';
import type { Db } from '@server/kernel/db/client';
import { orders, paymentAllocations } from '@server/kernel/db/schema';
import { jsonColumn, rowsOf } from '@server/kernel/sql';
import { recordChanges, type ChangeInput } from '@server/kernel/sync/change-log';

const SETTLE_LOCK = 727_014;

/** Orders that are (or will be) owed: taken and neither refused nor cancelled. */
export const LIVE_ORDER_STATUSES = ['pending', 'confirmed', 'delivering', 'completed'] as const;

export async function lockCustomer(tx: Db, customerId: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${SETTLE_LOCK}, hashtext(${customerId}))`);
}

type FactsJson = {
  orders: { id: string; total: number; status: string; createdAt: string; accountId: number; paymentStatus: string }[];
  entries: { kind: string; orderId: string; amount: number; dueDate: string | null }[];
  payments: { id: string; amount: number; orderId: string | null; collectedBy: number | null; state: string }[];
  limited_reps: number[];
};

/**
 * What a settlement reads of a customer, in one statement: their orders, the ledger entries tied to
 * an order (due dates, returns), every payment (its allocations are replaced whole below; the
 * confirmed ones settle), in the order they were confirmed, and which of the reps who took their live
 * orders (or `alsoAccounts`) have a credit limit.
 */
async function customerFacts(tx: Db, companyId: number, customerId: string, alsoAccounts: readonly number[]) {
  const [row] = rowsOf<{ [K in keyof FactsJson]: FactsJson[K] | string }>(
    await tx.execute(sql`
      select
        (select coalesce(json_agg(json_build_object('id', o.id, 'total', o.total, 'status', o.status, 'createdAt', o.created_at,
                                                    'accountId', o.account_id, 'paymentStatus', o.payment_status)), '[]')
           from orders o where o.company_id = ${companyId} and o.customer_id = ${customerId}) as orders,
        (select coalesce(json_agg(json_build_object('kind', e.kind, 'orderId', e.order_id, 'amount', e.amount, 'dueDate', e.due_date)), '[]')
           from receivable_entries e
           where e.company_id = ${companyId} and e.customer_id = ${customerId} and e.order_id is not null) as entries,
        (select coalesce(json_agg(json_build_object('id', p.id, 'amount', p.amount, 'orderId', p.order_id, 'collectedBy', p.collected_by,
                                                    'state', p.state) order by p.confirmed_at, p.id), '[]')
           from payments p where p.company_id = ${companyId} and p.customer_id = ${customerId}) as payments,
        (select coalesce(json_agg(r.account_id), '[]') from rep_credit r
           where r.company_id = ${companyId}
             and (r.account_id = any(${sql.param([...alsoAccounts])}::int[])
                  or r.account_id in (select o.account_id from orders o
                                      where o.company_id = ${companyId} and o.customer_id = ${customerId}
                                        and o.status = any(${sql.param([...LIVE_ORDER_STATUSES])}::text[])))) as limited_reps`),
  );
  return {
    orderRows: jsonColumn(row!.orders).map((order) => ({ ...order, createdAt: new Date(order.createdAt) })),
    entries: jsonColumn(row!.entries),
    customerPayments: jsonColumn(row!.payments),
    limitedReps: jsonColumn(row!.limited_reps),
  };
}

export async function resettleCustomer(tx: Db, companyId: number, customerId: string, alsoAccounts: readonly number[] = []): Promise<void> {
  await lockCustomer(tx, customerId);
  const { orderRows, entries, customerPayments, limitedReps } = await customerFacts(tx, companyId, customerId, alsoAccounts);
  const dueOf = new Map<string, string>();
  const credited = new Map<string, number>();
  for (const entry of entries) {
    if (entry.kind === 'order' && entry.dueDate) dueOf.set(entry.orderId, entry.dueDate);
    if (entry.kind === 'return') credited.set(entry.orderId, (credited.get(entry.orderId) ?? 0) - entry.amount);
  }
  const confirmed = customerPayments.filter((payment) => payment.state === 'confirmed');
  const live = orderRows.filter((order) => (LIVE_ORDER_STATUSES as readonly string[]).includes(order.status));
  const result = settle(
    live.map((order) => ({
      id: order.id,
      total: order.total,
      credited: credited.get(order.id) ?? 0,
      due_date: order.status === 'completed' ? (dueOf.get(order.id) ?? null) : null,
      created_at: order.createdAt.toISOString(),
    })),
    confirmed.map((payment) => ({ id: payment.id, amount: payment.amount, order_id: payment.orderId })),
  );

  // Allocations: replaced whole (a cancelled payment's too); a payment whose share changed is sent again to its collector.
  const paymentIds = customerPayments.map((payment) => payment.id);
  const before = paymentIds.length
    ? await tx
        .select()
        .from(paymentAllocations)
        .where(and(eq(paymentAllocations.companyId, companyId), inArray(paymentAllocations.paymentId, paymentIds)))
    : [];
  const key = (allocation: { paymentId: string; orderId: string; amount: number }) =>
    `${allocation.paymentId}|${allocation.orderId}|${allocation.amount}`;
  const after = result.allocations.map((allocation) => ({
    companyId,
    paymentId: allocation.payment_id,
    orderId: allocation.order_id,
    amount: allocation.amount,
  }));
  const beforeKeys = new Set(before.map(key));
  const afterKeys = new Set(after.map(key));
  const movedPayments = new Set(
    [...before.filter((row) => !afterKeys.has(key(row))), ...after.filter((row) => !beforeKeys.has(key(row)))].map((row) => row.paymentId),
  );
  if (movedPayments.size > 0) {
    await tx
      .delete(paymentAllocations)
      .where(and(eq(paymentAllocations.companyId, companyId), inArray(paymentAllocations.paymentId, [...movedPayments])));
    const replaced = after.filter((row) => movedPayments.has(row.paymentId));
    if (replaced.length > 0) await tx.insert(paymentAllocations).values(replaced);
  }

  const changes: ChangeInput[] = [];
  const now = new Date();
  for (const order of orderRows) {
    const state = paymentState(order.total, result.settledByOrder.get(order.id) ?? 0);
    if (state === order.paymentStatus) continue;
    await tx.update(orders).set({ paymentStatus: state, updatedAt: now }).where(eq(orders.id, order.id));
    changes.push({ companyId, entity: 'order', entityId: order.id, op: 'upsert', ownerAccountId: order.accountId });
  }
  // Only a rep's own collections are mirrored (to that rep); COD paid out by a carrier has no collector.
  const collectors = new Map(confirmed.map((payment) => [payment.id, payment.collectedBy]));
  for (const paymentId of movedPayments) {
    const collectedBy = collectors.get(paymentId);
    if (collectedBy != null) changes.push({ companyId, entity: 'payment', entityId: paymentId, op: 'upsert', ownerAccountId: collectedBy });
  }
  changes.push({ companyId, entity: 'receivable', entityId: customerId, op: 'upsert' });
  // A rep with a limit hears of every change to what the orders they took still owe.
  for (const rep of limitedReps) changes.push({ companyId, entity: 'rep_credit', entityId: rep, op: 'upsert', ownerAccountId: rep });
  await recordChanges(tx, changes);
}
