/**
 * Route plans (contract/visits-plans.ts) in the database: read with the rep's and customers' names,
 * saved by the office (back to "Chờ duyệt"), approved by the region manager (the stops become the
 * plan in effect), and the approved plans a check-in is compared with. Every write records a change
 * owned by the plan's rep: only that rep's phone pulls it (server/kernel/sync/pull.ts).
 */
import { and, eq, inArray, or, type SQL } from 'drizzle-orm';
import { alias, type AnyPgColumn } from 'drizzle-orm/pg-core';
import type { ApprovedPlan, PlanStatus, RoutePlanInput, RoutePlanRecord, RouteStop } from '@contract/visits-plans';
import type { Db } from '@server/kernel/db/client';
import { accountCompanies, accounts, customers, routePlans } from '@server/kernel/db/schema';
import { recordChange } from '@server/kernel/sync/change-log';
import type { Access } from '@server/modules/roles';

type PlanRow = typeof routePlans.$inferSelect;
const approver = alias(accounts, 'approver');

/** The reps whose plans a member may see and change, as a condition on an account column: all for the company's scope, the region's reps for a region, themselves otherwise. */
export function repScope(db: Db, access: Access, column: AnyPgColumn): SQL | null {
  if (access.isAdmin || access.scope === 'company') return null;
  const own = eq(column, access.accountId);
  const regionId = access.membership.regionId;
  if (access.scope === 'own' || regionId === null) return own;
  const regionReps = db
    .select({ id: accountCompanies.accountId })
    .from(accountCompanies)
    .where(and(eq(accountCompanies.companyId, access.membership.companyId), eq(accountCompanies.regionId, regionId)));
  return or(own, inArray(column, regionReps))!;
}

async function customerNames(db: Db, companyId: number, rows: PlanRow[]): Promise<Map<string, string>> {
  const ids = [...new Set(rows.flatMap((row) => row.stops.map((stop) => stop.customer_id)))];
  if (ids.length === 0) return new Map();
  const found = await db
    .select({ id: customers.id, name: customers.name })
    .from(customers)
    .where(and(eq(customers.companyId, companyId), inArray(customers.id, ids)));
  return new Map(found.map((row) => [row.id, row.name]));
}

/** Plans as records, by name, filtered by `where` (the company is always one of its conditions). */
export async function planRecords(db: Db, companyId: number, where: SQL[]): Promise<RoutePlanRecord[]> {
  const rows = await db
    .select({ plan: routePlans, accountName: accounts.fullName, approverName: approver.fullName })
    .from(routePlans)
    .innerJoin(accounts, eq(accounts.id, routePlans.accountId))
    .leftJoin(approver, eq(approver.id, routePlans.approvedBy))
    .where(and(eq(routePlans.companyId, companyId), ...where))
    .orderBy(accounts.fullName, routePlans.name);
  const names = await customerNames(
    db,
    companyId,
    rows.map((row) => row.plan),
  );
  return rows.map(({ plan, accountName, approverName }) => ({
    id: plan.id,
    company: plan.companyId,
    account_id: plan.accountId,
    account_name: accountName,
    name: plan.name,
    status: plan.status as PlanStatus,
    // A customer deleted since keeps its line, named so the office can take it out.
    stops: plan.stops.map((stop) => ({ ...stop, customer_name: names.get(stop.customer_id) ?? 'Khách hàng đã xóa' })),
    effective_from: plan.effectiveFrom,
    approved_stops: plan.approvedStops,
    approved_from: plan.approvedFrom,
    approved_by_name: approverName,
    approved_at: plan.approvedAt?.toISOString() ?? null,
    updated_at: plan.updatedAt.toISOString(),
  }));
}

/** The sync loader: plans by id within the company. */
export async function loadPlanRecords(db: Db, companyId: number, ids: string[]): Promise<Map<string, RoutePlanRecord>> {
  if (ids.length === 0) return new Map();
  const records = await planRecords(db, companyId, [inArray(routePlans.id, ids)]);
  return new Map(records.map((record) => [record.id, record]));
}

/** What a check-in (one rep) and route compliance (the staff report's reps) are compared with: the reps' approved plans. */
export async function approvedPlansOf(db: Db, companyId: number, accountIds: readonly number[]): Promise<ApprovedPlan[]> {
  if (accountIds.length === 0) return [];
  return db
    .select({
      id: routePlans.id,
      name: routePlans.name,
      account_id: routePlans.accountId,
      approved_stops: routePlans.approvedStops,
      approved_from: routePlans.approvedFrom,
    })
    .from(routePlans)
    .where(and(eq(routePlans.companyId, companyId), inArray(routePlans.accountId, [...accountIds])));
}

function changed(tx: Db, companyId: number, id: string, accountId: number, op: 'upsert' | 'delete' = 'upsert') {
  return recordChange(tx, { companyId, entity: 'route_plan', entityId: id, op, ownerAccountId: accountId });
}

/** Creates or replaces a plan's stops; it waits for approval again, the approved stops stay in effect meanwhile. */
export async function savePlan(tx: Db, id: string, input: RoutePlanInput, by: number, existing: PlanRow | null): Promise<void> {
  const stops: RouteStop[] = input.stops.map(({ customer_id, frequency, weekdays, weeks }) => ({
    customer_id,
    frequency,
    weekdays,
    weeks,
  }));
  const values = { name: input.name, stops, effectiveFrom: input.effective_from, status: 'waiting', updatedAt: new Date() };
  if (existing)
    await tx
      .update(routePlans)
      .set(values)
      .where(and(eq(routePlans.id, id), eq(routePlans.companyId, input.company)));
  else await tx.insert(routePlans).values({ id, companyId: input.company, accountId: input.account_id, createdBy: by, ...values });
  await changed(tx, input.company, id, input.account_id);
}

export async function approvePlan(tx: Db, plan: PlanRow, by: number): Promise<void> {
  await tx
    .update(routePlans)
    .set({
      status: 'approved',
      approvedStops: plan.stops,
      approvedFrom: plan.effectiveFrom,
      approvedBy: by,
      approvedAt: new Date(),
      updatedAt: new Date(),
    })
    .where(and(eq(routePlans.id, plan.id), eq(routePlans.companyId, plan.companyId)));
  await changed(tx, plan.companyId, plan.id, plan.accountId);
}

export async function deletePlan(tx: Db, plan: PlanRow): Promise<void> {
  await tx.delete(routePlans).where(and(eq(routePlans.id, plan.id), eq(routePlans.companyId, plan.companyId)));
  await changed(tx, plan.companyId, plan.id, plan.accountId, 'delete');
}

/** The plan's row when the member may see it, else null (another company's or outside their scope reads as missing). */
export async function planRow(db: Db, access: Access, id: string): Promise<PlanRow | null> {
  const scope = repScope(db, access, routePlans.accountId);
  const [row] = await db
    .select()
    .from(routePlans)
    .where(and(eq(routePlans.id, id), eq(routePlans.companyId, access.membership.companyId), ...(scope ? [scope] : [])));
  return row ?? null;
}
