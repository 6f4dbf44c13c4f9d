/**
 * Moving an order between statuses (contract/orders-status.ts), with the stock it holds in its
 * warehouse (server/modules/warehouse): refusing or cancelling gives the hold back, shipping it
 * (Đang giao) issues the export receipt that takes its lots and releases the hold, returning it
 * (a delivery come back) brings them in again through the return receipt, reopening a
 * refused order holds again when the stock allows; promotions' budgets follow the same way
 * (server/modules/promotions/promotion-apply.ts). Confirming an order whose discount waits for
 * approval approves it (the mover holds orders/approve, contract/orders-status.ts moveAction): who
 * and when are kept on the order and the history row says so. Each move is written to the history
 * and the change log in the order's own transaction, and its rep is notified (server/modules/notifications).
 */
import { and, asc, eq, type SQL } from 'drizzle-orm';
import { moveProblem, NEEDS_REASON, type OrderStatus } from '@contract/orders-status';
import { vietnamDay } from '@contract/price-policy';
import type { Db } from '@server/kernel/db/client';
import { orderLines, orders, orderStatusHistory } from '@server/kernel/db/schema';
import { badRequest, HttpError, notFound } from '@server/kernel/errors';
import { recordChange } from '@server/kernel/sync/change-log';
import { notifyOrderMoved } from '@server/modules/notifications';
import { releaseUsage } from '@server/modules/promotions';
import { onOrderStatusMove } from '@server/modules/messaging';
import { orderChanged } from '@server/modules/receivables';
import {
  baseQuantities,
  changeReserved,
  creditOrderReturns,
  lockStock,
  orderWarehouse,
  returnOrder,
  shipOrder,
} from '@server/modules/warehouse';

/** Statuses in which an order holds stock it has not yet shipped. */
const HOLDS_STOCK: readonly OrderStatus[] = ['pending', 'confirmed'];

export type Move = {
  companyId: number;
  orderId: string;
  to: OrderStatus;
  reason: string | null;
  /** Who the move's documents (the export or return receipt) are made by. */
  accountId: number;
  /**
   * Who moved it, for the history and the rep's notice: `accountId` when not given; null for news
   * from outside (a carrier's event), which is no person's doing.
   */
  actorId?: number | null;
  /** The mover's data scope: an order outside it is "not found". */
  scope?: SQL | null;
};

export async function moveOrder(tx: Db, move: Move): Promise<void> {
  const [order] = await tx
    .select()
    .from(orders)
    .where(and(eq(orders.id, move.orderId), eq(orders.companyId, move.companyId), move.scope ?? undefined))
    .for('update');
  if (!order) throw notFound('Không tìm thấy đơn hàng');
  const from = order.status as OrderStatus;
  const problem = moveProblem(from, move.to);
  if (problem) throw new HttpError(409, 'ORDER_TRANSITION_INVALID', problem);
  if (NEEDS_REASON.includes(move.to) && !move.reason)
    throw badRequest('VALIDATION_FAILED', 'Vui lòng nhập lý do', { reason: 'Vui lòng nhập lý do' });

  const held = HOLDS_STOCK.includes(from);
  const holds = HOLDS_STOCK.includes(move.to);
  const lines = await tx.select().from(orderLines).where(eq(orderLines.orderId, move.orderId)).orderBy(asc(orderLines.sort));
  const warehouseId = order.warehouseId ?? (await orderWarehouse(tx, move.companyId, null));
  if (move.to === 'delivering') {
    await shipOrder(tx, {
      companyId: move.companyId,
      orderId: order.id,
      orderCode: order.code,
      warehouseId,
      customerName: order.customerName,
      customerAddress: order.customerAddress,
      accountId: move.accountId,
      documentDate: vietnamDay(),
      lines: lines.map((line) => ({
        variantId: line.variantId,
        unit: line.unit,
        quantity: line.quantity,
        factor: line.factor,
        unitPrice: line.unitPrice,
      })),
    });
  } else if (move.to === 'returned') {
    // What the shipment took comes back through the warehouse's return receipt (in quarantine).
    await returnOrder(tx, {
      companyId: move.companyId,
      orderId: order.id,
      accountId: move.accountId,
      warehouseId,
      documentDate: vietnamDay(),
      note: move.reason,
      lines: [],
      onlyIfShipped: true,
    });
  } else if (held !== holds) {
    const wanted = baseQuantities(lines.map((line) => ({ variantId: line.variantId, quantity: line.quantity, factor: line.factor })));
    const available = await lockStock(tx, move.companyId, warehouseId, [...wanted.keys()]);
    const tracked = new Map([...wanted].filter(([variantId]) => available.has(variantId)));
    if (held) {
      await changeReserved(tx, move.companyId, warehouseId, new Map([...tracked].map(([variantId, quantity]) => [variantId, -quantity])));
    } else {
      for (const [variantId, quantity] of tracked)
        if ((available.get(variantId) ?? 0) < quantity)
          throw new HttpError(409, 'STOCK_INSUFFICIENT', 'Không đủ hàng trong kho để mở lại đơn hàng này');
      await changeReserved(tx, move.companyId, warehouseId, tracked);
    }
  }

  // A cancelled or refused order gives its promotions' budget back; reopened, it takes it again.
  const given = (status: OrderStatus) => status !== 'cancelled' && status !== 'rejected';
  if (given(from) !== given(move.to)) await releaseUsage(tx, move.companyId, move.orderId, !given(move.to));

  const actorId = move.actorId === undefined ? move.accountId : move.actorId;
  const now = new Date();
  const approves = move.to === 'confirmed' && order.discountApproval === 'needed';
  await tx
    .update(orders)
    .set({
      status: move.to,
      statusReason: NEEDS_REASON.includes(move.to) ? move.reason : null,
      warehouseId,
      updatedAt: now,
      ...(approves ? { discountApproval: 'approved', discountApprovedBy: move.accountId, discountApprovedAt: now } : {}),
    })
    .where(eq(orders.id, move.orderId));
  await tx.insert(orderStatusHistory).values({
    companyId: move.companyId,
    orderId: move.orderId,
    fromStatus: from,
    toStatus: move.to,
    reason: approves ? [`Duyệt chiết khấu: ${order.discountApprovalReason ?? ''}`, move.reason].filter(Boolean).join('. ') : move.reason,
    accountId: actorId,
    at: now,
  });
  await recordChange(tx, {
    companyId: move.companyId,
    entity: 'order',
    entityId: move.orderId,
    op: 'upsert',
    ownerAccountId: order.accountId,
  });
  await notifyOrderMoved(tx, {
    companyId: move.companyId,
    orderId: move.orderId,
    code: order.code ?? order.localNo ?? '',
    ownerId: order.accountId,
    moverId: actorId,
    from,
    to: move.to,
    reason: NEEDS_REASON.includes(move.to) ? move.reason : null,
  });
  // Completed: the customer owes it from today; any move changes what their open orders add.
  await orderChanged(tx, move.companyId, move.orderId, now);
  // Goods given back before it completed lower the debt just posted at the full total.
  if (move.to === 'completed') await creditOrderReturns(tx, move.companyId, move.orderId);
  // The Zalo message the company set for this event (confirmed, delivering, delivered), if any.
  await onOrderStatusMove(tx, { companyId: move.companyId, orderId: move.orderId, to: move.to });
}
