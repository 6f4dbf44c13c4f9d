/**
 * What customers and reps owe, as records (contract ReceivableRecord, RepCreditRecord): the ledger
 * balance, the orders taken and not yet completed, collections waiting for the cashier, each unpaid
 * debt with its due day (aged by whoever reads it, on the day they read it), limits and the policy.
 * Loaders of the `receivable` and `rep_credit` entities, and the figures the credit check uses.
 */
import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { ReceivableRecord, RepCreditRecord } from '@contract/receivables';
import type { OpenItem } from '@contract/receivables-ledger';
import type { EntityLoader } from '@server/kernel/sync/domain';
import type { Db } from '@server/kernel/db/client';
import { accounts, customerCredit, customers, repCredit } from '@server/kernel/db/schema';
import { rowsOf } from '@server/kernel/sql';
import { settingsOf } from './settings';

/** At most this many unpaid debts travel with a record (the oldest: they decide overdue days). */
const OPEN_ITEMS_KEPT = 100;

type OpenRow = { owner: string; due_date: string; amount: string | number; order_total: string | number; settled: string | number };

/** Unpaid completed orders with their due day, per customer or per rep, oldest first. */
async function openItems(db: Db, companyId: number, by: 'customer' | 'rep', ids: readonly string[]): Promise<Map<string, OpenItem[]>> {
  const items = new Map<string, OpenItem[]>();
  if (ids.length === 0) return items;
  const owner = by === 'customer' ? sql`o.customer_id::text` : sql`o.account_id::text`;
  const rows = rowsOf<OpenRow>(
    await db.execute(sql`
      select owner, due_date, amount from (
        select ${owner} as owner, e.due_date::text as due_date,
          o.total - coalesce((select sum(a.amount) from payment_allocations a where a.company_id = o.company_id and a.order_id = o.id), 0)
                  + coalesce((select sum(r.amount) from receivable_entries r where r.company_id = o.company_id and r.order_id = o.id and r.kind = 'return'), 0) as amount
        from receivable_entries e join orders o on o.id = e.order_id
        where e.company_id = ${companyId} and e.kind = 'order' and ${owner} = any(${sql.param([...ids])}::text[])
      ) open where amount > 0
      order by due_date`),
  );
  for (const row of rows) {
    const list = items.get(row.owner) ?? [];
    if (list.length < OPEN_ITEMS_KEPT) list.push({ due_date: row.due_date, amount: Number(row.amount) });
    items.set(row.owner, list);
  }
  return items;
}

export async function receivableRecords(
  db: Db,
  companyId: number,
  customerIds: readonly string[],
  scope: SQL | null = null,
): Promise<Map<string, ReceivableRecord>> {
  const records = new Map<string, ReceivableRecord>();
  const ids = customerIds.filter((id) => /^[0-9a-f-]{36}$/i.test(id));
  if (ids.length === 0) return records;
  const rows = await db
    .select({
      id: customers.id,
      code: customers.code,
      name: customers.name,
      creditLimit: customerCredit.creditLimit,
      creditDays: customerCredit.creditDays,
      balance: sql<string>`coalesce((select sum(e.amount) from receivable_entries e where e.company_id = ${customers.companyId} and e.customer_id = ${customers.id}), 0)`,
      openOrders: sql<string>`coalesce((select sum(o.total) from orders o where o.company_id = ${customers.companyId} and o.customer_id = ${customers.id} and o.status in ('pending', 'confirmed', 'delivering')), 0)`,
      pending: sql<string>`coalesce((select sum(p.amount) from payments p where p.company_id = ${customers.companyId} and p.customer_id = ${customers.id} and p.state = 'pending'), 0)`,
    })
    .from(customers)
    .leftJoin(customerCredit, and(eq(customerCredit.companyId, customers.companyId), eq(customerCredit.customerId, customers.id)))
    .where(and(eq(customers.companyId, companyId), inArray(customers.id, ids), scope ?? undefined));
  if (rows.length === 0) return records;
  const { credit_policy: policy } = await settingsOf(db, companyId);
  const open = await openItems(
    db,
    companyId,
    'customer',
    rows.map((row) => row.id),
  );
  const now = new Date().toISOString();
  for (const row of rows) {
    const balance = Number(row.balance);
    const openOrders = Number(row.openOrders);
    records.set(row.id, {
      id: row.id,
      company: companyId,
      customer_code: row.code,
      customer_name: row.name,
      balance,
      open_orders: openOrders,
      pending_collections: Number(row.pending),
      exposure: balance + openOrders,
      open_items: open.get(row.id) ?? [],
      credit_limit: row.creditLimit,
      credit_days: row.creditDays,
      policy,
      updated_at: now,
    });
  }
  return records;
}

export async function repCreditRecords(db: Db, companyId: number, accountIds: readonly number[]): Promise<Map<number, RepCreditRecord>> {
  const records = new Map<number, RepCreditRecord>();
  if (accountIds.length === 0) return records;
  const rows = await db
    .select({
      accountId: repCredit.accountId,
      name: accounts.fullName,
      creditLimit: repCredit.creditLimit,
      creditDays: repCredit.creditDays,
      // What the rep's live orders still owe: totals less what settled them (payments, returns).
      exposure: sql<string>`coalesce((
        select sum(o.total
          - coalesce((select sum(a.amount) from payment_allocations a where a.company_id = o.company_id and a.order_id = o.id), 0)
          + coalesce((select sum(r.amount) from receivable_entries r where r.company_id = o.company_id and r.order_id = o.id and r.kind = 'return'), 0))
        from orders o where o.company_id = ${repCredit.companyId} and o.account_id = ${repCredit.accountId}
          and o.status in ('pending', 'confirmed', 'delivering', 'completed')), 0)`,
    })
    .from(repCredit)
    .innerJoin(accounts, eq(accounts.id, repCredit.accountId))
    .where(and(eq(repCredit.companyId, companyId), inArray(repCredit.accountId, [...accountIds])));
  if (rows.length === 0) return records;
  const { credit_policy: policy } = await settingsOf(db, companyId);
  const open = await openItems(
    db,
    companyId,
    'rep',
    rows.map((row) => String(row.accountId)),
  );
  for (const row of rows)
    records.set(row.accountId, {
      id: String(row.accountId),
      company: companyId,
      name: row.name,
      credit_limit: row.creditLimit,
      credit_days: row.creditDays,
      exposure: Math.max(0, Number(row.exposure)),
      open_items: open.get(String(row.accountId)) ?? [],
      policy,
    });
  return records;
}

export const loadReceivables: EntityLoader = (db, companyId, ids, scope) => receivableRecords(db, companyId, ids, scope);

export const loadRepCredits: EntityLoader = async (db, companyId, ids) => {
  const numeric = ids.filter((id) => /^\d{1,9}$/.test(id)).map(Number);
  const records = await repCreditRecords(db, companyId, numeric);
  return new Map([...records].map(([id, record]) => [String(id), record]));
};
