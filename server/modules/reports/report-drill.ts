/**
 * The orders behind a figure (drill-down): the report's filter and scope, the figure's measure
 * (revenue counts accepted orders, orders counts those taken, a status figure all of them) and the
 * dimension of the row clicked (a status, a rep, a province, a product…). The same conditions as
 * the figure, so the orders listed add up to it.
 */
import { and, eq, sql, type SQL } from 'drizzle-orm';
import type * as v from 'valibot';
import type { DrillOrders, DrillOrdersSchema } from '@contract/reports';
import {
  accounts,
  orders,
  products,
  promotionUsages,
  reportLineFacts as l,
  reportOrderFacts as f,
  variants,
} from '@server/kernel/db/schema';
import { anyText, rowsOf } from '@server/kernel/sql';
import { selectPage } from '@server/kernel/lists';
import { getProvinceIndex } from '@server/modules/address';
import { provincesByRegion } from '@server/modules/regions';
import { ORDER_FACTS, type ReportContext } from './report-context';
import { REVENUE, TAKEN } from './report-orders';

type DrillQuery = v.InferOutput<typeof DrillOrdersSchema>;

const intKey = (key: string | undefined) => (key && /^[1-9]\d{0,8}$/.test(key) ? Number(key) : null);
/** "none": the rows without a group, level, category… */
const idOrNone = (column: SQL | typeof f.customerTypeId, key: string | undefined): SQL =>
  key === 'none' ? sql`${column} is null` : sql`${column} = ${intKey(key) ?? -1}`;

function lineExists(condition: SQL): SQL {
  return sql`exists (select 1 from ${l} join ${variants} on ${variants.id} = ${l.variantId} join ${products} on ${products.id} = ${variants.productId}
                     where ${l.orderId} = ${f.orderId} and ${condition})`;
}

async function dimensionCondition(ctx: ReportContext, query: DrillQuery): Promise<SQL | undefined> {
  const key = query.key;
  switch (query.dimension) {
    case undefined:
      return undefined;
    case 'status':
      return eq(f.status, key ?? '');
    case 'order_type':
      return eq(f.orderType, key ?? '');
    case 'payment_status':
      return eq(f.paymentStatus, key ?? '');
    case 'staff':
      return eq(f.accountId, intKey(key) ?? -1);
    case 'customer':
      return /^[0-9a-f-]{36}$/i.test(key ?? '') ? eq(f.customerId, key!) : sql`false`;
    case 'customer_type':
      return idOrNone(f.customerTypeId, key);
    case 'level':
      return idOrNone(f.levelId as never, key);
    case 'province': {
      const codes = key === 'none' ? [] : (await getProvinceIndex()).addressCodes([key ?? '']);
      return key === 'none' ? sql`${f.provinceCode} is null` : anyText(f.provinceCode, codes);
    }
    case 'region': {
      const region = intKey(key);
      const provinces = region ? ((await provincesByRegion(ctx.db, ctx.company, [region])).get(region) ?? []) : [];
      return provinces.length ? anyText(f.provinceCode, (await getProvinceIndex()).addressCodes(provinces)) : sql`false`;
    }
    case 'variant':
      return sql`exists (select 1 from ${l} where ${l.orderId} = ${f.orderId} and ${l.variantId} = ${intKey(key) ?? -1})`;
    case 'category':
      return lineExists(idOrNone(sql`${products.categoryId}`, key));
    case 'brand':
      return lineExists(idOrNone(sql`${products.brandId}`, key));
    case 'group':
      return lineExists(idOrNone(sql`${products.groupId}`, key));
    case 'promotion':
      return sql`exists (select 1 from ${promotionUsages} where ${promotionUsages.orderId} = ${f.orderId}
                         and ${promotionUsages.promotionId} = ${intKey(key) ?? -1} and ${promotionUsages.releasedAt} is null)`;
  }
}

export async function drillOrders(ctx: ReportContext, query: DrillQuery): Promise<DrillOrders> {
  const measure = query.measure === 'revenue' ? REVENUE : query.measure === 'taken' ? TAKEN : undefined;
  const where = and(ctx.where(ORDER_FACTS), measure, await dimensionCondition(ctx, query))!;
  // The count comes with the sum of the orders' totals (one statement), so only the page is the kernel's.
  const [totals] = rowsOf<{ n: string; total: string }>(
    await ctx.db.execute(sql`select count(*) as n, coalesce(sum(${f.total}), 0) as total from ${f} where ${where}`),
  );
  const select = ctx.db
    .select({
      id: orders.id,
      code: orders.code,
      localNo: orders.localNo,
      createdAt: orders.createdAt,
      customerName: orders.customerName,
      accountName: accounts.fullName,
      status: orders.status,
      total: orders.total,
    })
    .from(f)
    .innerJoin(orders, eq(orders.id, f.orderId))
    .innerJoin(accounts, eq(accounts.id, f.accountId))
    .where(where)
    .$dynamic();
  const rows = await selectPage(select, [sql`${f.day} desc`, sql`${orders.createdAt} desc`], query);
  return {
    rows: rows.map((row) => ({
      id: row.id,
      code: row.code,
      local_no: row.localNo,
      created_at: row.createdAt.toISOString(),
      customer_name: row.customerName,
      account_name: row.accountName,
      status: row.status as DrillOrders['rows'][number]['status'],
      total: row.total,
    })),
    count: Number(totals?.n ?? 0),
    total: Number(totals?.total ?? 0),
  };
}
