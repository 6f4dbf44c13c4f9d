/** The order list query: product-spec.md §3 "Order filter" (search, status, customer, date range, area, province, ward…). */
import { startOfVietnamDay } from '@contract/calendar-days';
import { and, asc, count, desc, eq, gte, inArray, isNull, lt, sql, type SQL } from 'drizzle-orm';
import type * as v from 'valibot';
import { AREAS } from '@contract/address-units';

import type { OrderListQuery } from '@contract/orders';
import { ORDER_STATUSES, type OrderStatus } from '@contract/orders-status';
import type { Db } from '@server/kernel/db/client';
import { orders } from '@server/kernel/db/schema';
import { wordConditions } from '@server/kernel/sql';
import { selectPage } from '@server/kernel/lists';

/**
 * The list query, plus the caller's data scope (server/modules/roles/data-scope.ts) and, for the
 * region filter, the province codes its addresses may carry (resolved by the route).
 */
export type OrderQuery = v.InferOutput<typeof OrderListQuery> & { scope?: SQL | null; regionCodes?: string[] };

const ORDER = {
  '-created_at': desc(orders.createdAt),
  created_at: asc(orders.createdAt),
  '-total': desc(orders.total),
  total: asc(orders.total),
  code: asc(orders.code),
  '-code': desc(orders.code),
} as const;

/** Every filter but the status (the status tabs count across statuses). */
export function orderFilters(query: OrderQuery, options: { withStatus: boolean } = { withStatus: true }): SQL[] {
  const filters: SQL[] = [eq(orders.companyId, query.company)];
  filters.push(...wordConditions(orders.searchText, query.search, { caseInsensitive: true }));
  if (options.withStatus && query.status) filters.push(eq(orders.status, query.status));
  if (query.payment_status) filters.push(eq(orders.paymentStatus, query.payment_status));
  if (query.customer) filters.push(eq(orders.customerId, query.customer));
  if (query.account !== undefined) filters.push(eq(orders.accountId, query.account));
  if (query.order_type !== undefined) filters.push(eq(orders.orderTypeId, query.order_type));
  if (query.date_from) filters.push(gte(orders.createdAt, startOfVietnamDay(query.date_from)));
  if (query.date_to) filters.push(lt(orders.createdAt, new Date(startOfVietnamDay(query.date_to).getTime() + 86_400_000)));
  if (query.province) filters.push(eq(orders.provinceCode, query.province));
  if (query.ward) filters.push(eq(orders.wardCode, query.ward));
  if (query.group === 'none') filters.push(isNull(orders.groupId));
  else if (query.group !== undefined) filters.push(eq(orders.groupId, query.group));
  if (query.regionCodes) filters.push(query.regionCodes.length ? inArray(orders.provinceCode, query.regionCodes) : sql`false`);
  if (query.scope) filters.push(query.scope);
  if (query.area) {
    const provinces = AREAS.find((area) => area.code === query.area)?.province_codes ?? [];
    filters.push(provinces.length ? inArray(orders.provinceCode, [...provinces]) : sql`false`);
  }
  return filters;
}

export async function listOrderIds(db: Db, query: OrderQuery): Promise<{ ids: string[]; count: number; total: number }> {
  const where = and(...orderFilters(query));
  const [summary] = await db
    .select({ n: count(), total: sql<string>`coalesce(sum(${orders.total}), 0)` })
    .from(orders)
    .where(where);
  // The count comes with the sum of the filter's totals (one statement), so only the page is the kernel's.
  const rows = await selectPage(
    db.select({ id: orders.id }).from(orders).where(where).$dynamic(),
    [ORDER[query.ordering], asc(orders.id)],
    query,
  );
  return { ids: rows.map((row) => row.id), count: Number(summary?.n ?? 0), total: Number(summary?.total ?? 0) };
}

export async function statusCounts(db: Db, query: OrderQuery): Promise<Record<OrderStatus | 'all', number>> {
  const rows = await db
    .select({ status: orders.status, n: count() })
    .from(orders)
    .where(and(...orderFilters(query, { withStatus: false })))
    .groupBy(orders.status);
  const counts = Object.fromEntries([...ORDER_STATUSES, 'all'].map((status) => [status, 0])) as Record<OrderStatus | 'all', number>;
  for (const row of rows) {
    counts[row.status as OrderStatus] = Number(row.n);
    counts.all += Number(row.n);
  }
  return counts;
}
