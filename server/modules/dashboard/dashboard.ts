/**
 * Dashboard figures in a few grouped queries over the orders of a company (or of one rep). Days
 * are Vietnam days (UTC+7); the range defaults to the last 30 days.
 */
import { and, count, desc, eq, gte, inArray, lt, sql, sum, type SQL } from 'drizzle-orm';
import type * as v from 'valibot';
import {
  DashboardQuerySchema,
  REVENUE_STATUSES,
  TAKEN_STATUSES,
  type DashboardSummary,
  type Figure,
  type FirstSteps,
} from '@contract/dashboard';
import { ORDER_STATUSES, type OrderStatus } from '@contract/orders-status';
import { vietnamDay } from '@contract/price-policy';
import type { Db } from '@server/kernel/db/client';
import { customers, orderLines, orders, products } from '@server/kernel/db/schema';
import { seatsUsed } from '@server/modules/plans';

export const DashboardQuery = DashboardQuerySchema;
/** The dashboard query, plus the caller's data scope (a rep sees their own figures). */
type Query = v.InferOutput<typeof DashboardQuerySchema> & { scope?: SQL | null };

const vnStart = (day: string) => new Date(`${day}T00:00:00+07:00`);
const addDays = (day: string, days: number) => vietnamDay(new Date(vnStart(day).getTime() + days * 86_400_000 + 12 * 3600_000));
const vnDayOf = sql<string>`to_char(${orders.createdAt} at time zone 'UTC' + interval '7 hours', 'YYYY-MM-DD')`;

async function figure(db: Db, scope: SQL[], from: string, toExclusive: string): Promise<Figure> {
  const [row] = await db
    .select({
      revenue: sql<string>`coalesce(sum(${orders.total}) filter (where ${inArray(orders.status, [...REVENUE_STATUSES])}), 0)`,
      orders: sql<string>`count(*) filter (where ${inArray(orders.status, [...TAKEN_STATUSES])})`,
    })
    .from(orders)
    .where(and(...scope, gte(orders.createdAt, vnStart(from)), lt(orders.createdAt, vnStart(toExclusive))));
  return { revenue: Number(row?.revenue ?? 0), orders: Number(row?.orders ?? 0) };
}

export async function dashboardSummary(db: Db, query: Query, now = new Date()): Promise<DashboardSummary> {
  const today = vietnamDay(now);
  const to = query.date_to ?? today;
  const from = query.date_from ?? addDays(to, -29);
  const scope: SQL[] = [eq(orders.companyId, query.company)];
  if (query.account !== undefined) scope.push(eq(orders.accountId, query.account));
  if (query.scope) scope.push(query.scope);
  const inRange = and(...scope, gte(orders.createdAt, vnStart(from)), lt(orders.createdAt, vnStart(addDays(to, 1))));
  const revenue = and(inRange, inArray(orders.status, [...REVENUE_STATUSES]));

  const [todayFigure, monthFigure] = await Promise.all([
    figure(db, scope, today, addDays(today, 1)),
    figure(db, scope, `${today.slice(0, 8)}01`, addDays(today, 1)),
  ]);

  const statusRows = await db.select({ status: orders.status, n: count() }).from(orders).where(inRange).groupBy(orders.status);
  const byStatus = Object.fromEntries(ORDER_STATUSES.map((status) => [status, 0])) as Record<OrderStatus, number>;
  for (const row of statusRows) byStatus[row.status as OrderStatus] = Number(row.n);

  const dayRows = await db
    .select({
      day: vnDayOf,
      revenue: sql<string>`coalesce(sum(${orders.total}) filter (where ${inArray(orders.status, [...REVENUE_STATUSES])}), 0)`,
      orders: sql<string>`count(*) filter (where ${inArray(orders.status, [...TAKEN_STATUSES])})`,
    })
    .from(orders)
    .where(inRange)
    .groupBy(vnDayOf);
  const byDayMap = new Map(dayRows.map((row) => [row.day, row]));
  const byDay: DashboardSummary['by_day'] = [];
  for (let day = from; day <= to; day = addDays(day, 1)) {
    const row = byDayMap.get(day);
    byDay.push({ day, revenue: Number(row?.revenue ?? 0), orders: Number(row?.orders ?? 0) });
    if (byDay.length > 400) break;
  }

  const lineRevenue = sum(orderLines.lineTotal);
  const topProducts = await db
    .select({
      variantId: orderLines.variantId,
      name: sql<string>`min(${orderLines.productName} || case when ${orderLines.variantName} <> '' then ' – ' || ${orderLines.variantName} else '' end)`,
      revenue: lineRevenue,
      quantity: sql<string>`sum(${orderLines.quantity} * ${orderLines.factor})`,
      unit: sql<string>`min(${orderLines.unit}) filter (where ${orderLines.factor} = 1)`,
    })
    .from(orderLines)
    .innerJoin(orders, eq(orders.id, orderLines.orderId))
    .where(revenue)
    .groupBy(orderLines.variantId)
    .orderBy(desc(lineRevenue))
    .limit(5);

  const customerRevenue = sum(orders.total);
  const topCustomers = await db
    .select({ customerId: orders.customerId, name: sql<string>`min(${orders.customerName})`, revenue: customerRevenue, orders: count() })
    .from(orders)
    .where(revenue)
    .groupBy(orders.customerId)
    .orderBy(desc(customerRevenue))
    .limit(5);

  return {
    first_steps: null,
    today: todayFigure,
    month: monthFigure,
    range: { from, to },
    by_status: byStatus,
    by_day: byDay,
    top_products: topProducts.map((row) => ({
      variant_id: row.variantId,
      name: row.name,
      revenue: Number(row.revenue ?? 0),
      quantity: Number(row.quantity ?? 0),
      unit: row.unit ?? '',
    })),
    top_customers: topCustomers.map((row) => ({
      customer_id: row.customerId,
      name: row.name,
      revenue: Number(row.revenue ?? 0),
      orders: Number(row.orders),
    })),
  };
}

/** Whether the company has a product, a customer, a member besides its owner (a seat: docs/plans.md) and an order. */
export async function firstSteps(db: Db, companyId: number): Promise<FirstSteps> {
  const any = async (table: typeof products | typeof customers | typeof orders, where: SQL) =>
    (
      await db
        .select({ one: sql<number>`1` })
        .from(table)
        .where(where)
        .limit(1)
    ).length > 0;
  const [product, customer, order, members] = await Promise.all([
    any(products, eq(products.companyId, companyId)),
    any(customers, eq(customers.companyId, companyId)),
    any(orders, eq(orders.companyId, companyId)),
    seatsUsed(db, companyId),
  ]);
  return { product, customer, member: members > 1, order };
}
