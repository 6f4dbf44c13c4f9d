/**
 * What a carrier's event (webhook or poll), or a self-delivery move, does to a delivery and its
 * order (docs/delivery.md "Statuses"): the carrier's code mapped to the app's status
 * (contract/delivery-status.ts), applied only when newer than what is known (late and repeated
 * events are kept in the history and change nothing), COD collected and paid out recorded (the
 * collection's payment waits for the cashier or the office's reconciliation: ./cod.ts), and the
 * order moved through the orders module's own path: shipped when the goods leave (the warehouse
 * issues its export), completed when delivered, returned when they come back (the warehouse's
 * return receipt). Its rep is notified (server/modules/notifications); delivered or failed, the
 * office too (who booked it and who manages deliveries). A refused order move (a lot blocked since)
 * does not lose the carrier's news: it is kept on the delivery as its problem for the office.
 */
import { eq } from 'drizzle-orm';
import { DELIVERY_STATUS_LABELS, eventMovesDelivery, orderMovesFor, type DeliveryStatus } from '@contract/delivery-status';
import type { OrderStatus } from '@contract/orders-status';
import { CARRIER_SHORT, type Carrier } from '@contract/delivery';
import type { Db } from '@server/kernel/db/client';
import { deliveryOrders, orders } from '@server/kernel/db/schema';
import { HttpError } from '@server/kernel/errors';
import { notifyDeliveryOutcome, notifyDeliveryStatus } from '@server/modules/notifications';
import { moveOrder } from '@server/modules/orders';
import { codCollected, codPaidOut } from './cod';
import { addEvent, lockDelivery, withTracking, type DeliveryRow } from './delivery-record';

export type StatusNews = {
  source: 'webhook' | 'poll' | 'office';
  /** The app's status it means, or null for news that moves nothing (an edit, an unknown code). */
  status: DeliveryStatus | null;
  carrierStatus: string | null;
  at: Date;
  trackingCode?: string | null;
  codCollected?: number | null;
  codPaidOut?: number | null;
  fee?: number | null;
  note?: string | null;
  accountId?: number | null;
};

/** Applies the news to the delivery (locked here); whether it moved the delivery's status. */
export async function applyStatus(tx: Db, companyId: number, deliveryId: string, news: StatusNews): Promise<boolean> {
  const row = await lockDelivery(tx, companyId, deliveryId);
  const current = { status: row.status as DeliveryStatus, lastEventAt: row.lastEventAt };
  const moves = news.status !== null && eventMovesDelivery(current, { status: news.status, at: news.at });
  const repeated = news.status === current.status && news.carrierStatus === row.carrierStatus && !news.codPaidOut;
  if (!repeated || news.source !== 'poll') {
    await addEvent(tx, row, {
      source: news.source,
      status: news.status,
      carrierStatus: news.carrierStatus,
      applied: moves,
      note: news.note ?? null,
      at: news.at,
      accountId: news.accountId ?? null,
    });
  }
  await tx
    .update(deliveryOrders)
    .set({
      ...(moves ? { status: news.status!, carrierStatus: news.carrierStatus, lastEventAt: news.at } : {}),
      ...(news.trackingCode && !row.trackingCode ? { trackingCode: news.trackingCode, searchText: withTracking(news.trackingCode) } : {}),
      ...(news.fee ? { fee: news.fee } : {}),
      updatedAt: new Date(),
    })
    .where(eq(deliveryOrders.id, row.id));
  const delivered = moves ? news.status === 'delivered' : row.status === 'delivered';
  if (delivered && news.codCollected !== undefined && news.codCollected !== null) {
    // Self delivery: the shipper has the money to hand in (the member who marked it, when none is named).
    const collectedBy = row.carrier === 'self' ? (row.shipperAccountId ?? news.accountId ?? null) : null;
    await codCollected(tx, {
      companyId,
      orderId: row.orderId,
      deliveryId: row.id,
      amount: news.codCollected,
      collectedAt: news.at,
      collectedBy,
    });
  }
  if (news.codPaidOut !== undefined && news.codPaidOut !== null && row.codPaidOut === null) {
    await codPaidOut(tx, companyId, row.id, news.codPaidOut, news.at, 'Hãng báo đã chuyển tiền thu hộ');
  }
  if (moves) {
    const orderMoved = await moveItsOrder(tx, row, news);
    // The rep hears of it once: through the order's own status when it moved, otherwise here.
    if (!orderMoved) await tellTheRep(tx, row, news.status!, news.accountId ?? null);
    if (news.status === 'delivered' || news.status === 'delivery_failed') await tellTheOffice(tx, row, news);
  }
  return moves;
}

async function tellTheRep(tx: Db, row: { companyId: number; orderId: string }, status: DeliveryStatus, actorId: number | null) {
  const [order] = await tx.select({ code: orders.code, accountId: orders.accountId }).from(orders).where(eq(orders.id, row.orderId));
  if (!order || order.accountId === actorId) return;
  await notifyDeliveryStatus(tx, {
    companyId: row.companyId,
    orderId: row.orderId,
    orderCode: order.code ?? '',
    ownerId: order.accountId,
    statusLabel: DELIVERY_STATUS_LABELS[status],
  });
}

/** Delivered or failed: who booked it and who manages deliveries hear of it (a person's move: not they themselves). */
async function tellTheOffice(tx: Db, row: DeliveryRow, news: StatusNews) {
  const [order] = await tx
    .select({ code: orders.code, localNo: orders.localNo, accountId: orders.accountId, customerName: orders.customerName })
    .from(orders)
    .where(eq(orders.id, row.orderId));
  if (!order) return;
  await notifyDeliveryOutcome(tx, {
    companyId: row.companyId,
    deliveryId: row.id,
    deliveryCode: row.code,
    orderId: row.orderId,
    orderCode: order.code ?? order.localNo,
    customerName: order.customerName,
    delivered: news.status === 'delivered',
    reason: news.status === 'delivery_failed' ? (news.note ?? null) : null,
    bookerId: row.createdBy,
    repId: order.accountId,
    moverId: news.source === 'office' ? (news.accountId ?? null) : null,
  });
}

/**
 * The order follows its delivery. A carrier's event (webhook or poll) moves it as the system, with
 * the carrier named in the reason; its receipts are made by whoever booked the delivery. A person's
 * move (self delivery, the office) is theirs.
 */
async function moveItsOrder(
  tx: Db,
  row: { companyId: number; id: string; orderId: string; carrier: string; createdBy: number | null },
  news: StatusNews,
): Promise<boolean> {
  const [order] = await tx.select({ status: orders.status, accountId: orders.accountId }).from(orders).where(eq(orders.id, row.orderId));
  if (!order) return false;
  const status = news.status!;
  const fromCarrier = news.source !== 'office';
  const label = DELIVERY_STATUS_LABELS[status];
  const reason = fromCarrier ? `${CARRIER_SHORT[row.carrier as Carrier] ?? row.carrier} báo: ${label}` : `Đơn vận chuyển: ${label}`;
  const accountId = news.accountId ?? row.createdBy ?? order.accountId;
  const actorId = fromCarrier ? null : accountId;
  let moved = false;
  for (const to of orderMovesFor(status, order.status as OrderStatus)) {
    try {
      // Its own savepoint: a refused move leaves the delivery's news in place.
      await tx.transaction((inner) => moveOrder(inner, { companyId: row.companyId, orderId: row.orderId, to, reason, accountId, actorId }));
      moved = true;
    } catch (error) {
      if (!(error instanceof HttpError)) throw error;
      await tx
        .update(deliveryOrders)
        .set({ problem: `Không chuyển được đơn hàng sang trạng thái mới: ${error.message}`, problemCode: error.code })
        .where(eq(deliveryOrders.id, row.id));
      return moved;
    }
  }
  return moved;
}
