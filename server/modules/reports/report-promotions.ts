/**
 * The promotions report (REPORT-PROMOTION): per programme, the orders of the period it applied to,
 * their customers and revenue, the discount and gifts given (gifts at list price, as budgets count
 * them: docs/promotions.md), and its budget used since it began. A usage counts while its order
 * stands: a cancelled or refused order releases it (promotion_usages.released_at).
 *
 * A row's orders and revenue are those its programme applied to, so an order several programmes
 * applied to is in several rows; the answer's `totals` count every order once.
 */
import { sql, type SQL } from 'drizzle-orm';
import { PROMOTION_STATUS_LABELS, promotionStatus, type PromotionState } from '@contract/promotions-status';
import { vietnamDay } from '@contract/price-policy';
import { percent, type PromotionReport, type PromotionRow, type PromotionTotals } from '@contract/reports';
import { promotions as p, promotionUsages as u, reportOrderFacts as f } from '@server/kernel/db/schema';
import { rowsOf, wordConditions } from '@server/kernel/sql';
import { ORDER_FACTS, type ReportContext } from './report-context';
import { REVENUE } from './report-orders';

const num = (value: unknown) => Number(value ?? 0);

export async function promotionReport(ctx: ReportContext, now = new Date()): Promise<PromotionReport> {
  const search = wordConditions(p.searchText, ctx.filter.search);
  const [rows, totals] = await Promise.all([programmeRows(ctx, search, now), promotionTotals(ctx, search)]);
  return { rows, totals };
}

/**
 * The orders of the period at least one programme of the filter (its words) applied to, each once:
 * how many, their customers and revenue, and the discount and gifts all those programmes gave.
 */
async function promotionTotals(ctx: ReportContext, search: SQL[]): Promise<PromotionTotals> {
  const [row] = rowsOf<Record<string, string | null>>(
    await ctx.db.execute(sql`
      with applied as (
        select ${u.orderId} as order_id, sum(${u.discount}) as discount, sum(${u.giftValue}) as gift_value
        from ${u} join ${p} on ${p.id} = ${u.promotionId} and ${p.companyId} = ${u.companyId}
        where ${u.companyId} = ${ctx.company} and ${u.releasedAt} is null
          ${search.length ? sql`and ${sql.join(search, sql` and `)}` : sql``}
        group by ${u.orderId}
      )
      select count(*) as orders, count(distinct ${f.customerId}) as customers,
             coalesce(sum(${f.total}) filter (where ${REVENUE}), 0) as revenue,
             coalesce(sum(applied.discount), 0) as discount, coalesce(sum(applied.gift_value), 0) as gift_value
      from applied join ${f} on ${f.orderId} = applied.order_id
      where ${ctx.where(ORDER_FACTS)}`),
  );
  return {
    orders: num(row?.orders),
    customers: num(row?.customers),
    revenue: num(row?.revenue),
    discount: num(row?.discount),
    gift_value: num(row?.gift_value),
  };
}

async function programmeRows(ctx: ReportContext, search: SQL[], now: Date): Promise<PromotionRow[]> {
  const rows = rowsOf<Record<string, string | null>>(
    await ctx.db.execute(sql`
      with used as (
        select ${u.promotionId} as promotion_id, count(*) as orders, count(distinct ${u.customerId}) as customers,
               sum(${u.discount}) as discount, sum(${u.giftValue}) as gift_value,
               sum(${u.quantity}) filter (where ${u.giftValue} > 0) as gift_quantity,
               coalesce(sum(${f.total}) filter (where ${REVENUE}), 0) as revenue
        from ${u} join ${f} on ${f.orderId} = ${u.orderId}
        where ${u.releasedAt} is null and ${ctx.where(ORDER_FACTS)}
        group by ${u.promotionId}
      ), spent as (
        select ${u.promotionId} as promotion_id, sum(${u.spent}) as spent
        from ${u} join ${f} on ${f.orderId} = ${u.orderId}
        where ${u.releasedAt} is null and ${ctx.whereAnyTime(ORDER_FACTS)}
        group by ${u.promotionId}
      )
      select ${p.id} as id, ${p.code} as code, ${p.name} as name, ${p.state} as state, ${p.startsOn}::text as starts_on, ${p.endsOn}::text as ends_on,
             ${p.capKind} as cap_kind, ${p.capTotal} as cap_total,
             used.orders, used.customers, used.discount, used.gift_value, used.gift_quantity, used.revenue, spent.spent
      from ${p} left join used on used.promotion_id = ${p.id} left join spent on spent.promotion_id = ${p.id}
      where ${p.companyId} = ${ctx.company}
        and (used.promotion_id is not null
             or (${p.state} in ('approved', 'stopped') and ${p.startsOn} <= ${ctx.period.to} and ${p.endsOn} >= ${ctx.period.from}))
        ${search.length ? sql`and ${sql.join(search, sql` and `)}` : sql``}
      order by coalesce(used.discount, 0) + coalesce(used.gift_value, 0) desc, ${p.code}`),
  );
  const today = vietnamDay(now);
  return rows.map((row) => {
    const budget = row.cap_total === null ? null : num(row.cap_total);
    const used = num(row.spent);
    const status = promotionStatus(
      {
        state: row.state as PromotionState,
        starts_on: row.starts_on!,
        ends_on: row.ends_on!,
        exhausted: budget !== null && used >= budget,
      },
      today,
    );
    return {
      promotion_id: num(row.id),
      code: row.code!,
      name: row.name!,
      state: PROMOTION_STATUS_LABELS[status],
      starts_on: row.starts_on!,
      ends_on: row.ends_on!,
      orders: num(row.orders),
      customers: num(row.customers),
      discount: num(row.discount),
      gift_value: num(row.gift_value),
      gift_quantity: num(row.gift_quantity),
      revenue: num(row.revenue),
      budget,
      budget_kind: row.cap_kind === 'quantity' ? 'quantity' : 'money',
      budget_used: used,
      budget_share: budget === null ? null : percent(used, budget),
    };
  });
}
