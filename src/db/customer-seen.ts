/**
 * When the device last saw each customer: the latest moment of an order or a visit it holds, one
 * small row per customer, kept as those rows are written (a pull, an op's answer, a check-in, an
 * order sent). "Lâu chưa ghé" reads these rows instead of a month of visits: reading 1,300 visits'
 * keys took 100–150 ms on a phone at 4× CPU, 300 of these rows 10–20 ms
 * (docs/visits.md "What to order at a stop"). The moment only moves forward: an order or a visit
 * that leaves the device (a scope change) leaves the customer's latest moment as it was.
 */
import Dexie, { type Table } from 'dexie';
import type { AppDb, CustomerSeenRow } from './app-db';

/** The latest moment per customer of `rows`, one row each. */
function latestOf(rows: readonly CustomerSeenRow[]): CustomerSeenRow[] {
  const latest = new Map<string, CustomerSeenRow>();
  for (const row of rows) {
    const key = `${row.company}:${row.customer_id}`;
    const known = latest.get(key);
    if (!known || known.at < row.at) latest.set(key, row);
  }
  return [...latest.values()];
}

/** Record orders or visits the device now holds. Call inside a transaction that includes `customerSeen`. */
export async function noteSeen(db: AppDb, rows: readonly CustomerSeenRow[]): Promise<void> {
  const latest = latestOf(rows);
  if (latest.length === 0) return;
  const known = await db.customerSeen.bulkGet(latest.map((row) => [row.company, row.customer_id]));
  const newer = latest.filter((row, i) => !known[i] || known[i].at < row.at);
  if (newer.length) await db.customerSeen.bulkPut(newer);
}

/**
 * The device's rows at `customerIds`, in that order (undefined: never seen here). The company's rows
 * are read in one go: one small row per customer the phone holds work of, where a read per customer
 * (bulkGet) cost 30–85 ms for 300 at 4× CPU.
 */
export async function seenRows(db: AppDb, companyId: number, customerIds: readonly string[]): Promise<(CustomerSeenRow | undefined)[]> {
  const rows = await db.customerSeen.where('[company+customer_id]').between([companyId, Dexie.minKey], [companyId, Dexie.maxKey]).toArray();
  const byCustomer = new Map(rows.map((row) => [row.customer_id, row]));
  return customerIds.map((id) => byCustomer.get(id));
}

export type Seen<Row> = (row: Row) => CustomerSeenRow;
export const orderSeen: Seen<{ company: number; customer_id: string; created_at: string }> = (order) => ({
  company: order.company,
  customer_id: order.customer_id,
  at: order.created_at,
});
export const visitSeen: Seen<{ company: number; customer_id: string; check_in_at: string }> = (visit) => ({
  company: visit.company,
  customer_id: visit.customer_id,
  at: visit.check_in_at,
});

/** The rows for what a device already held when the table came (app-db.ts v15), from index keys alone. */
export async function seenFromHistory(visits: Table, orders: Table, into: Table): Promise<void> {
  const rows: CustomerSeenRow[] = [];
  for (const [table, index] of [
    [visits, '[company+customer_id+check_in_at]'],
    [orders, '[company+customer_id+created_at]'],
  ] as const) {
    const keys = (await table.orderBy(index).keys()) as unknown as [number, string, string][];
    for (const [company, customer_id, at] of keys) rows.push({ company, customer_id, at });
  }
  await into.bulkPut(latestOf(rows));
}
