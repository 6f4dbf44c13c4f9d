/**
 * The products report (REPORT-PRODUCT): best sellers by quantity (base units) and revenue, per
 * product or per category, brand or group; slow movers (every active product, the least sold
 * first, none sold included); and one product's detail: who buys it and where. Over the sold lines
 * of accepted orders (report_line_facts), gifts left out.
 */
import { sql, type SQL } from 'drizzle-orm';
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

const SORTS: Record<string, string> = {
  quantity: 'quantity',
  revenue: 'revenue',
  share: 'revenue',
  orders: 'orders',
  name: 'name',
  code: 'code',
};

/** The rows' key and labels per grouping: a product (variant) or one of its product's lists. */
function grouping(by: ProductQuery['group_by']) {
  if (by === 'variant') {
    return {
      key: sql`v.id::text`,
      code: sql`v.code`,
      name: sql`p.name || case when v.name <> '' then ' – ' || v.name else '' end`,
      unit: sql`coalesce((select u.unit from variant_units u where u.variant_id = v.id and u.factor = 1 limit 1), '')`,
      category: sql`coalesce(cat.title, '')`,
      brand: sql`coalesce(br.title, '')`,
      group: sql`v.id, v.code, v.name, p.name, cat.title, br.title`,
    };
  }
  const table = { category: 'product_categories', brand: 'product_brands', group: 'product_groups' }[by];
  const column = { category: 'category_id', brand: 'brand_id', group: 'group_id' }[by];
  return {
    key: sql.raw(`coalesce(p.${column}::text, 'none')`),
    code: sql`''`,
    name: sql.raw(`coalesce((select t.title from ${table} t where t.id = p.${column}), 'Chưa phân loại')`),
    unit: sql`''`,
    category: sql`''`,
    brand: sql`''`,
    group: sql.raw(`p.${column}`),
  };
}

export async function bestSellingProducts(ctx: ReportContext, query: ProductQuery): Promise<ProductReport> {
  const by = query.slow === '1' ? 'variant' : query.group_by;
  const g = grouping(by);
  const search: SQL[] = wordConditions(sql`v.search_text`, ctx.filter.search);
  const searchWhere = search.length ? sql` and ${sql.join(search, sql` and `)}` : sql``;
  // Per order first, so a product on two lines of one order counts one order; then per row.
  const sales = sql`
    select variant_id, sum(quantity) as quantity, sum(revenue) as revenue, count(*) as orders from (
      select ${l.variantId} as variant_id, ${l.orderId} as order_id, sum(${l.quantity}) as quantity, sum(${l.revenue}) as revenue
      from ${l} where ${ctx.where(LINE_FACTS)} and ${SOLD} group by ${l.variantId}, ${l.orderId}
    ) per_order group by variant_id`;
  const from =
    query.slow === '1'
      ? sql`variants v left join (${sales}) s on s.variant_id = v.id join products p on p.id = v.product_id`
      : sql`(${sales}) s join variants v on v.id = s.variant_id join products p on p.id = v.product_id`;
  const where = query.slow === '1' ? sql`v.company_id = ${ctx.company} and v.is_active and p.is_active` : sql`true`;
  const rows = rowsOf<Record<string, string>>(
    await ctx.db.execute(sql`
      select ${g.key} as key, ${g.code} as code, ${g.name} as name, ${g.unit} as unit, ${g.category} as category, ${g.brand} as brand,
             coalesce(sum(s.quantity), 0) as quantity, coalesce(sum(s.revenue), 0) as revenue, coalesce(sum(s.orders), 0) as orders
      from ${from}
      left join product_categories cat on cat.id = p.category_id left join product_brands br on br.id = p.brand_id
      where ${where} ${searchWhere}
      group by ${g.group}`),
  );
  const totalRevenue = rows.reduce((sum, row) => sum + num(row.revenue), 0);
  const column = SORTS[query.sort ?? ''] ?? (query.slow === '1' ? 'quantity' : 'revenue');
  const direction = (query.order ?? (query.slow === '1' || column === 'name' || column === 'code' ? 'asc' : 'desc')) === 'asc' ? 1 : -1;
  const value = (row: Record<string, string>) => (column === 'name' || column === 'code' ? row[column]! : num(row[column]));
  rows.sort((a, b) => {
    const x = value(a);
    const y = value(b);
    const order = typeof x === 'string' ? x.localeCompare(y as string, 'vi') : x - (y as number);
    return order !== 0 ? order * direction : a.key!.localeCompare(b.key!);
  });
  return {
    rows: rows.slice((query.page - 1) * query.limit, query.page * query.limit).map((row) => ({
      key: row.key!,
      code: row.code ?? '',
      name: row.name ?? '',
      unit: row.unit ?? '',
      category: row.category ?? '',
      brand: row.brand ?? '',
      quantity: num(row.quantity),
      revenue: num(row.revenue),
      orders: num(row.orders),
      share: percent(num(row.revenue), totalRevenue) ?? 0,
    })),
    count: rows.length,
    total_revenue: totalRevenue,
    total_quantity: rows.reduce((sum, row) => sum + num(row.quantity), 0),
  };
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
