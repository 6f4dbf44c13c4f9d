/**
 * "Lâu chưa ghé" on "Hôm nay": the customers of the rep's approved route plans with no order and no
 * visit on this device for the company's idle days (contract/visits-suggest.ts idleCustomers). A rep
 * without a plan in effect gets none: their customers are their whole data scope, which is the
 * office's list to work through, not a day's. Read from the device only, so it works offline.
 */
import { addDays } from '@contract/calendar-days';
import { DEFAULT_SUGGESTION_SETTINGS, idleCustomers, type IdleCustomer } from '@contract/visits-suggest';
import { vietnamDay } from '@contract/price-policy';
import type { AppDb, LocalCustomer } from '@/db/app-db';
import { companyRows } from '@/db/packed-company-rows';

export type IdleRow = IdleCustomer & { customer: LocalCustomer };
export type IdleList = { idleDays: number; rows: IdleRow[] };

/** The Vietnam day of the customer's latest order or visit on this device (null: none). */
async function latestDay(db: AppDb, companyId: number, customerId: string): Promise<string | null> {
  const [orders, visits] = await Promise.all([
    db.orders.where('[company+customer_id]').equals([companyId, customerId]).toArray(),
    db.visits.where('[company+customer_id]').equals([companyId, customerId]).toArray(),
  ]);
  let latest = '';
  for (const order of orders) if (order.created_at > latest) latest = order.created_at;
  for (const visit of visits) if (visit.check_in_at > latest) latest = visit.check_in_at;
  return latest ? vietnamDay(new Date(latest)) : null;
}

/** Customers seen since `since` (an order or a visit), by one range read of each index. */
async function seenSince(db: AppDb, companyId: number, since: string): Promise<Set<string>> {
  const from = new Date(`${since}T00:00:00+07:00`).toISOString();
  const [orders, visits] = await Promise.all([
    db.orders.where('[company+created_at]').between([companyId, from], [companyId, '\uffff']).toArray(),
    db.visits.where('[company+check_in_at]').between([companyId, from], [companyId, '\uffff']).toArray(),
  ]);
  return new Set([...orders.map((order) => order.customer_id), ...visits.map((visit) => visit.customer_id)]);
}

export async function idleOnDevice(db: AppDb, companyId: number, accountId: number, now = new Date()): Promise<IdleList> {
  const today = vietnamDay(now);
  const [plans, settings] = await Promise.all([
    db.routePlans.where('company').equals(companyId).toArray(),
    db.visitSettings.get(companyId),
  ]);
  const idleDays = settings?.idle_days ?? DEFAULT_SUGGESTION_SETTINGS.idle_days;
  const planned = new Set<string>();
  for (const plan of plans)
    if (plan.account_id === accountId && plan.approved_from !== null && plan.approved_from <= today)
      for (const stop of plan.approved_stops ?? []) planned.add(stop.customer_id);
  if (planned.size === 0) return { idleDays, rows: [] };
  const seen = await seenSince(db, companyId, addDays(today, -idleDays));
  const ids = [...planned].filter((id) => !seen.has(id));
  const customers = (await companyRows(db.customers, companyId, ids)).filter((row): row is LocalCustomer => row !== undefined);
  const last = new Map<string, string>();
  await Promise.all(
    customers.map(async (customer) => {
      const day = await latestDay(db, companyId, customer.id);
      if (day) last.set(customer.id, day);
    }),
  );
  const byId = new Map(customers.map((customer) => [customer.id, customer]));
  return {
    idleDays,
    rows: idleCustomers(customers, last, today, idleDays).map((row) => ({ ...row, customer: byId.get(row.id)! })),
  };
}
