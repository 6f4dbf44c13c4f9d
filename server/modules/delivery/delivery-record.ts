/** Delivery rows as the office sees them (contract/delivery.ts DeliveryRecord), with their order and events. */
import { and, asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { fold } from '@contract/fold';
import {
  CARRIER_SHORT,
  DELIVERY_MESSAGES,
  type Carrier,
  type CodState,
  type DeliveryRecord,
  type PickShift,
  type PrintStatus,
  type ReceiverMethod,
} from '@contract/delivery';
import type { DeliveryStatus } from '@contract/delivery-status';
import type { Db } from '@server/kernel/db/client';
import { accounts, deliveryEvents, deliveryOrders, orders } from '@server/kernel/db/schema';
import { notFound } from '@server/kernel/errors';

export type DeliveryRow = typeof deliveryOrders.$inferSelect;

/** Delivery statuses after which no COD will be collected. */
export const NO_COD_AFTER: readonly string[] = ['cancelled', 'returned', 'create_failed'];

/**
 * Where a delivery's COD stands: nothing to collect, waiting, collected, paid out, or not what was
 * expected; a delivery cancelled or returned before the carrier collected anything waits for nothing.
 */
export function codState(row: Pick<DeliveryRow, 'codAmount' | 'codCollected' | 'codPaidOut' | 'status'>): {
  state: CodState;
  difference: number;
} {
  if (row.codAmount === 0 && row.codCollected === null) return { state: 'none', difference: 0 };
  if (row.codCollected === null) return { state: NO_COD_AFTER.includes(row.status) ? 'void' : 'waiting', difference: 0 };
  if (row.codCollected !== row.codAmount) return { state: 'mismatch', difference: row.codCollected - row.codAmount };
  if (row.codPaidOut === null) return { state: 'collected', difference: 0 };
  if (row.codPaidOut !== row.codCollected) return { state: 'mismatch', difference: row.codPaidOut - row.codCollected };
  return { state: 'paid', difference: 0 };
}

const iso = (value: Date | null) => value?.toISOString() ?? null;

/** The search text with the carrier's code added once the carrier gives it. */
export function withTracking(trackingCode: string | null): SQL | undefined {
  return trackingCode ? sql`${deliveryOrders.searchText} || ' ' || ${fold(trackingCode)}` : undefined;
}

export async function deliveryRecords(db: Db, companyId: number, where: SQL | undefined, withEvents = false): Promise<DeliveryRecord[]> {
  const rows = await db
    .select({
      delivery: deliveryOrders,
      orderCode: orders.code,
      orderLocalNo: orders.localNo,
      orderStatus: orders.status,
      orderTotal: orders.total,
      customerName: orders.customerName,
      shipperName: accounts.fullName,
    })
    .from(deliveryOrders)
    .innerJoin(orders, eq(orders.id, deliveryOrders.orderId))
    .leftJoin(accounts, eq(accounts.id, deliveryOrders.shipperAccountId))
    .where(and(eq(deliveryOrders.companyId, companyId), where));
  const events =
    withEvents && rows.length > 0
      ? await eventsOf(
          db,
          rows.map((row) => row.delivery.id),
        )
      : new Map();
  return rows.map(({ delivery: row, ...order }) => {
    const cod = codState(row);
    return {
      id: row.id,
      code: row.code,
      order_id: row.orderId,
      order_code: order.orderCode ?? order.orderLocalNo,
      order_status: order.orderStatus,
      order_total: order.orderTotal,
      customer_name: order.customerName,
      carrier: row.carrier as Carrier,
      carrier_label: CARRIER_SHORT[row.carrier as Carrier] ?? row.carrier,
      connection_id: row.connectionId,
      status: row.status as DeliveryStatus,
      carrier_status: row.carrierStatus,
      tracking_code: row.trackingCode,
      service_name: row.serviceName,
      fee: row.fee,
      expected_at: iso(row.expectedAt),
      receiver_method: row.receiverMethod as ReceiverMethod,
      cod_amount: row.codAmount,
      insurance_value: row.insuranceValue,
      parcel: { weight_grams: row.weightGrams, length_cm: row.lengthCm, width_cm: row.widthCm, height_cm: row.heightCm },
      pick_shift: row.pickShift as PickShift | null,
      note: row.note,
      receiver: {
        name: row.receiverName,
        phone: row.receiverPhone,
        address: row.receiverAddress,
        province: row.receiverProvince,
        ward: row.receiverWard,
      },
      shipper: row.shipperAccountId ? { id: row.shipperAccountId, name: order.shipperName ?? '' } : null,
      print_status: row.printStatus as PrintStatus,
      printed_at: iso(row.printedAt),
      print_count: row.printCount,
      problem: row.problem,
      cancel_reason: row.cancelReason,
      cod: {
        expected: row.codAmount,
        collected: row.codCollected,
        collected_at: iso(row.codCollectedAt),
        paid_out: row.codPaidOut,
        paid_at: iso(row.codPaidAt),
        note: row.codNote,
        ...cod,
      },
      created_at: row.createdAt.toISOString(),
      updated_at: row.updatedAt.toISOString(),
      ...(withEvents ? withJourney(events.get(row.id) ?? []) : {}),
    };
  });
}

/** The events, and why the last failed attempt failed: its history row's note (the shipper's reason, the carrier's words). */
function withJourney(events: NonNullable<DeliveryRecord['events']>): Pick<DeliveryRecord, 'events' | 'failure_reason'> {
  const failed = events.filter((event) => event.applied && event.status === 'delivery_failed').at(-1);
  return { events, failure_reason: failed?.note ?? null };
}

async function eventsOf(db: Db, ids: string[]) {
  const rows = await db
    .select({ event: deliveryEvents, accountName: accounts.fullName })
    .from(deliveryEvents)
    .leftJoin(accounts, eq(accounts.id, deliveryEvents.accountId))
    .where(inArray(deliveryEvents.deliveryId, ids))
    .orderBy(asc(deliveryEvents.at), asc(deliveryEvents.id));
  const byDelivery = new Map<string, NonNullable<DeliveryRecord['events']>>();
  for (const { event, accountName } of rows) {
    const list = byDelivery.get(event.deliveryId) ?? [];
    list.push({
      at: event.at.toISOString(),
      source: event.source as 'webhook',
      status: event.status as DeliveryStatus | null,
      carrier_status: event.carrierStatus,
      applied: event.applied,
      note: event.note,
      account_name: accountName,
    });
    byDelivery.set(event.deliveryId, list);
  }
  return byDelivery;
}

export async function deliveryRecord(db: Db, companyId: number, id: string): Promise<DeliveryRecord> {
  const [found] = await deliveryRecords(db, companyId, eq(deliveryOrders.id, id), true);
  if (!found) throw notFound(DELIVERY_MESSAGES.notFound);
  return found;
}

/** The delivery row, locked for the rest of the transaction. */
export async function lockDelivery(tx: Db, companyId: number, id: string): Promise<DeliveryRow> {
  const [row] = await tx
    .select()
    .from(deliveryOrders)
    .where(and(eq(deliveryOrders.companyId, companyId), eq(deliveryOrders.id, id)))
    .for('update');
  if (!row) throw notFound(DELIVERY_MESSAGES.notFound);
  return row;
}

export async function addEvent(
  tx: Db,
  row: Pick<DeliveryRow, 'companyId' | 'id'>,
  event: {
    source: 'webhook' | 'poll' | 'office' | 'job';
    status: DeliveryStatus | null;
    carrierStatus?: string | null;
    applied?: boolean;
    note?: string | null;
    at?: Date;
    accountId?: number | null;
  },
) {
  await tx.insert(deliveryEvents).values({
    companyId: row.companyId,
    deliveryId: row.id,
    source: event.source,
    status: event.status,
    carrierStatus: event.carrierStatus ?? null,
    applied: event.applied ?? true,
    note: event.note ?? null,
    at: event.at ?? new Date(),
    accountId: event.accountId ?? null,
  });
}
