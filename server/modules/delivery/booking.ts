/**
 * From a confirmed order to a shipment (docs/delivery.md "Booking"): quotes from every connected
 * carrier side by side (transportpartner), then one booked (orderdlo POST). Booking writes the
 * delivery as "creating" and enqueues its creation at the carrier in the same transaction
 * (./shipment-job.ts), keyed by the delivery, so a retry, a restart or a second click never makes a
 * second shipment; self delivery needs no carrier and waits for pickup at once. An order holding cold
 * or frozen goods is quoted and booked only for self delivery (contract/pharma-cold.ts).
 */
import { uuidv7 } from '@contract/uuid';
import {
  CARRIER_LABELS,
  DELIVERY_MESSAGES,
  type BookDeliveryInput,
  type Carrier,
  type Quote,
  type QuoteAnswer,
  type QuoteRequest,
  type SenderAddress,
} from '@contract/delivery';
import { isActiveDelivery, type DeliveryStatus } from '@contract/delivery-status';
import { coldBookingRefusal } from '@contract/pharma-cold';
import { fold } from '@contract/fold';
import { and, eq, notInArray } from 'drizzle-orm';
import type { AppDeps } from '@server/kernel/app-types';
import { formatCode, nextCounter } from '@server/kernel/counters';
import type { Db } from '@server/kernel/db/client';
import { deliveryOrders, orders } from '@server/kernel/db/schema';
import { badRequest, conflict, HttpError } from '@server/kernel/errors';
import { enqueueJob } from '@server/kernel/jobs';
import { carrierAccounts, type CarrierSettings } from './accounts';
import { carrierClient, type CarrierConnection } from './carriers/clients';
import { carrierMessage } from './carrier-errors';
import { addEvent } from './delivery-record';
import { orderGoods, type OrderGoods } from './order-parcel';

export const CREATE_QUEUE = 'delivery.create';
const SELF_SERVICE = 'self';
const DAY_MS = 86_400_000;

type Deps = Pick<AppDeps, 'db' | 'vault' | 'simulatorUrl' | 'env' | 'publicUrl'>;

export const senderOf = (connection: CarrierConnection): SenderAddress =>
  (connection.settings as CarrierSettings).sender ?? { name: '', phone: '', address: '', province: '', district: '', ward: '' };

function requireReceiver(goods: OrderGoods) {
  if (!goods.receiver.phone) throw badRequest('VALIDATION_FAILED', DELIVERY_MESSAGES.noPhone);
  if (!goods.receiver.address || !goods.receiver.province) throw badRequest('VALIDATION_FAILED', DELIVERY_MESSAGES.noAddress);
}

function requireConfirmed(order: OrderGoods['order']) {
  if (order.status !== 'confirmed') throw new HttpError(409, 'ORDER_TRANSITION_INVALID', DELIVERY_MESSAGES.orderNotConfirmed);
}

const usable = (connection: CarrierConnection) => connection.status !== 'disconnected';

export async function quoteAll(deps: Deps, companyId: number, request: QuoteRequest): Promise<QuoteAnswer> {
  const goods = await orderGoods(deps.db, companyId, request.order);
  requireReceiver(goods);
  const connections = (await carrierAccounts(deps, companyId)).filter(usable);
  const answer: QuoteAnswer = { quotes: [], failures: [] };
  await Promise.all(
    connections.map(async (connection) => {
      const carrier = connection.provider as Carrier;
      const head = { carrier, connection_id: connection.id, carrier_label: connection.label || CARRIER_LABELS[carrier] };
      // Cold goods: no carrier is asked (none has a cold service); it says why beside self delivery's quote.
      if (carrier !== 'self' && goods.cold.length > 0) {
        answer.failures.push({ ...head, message: coldBookingRefusal(head.carrier_label, goods.cold) });
        return;
      }
      if (carrier === 'self') {
        const fee = (connection.settings as CarrierSettings).fee ?? 0;
        answer.quotes.push({
          ...head,
          service_id: SELF_SERVICE,
          service_name: 'Nhân viên công ty giao',
          fee,
          expected_at: new Date(Date.now() + DAY_MS).toISOString(),
        });
        return;
      }
      try {
        const quotes = await carrierClient(deps, connection).quote({
          sender: senderOf(connection),
          receiver: goods.receiver,
          parcel: request.parcel,
          codAmount: request.cod_amount,
          insuranceValue: request.insurance_value,
        });
        answer.quotes.push(
          ...quotes.map((quote): Quote => ({
            ...head,
            service_id: quote.serviceId,
            service_name: quote.serviceName,
            fee: quote.fee,
            expected_at: quote.expectedAt?.toISOString() ?? null,
          })),
        );
      } catch (error) {
        answer.failures.push({ ...head, message: carrierMessage(error) });
      }
    }),
  );
  answer.quotes.sort((a, b) => a.fee - b.fee || a.carrier_label.localeCompare(b.carrier_label));
  return answer;
}

/** Books a quote: the delivery row, its first event, and (for a carrier) the durable job that creates the shipment. */
export async function bookDelivery(deps: Deps, companyId: number, accountId: number, input: BookDeliveryInput): Promise<string> {
  const connection = (await carrierAccounts(deps, companyId)).find((candidate) => candidate.id === input.connection_id);
  if (!connection || !usable(connection))
    throw badRequest('VALIDATION_FAILED', DELIVERY_MESSAGES.noCarrier, { connection_id: DELIVERY_MESSAGES.noCarrier });
  const carrier = connection.provider as Carrier;
  const settings = connection.settings as CarrierSettings;
  if (carrier === 'self' && input.shipper_id !== null && !(settings.shipperIds ?? []).includes(input.shipper_id)) {
    throw badRequest('VALIDATION_FAILED', 'Nhân viên này không nằm trong danh sách giao hàng của công ty', {
      shipper_id: 'Không thuộc danh sách giao hàng',
    });
  }
  return deps.db.transaction(async (tx) => {
    await tx
      .select({ id: orders.id })
      .from(orders)
      .where(and(eq(orders.companyId, companyId), eq(orders.id, input.order)))
      .for('update');
    const goods = await orderGoods(tx, companyId, input.order);
    requireConfirmed(goods.order);
    requireReceiver(goods);
    if (carrier !== 'self' && goods.cold.length > 0) {
      const reason = coldBookingRefusal(connection.label || CARRIER_LABELS[carrier], goods.cold);
      throw badRequest('VALIDATION_FAILED', reason, { connection_id: reason });
    }
    await refuseSecondDelivery(tx, companyId, input.order);
    const id = uuidv7();
    const code = formatCode('VD', await nextCounter(tx, companyId, 'delivery'));
    const status: DeliveryStatus = carrier === 'self' ? 'waiting_pickup' : 'creating';
    await tx.insert(deliveryOrders).values({
      id,
      companyId,
      code,
      orderId: input.order,
      carrier,
      connectionId: connection.id,
      status,
      serviceId: input.service_id,
      serviceName: input.service_name,
      fee: input.fee,
      expectedAt: input.expected_at ? new Date(input.expected_at) : null,
      receiverMethod: input.receiver_method,
      codAmount: input.cod_amount,
      insuranceValue: input.insurance_value,
      weightGrams: input.parcel.weight_grams,
      lengthCm: input.parcel.length_cm,
      widthCm: input.parcel.width_cm,
      heightCm: input.parcel.height_cm,
      pickShift: input.pick_shift,
      note: input.note,
      receiverName: goods.receiver.name,
      receiverPhone: goods.receiver.phone,
      receiverAddress: goods.receiver.address,
      receiverProvince: goods.receiver.province,
      receiverWard: goods.receiver.ward,
      shipperAccountId: carrier === 'self' ? input.shipper_id : null,
      searchText: fold([code, goods.order.code, goods.order.localNo, goods.receiver.name, goods.receiver.phone].filter(Boolean).join(' ')),
      createdBy: accountId,
    });
    await addEvent(tx, { companyId, id }, { source: 'office', status, accountId, note: `Tạo đơn qua ${CARRIER_LABELS[carrier]}` });
    if (carrier !== 'self')
      await enqueueJob(tx, { queue: CREATE_QUEUE, companyId, dedupeKey: `shipment:${id}`, payload: { companyId, deliveryId: id } });
    return id;
  });
}

async function refuseSecondDelivery(tx: Db, companyId: number, orderId: string) {
  const active = await tx
    .select({ status: deliveryOrders.status })
    .from(deliveryOrders)
    .where(
      and(
        eq(deliveryOrders.companyId, companyId),
        eq(deliveryOrders.orderId, orderId),
        notInArray(deliveryOrders.status, ['cancelled', 'create_failed']),
      ),
    );
  if (active.some((row) => isActiveDelivery(row.status as DeliveryStatus))) throw conflict(DELIVERY_MESSAGES.alreadyShipping);
}
