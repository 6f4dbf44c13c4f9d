/** The payments list (phiếu thu) with its filters, and an order's payment history. */
import { and, count, desc, eq, gte, lt, or, sql, type SQL } from 'drizzle-orm';
import type * as v from 'valibot';
import { addDays } from '@contract/calendar-days';
import type { PaymentRecord } from '@contract/receivables';
import type { PaymentListQuery } from '@contract/receivables-calls';
import type { Db } from '@server/kernel/db/client';
import { customers, paymentAllocations, payments } from '@server/kernel/db/schema';
import { wordConditions } from '@server/kernel/sql';
import { selectPage } from '@server/kernel/lists';
import { paymentRecordsById } from './payment-record';

type Query = v.InferOutput<typeof PaymentListQuery>;

/** The instant a Vietnamese day starts (UTC+7). */
export const dayStart = (day: string) => new Date(`${day}T00:00:00+07:00`);

export async function listPayments(
  db: Db,
  query: Query,
  scope: SQL | null,
): Promise<{ rows: PaymentRecord[]; count: number; total: number }> {
  const filters: SQL[] = [eq(payments.companyId, query.company), ...wordConditions(payments.searchText, query.search)];
  if (query.state) filters.push(eq(payments.state, query.state));
  if (query.method) filters.push(eq(payments.method, query.method));
  if (query.customer) filters.push(eq(payments.customerId, query.customer));
  if (query.order) filters.push(eq(payments.orderId, query.order));
  if (query.account) filters.push(eq(payments.collectedBy, query.account));
  if (query.date_from) filters.push(gte(payments.collectedAt, dayStart(query.date_from)));
  if (query.date_to) filters.push(lt(payments.collectedAt, dayStart(addDays(query.date_to, 1))));
  if (scope) filters.push(scope);
  const where = and(...filters);
  // The count comes with the sum of the amounts (one statement), so only the page is the kernel's.
  const [totals] = await db
    .select({ n: count(), total: sql<string>`coalesce(sum(${payments.amount}) filter (where ${payments.state} <> 'cancelled'), 0)` })
    .from(payments)
    .innerJoin(customers, eq(customers.id, payments.customerId))
    .where(where);
  const ids = await selectPage(
    db.select({ id: payments.id }).from(payments).innerJoin(customers, eq(customers.id, payments.customerId)).where(where).$dynamic(),
    [desc(payments.collectedAt), desc(payments.id)],
    query,
  );
  const records = await paymentRecordsById(
    db,
    query.company,
    ids.map((row) => row.id),
  );
  return { rows: ids.map((row) => records.get(row.id)!), count: totals?.n ?? 0, total: Number(totals?.total ?? 0) };
}

/** Every payment that names the order or settled part of it, newest first. */
export async function orderPayments(db: Db, companyId: number, orderId: string): Promise<PaymentRecord[]> {
  const rows = await db
    .selectDistinct({ id: payments.id, at: payments.collectedAt })
    .from(payments)
    .leftJoin(paymentAllocations, eq(paymentAllocations.paymentId, payments.id))
    .where(and(eq(payments.companyId, companyId), or(eq(payments.orderId, orderId), eq(paymentAllocations.orderId, orderId))))
    .orderBy(desc(payments.collectedAt));
  const records = await paymentRecordsById(
    db,
    companyId,
    rows.map((row) => row.id),
  );
  return rows.map((row) => records.get(row.id)!);
}

export async function customerPayments(db: Db, companyId: number, customerId: string, limit = 50): Promise<PaymentRecord[]> {
  const rows = await db
    .select({ id: payments.id })
    .from(payments)
    .where(and(eq(payments.companyId, companyId), eq(payments.customerId, customerId)))
    .orderBy(desc(payments.collectedAt))
    .limit(limit);
  const records = await paymentRecordsById(
    db,
    companyId,
    rows.map((row) => row.id),
  );
  return rows.map((row) => records.get(row.id)!);
}
