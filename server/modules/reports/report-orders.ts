/**
 * The orders and revenue report (REPORT-ORDER-REVENUA): the period's headline figures against the
 * period before (company-overview), revenue and orders per day, week or month beside the same
 * bucket of the previous period, and the orders by status, type and payment (business-analysis);
 * the figures of today, yesterday and this month (dashboard-overview). Over report_order_facts.
 */
import { sql, type SQL } from 'drizzle-orm';
import { ORDER_STATUS_LABELS, ORDER_STATUSES, PAYMENT_STATUSES, PAYMENT_STATUS_LABELS } from '@contract/orders-status';
import { vietnamDay } from '@contract/price-policy';
import {
  addDays,
  daysBetween,
  growth,
  ORDER_TYPE_LABELS,
  ORDER_TYPES,
  percent,
  previousPeriod,
  REVENUE_STATUSES,
  TAKEN_STATUSES,
  type BusinessAnalysis,
  type CompanyOverview,
  type DashboardOverview,
  type OverviewFigures,
  type Period,
  type TimeBucket,
} from '@contract/reports';
import { reportOrderFacts as f, reportVisitFacts as vf } from '@server/kernel/db/schema';
import { rowsOf } from '@server/kernel/sql';
import { inList, ORDER_FACTS, VISIT_FACTS, type ReportContext } from './report-context';
import { historicalPerDay, withHistory } from './report-history';

export { inList };

export const REVENUE = sql`${f.status} in ${inList(REVENUE_STATUSES)}`;
export const TAKEN = sql`${f.status} in ${inList(TAKEN_STATUSES)}`;

const num = (value: unknown) => Number(value ?? 0);

/**
 * No order taken from the customer before `from`, by anyone in the company: their first order ever is
 * later. Asked once per customer (after grouping), each an index probe (company, customer, day).
 */
export function firstEver(company: number, customer: SQL, from: string): SQL {
  return sql`not exists (select 1 from ${f} earlier where earlier.company_id = ${company} and earlier.customer_id = ${customer}
                         and earlier.day < ${from} and earlier.status in ${inList(TAKEN_STATUSES)})`;
}

/** Visits and visits with an order taken at them, and the time spent, within the filter. */
export async function visitFigures(ctx: ReportContext, period: Period) {
  const [row] = rowsOf<{ visits: string; with_order: string; minutes: string | null }>(
    await ctx.db.execute(sql`
      select count(*) as visits, count(*) filter (where ${vf.withOrder}) as with_order, avg(${vf.minutes}) as minutes
      from ${ctx.visitsFrom} where ${ctx.where(VISIT_FACTS, period)}`),
  );
  return { visits: num(row?.visits), withOrder: num(row?.with_order), minutes: row?.minutes === null ? null : num(row?.minutes) };
}

export async function overviewFigures(ctx: ReportContext, period: Period): Promise<OverviewFigures> {
  // The orders' figures and the visits' are independent: asked at once, on two connections of the pool.
  const [answer, visited, history] = await Promise.all([
    ctx.db.execute(sql`
      with buyers as (select ${f.customerId} as id from ${f} where ${ctx.where(ORDER_FACTS, period)} and ${TAKEN} group by ${f.customerId})
      select coalesce(sum(${f.total}) filter (where ${REVENUE}), 0) as revenue,
             count(*) filter (where ${TAKEN}) as orders,
             count(*) filter (where ${REVENUE}) as sold_orders,
             (select count(*) from buyers) as customers,
             coalesce(avg(${f.skuCount}) filter (where ${TAKEN}), 0) as sku_per_order,
             (select count(*) from buyers where ${firstEver(ctx.company, sql`buyers.id`, period.from)}) as new_customers
      from ${f} where ${ctx.where(ORDER_FACTS, period)}`),
    visitFigures(ctx, period),
    historicalPerDay(ctx, period),
  ]);
  const [row] = rowsOf<Record<string, string>>(answer);
  // Sales from before the app (./report-history.ts) count as sold and taken orders.
  const before = [...history.values()].reduce((sum, day) => ({ revenue: sum.revenue + day.revenue, orders: sum.orders + day.orders }), {
    revenue: 0,
    orders: 0,
  });
  const revenue = num(row?.revenue) + before.revenue;
  const soldOrders = num(row?.sold_orders) + before.orders;
  return {
    revenue,
    orders: num(row?.orders) + before.orders,
    sold_orders: soldOrders,
    customers: num(row?.customers),
    avg_order_value: soldOrders > 0 ? Math.round(revenue / soldOrders) : 0,
    sku_per_order: Math.round(num(row?.sku_per_order) * 10) / 10,
    new_customers: num(row?.new_customers),
    visits: visited.visits,
    strike_rate: percent(visited.withOrder, visited.visits),
  };
}

export async function companyOverview(ctx: ReportContext): Promise<CompanyOverview> {
  const previous = previousPeriod(ctx.period);
  const [current, before] = await Promise.all([overviewFigures(ctx, ctx.period), overviewFigures(ctx, previous)]);
  return { period: ctx.period, previous, current, before };
}

export async function dashboardOverview(ctx: ReportContext, now = new Date()): Promise<DashboardOverview> {
  const today = vietnamDay(now);
  const monthStart = `${today.slice(0, 8)}01`;
  const lastMonthStart = `${addDays(monthStart, -1).slice(0, 8)}01`;
  const lastMonthEnd = addDays(monthStart, -1);
  // The same number of days into last month, no further than its end (31 March → 28 February).
  const lastMonthTo = [addDays(lastMonthStart, daysBetween(monthStart, today)), lastMonthEnd].sort()[0]!;
  const [todayFigures, yesterday, month, lastMonth] = await Promise.all([
    overviewFigures(ctx, { from: today, to: today }),
    overviewFigures(ctx, { from: addDays(today, -1), to: addDays(today, -1) }),
    overviewFigures(ctx, { from: monthStart, to: today }),
    overviewFigures(ctx, { from: lastMonthStart, to: lastMonthTo }),
  ]);
  return { today: todayFigures, yesterday, month, last_month: lastMonth };
}

// ---- Over time -------------------------------------------------------------------------------------

export function bucketOf(period: Period): TimeBucket {
  const days = daysBetween(period.from, period.to) + 1;
  return days <= 31 ? 'day' : days <= 92 ? 'week' : 'month';
}

const dm = (day: string) => `${day.slice(8, 10)}/${day.slice(5, 7)}`;

/** The buckets of a period: days, weeks from Monday, or calendar months, cut to the period's ends. */
export function buckets(period: Period, bucket: TimeBucket): { key: string; label: string; from: string; to: string }[] {
  const out: { key: string; label: string; from: string; to: string }[] = [];
  let from = period.from;
  while (from <= period.to && out.length < 400) {
    let end: string;
    if (bucket === 'day') end = from;
    else if (bucket === 'week') {
      const weekday = (new Date(`${from}T00:00:00Z`).getUTCDay() + 6) % 7;
      end = addDays(from, 6 - weekday);
    } else end = addDays(`${addDays(`${from.slice(0, 8)}01`, 32).slice(0, 8)}01`, -1);
    const to = end < period.to ? end : period.to;
    const label = bucket === 'day' ? dm(from) : bucket === 'week' ? `${dm(from)}–${dm(to)}` : `${from.slice(5, 7)}/${from.slice(0, 4)}`;
    out.push({ key: from, label, from, to });
    from = addDays(to, 1);
  }
  return out;
}

/** Revenue and orders per day of the period, the sales from before the app included (./report-history.ts). */
async function perDay(ctx: ReportContext, period: Period): Promise<Map<string, { revenue: number; orders: number }>> {
  const [answer, history] = await Promise.all([
    ctx.db.execute(sql`
      select ${f.day}::text as day, coalesce(sum(${f.total}) filter (where ${REVENUE}), 0) as revenue, count(*) filter (where ${TAKEN}) as orders
      from ${f} where ${ctx.where(ORDER_FACTS, period)} group by ${f.day}`),
    historicalPerDay(ctx, period),
  ]);
  const rows = rowsOf<{ day: string; revenue: string; orders: string }>(answer);
  return withHistory(new Map(rows.map((row) => [row.day, { revenue: num(row.revenue), orders: num(row.orders) }])), history);
}

function sumDays(days: Map<string, { revenue: number; orders: number }>, from: string, to: string) {
  let revenue = 0;
  let orders = 0;
  for (let day = from; day <= to; day = addDays(day, 1)) {
    revenue += days.get(day)?.revenue ?? 0;
    orders += days.get(day)?.orders ?? 0;
  }
  return { revenue, orders };
}

export async function businessAnalysis(ctx: ReportContext): Promise<BusinessAnalysis> {
  const period = ctx.period;
  const previous = previousPeriod(period);
  const shift = daysBetween(previous.from, period.from);
  const bucket = bucketOf(period);
  const where = ctx.where(ORDER_FACTS);
  const [current, before, breakdown] = await Promise.all([
    perDay(ctx, period),
    perDay(ctx, previous),
    ctx.db
      .select({
        status: f.status,
        type: f.orderType,
        payment: f.paymentStatus,
        orders: sql<string>`count(*)`,
        value: sql<string>`coalesce(sum(${f.total}), 0)`,
      })
      .from(f)
      .where(where)
      .groupBy(f.status, f.orderType, f.paymentStatus),
  ]);
  const series = buckets(period, bucket).map((slot) => {
    const now = sumDays(current, slot.from, slot.to);
    const then = sumDays(before, addDays(slot.from, -shift), addDays(slot.to, -shift));
    return {
      ...slot,
      revenue: now.revenue,
      orders: now.orders,
      prev_revenue: then.revenue,
      prev_orders: then.orders,
      growth: growth(now.revenue, then.revenue),
    };
  });
  const taken = new Set<string>(TAKEN_STATUSES);
  const sold = new Set<string>(REVENUE_STATUSES);
  const tally = <K extends string>(
    keys: readonly K[],
    labels: Record<K, string>,
    keyOf: (row: (typeof breakdown)[number]) => string,
    all: boolean,
  ) =>
    keys.map((key) => {
      const rows = breakdown.filter((row) => keyOf(row) === key);
      return {
        key,
        label: labels[key],
        orders: rows.filter((row) => all || taken.has(row.status)).reduce((sum, row) => sum + num(row.orders), 0),
        value: rows.filter((row) => all || sold.has(row.status)).reduce((sum, row) => sum + num(row.value), 0),
      };
    });
  return {
    period,
    previous,
    bucket,
    series,
    by_status: tally(ORDER_STATUSES, ORDER_STATUS_LABELS, (row) => row.status, true),
    by_type: tally(ORDER_TYPES, ORDER_TYPE_LABELS, (row) => row.type, false),
    by_payment: tally(PAYMENT_STATUSES, PAYMENT_STATUS_LABELS, (row) => row.payment, false),
  };
}
