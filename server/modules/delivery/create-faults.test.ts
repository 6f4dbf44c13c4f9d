/**
 * Exactly one shipment (docs/integrations.md "Exactly once outside"): creates that time out after
 * the carrier made the shipment, answer 500 after making it, fail outright, or are rate limited
 * still leave one shipment at the simulator under the delivery's code and one delivery in the app,
 * for each carrier; a refusal ends the delivery as failed with the carrier's reason in Vietnamese.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deliveryPaths, type DeliveryRecord } from '@contract/delivery';
import type { Fault } from '@simulators/faults';
import { startDeliveryKit, type DeliveryKit } from '@server/testing/delivery.kit';

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
