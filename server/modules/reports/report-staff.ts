/**
 * The staff report (REPORT-STAFF): per rep their revenue, orders, customers served, visits, strike
 * rate (visits with an order ÷ visits), time in call, SKU per order, average order value and KPI
 * attainment (staff); visits and strike rate per day (conversion-rate); each employee's KPI month
 * (employees). Reps are the company's sales staff within the caller's scope, and anyone else who
 * took an order or visited in the period.
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import { kpiProgress, monthClock, ZERO_KPI, type KpiValues } from '@contract/kpi';
import { percent, type ConversionReport, type EmployeeKpiReport, type StaffReport, type StaffRow } from '@contract/reports';
import { accountCompanies, accounts, kpiTargets, regions, reportOrderFacts as f, reportVisitFacts as vf } from '@server/kernel/db/schema';
import { matchesSearch } from '@server/kernel/lists';
import { rowsOf } from '@server/kernel/sql';
import { getProvinceIndex } from '@server/modules/address';
import { monthActuals } from '@server/modules/kpi';
import { ORDER_FACTS, VISIT_FACTS, type ReportContext } from './report-context';
import { REVENUE, TAKEN } from './report-orders';
import { routeFigures, type RouteFigures } from './report-route';

const num = (value: unknown) => Number(value ?? 0);

type Member = { accountId: number; code: string; name: string; region: string };

/** The company's accepted members with what the report's choice of people reads. */
async function membersOf(ctx: ReportContext) {
  return ctx.db
    .select({
      accountId: accountCompanies.accountId,
      code: accountCompanies.code,
      name: accounts.fullName,
      region: regions.name,
      staffKind: accountCompanies.staffKind,
      regionId: accountCompanies.regionId,
      isActive: accountCompanies.isActive,
    })
    .from(accountCompanies)
    .innerJoin(accounts, eq(accounts.id, accountCompanies.accountId))
    .leftJoin(regions, eq(regions.id, accountCompanies.regionId))
    .where(and(eq(accountCompanies.companyId, ctx.company), eq(accountCompanies.status, 'accept')));
}

/** The people a report lists: sales staff the caller may see, plus `also` (those with figures). */
function people(ctx: ReportContext, rows: Awaited<ReturnType<typeof membersOf>>, also: readonly number[]): Member[] {
  const { access, filter } = ctx;
  const own = !access.isAdmin && access.scope === 'own';
  const inRegion = !access.isAdmin && access.scope === 'region';
  const withFigures = new Set(also);
  return rows
    .filter((row) => {
      if (withFigures.has(row.accountId)) return true;
      if (row.staffKind !== 'sales' || !row.isActive) return false;
      if (own) return row.accountId === access.accountId;
      if (inRegion && row.regionId !== access.membership.regionId) return false;
      if (filter.staff !== undefined && row.accountId !== filter.staff) return false;
      if (filter.region !== undefined && row.regionId !== filter.region) return false;
      // A customer-group filter lists only the people who sold to that group.
      return filter.customer_type === undefined;
    })
    .map((row) => ({ accountId: row.accountId, code: row.code ?? '', name: row.name, region: row.region ?? '' }))
    .filter((row) => matchesSearch(`${row.code} ${row.name}`, filter.search));
}

/** Revenue targets and KPI actuals of the KPI month for these members (a report shows some of them). */
async function kpiOf(
  ctx: ReportContext,
  month: string,
  ids: number[],
): Promise<{ targets: Map<number, KpiValues>; actuals: Map<number, KpiValues> }> {
  if (ids.length === 0) return { targets: new Map(), actuals: new Map() };
  const [targetRows, actuals] = await Promise.all([
    ctx.db
      .select()
      .from(kpiTargets)
      .where(and(eq(kpiTargets.companyId, ctx.company), eq(kpiTargets.month, month), inArray(kpiTargets.accountId, ids))),
    monthActuals(ctx.db, ctx.company, month, await getProvinceIndex(), { accounts: ids }),
  ]);
  const targets = new Map(
    targetRows.map((row) => [
      row.accountId!,
      { revenue: row.revenue, orders: row.orders, new_customers: row.newCustomers, visits: row.visits } satisfies KpiValues,
    ]),
  );
  return { targets, actuals: actuals.byAccount };
}

/** The members and their KPI month, asked while the report's figures are summed. */
async function membersWithKpi(ctx: ReportContext, month: string) {
  const rows = await membersOf(ctx);
  return {
    rows,
    kpi: await kpiOf(
      ctx,
      month,
      rows.map((row) => row.accountId),
    ),
  };
}

function routeColumns(
  figures: RouteFigures,
): Pick<StaffRow, 'planned_calls' | 'planned_done' | 'route_compliance' | 'unplanned_visits' | 'place_flagged'> {
  return {
    planned_calls: figures.planned,
    planned_done: figures.plannedDone,
    route_compliance: percent(Math.min(figures.plannedDone, figures.planned), figures.planned),
    unplanned_visits: figures.unplanned,
    place_flagged: figures.placeFlagged,
  };
}

export async function staffReport(ctx: ReportContext): Promise<StaffReport> {
  const month = ctx.period.to.slice(0, 7);
  // Independent parts asked at once on connections of the pool: the orders' sums, the customers each
  // served (distinct pairs grouped, not a sort per rep), the visits, and the KPI month.
  const [orderAnswer, customerAnswer, visitAnswer, { rows: memberRows, kpi }] = await Promise.all([
    ctx.db.execute(sql`
      select ${f.accountId} as account_id,
             coalesce(sum(${f.total}) filter (where ${REVENUE}), 0) as revenue,
             count(*) filter (where ${TAKEN}) as orders,
             count(*) filter (where ${REVENUE}) as sold_orders,
             coalesce(avg(${f.skuCount}) filter (where ${TAKEN}), 0) as sku_per_order
      from ${f} where ${ctx.where(ORDER_FACTS)} group by ${f.accountId}`),
    ctx.db.execute(sql`
      select pairs.account_id, count(*) as customers
      from (select ${f.accountId} as account_id, ${f.customerId} from ${f} where ${ctx.where(ORDER_FACTS)} and ${TAKEN} group by 1, 2) pairs
      group by 1`),
    ctx.db.execute(sql`
      select ${vf.accountId} as account_id, count(*) as visits, count(*) filter (where ${vf.withOrder}) as with_order, avg(${vf.minutes}) as minutes
      from ${ctx.visitsFrom} where ${ctx.where(VISIT_FACTS)} group by ${vf.accountId}`),
    membersWithKpi(ctx, month),
  ]);
  const orderRows = rowsOf<Record<string, string>>(orderAnswer);
  const visitRows = rowsOf<Record<string, string | null>>(visitAnswer);
  const byOrders = new Map(orderRows.map((row) => [num(row.account_id), row]));
  const customersOf = new Map(
    rowsOf<{ account_id: string; customers: string }>(customerAnswer).map((row) => [num(row.account_id), num(row.customers)]),
  );
  const byVisits = new Map(visitRows.map((row) => [num(row.account_id), row]));
  const members = people(ctx, memberRows, [...byOrders.keys(), ...byVisits.keys()]);
  const route = await routeFigures(
    ctx,
    members.map((member) => member.accountId),
  );
  const rows: StaffRow[] = members.map((member) => {
    const o = byOrders.get(member.accountId);
    const w = byVisits.get(member.accountId);
    const revenue = num(o?.revenue);
    const sold = num(o?.sold_orders);
    const target = kpi.targets.get(member.accountId)?.revenue ?? 0;
    const visitCount = num(w?.visits);
    return {
      account_id: member.accountId,
      code: member.code,
      name: member.name,
      region: member.region,
      revenue,
      orders: num(o?.orders),
      customers: customersOf.get(member.accountId) ?? 0,
      visits: visitCount,
      visits_with_order: num(w?.with_order),
      strike_rate: percent(num(w?.with_order), visitCount),
      minutes_per_visit: w?.minutes == null ? null : Math.round(num(w.minutes) * 10) / 10,
      sku_per_order: Math.round(num(o?.sku_per_order) * 10) / 10,
      avg_order_value: sold > 0 ? Math.round(revenue / sold) : 0,
      kpi_revenue_target: target,
      kpi_attainment: percent((kpi.actuals.get(member.accountId) ?? ZERO_KPI).revenue, target),
      ...routeColumns(route.get(member.accountId)!),
    };
  });
  rows.sort((a, b) => b.revenue - a.revenue || a.name.localeCompare(b.name, 'vi'));
  return { rows, kpi_month: month };
}

export async function conversionRate(ctx: ReportContext): Promise<ConversionReport> {
  const rows = rowsOf<{ day: string; visits: string; with_order: string }>(
    await ctx.db.execute(sql`
      select ${vf.day}::text as day, count(*) as visits, count(*) filter (where ${vf.withOrder}) as with_order
      from ${ctx.visitsFrom} where ${ctx.where(VISIT_FACTS)} group by 1 order by 1`),
  );
  const days = rows.map((row) => ({
    day: row.day,
    visits: num(row.visits),
    visits_with_order: num(row.with_order),
    strike_rate: percent(num(row.with_order), num(row.visits)),
  }));
  const total = days.reduce((sum, day) => sum + day.visits, 0);
  const withOrder = days.reduce((sum, day) => sum + day.visits_with_order, 0);
  return { days, visits: total, visits_with_order: withOrder, strike_rate: percent(withOrder, total) };
}

export async function employeeKpi(ctx: ReportContext, now = new Date()): Promise<EmployeeKpiReport> {
  const month = ctx.period.to.slice(0, 7);
  const { rows, kpi } = await membersWithKpi(ctx, month);
  const members = people(ctx, rows, []);
  const clock = monthClock(month, now);
  return {
    month,
    rows: members.map((member) => ({
      account_id: member.accountId,
      code: member.code,
      name: member.name,
      region: member.region,
      progress: kpiProgress(kpi.targets.get(member.accountId) ?? null, kpi.actuals.get(member.accountId) ?? { ...ZERO_KPI }, clock),
    })),
  };
}
