/**
 * "Lâu chưa ghé" on "Hôm nay": the customers of the rep's approved route plans with no order and no
 * visit on this device for the company's idle days (contract/visits-suggest.ts idleCustomers). A rep
 * without a plan in effect gets none: their customers are their whole data scope, which is the
 * office's list to work through, not a day's. Read from the device only, so it works offline.
 */
import Dexie from 'dexie';
import { addDays } from '@contract/calendar-days';
import { DEFAULT_SUGGESTION_SETTINGS, idleCustomers, type IdleCustomer } from '@contract/visits-suggest';
import { vietnamDay } from '@contract/price-policy';
import type { AppDb, LocalCustomer } from '@/db/app-db';
import { companyRows } from '@/db/packed-company-rows';

export type IdleRow = IdleCustomer & { customer: LocalCustomer };
export type IdleSet = { idleDays: number; customers: LocalCustomer[] };

const third = (key: unknown) => (key as [number, string, string])[2];

/** The newest of a customer's records by an index on [company+customer_id+moment], as a key (no record read whole). */
async function newest(table: AppDb['orders'] | AppDb['visits'], index: string, companyId: number, customerId: string) {
  const keys = await table
    .where(index)
    .between([companyId, customerId, Dexie.minKey], [companyId, customerId, Dexie.maxKey])
    .reverse()
    .limit(1)
    .keys();
  return keys.length ? third(keys[0]) : '';
}

/** The Vietnam day of the customer's latest order or visit on this device (null: none). */
async function latestDay(db: AppDb, companyId: number, customerId: string): Promise<string | null> {
  const [order, visit] = await Promise.all([
    newest(db.orders, '[company+customer_id+created_at]', companyId, customerId),
    newest(db.visits, '[company+customer_id+check_in_at]', companyId, customerId),
  ]);
  const latest = order > visit ? order : visit;
  return latest ? vietnamDay(new Date(latest)) : null;
}

/**
 * Of `ids`, those with no visit and no order since `since`, read as index keys only (no record
 * whole): the window's visits in one range, then the orders of the customers not visited (few).
 */
async function unseenSince(db: AppDb, companyId: number, ids: readonly string[], since: string): Promise<string[]> {
  const from = new Date(`${since}T00:00:00+07:00`).toISOString();
  const keys = await db.visits
    .where('[company+check_in_at+customer_id]')
    .between([companyId, from, Dexie.minKey], [companyId, '\uffff', Dexie.maxKey])
    .keys();
  const visited = new Set(keys.map(third));
  const left = ids.filter((id) => !visited.has(id));
  const ordered = await Promise.all(
    left.map((id) =>
      db.orders.where('[company+customer_id+created_at]').between([companyId, id, from], [companyId, id, Dexie.maxKey]).count(),
    ),
  );
  return left.filter((_, i) => ordered[i] === 0);
}

/** The route's customers idle today, without their last days (cheap: shown as a count on "Hôm nay"). */
export async function idleOnDevice(db: AppDb, companyId: number, accountId: number, now = new Date()): Promise<IdleSet> {
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
  if (planned.size === 0) return { idleDays, customers: [] };
  const ids = await unseenSince(db, companyId, [...planned], addDays(today, -idleDays));
  const customers = (await companyRows(db.customers, companyId, ids)).filter((row): row is LocalCustomer => row !== undefined);
  // Nothing seen in the window: idle unless entered within it (idleCustomers with no last days).
  const idle = new Set(idleCustomers(customers, new Map(), today, idleDays).map((row) => row.id));
  return { idleDays, customers: customers.filter((customer) => idle.has(customer.id)) };
}

/** The idle customers with their last order or visit, never seen first, then the longest idle (when the list is opened). */
export async function idleRowsOnDevice(db: AppDb, companyId: number, idle: IdleSet, now = new Date()): Promise<IdleRow[]> {
  const last = new Map<string, string>();
  await Promise.all(
    idle.customers.map(async (customer) => {
      const day = await latestDay(db, companyId, customer.id);
      if (day) last.set(customer.id, day);
    }),
  );
  const byId = new Map(idle.customers.map((customer) => [customer.id, customer]));
  return idleCustomers(idle.customers, last, vietnamDay(now), idle.idleDays).map((row) => ({ ...row, customer: byId.get(row.id)! }));
}
