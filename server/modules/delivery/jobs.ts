/**
 * The delivery module's durable jobs (server/kernel/jobs.ts, listed in server/job-handlers.ts):
 * - `delivery.create`: makes the shipment at the carrier, exactly once. Our delivery code is the
 *   carrier's idempotency key, and every attempt after the first asks the carrier for a shipment
 *   under that code before creating one (a timeout or a 5xx may have hidden a success). A refusal
 *   is final and shown on the delivery in Vietnamese; timeouts, 5xx and 429 are retried.
 * - `delivery.event`: applies one kept webhook event (./status-apply.ts) to the delivery both its
 *   codes name (`deliveryOfEvent`); one they do not agree on is logged and applied to nothing.
 * - `delivery.poll`: asks the carrier for the status now and then, in case a webhook was lost.
 * Every one refuses to work for a company whose DLO switch went off (it ends dead with the reason).
 */
import { and, eq } from 'drizzle-orm';
import { DELIVERY_SWITCH, type ApiCarrier } from '@contract/delivery';
import { FINAL_DELIVERY_STATUSES, mapCarrierStatus, type DeliveryStatus } from '@contract/delivery-status';
import type { AppDeps } from '@server/kernel/app-types';
import { findConnection } from '@server/kernel/connections';
import { deliveryOrders } from '@server/kernel/db/schema';
import { enqueueJob, PermanentJobError, RetryLaterError, type ClaimedJob, type JobHandler } from '@server/kernel/jobs';
import { isSwitchOn } from '@server/kernel/switches';
import { ProviderError } from '@server/lib/provider-http';
import type { CarrierEvent, CarrierShipment } from './carriers/carrier';
import { carrierClient, type CarrierConnection } from './carriers/clients';
import { registerSimulatorWebhook } from './accounts';
import { CREATE_QUEUE, senderOf } from './booking';
import { addEvent, withTracking } from './delivery-record';
import { orderGoods } from './order-parcel';
import { applyStatus } from './status-apply';

export const EVENT_QUEUE = 'delivery.event';
export const POLL_QUEUE = 'delivery.poll';
/** How often a delivery still under way is asked about when no webhook came (GHN retries webhooks for hours). */
export const POLL_INTERVAL_MS = 30 * 60 * 1000;
/** Viettel Post documents no status lookup by waybill: its deliveries follow the webhook only. */
const POLLED: readonly string[] = ['ghn', 'ghtk'];

type DeliveryJob = { companyId: number; deliveryId: string };
type EventJob = { eventId: number; companyId: number; payload: { connectionId: number; event: CarrierEvent } };
type PollJob = DeliveryJob & { round: number };

async function requireSwitchOn(deps: AppDeps, companyId: number) {
  if (!(await isSwitchOn(deps.db, companyId, DELIVERY_SWITCH))) throw new PermanentJobError('Công ty đã tắt chức năng giao hàng (DLO)');
}

async function connectionOf(deps: AppDeps, companyId: number, id: number | null): Promise<CarrierConnection> {
  const connection = id ? await findConnection<Record<string, unknown>, CarrierConnection['secrets']>(deps, companyId, id) : null;
  if (!connection) throw new PermanentJobError('Tài khoản hãng vận chuyển của đơn này đã bị ngắt kết nối');
  return connection;
}

/** A provider failure as the job queue understands it: retry the transient ones, stop on a refusal. */
function asJobError(error: unknown): unknown {
  if (!(error instanceof ProviderError)) return error;
  if (error.failure === 'rate_limited') return new RetryLaterError(error.message, error.details.retryAfterMs ?? 5_000);
  if (error.retryable) return error;
  return new PermanentJobError(error.message);
}

async function loadDelivery(deps: AppDeps, { companyId, deliveryId }: DeliveryJob) {
  const [row] = await deps.db
    .select()
    .from(deliveryOrders)
    .where(and(eq(deliveryOrders.companyId, companyId), eq(deliveryOrders.id, deliveryId)));
  return row ?? null;
}

async function schedulePoll(deps: Pick<AppDeps, 'db'>, job: DeliveryJob, round: number) {
  await enqueueJob(deps.db, {
    queue: POLL_QUEUE,
    companyId: job.companyId,
    dedupeKey: `poll:${job.deliveryId}:${round}`,
    payload: { ...job, round } satisfies PollJob,
    runAt: new Date(Date.now() + POLL_INTERVAL_MS),
  });
}

export const createShipmentJob: JobHandler<DeliveryJob> = {
  queue: CREATE_QUEUE,
  async run(job, deps) {
    await requireSwitchOn(deps, job.payload.companyId);
    const row = await loadDelivery(deps, job.payload);
    if (!row) return { skipped: 'missing' };
    if (row.status !== 'creating') {
      // The carrier's webhook told of the shipment first (Viettel Post's waybill, GHN's "create" event).
      if (POLLED.includes(row.carrier) && !FINAL_DELIVERY_STATUSES.includes(row.status as DeliveryStatus))
        await schedulePoll(deps, job.payload, 1);
      return { skipped: row.status };
    }
    const connection = await connectionOf(deps, row.companyId, row.connectionId);
    // A simulator restarted since the account was connected has forgotten where to send its webhooks.
    await registerSimulatorWebhook(deps, connection);
    const client = carrierClient(deps, connection);
    let shipment: CarrierShipment | null;
    try {
      shipment = job.attempt > 1 ? await client.find(row.code) : null;
      if (!shipment) {
        const goods = await orderGoods(deps.db, row.companyId, row.orderId);
        shipment = await client.create({
          code: row.code,
          sender: senderOf(connection),
          receiver: { ...goods.receiver, name: row.receiverName, phone: row.receiverPhone, address: row.receiverAddress },
          parcel: { weight_grams: row.weightGrams, length_cm: row.lengthCm, width_cm: row.widthCm, height_cm: row.heightCm },
          codAmount: row.codAmount,
          insuranceValue: row.insuranceValue,
          serviceId: row.serviceId ?? '',
          receiverMethod: row.receiverMethod as 'cho_xem',
          pickShift: row.pickShift ?? null,
          note: row.note,
          items: goods.items,
        });
      }
    } catch (error) {
      throw asJobError(error);
    }
    const made = shipment;
    await deps.db.transaction(async (tx) => {
      await tx
        .update(deliveryOrders)
        .set({
          status: 'waiting_pickup',
          carrierStatus: made.carrierStatus,
          trackingCode: made.trackingCode,
          searchText: withTracking(made.trackingCode),
          ...(made.fee ? { fee: made.fee } : {}),
          ...(made.expectedAt ? { expectedAt: made.expectedAt } : {}),
          problem: null,
          problemCode: null,
          updatedAt: new Date(),
        })
        .where(and(eq(deliveryOrders.id, row.id), eq(deliveryOrders.status, 'creating')));
      await addEvent(tx, row, {
        source: 'job',
        status: 'waiting_pickup',
        carrierStatus: made.carrierStatus,
        note: made.trackingCode ? `Hãng đã nhận đơn, mã vận đơn ${made.trackingCode}` : 'Hãng đã nhận đơn, chờ mã vận đơn',
      });
      if (POLLED.includes(row.carrier)) await schedulePoll({ db: tx }, job.payload, 1);
    });
    return { trackingCode: made.trackingCode, attempt: job.attempt };
  },
  async onDead(job, error, deps) {
    await deps.db.transaction(async (tx) => {
      const rows = await tx
        .update(deliveryOrders)
        .set({ status: 'create_failed', problem: error.message, updatedAt: new Date() })
        .where(
          and(
            eq(deliveryOrders.companyId, job.payload.companyId),
            eq(deliveryOrders.id, job.payload.deliveryId),
            eq(deliveryOrders.status, 'creating'),
          ),
        )
        .returning();
      if (rows[0]) await addEvent(tx, rows[0], { source: 'job', status: 'create_failed', note: error.message });
    });
  },
};

/**
 * Finds the delivery an event is about, or why none: the carrier's code (GHN OrderCode, GHTK
 * label_id, VTP ORDER_NUMBER) must be the one we stored, and our code (ClientOrderCode, partner_id,
 * ORDER_REFERENCE), when the event names it, must be that same delivery's. A carrier code we do not
 * know yet (VTP's waybill, GHTK's label after a repeated create) is learnt only from an event that
 * names our code too; our sequential code alone finds nothing.
 */
async function deliveryOfEvent(deps: AppDeps, companyId: number, connection: CarrierConnection, event: CarrierEvent) {
  if (!event.trackingCode) return { refused: 'the event does not name the carrier’s code' } as const;
  const mine = and(eq(deliveryOrders.companyId, companyId), eq(deliveryOrders.connectionId, connection.id));
  const [row] = await deps.db
    .select({ id: deliveryOrders.id, code: deliveryOrders.code, trackingCode: deliveryOrders.trackingCode })
    .from(deliveryOrders)
    .where(and(mine, event.code ? eq(deliveryOrders.code, event.code) : eq(deliveryOrders.trackingCode, event.trackingCode)));
  if (!row) return { refused: event.code ? 'no delivery under our code' : 'no delivery under the carrier’s code' } as const;
  if (row.trackingCode !== null && row.trackingCode !== event.trackingCode)
    return { refused: 'the carrier’s code is not the one stored for our code' } as const;
  return { row } as const;
}

export const carrierEventJob: JobHandler<EventJob> = {
  queue: EVENT_QUEUE,
  async run(job: ClaimedJob<EventJob>, deps) {
    const { companyId, payload } = job.payload;
    await requireSwitchOn(deps, companyId);
    const connection = await connectionOf(deps, companyId, payload.connectionId);
    const event = { ...payload.event, at: new Date(payload.event.at) };
    const found = await deliveryOfEvent(deps, companyId, connection, event);
    if ('refused' in found) {
      // Answered 200 when it came (carriers retry anything else): kept in inbound events, applied to nothing.
      deps.logger.warn(
        {
          event: 'carrier_event_unmatched',
          carrier: connection.provider,
          connection: connection.id,
          trackingCode: event.trackingCode?.slice(0, 60) ?? null,
          code: event.code?.slice(0, 60) ?? null,
          reason: found.refused,
        },
        'carrier event matches no delivery; ignored',
      );
      return { ignored: found.refused };
    }
    const row = found.row;
    const moved = await deps.db.transaction((tx) =>
      applyStatus(tx, companyId, row.id, {
        source: 'webhook',
        status: mapCarrierStatus(connection.provider as ApiCarrier, event.carrierStatus),
        carrierStatus: event.carrierStatus,
        at: event.at,
        trackingCode: event.trackingCode,
        codCollected: event.codCollected,
        codPaidOut: event.codPaidOut,
        fee: event.fee,
        note: event.note,
      }),
    );
    return { moved };
  },
};

/** Asks the carrier now (the poll job, and the office's "Cập nhật trạng thái"); whether the status moved. */
export async function pollDelivery(deps: AppDeps, companyId: number, deliveryId: string): Promise<boolean> {
  const row = await loadDelivery(deps, { companyId, deliveryId });
  if (!row?.trackingCode || !POLLED.includes(row.carrier)) return false;
  const connection = await connectionOf(deps, companyId, row.connectionId);
  const event = await carrierClient(deps, connection).track(row.trackingCode);
  return deps.db.transaction((tx) =>
    applyStatus(tx, companyId, row.id, {
      source: 'poll',
      status: mapCarrierStatus(connection.provider as ApiCarrier, event.carrierStatus),
      carrierStatus: event.carrierStatus,
      at: event.at,
      codCollected: event.codCollected,
      codPaidOut: event.codPaidOut,
    }),
  );
}

export const pollJob: JobHandler<PollJob> = {
  queue: POLL_QUEUE,
  async run(job, deps) {
    await requireSwitchOn(deps, job.payload.companyId);
    const row = await loadDelivery(deps, job.payload);
    if (!row || FINAL_DELIVERY_STATUSES.includes(row.status as DeliveryStatus)) return { done: true };
    try {
      await pollDelivery(deps, job.payload.companyId, job.payload.deliveryId);
    } catch (error) {
      throw asJobError(error);
    }
    await schedulePoll(deps, job.payload, job.payload.round + 1);
    return { round: job.payload.round };
  },
};

export const DELIVERY_JOB_HANDLERS = [createShipmentJob, carrierEventJob, pollJob];
