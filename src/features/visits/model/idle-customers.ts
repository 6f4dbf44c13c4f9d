/**
 * "Lâu chưa ghé" on "Hôm nay": the customers of the rep's approved route plans with no order and no
 * visit on this device for the company's idle days (contract/visits-suggest.ts idleCustomers), read
 * from when the device last saw each customer (src/db/customer-seen.ts). A rep without a plan in
 * effect gets none: their customers are their whole data scope, which is the office's list to work
 * through, not a day's. Read from the device only, so it works offline.
 */
import { addDays } from '@contract/calendar-days';
import { DEFAULT_SUGGESTION_SETTINGS, idleCustomers, type IdleCustomer } from '@contract/visits-suggest';
import { vietnamDay } from '@contract/price-policy';
import type { AppDb, CustomerSeenRow, LocalCustomer } from '@/db/app-db';
import { seenRows } from '@/db/customer-seen';
import { companyRows } from '@/db/packed-company-rows';

export type IdleRow = IdleCustomer & { customer: LocalCustomer };
/** The route's idle customers with their last order or visit, never seen first, then the longest idle. */
export type IdleSet = { idleDays: number; rows: IdleRow[] };

/** The Vietnam day of a moment the device saw a customer at (null: never seen here). */
const dayOf = (row: CustomerSeenRow | undefined) => (row ? vietnamDay(new Date(row.at)) : null);

/** The route's customers idle today: their count shows on "Hôm nay", the rows when the list is opened. */
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
  if (planned.size === 0) return { idleDays, rows: [] };
  const since = addDays(today, -idleDays);
  const ids = [...planned];
  const seen = await seenRows(db, companyId, ids);
  const last = new Map<string, string>();
  const unseen = ids.filter((id, i) => {
    const day = dayOf(seen[i]);
    if (day) last.set(id, day);
    return (day ?? '') < since;
  });
  const customers = (await companyRows(db.customers, companyId, unseen)).filter((row): row is LocalCustomer => row !== undefined);
  const byId = new Map(customers.map((customer) => [customer.id, customer]));
  // Nothing seen in the window: idle unless entered within it (idleCustomers).
  return { idleDays, rows: idleCustomers(customers, last, today, idleDays).map((row) => ({ ...row, customer: byId.get(row.id)! })) };
}
