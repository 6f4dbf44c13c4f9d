/**
 * The rep's day on the phone ("Hôm nay"), from what the device holds: the approved route plans it
 * pulled (contract/visits-plans.ts), the mirrored customers and today's visits. Works offline; the
 * same plannedStops and planStateOf decide on the server whether a check-in was planned.
 */
import { vietnamDay } from '@contract/price-policy';
import { planStateOf, plannedStops, type PlannedStop, type PlanState } from '@contract/visits-plans';
import type { AppDb, LocalCustomer, LocalVisit } from '@/db/app-db';
import { companyRows } from '@/db/packed-company-rows';

export type TodayStop = PlannedStop & { customer: LocalCustomer | null; visit: LocalVisit | null };

export type DayPlan = {
  day: string;
  /** Whether the rep has an approved plan in effect today: without one there is nothing to follow. */
  inEffect: boolean;
  stops: TodayStop[];
  /** Today's visits at customers not on the plan, counted apart. */
  unplanned: LocalVisit[];
};

/** Today's visits of the rep on this device, first check-in of each customer first. */
async function visitsOn(db: AppDb, companyId: number, accountId: number, day: string): Promise<LocalVisit[]> {
  const start = new Date(`${day}T00:00:00+07:00`);
  const end = new Date(start.getTime() + 86_400_000);
  const rows = await db.visits
    .where('[company+check_in_at]')
    .between([companyId, start.toISOString()], [companyId, end.toISOString()])
    .filter((visit) => visit.account_id === accountId)
    .toArray();
  return rows;
}

export async function dayPlanOnDevice(db: AppDb, companyId: number, accountId: number, now = new Date()): Promise<DayPlan> {
  const day = vietnamDay(now);
  const [plans, visits] = await Promise.all([
    db.routePlans.where('company').equals(companyId).toArray(),
    visitsOn(db, companyId, accountId, day),
  ]);
  const due = plannedStops(plans, accountId, day);
  const customers = await companyRows(
    db.customers,
    companyId,
    due.map((stop) => stop.customer_id),
  );
  const firstVisit = new Map<string, LocalVisit>();
  for (const visit of visits) if (!firstVisit.has(visit.customer_id)) firstVisit.set(visit.customer_id, visit);
  const planned = new Set(due.map((stop) => stop.customer_id));
  return {
    day,
    inEffect: planStateOf(plans, accountId, day, '') !== null,
    stops: due.map((stop, i) => ({ ...stop, customer: customers[i] ?? null, visit: firstVisit.get(stop.customer_id) ?? null })),
    unplanned: visits.filter((visit) => !planned.has(visit.customer_id)),
  };
}

/** Whether a check-in now at a customer is on the rep's plan, as the device knows it (null: no plan in effect). */
export async function planStateOnDevice(
  db: AppDb,
  companyId: number,
  accountId: number,
  customerId: string,
  now = new Date(),
): Promise<PlanState | null> {
  const plans = await db.routePlans.where('company').equals(companyId).toArray();
  return planStateOf(plans, accountId, vietnamDay(now), customerId);
}
