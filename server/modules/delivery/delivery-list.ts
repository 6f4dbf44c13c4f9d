/**
 * /transport's list (product-spec.md §3 "Delivery order filter": page, limit, search, dateRange,
 * printStatus, typeFilterTransport = the carrier, statusOrderDLO = the status) and its counts, over
 * the deliveries of orders in the caller's data scope.
 */
import { and, count, desc, eq, gte, inArray, isNotNull, isNull, lt, ne, notInArray, or, sql, type SQL } from 'drizzle-orm';
import type { DeliveryCounts, DeliveryListQueryInput, DeliveryRecord } from '@contract/delivery';
import { DELIVERY_STATUSES } from '@contract/delivery-status';
import { fold } from '@contract/fold';
import type { Db } from '@server/kernel/db/client';
import { deliveryOrders, orders } from '@server/kernel/db/schema';
import { pagedRows } from '@server/kernel/lists';
import { wordConditions } from '@server/kernel/sql';
import { deliveryRecords, NO_COD_AFTER } from './delivery-record';

const nextDay = (day: string) => new Date(Date.parse(`${day}T00:00:00+07:00`) + 86_400_000);

/** COD not as expected: collected differs from the COD asked, or paid out differs from collected. */
const codMismatch = or(
  and(isNotNull(deliveryOrders.codCollected), ne(deliveryOrders.codCollected, deliveryOrders.codAmount)),
  and(isNotNull(deliveryOrders.codPaidOut), ne(deliveryOrders.codPaidOut, sql`coalesce(${deliveryOrders.codCollected}, 0)`)),
);

function conditions(query: Omit<DeliveryListQueryInput, 'page' | 'limit'>, withStatus: boolean): SQL[] {
  const list: SQL[] = [];
  if (query.search) list.push(...wordConditions(deliveryOrders.searchText, fold(query.search)));
  if (query.date_from) list.push(gte(deliveryOrders.createdAt, new Date(`${query.date_from}T00:00:00+07:00`)));
  if (query.date_to) list.push(lt(deliveryOrders.createdAt, nextDay(query.date_to)));
  if (query.print_status) list.push(eq(deliveryOrders.printStatus, query.print_status));
  if (query.carrier) list.push(eq(deliveryOrders.carrier, query.carrier));
  if (query.order) list.push(eq(deliveryOrders.orderId, query.order));
  if (withStatus && query.status) list.push(eq(deliveryOrders.status, query.status));
  if (query.cod === 'waiting')
    list.push(
      and(ne(deliveryOrders.codAmount, 0), isNull(deliveryOrders.codCollected), notInArray(deliveryOrders.status, [...NO_COD_AFTER]))!,
    );
  if (query.cod === 'collected') list.push(and(isNotNull(deliveryOrders.codCollected), isNull(deliveryOrders.codPaidOut))!);
  if (query.cod === 'paid') list.push(isNotNull(deliveryOrders.codPaidOut));
  if (query.cod === 'mismatch') list.push(codMismatch!);
  return list;
}

export async function listDeliveries(
  db: Db,
  query: DeliveryListQueryInput,
  scope: SQL | null,
): Promise<{ rows: DeliveryRecord[]; count: number }> {
  const where = and(eq(deliveryOrders.companyId, query.company), scope ?? undefined, ...conditions(query, true));
  const select = db
    .select({ id: deliveryOrders.id })
    .from(deliveryOrders)
    .innerJoin(orders, eq(orders.id, deliveryOrders.orderId))
    .where(where)
    .$dynamic();
  const { rows: ids, count } = await pagedRows(db, select, [desc(deliveryOrders.createdAt), desc(deliveryOrders.id)], query);
  if (ids.length === 0) return { rows: [], count };
  const records = await deliveryRecords(
    db,
    query.company,
    inArray(
      deliveryOrders.id,
      ids.map((row) => row.id),
    ),
  );
  const byId = new Map(records.map((record) => [record.id, record]));
  return { rows: ids.flatMap((row) => byId.get(row.id) ?? []), count };
}

/** Counts per status for the tabs, under every other filter, plus what waits to be printed or is off in COD. */
export async function deliveryCounts(
  db: Db,
  query: Omit<DeliveryListQueryInput, 'page' | 'limit'>,
  scope: SQL | null,
): Promise<DeliveryCounts> {
  const where = and(eq(deliveryOrders.companyId, query.company), scope ?? undefined, ...conditions(query, false));
  const rows = await db
    .select({
      status: deliveryOrders.status,
      n: count(),
      notPrinted: sql<number>`count(*) filter (where ${deliveryOrders.printStatus} = 'not_printed')`,
      mismatch: sql<number>`count(*) filter (where ${codMismatch})`,
    })
    .from(deliveryOrders)
    .innerJoin(orders, eq(orders.id, deliveryOrders.orderId))
    .where(where)
    .groupBy(deliveryOrders.status);
  const counts = Object.fromEntries([...DELIVERY_STATUSES, 'all'].map((status) => [status, 0])) as DeliveryCounts;
  counts.not_printed = 0;
  counts.cod_mismatch = 0;
  for (const row of rows) {
    counts[row.status as keyof DeliveryCounts] = Number(row.n);
    counts.all += Number(row.n);
    counts.not_printed += Number(row.notPrinted);
    counts.cod_mismatch += Number(row.mismatch);
  }
  return counts;
}
