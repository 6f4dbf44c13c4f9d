/**
 * Moving an order between statuses (contract/orders-status.ts), with the stock it holds: refusing
 * or cancelling gives the reservation back, completing takes the goods out of stock, reopening a
 * refused order reserves again when the stock allows. Each move is written to the history and the
 * change log in the order's own transaction.
 */
import { and, asc, eq, type SQL } from 'drizzle-orm';
import { moveProblem, NEEDS_REASON, type OrderStatus } from '@contract/orders-status';
import type { Db } from '@server/kernel/db/client';
import { orderLines, orders, orderStatusHistory } from '@server/kernel/db/schema';
import { badRequest, HttpError, notFound } from '@server/kernel/errors';
import { recordChange } from '@server/kernel/sync/change-log';
import { baseQuantities, changeReserved, consume, lockStock } from '@server/modules/warehouse';

const HOLDS_STOCK: readonly OrderStatus[] = ['pending', 'confirmed', 'delivering'];

export type Move = {
  companyId: number;
  orderId: string;
  to: OrderStatus;
  reason: string | null;
  accountId: number;
  /** The mover's data scope: an order outside it is "not found". */
  scope?: SQL | null;
};

async function trackedQuantities(tx: Db, companyId: number, orderId: string): Promise<Map<number, number>> {
  const lines = await tx.select().from(orderLines).where(eq(orderLines.orderId, orderId)).orderBy(asc(orderLines.sort));
  const quantities = baseQuantities(lines.map((line) => ({ variantId: line.variantId, quantity: line.quantity, factor: line.factor })));
  const stock = await lockStock(tx, companyId, [...quantities.keys()]);
  return new Map([...quantities].filter(([variantId]) => stock.has(variantId)));
}

export async function moveOrder(tx: Db, move: Move): Promise<void> {
  const [order] = await tx
    .select({ status: orders.status, accountId: orders.accountId })
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
  if (held !== holds || move.to === 'completed') {
    const quantities = await trackedQuantities(tx, move.companyId, move.orderId);
    if (move.to === 'completed') {
      await consume(tx, move.companyId, quantities);
    } else if (held && !holds) {
      await changeReserved(tx, move.companyId, new Map([...quantities].map(([variantId, quantity]) => [variantId, -quantity])));
    } else {
      const stock = await lockStock(tx, move.companyId, [...quantities.keys()]);
      for (const [variantId, quantity] of quantities) {
        const level = stock.get(variantId);
        if (level && level.onHand - level.reserved < quantity)
          throw new HttpError(409, 'STOCK_INSUFFICIENT', 'Không đủ hàng trong kho để mở lại đơn hàng này');
      }
      await changeReserved(tx, move.companyId, quantities);
    }
  }

  const now = new Date();
  await tx
    .update(orders)
    .set({ status: move.to, statusReason: NEEDS_REASON.includes(move.to) ? move.reason : null, updatedAt: now })
    .where(eq(orders.id, move.orderId));
  await tx.insert(orderStatusHistory).values({
    companyId: move.companyId,
    orderId: move.orderId,
    fromStatus: from,
    toStatus: move.to,
    reason: move.reason,
    accountId: move.accountId,
    at: now,
  });
  await recordChange(tx, {
    companyId: move.companyId,
    entity: 'order',
    entityId: move.orderId,
    op: 'upsert',
    ownerAccountId: order.accountId,
  });
}
