/**
 * updateexportstatusorder/{id}/ (product-spec.md §7 Order): an order's export
 * status, read from the warehouse's export receipts linked to it (contract/orders-export.ts), and
 * the call that changes it. `exported` takes a confirmed order's goods out through the shipping move
 * (order-moves.ts: the export receipt, FEFO lots, the hold released; the order becomes Đang giao),
 * the one path that issues an order's receipt, so its stock never leaves twice. `not_exported` on an
 * order whose goods have left is refused with the way back (a return receipt, or cancelling the
 * export receipt in the warehouse). Asking for the state the order is already in changes nothing
 * (a retried call is safe). Permission: orders `edit`, within the caller's data scope, like the move.
 */
import { and, asc, eq, inArray, sum } from 'drizzle-orm';
import { Hono, type Context } from 'hono';
import * as v from 'valibot';
import {
  ExportStatusUpdateSchema,
  ORDER_EXPORT_STATUS_LABELS,
  SHIPPED_ORDER_STATUSES,
  exportStatusOf,
  type OrderExportReceipt,
  type OrderExportState,
} from '@contract/orders-export';
import { ORDER_STATUS_LABELS, type OrderStatus } from '@contract/orders-status';
import type { ReceiptStatus } from '@contract/warehouse-status';
import type { AppDeps, AppEnv } from '@server/kernel/app-types';
import type { Db } from '@server/kernel/db/client';
import { orderLines, orders, stockLevels, stockReceiptLines, stockReceipts } from '@server/kernel/db/schema';
import { HttpError, notFound } from '@server/kernel/errors';
import { ok } from '@server/kernel/respond';
import { parseBody } from '@server/kernel/validate';
import { orderScope, requirePermission } from '@server/modules/roles';
import { baseQuantities, defaultWarehouse } from '@server/modules/warehouse';
import { moveOrder } from './order-moves';
import { orderRecordsById } from './order-record';

const OrderId = v.pipe(v.string(), v.uuid());

export function orderExportStatusRoutes(deps: AppDeps) {
  const app = new Hono<AppEnv>({ strict: false });
  app.put('/updateexportstatusorder/:id', (c) => updateExportStatus(deps, c));
  return app;
}

/** The export state of an order (its row already read): what it takes from its warehouse and what left for it. */
export async function orderExportState(
  db: Db,
  companyId: number,
  order: { id: string; status: string; warehouseId: number | null },
): Promise<OrderExportState> {
  const warehouseId = order.warehouseId ?? (await defaultWarehouse(db, companyId)).id;
  const lines = await db
    .select({ variantId: orderLines.variantId, quantity: orderLines.quantity, factor: orderLines.factor })
    .from(orderLines)
    .where(eq(orderLines.orderId, order.id));
  const wanted = baseQuantities(lines);
  const tracked = wanted.size
    ? await db
        .select({ variantId: stockLevels.variantId })
        .from(stockLevels)
        .where(
          and(
            eq(stockLevels.companyId, companyId),
            eq(stockLevels.warehouseId, warehouseId),
            inArray(stockLevels.variantId, [...wanted.keys()]),
          ),
        )
    : [];
  const ordered = new Map(tracked.map(({ variantId }) => [variantId, wanted.get(variantId) ?? 0]));
  const receipts: OrderExportReceipt[] = (
    await db
      .select({ id: stockReceipts.id, code: stockReceipts.code, status: stockReceipts.status, document_date: stockReceipts.documentDate })
      .from(stockReceipts)
      .where(and(eq(stockReceipts.companyId, companyId), eq(stockReceipts.orderId, order.id), eq(stockReceipts.kind, 'export')))
      .orderBy(asc(stockReceipts.createdAt))
  ).map((row) => ({ ...row, status: row.status as ReceiptStatus }));
  const completed = receipts.filter((receipt) => receipt.status === 'completed').map((receipt) => receipt.id);
  const out = completed.length
    ? await db
        .select({ variantId: stockReceiptLines.variantId, quantity: sum(stockReceiptLines.baseQuantity).mapWith(Number) })
        .from(stockReceiptLines)
        .where(and(eq(stockReceiptLines.companyId, companyId), inArray(stockReceiptLines.receiptId, completed)))
        .groupBy(stockReceiptLines.variantId)
    : [];
  const exported = new Map(out.map((row) => [row.variantId, row.quantity]));
  const status = exportStatusOf(ordered, exported, SHIPPED_ORDER_STATUSES.includes(order.status as OrderStatus));
  return {
    status,
    label: ORDER_EXPORT_STATUS_LABELS[status],
    lines: [...ordered].map(([variantId, quantity]) => ({
      variant_id: variantId,
      ordered: quantity,
      exported: exported.get(variantId) ?? 0,
    })),
    receipts,
  };
}

const codesOf = (state: OrderExportState) =>
  state.receipts
    .filter((receipt) => receipt.status === 'completed')
    .map((receipt) => receipt.code)
    .join(', ');

/** Why a confirmed order is the only one that can be exported, in the office's words. */
function notExportable(status: OrderStatus): HttpError {
  const label = ORDER_STATUS_LABELS[status];
  if (status === 'draft' || status === 'pending')
    return new HttpError(409, 'ORDER_TRANSITION_INVALID', `Đơn hàng "${label}" chưa được xác nhận nên chưa thể xuất kho`);
  return new HttpError(409, 'ORDER_TRANSITION_INVALID', `Đơn hàng "${label}" không thể xuất kho: chỉ xuất kho được đơn hàng đã xác nhận`);
}

async function updateExportStatus({ db }: AppDeps, c: Context<AppEnv>) {
  const parsedId = v.safeParse(OrderId, c.req.param('id'));
  if (!parsedId.success) throw notFound('Không tìm thấy đơn hàng');
  const id = parsedId.output;
  const input = await parseBody(c, ExportStatusUpdateSchema);
  const auth = c.get('auth');
  const scope = await orderScope(db, await requirePermission(db, auth, input.company, 'orders', 'edit'));
  const changed = await db.transaction(async (tx) => {
    const [order] = await tx
      .select({ id: orders.id, status: orders.status, warehouseId: orders.warehouseId })
      .from(orders)
      .where(and(eq(orders.id, id), eq(orders.companyId, input.company), scope ?? undefined))
      .for('update');
    if (!order) throw notFound('Không tìm thấy đơn hàng');
    const state = await orderExportState(tx, input.company, order);
    if (input.export_status === 'not_exported') {
      if (state.status === 'not_exported') return false;
      const codes = codesOf(state);
      throw new HttpError(
        409,
        'CONFLICT',
        codes
          ? `Hàng của đơn đã rời kho theo phiếu xuất ${codes}. Muốn đưa hàng về kho, hãy lập phiếu nhập trả hàng hoặc hủy phiếu xuất tại kho`
          : 'Đơn hàng đã giao đi nên không thể chuyển về "Chưa xuất kho"',
      );
    }
    if (state.status === 'exported') return false;
    if (order.status !== 'confirmed') throw notExportable(order.status as OrderStatus);
    await moveOrder(tx, { companyId: input.company, orderId: id, to: 'delivering', reason: null, accountId: auth.accountId, scope });
    return true;
  });
  const [row] = await db
    .select({ id: orders.id, status: orders.status, warehouseId: orders.warehouseId })
    .from(orders)
    .where(and(eq(orders.id, id), eq(orders.companyId, input.company)));
  const record = (await orderRecordsById(db, input.company, [id])).get(id);
  if (!row || !record) throw notFound('Không tìm thấy đơn hàng');
  const state = await orderExportState(db, input.company, row);
  const codes = codesOf(state);
  const message = changed
    ? `Đã xuất kho đơn hàng${codes ? ` theo phiếu ${codes}` : ''}`
    : `Đơn hàng ${state.label.toLowerCase()}, không có gì thay đổi`;
  return ok(c, record, { message, bonus: { export: state } });
}
