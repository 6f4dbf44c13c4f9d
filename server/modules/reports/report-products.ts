/**
 * The products report (REPORT-PRODUCT): best sellers by quantity (base units) and revenue, per
 * product or per category, brand or group; slow movers (every active product, the least sold
 * first, none sold included); and one product's detail: who buys it and where. Over the sold lines
 * of accepted orders (report_line_facts), gifts left out.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type * as v from 'valibot';
import {
  percent,
  REVENUE_STATUSES,
  type ProductDetail,
  type ProductDetailSchema,
  type ProductReport,
  type ProductReportSchema,
} from '@contract/reports';
import { reportLineFacts as l } from '@server/kernel/db/schema';
import { notFound } from '@server/kernel/errors';
import { rowsOf, wordConditions } from '@server/kernel/sql';
import { getProvinceIndex } from '@server/modules/address';
import { provincesByRegion, regionRefs } from '@server/modules/regions';
import { LINE_FACTS, type ReportContext } from './report-context';
import { inList } from './report-orders';

type ProductQuery = v.InferOutput<typeof ProductReportSchema>;

const SOLD = sql`${l.status} in ${inList(REVENUE_STATUSES)}`;
const num = (value: unknown) => Number(value ?? 0);

/** The fact column a row key is: the product, or its category, brand or group (kept on the facts). */
const KEY_COLUMN = { variant: l.variantId, category: l.categoryId, brand: l.brandId, group: l.groupId } as const;
const GROUP_TABLE = { category: 'product_categories', brand: 'product_brands', group: 'product_groups' } as const;

/**
 * Figures first, names after: the period's sold lines summed per row key (a product, or its category,
 * brand or group) on the facts alone, sorted and counted in the database; only the page's rows are
 * then named. Orders are counted distinct (a product on two lines of one order counts once): for a
 * grouping, of every row while the page is summed (there are few); for products, of the page's twenty.
 */
export async function bestSellingProducts(ctx: ReportContext, query: ProductQuery): Promise<ProductReport> {
  const slow = query.slow === '1';
  const by = slow ? 'variant' : query.group_by;
  const search: SQL[] = wordConditions(sql`v.search_text`, ctx.filter.search);
  const matching = search.length ? sql`and ${sql.join(search, sql` and `)}` : sql``;
  const perKey = (key: AnyPgColumn, searched: boolean) => sql`
    select ${key} as key, sum(${l.quantity}) as quantity, sum(${l.revenue}) as revenue
    from ${l} ${searched ? sql`join variants v on v.id = ${l.variantId}` : sql``}
    where ${ctx.where(LINE_FACTS)} and ${SOLD} ${searched ? matching : sql``} group by 1`;
  // Slow movers list every active product (the search picks which), those sold nothing included.
  // Summed once, before the join: left in the join, the planner may have each parallel worker sum it all.
  const sold = slow ? sql`with sold as materialized (${perKey(l.variantId, false)})` : sql``;
  const source = slow
    ? sql`(select v.id as key, s.quantity, s.revenue from variants v join products p on p.id = v.product_id left join sold s on s.key = v.id
           where v.company_id = ${ctx.company} and v.is_active and p.is_active ${matching}) s`
    : sql`(${perKey(KEY_COLUMN[by], search.length > 0)}) s`;
  const sortBy = slow || query.sort === 'quantity' ? sql`quantity` : sql`revenue`;
  const direction = sql.raw((query.order ?? (slow ? 'asc' : 'desc')) === 'asc' ? 'asc' : 'desc');
  const [pageAnswer, groupOrders] = await Promise.all([
    ctx.db.execute(sql`${sold}
      select coalesce(s.key::text, 'none') as key, coalesce(s.quantity, 0) as quantity, coalesce(s.revenue, 0) as revenue,
             count(*) over () as rows, sum(coalesce(s.revenue, 0)) over () as total_revenue,
             sum(coalesce(s.quantity, 0)) over () as total_quantity
      from ${source} order by ${sortBy} ${direction}, 1 limit ${query.limit} offset ${(query.page - 1) * query.limit}`),
    by === 'variant' ? null : ordersOf(ctx, by, null, search),
  ]);
  const page = rowsOf<{ key: string; quantity: string; revenue: string; rows: string; total_revenue: string; total_quantity: string }>(
    pageAnswer,
  );
  const keys = page.map((row) => row.key);
  const [names, orders] = await Promise.all([describeRows(ctx, by, keys), groupOrders ?? ordersOf(ctx, by, keys)]);
  const totalRevenue = num(page[0]?.total_revenue);
  return {
    rows: page.map((row) => ({
      key: row.key,
      code: names.get(row.key)?.code ?? '',
      name: names.get(row.key)?.name ?? 'Chưa phân loại',
      unit: names.get(row.key)?.unit ?? '',
      category: names.get(row.key)?.category ?? '',
      brand: names.get(row.key)?.brand ?? '',
      quantity: num(row.quantity),
      revenue: num(row.revenue),
      orders: orders.get(row.key) ?? 0,
      share: percent(num(row.revenue), totalRevenue) ?? 0,
    })),
    count: num(page[0]?.rows),
    total_revenue: totalRevenue,
    total_quantity: num(page[0]?.total_quantity),
  };
}

type RowNames = { code: string; name: string; unit: string; category: string; brand: string };

async function describeRows(ctx: ReportContext, by: ProductQuery['group_by'], keys: string[]): Promise<Map<string, RowNames>> {
  const ids = keys.filter((key) => key !== 'none').map(Number);
  if (ids.length === 0) return new Map();
  if (by === 'variant') {
    const rows = rowsOf<RowNames & { id: number }>(
      await ctx.db.execute(sql`
        select v.id, v.code, p.name || case when v.name <> '' then ' – ' || v.name else '' end as name,
               coalesce((select u.unit from variant_units u where u.variant_id = v.id and u.factor = 1 limit 1), '') as unit,
               coalesce(cat.title, '') as category, coalesce(br.title, '') as brand
        from variants v join products p on p.id = v.product_id
        left join product_categories cat on cat.id = p.category_id left join product_brands br on br.id = p.brand_id
        where v.company_id = ${ctx.company} and v.id = any(${sql.param(ids)}::int[])`),
    );
    return new Map(rows.map((row) => [String(row.id), row]));
  }
  const rows = rowsOf<{ id: number; title: string }>(
    await ctx.db.execute(
      sql`select id, title from ${sql.raw(GROUP_TABLE[by])} where company_id = ${ctx.company} and id = any(${sql.param(ids)}::int[])`,
    ),
  );
  return new Map(rows.map((row) => [String(row.id), { code: '', name: row.title, unit: '', category: '', brand: '' }]));
}

/**
 * Distinct orders of the period with the page's rows on them (`keys`), or with each row (null): the
 * (key, order) pairs grouped first, which for a grouping streams from its index
 * (report_line_facts_category_idx and its brand and group twins) instead of sorting every line.
 * `search`: the search's conditions on the product (`v`), so a searched grouping counts the orders of
 * the products it sums.
 */
async function ordersOf(
  ctx: ReportContext,
  by: ProductQuery['group_by'],
  keys: string[] | null,
  search: SQL[] = [],
): Promise<Map<string, number>> {
  if (keys?.length === 0) return new Map();
  const column = KEY_COLUMN[by];
  const only =
    keys === null
      ? sql``
      : by === 'variant'
        ? sql`and ${column} = any(${sql.param(keys.map(Number))}::int[])`
        : sql`and coalesce(${column}::text, 'none') = any(${sql.param(keys)}::text[])`;
  const rows = rowsOf<{ key: string; orders: string }>(
    await ctx.db.execute(sql`
      select coalesce(pairs.key::text, 'none') as key, count(*) as orders
      from (select ${column} as key, ${l.orderId} from ${l} ${search.length ? sql`join variants v on v.id = ${l.variantId}` : sql``}
            where ${ctx.where(LINE_FACTS)} and ${SOLD} ${only} ${search.length ? sql`and ${sql.join(search, sql` and `)}` : sql``}
            group by 1, 2) pairs
      group by 1`),
  );
  return new Map(rows.map((row) => [row.key, num(row.orders)]));
}

export async function productDetail(ctx: ReportContext, query: v.InferOutput<typeof ProductDetailSchema>): Promise<ProductDetail> {
  const [variant] = rowsOf<{ id: number; code: string; name: string; unit: string | null }>(
    await ctx.db.execute(sql`
      select v.id, v.code, p.name || case when v.name <> '' then ' – ' || v.name else '' end as name,
             (select u.unit from variant_units u where u.variant_id = v.id and u.factor = 1 limit 1) as unit
      from variants v join products p on p.id = v.product_id where v.id = ${query.variant} and v.company_id = ${ctx.company}`),
  );
  if (!variant) throw notFound('Không tìm thấy sản phẩm');
  const where = sql`${ctx.where(LINE_FACTS)} and ${SOLD} and ${l.variantId} = ${query.variant}`;
  const [totals] = rowsOf<Record<string, string>>(
    await ctx.db.execute(sql`
      select coalesce(sum(${l.quantity}), 0) as quantity, coalesce(sum(${l.revenue}), 0) as revenue,
             count(distinct ${l.orderId}) as orders, count(distinct ${l.customerId}) as customers
      from ${l} where ${where}`),
  );
  const buyers = rowsOf<Record<string, string>>(
    await ctx.db.execute(sql`
      select s.customer_id, c.code, c.name, s.quantity, s.revenue, s.orders, s.last_day from (
        select ${l.customerId} as customer_id, sum(${l.quantity}) as quantity, sum(${l.revenue}) as revenue,
               count(distinct ${l.orderId}) as orders, max(${l.day})::text as last_day
        from ${l} where ${where} group by ${l.customerId}
      ) s join customers c on c.id = s.customer_id
      order by s.revenue desc, c.code limit 50`),
  );
  const places = rowsOf<{ province: string | null; quantity: string; revenue: string; customers: string }>(
    await ctx.db.execute(sql`
      select ${l.provinceCode} as province, sum(${l.quantity}) as quantity, sum(${l.revenue}) as revenue, count(distinct ${l.customerId}) as customers
      from ${l} where ${where} group by ${l.provinceCode}`),
  );
  const index = await getProvinceIndex();
  const regionOf = await provinceRegions(ctx);
  const provinces = new Map<string, ProductDetail['provinces'][number]>();
  for (const place of places) {
    const code = index.newCodeOf(place.province) ?? 'none';
    const entry = provinces.get(code) ?? {
      code,
      name: code === 'none' ? 'Chưa có địa chỉ' : (index.nameOf(code) ?? code),
      region: regionOf.get(code) ?? '',
      quantity: 0,
      revenue: 0,
      customers: 0,
    };
    entry.quantity += num(place.quantity);
    entry.revenue += num(place.revenue);
    entry.customers += num(place.customers);
    provinces.set(code, entry);
  }
  return {
    variant: { id: Number(variant.id), code: variant.code, name: variant.name, unit: variant.unit ?? '' },
    totals: {
      quantity: num(totals?.quantity),
      revenue: num(totals?.revenue),
      orders: num(totals?.orders),
      customers: num(totals?.customers),
    },
    customers: buyers.map((row) => ({
      customer_id: row.customer_id!,
      code: row.code!,
      name: row.name!,
      quantity: num(row.quantity),
      revenue: num(row.revenue),
      orders: num(row.orders),
      last_day: row.last_day!,
    })),
    provinces: [...provinces.values()].sort((a, b) => b.revenue - a.revenue),
  };
}

/** The region name of each new province code of the company. */
export async function provinceRegions(ctx: Pick<ReportContext, 'db' | 'company'>): Promise<Map<string, string>> {
  const [refs, byRegion] = await Promise.all([regionRefs(ctx.db, ctx.company), provincesByRegion(ctx.db, ctx.company)]);
  const names = new Map(refs.map((ref) => [ref.id, ref.name]));
  const out = new Map<string, string>();
  for (const [id, codes] of byRegion) for (const code of codes) out.set(code, names.get(id) ?? '');
  return out;
}
