/**
 * Exactly one shipment (docs/integrations.md "Exactly once outside"): creates that time out after
 * the carrier made the shipment, answer 500 after making it, fail outright, or are rate limited
 * still leave one shipment at the simulator under the delivery's code and one delivery in the app,
 * for each carrier, and so does a restart between the carrier's answer and our commit (the create
 * sent again meets the carrier's documented duplicate answer); a refusal ends the delivery as failed with the carrier's reason in Vietnamese.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deliveryPaths, type DeliveryRecord } from '@contract/delivery';
import type { Fault } from '@simulators/faults';
import { deliveryOrders } from '@server/kernel/db/schema';
import { startDeliveryKit, type DeliveryKit } from '@server/testing/delivery.kit';
import { CREATE_QUEUE } from './booking';
import { createShipmentJob } from './jobs';

let kit: DeliveryKit;

beforeAll(async () => {
  kit = await startDeliveryKit();
  for (const carrier of ['ghn', 'ghtk', 'vtp'] as const) await kit.connect(carrier);
});
afterAll(async () => {
  await kit?.stop();
});

const CREATE_PATH = { ghn: '/shipping-order/create', ghtk: '/shipment/order', vtp: '/order/createOrder' } as const;

async function shipmentsFor(carrier: 'ghn' | 'ghtk' | 'vtp', code: string) {
  const state = (await (await fetch(`${kit.sims.url}/${carrier}/__sim/state`)).json()) as { shipments: { clientCode: string }[] };
  return state.shipments.filter((shipment) => shipment.clientCode === code);
}

async function deliveriesOf(orderId: string) {
  return (await kit.get<DeliveryRecord[]>(deliveryPaths.deliveries, { order: orderId })).body.data;
}

describe.each(['ghn', 'ghtk', 'vtp'] as const)('creating at %s through faults', (carrier) => {
  const faults = (): Fault[] => [
    // The carrier makes the shipment but answers too late (the app gives up at 4 s in tests)…
    { kind: 'timeout', path: CREATE_PATH[carrier], delayMs: 5_000 },
  ];

  it('a timeout after the carrier made it leaves one shipment and one delivery', async () => {
    const order = await kit.confirmedOrder();
    const queue = kit.sims.faults[carrier];
    for (const fault of faults()) queue.push(fault);
    const booked = await kit.book(order, carrier);
    await kit.drain();
    const delivery = await kit.delivery(booked.id);
    expect(delivery.status).toBe('waiting_pickup');
    expect(await shipmentsFor(carrier, delivery.code)).toHaveLength(1);
    expect(await deliveriesOf(order.id)).toHaveLength(1);
  });

  it('500 after the work, 500 before it and a rate limit leave one shipment and one delivery', async () => {
    const order = await kit.confirmedOrder();
    const queue = kit.sims.faults[carrier];
    queue.push({ kind: 'rate-limit', path: CREATE_PATH[carrier] });
    queue.push({ kind: 'fail', path: CREATE_PATH[carrier] });
    queue.push({ kind: 'fail-after', path: CREATE_PATH[carrier] });
    const booked = await kit.book(order, carrier);
    // A second click while the first is under way is refused, and makes nothing.
    const again = await kit.send('POST', deliveryPaths.deliveries, {
      order: order.id,
      connection_id: booked.connection_id,
      service_id: 'x',
      fee: 1,
      parcel: booked.parcel,
      cod_amount: 0,
      receiver_method: 'cho_xem',
    });
    expect(again.status).toBe(409);
    await kit.drain();
    const delivery = await kit.delivery(booked.id);
    expect(delivery.status).toBe('waiting_pickup');
    expect(delivery.tracking_code).toBeTruthy();
    expect(await shipmentsFor(carrier, delivery.code)).toHaveLength(1);
    expect(await deliveriesOf(order.id)).toHaveLength(1);
    expect(queue.size).toBe(0);
  });
});

describe.each(['ghn', 'ghtk', 'vtp'] as const)('a restart at %s', (carrier) => {
  it('between the carrier making the shipment and our commit: the job sent again meets the carrier’s duplicate answer, one shipment', async () => {
    const order = await kit.confirmedOrder();
    const booked = await kit.book(order, carrier);
    await kit.drain();
    const made = await kit.delivery(booked.id);
    // As if the process died after the carrier's answer: the row still says "creating", and the
    // job runs again from its start (attempt 1, so no lookup first: the create itself is repeated).
    const { db } = kit.server.deps;
    await db.update(deliveryOrders).set({ status: 'creating', trackingCode: null }).where(eq(deliveryOrders.id, booked.id));
    const job = { id: 0, queue: CREATE_QUEUE, companyId: kit.anKhang, dedupeKey: null, attempt: 1, maxAttempts: 5 };
    await createShipmentJob.run({ ...job, payload: { companyId: kit.anKhang, deliveryId: booked.id } }, kit.server.deps);
    expect(await shipmentsFor(carrier, made.code)).toHaveLength(1);
    await kit.drain();
    const again = await kit.delivery(booked.id);
    // GHN and GHTK answer a repeat with the order they hold; Viettel Post's answer to a repeated
    // ORDER_NUMBER carries no waybill, which comes with its next webhook (docs/provider-sources.md, VTP createOrderNlp).
    expect(again).toMatchObject({ status: 'waiting_pickup', tracking_code: carrier === 'vtp' ? null : made.tracking_code });
  });
});

describe('a refusal', () => {
  it('ends the delivery as failed with the carrier’s reason in Vietnamese, and frees the order for another', async () => {
    const order = await kit.confirmedOrder();
    const booked = await kit.book(order, 'ghn', { cod_amount: 60_000_000 });
    await kit.drain();
    const failed = await kit.delivery(booked.id);
    expect(failed.status).toBe('create_failed');
    expect(failed.problem).toBe('Tiền thu hộ vượt mức GHN cho phép (tối đa 50.000.000 ₫)');
    expect(await shipmentsFor('ghn', failed.code)).toHaveLength(0);
    const next = await kit.book(order, 'ghn');
    expect(next.status).toBe('creating');
  });
});
