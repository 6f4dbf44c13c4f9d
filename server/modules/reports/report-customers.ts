/**
 * The customer report (REPORT-CUSTOMER): the period's buyers with their revenue, orders, first and
 * last order ever and whether they are new (first order ever in the period); or the customers with
 * no order for N days (none ever included); per customer group or level: customers, buyers, new
 * and returning buyers, revenue and orders; one customer's revenue per month (reportrevenuecustomer).
 * "Ever" is the company's orders from anyone: a customer who bought from another rep is not idle.
 */
import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type * as v from 'valibot';
import { vietnamDay } from '@contract/price-policy';
import {
  addDays,
  daysBetween,
  type CustomerGrouping,
  type CustomerReport,
  type CustomerReportSchema,
  type CustomerRow,
  type CustomerTypeRow,
  type RevenueCustomer,
} from '@contract/reports';
import { accounts, customerLevels, customers as c, customerTypes, reportOrderFacts as f } from '@server/kernel/db/schema';
import { notFound } from '@server/kernel/errors';
import { matchesSearch } from '@server/kernel/lists';
import { anyText, rowsOf, wordConditions } from '@server/kernel/sql';
import { customerScope } from '@server/modules/roles';
import { ORDER_FACTS, type ReportContext } from './report-context';
import { firstEver, REVENUE, TAKEN } from './report-orders';

type CustomerQuery = v.InferOutput<typeof CustomerReportSchema>;
const num = (value: unknown) => Number(value ?? 0);

/** The customers a member may see, with the filter's region, rep and group (on the customer's own record). */
async function customerConditions(ctx: ReportContext): Promise<SQL[]> {
  const conditions: (SQL | undefined)[] = [eq(c.companyId, ctx.company), (await customerScope(ctx.db, ctx.access)) ?? undefined];
  if (ctx.regionCodes) conditions.push(ctx.regionCodes.length ? anyText(c.provinceCode, ctx.regionCodes) : sql`false`);
  if (ctx.filter.staff !== undefined) conditions.push(eq(c.staffId, ctx.filter.staff));
  if (ctx.filter.customer_type !== undefined) conditions.push(eq(c.customerTypeId, ctx.filter.customer_type));
  conditions.push(...wordConditions(c.searchText, ctx.filter.search));
  return conditions.filter((condition): condition is SQL => condition !== undefined);
}

const SORTS: Record<string, SQL> = {
  revenue: sql`revenue`,
  orders: sql`orders`,
  code: sql`code`,
  name: sql`name`,
  days_since: sql`last_ever`,
  last_day: sql`last_ever`,
};

/** Names, groups and the first and last order ever of the customers on the page. */
async function describe(ctx: ReportContext, ids: string[]) {
  if (ids.length === 0) return new Map<string, Record<string, string | null>>();
  const rows = rowsOf<Record<string, string | null>>(
    await ctx.db.execute(sql`
      select ${c.id} as id, ${c.code} as code, ${c.name} as name, coalesce(${customerTypes.title}, '') as type, coalesce(${customerLevels.title}, '') as level,
             coalesce(${c.provinceName}, '') as province, coalesce(${accounts.fullName}, '') as staff,
             (select min(day)::text from ${f} where ${f.companyId} = ${ctx.company} and ${f.customerId} = ${c.id} and ${TAKEN}) as first_ever,
             (select max(day)::text from ${f} where ${f.companyId} = ${ctx.company} and ${f.customerId} = ${c.id} and ${TAKEN}) as last_ever
      from ${c} left join ${customerTypes} on ${customerTypes.id} = ${c.customerTypeId}
      left join ${customerLevels} on ${customerLevels.id} = ${c.levelId} left join ${accounts} on ${accounts.id} = ${c.staffId}
      where ${c.companyId} = ${ctx.company} and ${inArray(c.id, ids)}`),
  );
  return new Map(rows.map((row) => [row.id!, row]));
}

export async function customerReport(ctx: ReportContext, query: CustomerQuery, now = new Date()): Promise<CustomerReport> {
  const today = vietnamDay(now);
  const direction = sql.raw((query.order ?? (query.sort === 'code' || query.sort === 'name' ? 'asc' : 'desc')) === 'asc' ? 'asc' : 'desc');
  let page: { id: string; revenue: string; orders: string; total: string }[];
  if (query.inactive_days !== undefined) {
    const since = addDays(today, -query.inactive_days + 1);
    // Their last order ever in one pass over the company's orders, not a look-up per customer.
    const sort = query.sort === 'code' || query.sort === 'name' ? sql.raw(query.sort) : sql`last_ever`;
    const idle = rowsOf<{ id: string; total: string }>(
      await ctx.db.execute(sql`
        select s.id, count(*) over () as total from (
          select ${c.id} as id, ${c.code} as code, ${c.name} as name, last.day as last_ever
          from ${c} left join (select ${f.customerId} as customer_id, max(${f.day}) as day from ${f}
                               where ${f.companyId} = ${ctx.company} and ${TAKEN} group by ${f.customerId}) last on last.customer_id = ${c.id}
          where ${and(...(await customerConditions(ctx)))} and ${c.status} = 'active' and (last.day is null or last.day < ${since})
        ) s order by ${sort} ${query.sort ? direction : sql.raw('asc')} nulls first, code
        limit ${query.limit} offset ${(query.page - 1) * query.limit}`),
    );
    // The period's figures of the page's customers only.
    const figures = new Map(
      rowsOf<{ id: string; revenue: string; orders: string }>(
        idle.length
          ? await ctx.db.execute(sql`
              select ${f.customerId} as id, coalesce(sum(${f.total}) filter (where ${REVENUE}), 0) as revenue, count(*) filter (where ${TAKEN}) as orders
              from ${f} where ${ctx.where(ORDER_FACTS)} and ${f.customerId} = any(${sql.param(idle.map((row) => row.id))}::uuid[])
              group by ${f.customerId}`)
          : { rows: [] },
      ).map((row) => [row.id, row]),
    );
    page = idle.map((row) => ({
      id: row.id,
      total: row.total,
      revenue: figures.get(row.id)?.revenue ?? '0',
      orders: figures.get(row.id)?.orders ?? '0',
    }));
  } else {
    const sort = SORTS[query.sort ?? ''] ?? sql`revenue`;
    const search = wordConditions(c.searchText, ctx.filter.search);
    // Customers' names only when searched or sorted by them; otherwise the page is named afterwards.
    const byName = search.length > 0 || query.sort === 'code' || query.sort === 'name';
    page = rowsOf(
      await ctx.db.execute(sql`
        select s.*, count(*) over () as total from (
          select ${f.customerId} as id, ${byName ? sql`min(${c.code}) as code, min(${c.name}) as name,` : sql``} max(${f.day}) as last_ever,
                 coalesce(sum(${f.total}) filter (where ${REVENUE}), 0) as revenue, count(*) filter (where ${TAKEN}) as orders
          from ${f} ${byName ? sql`join ${c} on ${c.id} = ${f.customerId}` : sql``}
          where ${ctx.where(ORDER_FACTS)} and ${TAKEN} ${search.length ? sql`and ${sql.join(search, sql` and `)}` : sql``}
          group by ${f.customerId}
        ) s order by ${sort} ${direction}, id limit ${query.limit} offset ${(query.page - 1) * query.limit}`),
    );
  }
  const described = await describe(
    ctx,
    page.map((row) => row.id),
  );
  const rows: CustomerRow[] = page.map((row) => {
    const about = described.get(row.id) ?? {};
    const first = about.first_ever ?? null;
    const last = about.last_ever ?? null;
    return {
      customer_id: row.id,
      code: about.code ?? '',
      name: about.name ?? '',
      type: about.type ?? '',
      level: about.level ?? '',
      province: about.province ?? '',
      staff: about.staff ?? '',
      revenue: num(row.revenue),
      orders: num(row.orders),
      first_day: first,
      last_day: last,
      days_since: last ? daysBetween(last, today) : null,
      is_new: first !== null && first >= ctx.period.from && first <= ctx.period.to,
    };
  });
  return { rows, count: num(page[0]?.total) };
}

export async function customerTypeReport(ctx: ReportContext, by: CustomerGrouping): Promise<CustomerTypeRow[]> {
  const factKey = by === 'type' ? f.customerTypeId : f.levelId;
  const customerKey = by === 'type' ? c.customerTypeId : c.levelId;
  const [sales, counts, names] = await Promise.all([
    rowsOf<Record<string, string | null>>(
      await ctx.db.execute(sql`
        with per_customer as (
          select ${factKey} as key, ${f.customerId} as customer_id,
                 coalesce(sum(${f.total}) filter (where ${REVENUE}), 0) as revenue, count(*) as orders
          from ${f} where ${ctx.where(ORDER_FACTS)} and ${TAKEN} group by 1, 2
        ), fresh as (
          select distinct customer_id from per_customer where ${firstEver(ctx.company, sql`per_customer.customer_id`, ctx.period.from)}
        )
        select key, count(*) as buyers, count(fresh.customer_id) as new_buyers, sum(revenue) as revenue, sum(orders) as orders
        from per_customer left join fresh on fresh.customer_id = per_customer.customer_id group by key`),
    ),
    ctx.db
      .select({ key: customerKey, n: sql<string>`count(*)` })
      .from(c)
      .where(and(...(await customerConditions({ ...ctx, filter: { ...ctx.filter, search: undefined } }))))
      .groupBy(customerKey),
    by === 'type'
      ? ctx.db
          .select({ id: customerTypes.id, title: customerTypes.title })
          .from(customerTypes)
          .where(eq(customerTypes.companyId, ctx.company))
      : ctx.db
          .select({ id: customerLevels.id, title: customerLevels.title })
          .from(customerLevels)
          .where(eq(customerLevels.companyId, ctx.company)),
  ]);
  const key = (id: unknown) => (id === null || id === undefined ? 'none' : String(id));
  const salesByKey = new Map(sales.map((row) => [key(row.key), row]));
  const countByKey = new Map(counts.map((row) => [key(row.key), num(row.n)]));
  const titles = new Map<string, string>([
    ...names.map((row) => [String(row.id), row.title] as const),
    ['none', by === 'type' ? 'Chưa phân nhóm' : 'Chưa xếp cấp độ'],
  ]);
  const keys = new Set([...titles.keys()].filter((k) => k !== 'none' || salesByKey.has(k) || countByKey.has(k)));
  return [...keys]
    .map((k) => {
      const row = salesByKey.get(k);
      const buyers = num(row?.buyers);
      const fresh = num(row?.new_buyers);
      return {
        key: k,
        name: titles.get(k) ?? k,
        customers: countByKey.get(k) ?? 0,
        buyers,
        new_buyers: fresh,
        returning_buyers: buyers - fresh,
        revenue: num(row?.revenue),
        orders: num(row?.orders),
      };
    })
    .filter((row) => matchesSearch(row.name, ctx.filter.search))
    .sort((a, b) => b.revenue - a.revenue || a.name.localeCompare(b.name, 'vi'));
}

export async function revenueCustomer(ctx: ReportContext, customerId: string): Promise<RevenueCustomer> {
  const [customer] = await ctx.db
    .select({ id: c.id, code: c.code, name: c.name })
    .from(c)
    .where(and(eq(c.id, customerId), eq(c.companyId, ctx.company), (await customerScope(ctx.db, ctx.access)) ?? undefined));
  if (!customer) throw notFound('Không tìm thấy khách hàng');
  const rows = rowsOf<{ month: string; revenue: string; orders: string }>(
    await ctx.db.execute(sql`
      select to_char(${f.day}, 'YYYY-MM') as month, coalesce(sum(${f.total}) filter (where ${REVENUE}), 0) as revenue,
             count(*) filter (where ${TAKEN}) as orders
      from ${f} where ${ctx.where(ORDER_FACTS)} and ${f.customerId} = ${customerId} group by 1 order by 1`),
  );
  const months = rows.map((row) => ({ month: row.month, revenue: num(row.revenue), orders: num(row.orders) }));
  return {
    customer,
    months,
    revenue: months.reduce((sum, month) => sum + month.revenue, 0),
    orders: months.reduce((sum, month) => sum + month.orders, 0),
  };
}
