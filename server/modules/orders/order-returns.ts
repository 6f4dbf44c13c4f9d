/**
 * Return orders (`GET returnorder/`, contract/orders-returns.ts): the goods customers gave back on
 * their orders, read from the warehouse's return receipts of orders (the one way goods come back:
 * `import-receipt-return-order/`, a returned delivery, a recall), with each order line given back and
 * what it was worth at the price sold. Orders `view`, within the caller's data scope, like the order
 * list: a rep sees the returns of the orders they may read.
 */
import { and, desc, eq, gte, inArray, isNotNull, lte } from 'drizzle-orm';
import { Hono, type Context } from 'hono';
import { returnedValue } from '@contract/orders-totals';
import { OrderReturnQuerySchema, type OrderReturnRecord } from '@contract/orders-returns';
import type { AppDeps, AppEnv } from '@server/kernel/app-types';
import type { Db } from '@server/kernel/db/client';
import { orderLines, orders, stockReceipts, warehouses } from '@server/kernel/db/schema';
import { pagedRows } from '@server/kernel/lists';
import { ok } from '@server/kernel/respond';
import { wordConditions } from '@server/kernel/sql';
import { parseQuery } from '@server/kernel/validate';
import { orderScope, requirePermission } from '@server/modules/roles';

export function orderReturnRoutes(deps: AppDeps) {
  const app = new Hono<AppEnv>({ strict: false });
  app.get('/returnorder', (c) => listReturns(deps, c));
  return app;
}

async function listReturns({ db }: AppDeps, c: Context<AppEnv>) {
  const query = parseQuery(c, OrderReturnQuerySchema);
  const scope = await orderScope(db, await requirePermission(db, c.get('auth'), query.company, 'orders', 'view'));
  const where = and(
    eq(stockReceipts.companyId, query.company),
    eq(stockReceipts.kind, 'import'),
    eq(stockReceipts.isReturn, true),
    isNotNull(stockReceipts.orderId),
    inArray(stockReceipts.status, ['completed', 'cancelled']),
    query.order ? eq(stockReceipts.orderId, query.order) : undefined,
    query.date_from ? gte(stockReceipts.documentDate, query.date_from) : undefined,
    query.date_to ? lte(stockReceipts.documentDate, query.date_to) : undefined,
    ...wordConditions(stockReceipts.searchText, query.search),
    scope ?? undefined,
  );
  const page = await pagedRows(
    db,
    db
      .select({ receipt: stockReceipts, order: orders, warehouseName: warehouses.name })
      .from(stockReceipts)
      .innerJoin(orders, and(eq(orders.id, stockReceipts.orderId), eq(orders.companyId, stockReceipts.companyId)))
      .innerJoin(warehouses, eq(warehouses.id, stockReceipts.warehouseId))
      .where(where)
      .$dynamic(),
    [desc(stockReceipts.documentDate), desc(stockReceipts.code)],
    query,
  );
  return ok(c, await returnRecords(db, page.rows), { count: page.count });
}

type ReturnRow = {
  receipt: typeof stockReceipts.$inferSelect;
  order: typeof orders.$inferSelect;
  warehouseName: string;
};

/** Each return with its lines in the order's units and what they were sold for. */
async function returnRecords(db: Db, rows: readonly ReturnRow[]): Promise<OrderReturnRecord[]> {
  const orderIds = [...new Set(rows.map((row) => row.order.id))];
  const lines = orderIds.length ? await db.select().from(orderLines).where(inArray(orderLines.orderId, orderIds)) : [];
  return rows.map(({ receipt, order, warehouseName }) => {
    const returned = returnedLinesOf(receipt, order, lines);
    const shown = returned.flatMap((back) => {
      const line = lines.find((candidate) => candidate.id === back.line_id);
      if (!line) return [];
      const value = returnedValue([line], [back]);
      return [
        {
          line_id: line.id,
          product_name: line.productName,
          variant_name: line.variantName,
          unit: line.unit,
          quantity: back.quantity,
          value,
        },
      ];
    });
    const value = shown.reduce((sum, line) => sum + line.value, 0);
    return {
      id: receipt.id,
      code: receipt.code,
      order_id: order.id,
      order_code: order.code,
      customer_id: order.customerId,
      customer_name: order.customerName,
      document_date: receipt.documentDate,
      status: receipt.status as OrderReturnRecord['status'],
      warehouse_name: warehouseName,
      note: receipt.note,
      lines: shown,
      value,
      credited: receipt.status === 'completed' && order.status === 'completed' && value > 0,
      created_at: receipt.createdAt.toISOString(),
    };
  });
}

/**
 * What a return gave back per order line: as its receipt kept it; a receipt from before it kept
 * them (or a recall's, booked by lot) names none, and is read as nothing per line.
 */
function returnedLinesOf(
  receipt: typeof stockReceipts.$inferSelect,
  order: typeof orders.$inferSelect,
  lines: readonly (typeof orderLines.$inferSelect)[],
): { line_id: string; quantity: number }[] {
  const kept = receipt.returnLines ?? [];
  return kept.filter((back) => lines.some((line) => line.id === back.line_id && line.orderId === order.id));
}
