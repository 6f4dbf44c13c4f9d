/**
 * The demo reps' route plans (contract/visits-plans.ts), so "Hôm nay" on /visits and the office's
 * "Tuyến ghé thăm" have something to show: Lê Văn Trình's approved week at his two pharmacies (F12
 * and F8) and a monthly plan waiting for Võ Minh Quân's approval; Phạm Thị Hoa's daily (F24) plan,
 * approved, with a change to twice a week waiting. They took effect four Mondays ago, so the visit
 * history (server/seed/demo-history.ts) since then is judged against them as the server judges a
 * check-in: planned, or unplanned with a reason.
 */
import { and, eq, gte, inArray } from 'drizzle-orm';
import { addDays } from '@contract/calendar-days';
import { vietnamDay } from '@contract/price-policy';
import { uuidv7 } from '@contract/uuid';
import { dayPlace, planStateOf, UNPLANNED_REASONS, type ApprovedPlan, type RouteStop, type UnplannedReason } from '@contract/visits-plans';
import type { Db } from '@server/kernel/db/client';
import { accounts, customers, routePlans, visits } from '@server/kernel/db/schema';
import { recordChanges } from '@server/kernel/sync/change-log';

type DemoPlan = {
  rep: string;
  name: string;
  stops: [string, RouteStop['frequency'], number[], number[]?][];
  approved: 'yes' | 'no' | 'changed';
};

const PLANS: DemoPlan[] = [
  {
    rep: '0912000001',
    name: 'Tuyến Thủ Đức – Quận 1',
    stops: [
      ['KH000004', 'F12', [1, 3, 5]],
      ['KH000005', 'F8', [2, 4]],
    ],
    approved: 'yes',
  },
  { rep: '0912000001', name: 'Tuyến tháng – thứ Bảy', stops: [['KH000005', 'F1', [6], [2]]], approved: 'no' },
  { rep: '0912000002', name: 'Tuyến Hoàn Kiếm', stops: [['KH000007', 'F24', [1, 2, 3, 4, 5, 6]]], approved: 'changed' },
];
/** Hoa's change waiting for approval: twice a week instead of every day. */
const HOA_CHANGE: RouteStop['frequency'] = 'F8';
const MANAGER = '0912000003';

/** The Monday four weeks before today's week, in Vietnam. */
function fourMondaysAgo(now: number): string {
  const today = vietnamDay(new Date(now));
  return addDays(today, -(dayPlace(today).weekday - 1 + 28));
}

export async function seedDemoRoutePlans(db: Db, ids: { anKhangId: number }, now = Date.now()): Promise<void> {
  const companyId = ids.anKhangId;
  const people = await db
    .select({ id: accounts.id, phone: accounts.phone })
    .from(accounts)
    .where(inArray(accounts.phone, [...PLANS.map((plan) => plan.rep), MANAGER]));
  const accountOf = new Map(people.map((person) => [person.phone, person.id]));
  const found = await db.select({ id: customers.id, code: customers.code }).from(customers).where(eq(customers.companyId, companyId));
  const customerOf = new Map(found.map((customer) => [customer.code, customer.id]));
  const from = fourMondaysAgo(now);
  const approvedAt = new Date(`${from}T01:30:00Z`);
  const rows = PLANS.map((plan, i) => {
    const stops: RouteStop[] = plan.stops.map(([code, frequency, weekdays, weeks = []]) => ({
      customer_id: customerOf.get(code)!,
      frequency,
      weekdays,
      weeks,
    }));
    const approved = plan.approved !== 'no';
    return {
      id: uuidv7(now - 60_000 + i),
      companyId,
      accountId: accountOf.get(plan.rep)!,
      name: plan.name,
      status: plan.approved === 'yes' ? 'approved' : 'waiting',
      stops: plan.approved === 'changed' ? stops.map((stop) => ({ ...stop, frequency: HOA_CHANGE, weekdays: [1, 4] })) : stops,
      effectiveFrom: from,
      approvedStops: approved ? stops : null,
      approvedFrom: approved ? from : null,
      approvedBy: approved ? accountOf.get(MANAGER)! : null,
      approvedAt: approved ? approvedAt : null,
      createdBy: accountOf.get(MANAGER)!,
    };
  });
  await db.transaction(async (tx) => {
    await tx.insert(routePlans).values(rows);
    await recordChanges(
      tx,
      rows.map((row) => ({ companyId, entity: 'route_plan', entityId: row.id, op: 'upsert' as const, ownerAccountId: row.accountId })),
    );
    await judgeHistory(tx, companyId, rows, from);
  });
}

/** The history's visits since the plans took effect, planned or not as the server would have said; the unplanned ones with a reason. */
async function judgeHistory(
  tx: Db,
  companyId: number,
  rows: { id: string; name: string; accountId: number; approvedStops: RouteStop[] | null; approvedFrom: string | null }[],
  from: string,
) {
  const plans: ApprovedPlan[] = rows.map((row) => ({
    id: row.id,
    name: row.name,
    account_id: row.accountId,
    approved_stops: row.approvedStops,
    approved_from: row.approvedFrom,
  }));
  const reps = [...new Set(rows.map((row) => row.accountId))];
  const since = await tx
    .select({ id: visits.id, accountId: visits.accountId, customerId: visits.customerId, at: visits.checkInAt })
    .from(visits)
    .where(
      and(eq(visits.companyId, companyId), inArray(visits.accountId, reps), gte(visits.checkInAt, new Date(`${from}T00:00:00+07:00`))),
    );
  const reasons = Object.keys(UNPLANNED_REASONS) as UnplannedReason[];
  let unplanned = 0;
  for (const visit of since) {
    const state = planStateOf(plans, visit.accountId, vietnamDay(visit.at), visit.customerId);
    const reason = state === 'unplanned' ? reasons[unplanned++ % reasons.length]! : null;
    await tx
      .update(visits)
      .set({ planState: state, unplannedReason: reason })
      .where(and(eq(visits.id, visit.id), eq(visits.companyId, companyId)));
  }
}
