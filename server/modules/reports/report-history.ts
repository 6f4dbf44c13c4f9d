/**
 * Sales from before the company used the app (`historical_sales`, imported by the system
 * administrator: docs/system.md "Historical sales") as the baseline of the orders report: the
 * overview's figures and the revenue and orders over time count them for the days before the
 * company's first order here, so its first months compare with what it sold before. A row with its
 * day counts on that day; a row of a whole month counts when the month lies inside the period, on
 * the month's first day, and only if the month ended before the first order. The rows name the
 * employee and the province, not the customers: with a customer-group filter or a search, and in a
 * region manager's scope, they are left out; a rep sees their own.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { Period } from '@contract/reports';
import { rowsOf } from '@server/kernel/sql';
import type { ReportContext } from './report-context';

export type DayFigures = Map<string, { revenue: number; orders: number }>;

/** The historical figures per day of `period` within the filter and the caller's scope (empty when they do not apply). */
export async function historicalPerDay(ctx: ReportContext, period: Period): Promise<DayFigures> {
  const { access, filter } = ctx;
  const companyWide = access.isAdmin || access.scope === 'company';
  if (filter.customer_type !== undefined || filter.search || (!companyWide && access.scope !== 'own')) return new Map();
  const monthStart = sql`(h.month || '-01')::date`;
  const monthEnd = sql`((h.month || '-01')::date + interval '1 month' - interval '1 day')::date`;
  const conditions: SQL[] = [
    sql`h.company_id = ${ctx.company}`,
    sql`case when h.day is not null then h.day between ${period.from} and ${period.to}
             else ${monthStart} >= ${period.from} and ${monthEnd} <= ${period.to} end`,
    sql`coalesce(h.day, ${monthEnd}) < coalesce((select min(day) from report_order_facts where company_id = ${ctx.company}), 'infinity'::date)`,
  ];
  if (!companyWide) conditions.push(sql`h.account_id = ${access.accountId}`);
  if (filter.staff !== undefined) conditions.push(sql`h.account_id = ${filter.staff}`);
  if (ctx.regionCodes) conditions.push(sql`h.province_code = any(${sql.param(ctx.regionCodes)}::text[])`);
  const rows = rowsOf<{ day: string; revenue: string; orders: string }>(
    await ctx.db.execute(sql`
      select coalesce(h.day, ${monthStart})::text as day, sum(h.revenue) as revenue, sum(h.orders) as orders
      from historical_sales h where ${sql.join(conditions, sql` and `)} group by 1`),
  );
  return new Map(rows.map((row) => [row.day, { revenue: Number(row.revenue), orders: Number(row.orders) }]));
}

/** Adds the history's days into the app's (the series of business-analysis). */
export function withHistory(days: DayFigures, history: DayFigures): DayFigures {
  for (const [day, figures] of history) {
    const own = days.get(day);
    days.set(day, { revenue: (own?.revenue ?? 0) + figures.revenue, orders: (own?.orders ?? 0) + figures.orders });
  }
  return days;
}
