/**
 * The GHN slice end to end against its simulator: connect an account (checked at the carrier,
 * token never answered), quote, book (a job creates the shipment), webhooks walk it to delivered
 * and the order ships (stock export) then completes, COD recorded waiting until the office enters
 * GHN's reconciliation or the cashier confirms it; webhook secret, dedupe and out-of-order safety.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deliveryPaths, type CarrierAccountRecord, type DeliveryRecord } from '@contract/delivery';
import type { OrderRecord } from '@contract/orders';
import { receivablePaths, type OrderReceivable } from '@contract/receivables';
import { startDeliveryKit, type DeliveryKit } from '@server/testing/delivery.kit';

let kit: DeliveryKit;
let ghn: CarrierAccountRecord;

const order = async (id: string) => (await kit.get<OrderRecord>(`/order/api/ordercompany/${id}/`)).body.data;

beforeAll(async () => {
  kit = await startDeliveryKit();
  ghn = await kit.connect('ghn');
});
afterAll(async () => {
  await kit?.stop();
});

describe('GHN account', () => {
  it('is checked at GHN, kept with its secret sealed and shown only as a hint', async () => {
    expect(ghn).toMatchObject({ carrier: 'ghn', environment: 'simulator', status: 'connected', account_key: '885' });
    expect(ghn.secret_hints.token).toBe('••••0001');
    expect(JSON.stringify(ghn)).not.toContain('ghn-token-ankhang-0001');
    const list = await kit.get<CarrierAccountRecord[]>(deliveryPaths.accounts);
    expect(JSON.stringify(list.body)).not.toContain('ghn-token-ankhang-0001');
  });

  it('is refused with GHN’s reason when the token is wrong, and nothing is saved', async () => {
    const answer = await kit.send('POST', deliveryPaths.accounts, {
      carrier: 'ghn',
      environment: 'simulator',
      account_key: '999',
      token: 'invalid-token',
      sender: { name: 'Kho', phone: '0901234567', address: '1 Lê Lợi', province: 'Hà Nội', ward: 'Phường Hoàn Kiếm' },
    });
    expect(answer.status).toBe(400);
    expect(answer.body.message).toContain('GHN từ chối thông tin kết nối');
    const list = await kit.get<CarrierAccountRecord[]>(deliveryPaths.accounts);
    expect(list.body.data.some((account) => account.account_key === '999')).toBe(false);
  });
});

describe('booking with GHN', () => {
  let delivery: DeliveryRecord;
  let confirmed: OrderRecord;

  it('quotes GHN’s services with fee and expected date', async () => {
    confirmed = await kit.confirmedOrder();
    const answer = await kit.quote(confirmed);
    const services = answer.quotes.filter((quote) => quote.carrier === 'ghn');
    expect(services.map((quote) => quote.service_name)).toEqual(['GHN Hàng nhẹ', 'GHN Hàng nặng']);
    expect(services[0]!.fee).toBeGreaterThan(0);
    expect(Date.parse(services[0]!.expected_at!)).toBeGreaterThan(Date.now());
  });

  it('books: the delivery waits for the job, which creates one shipment with our code', async () => {
    delivery = await kit.book(confirmed, 'ghn');
    expect(delivery).toMatchObject({ status: 'creating', carrier: 'ghn', tracking_code: null, order_id: confirmed.id });
    await kit.drain();
    delivery = await kit.delivery(delivery.id);
    expect(delivery.status).toBe('waiting_pickup');
    expect(delivery.tracking_code).toMatch(/^GHN\d+VN$/);
    const shipments = kit.sims.simulators.ghn.sim.shipments;
    expect([...shipments.values()].filter((shipment) => shipment.clientCode === delivery.code)).toHaveLength(1);
  });

  it('refuses a second delivery for the same order', async () => {
    const again = await kit.send('POST', deliveryPaths.deliveries, {
      order: confirmed.id,
      connection_id: ghn.id,
      service_id: '53320',
      fee: 30000,
      parcel: { weight_grams: 800, length_cm: 20, width_cm: 15, height_cm: 10 },
      cod_amount: 0,
      receiver_method: 'cho_xem',
    });
    expect(again.status).toBe(409);
    expect(again.body.message).toContain('đã có đơn vận chuyển');
  });

  it('walks by webhook: picked ships the order, delivered completes it and records the COD', async () => {
    await kit.walk('ghn', delivery.tracking_code!, { steps: 2 });
    expect((await kit.delivery(delivery.id)).status).toBe('picked');
    expect((await order(confirmed.id)).status).toBe('delivering');
    await kit.walk('ghn', delivery.tracking_code!, { steps: 4 });
    const done = await kit.delivery(delivery.id);
    expect(done.status).toBe('delivered');
    expect(done.cod).toMatchObject({ expected: confirmed.total, collected: confirmed.total, state: 'collected' });
    expect((await order(confirmed.id)).status).toBe('completed');
    // GHN moved it, not the person who booked it: the history names no one and says who reported it,
    // and that person, the order's rep here, is told as of any move made by someone else.
    const detail = await kit.get<OrderRecord>(`/order/api/ordercompany/${confirmed.id}/`);
    const { history } = (detail.body as unknown as { bonus: { history: { to: string; by: string | null; reason: string | null }[] } })
      .bonus;
    expect(history.filter((entry) => entry.to === 'delivering' || entry.to === 'completed')).toEqual([
      expect.objectContaining({ to: 'delivering', by: null, reason: 'GHN báo: Đang vận chuyển' }),
      expect.objectContaining({ to: 'completed', by: null, reason: 'GHN báo: Đã giao' }),
    ]);
    const notices = await kit.get<{ title: string }[]>('/notification/api/notification/');
    expect(notices.body.data.map((notice) => notice.title)).toContain(`Đơn ${confirmed.code}: Hoàn thành`);
    await kit.walk('ghn', delivery.tracking_code!);
    expect((await kit.delivery(delivery.id)).cod).toMatchObject({ paid_out: confirmed.total, state: 'paid' });
  });

  it('the COD the carrier’s events report waits for the cashier: the debt stays though they say it was paid out', async () => {
    const waiting = (await kit.get<OrderReceivable>(receivablePaths.info, { order: confirmed.id })).body.data;
    expect(waiting).toMatchObject({ total: confirmed.total, paid: 0, open: confirmed.total, pending_collections: confirmed.total });
    expect(waiting.payments.map((payment) => [payment.method, payment.amount, payment.state])).toEqual([
      ['cod', confirmed.total, 'pending'],
    ]);
  });

  it('the office entering GHN’s reconciliation confirms it: the COD the receiver paid settles what the customer owes', async () => {
    const reconciled = await kit.send('POST', deliveryPaths.reconcile(delivery.id), { paid_out: confirmed.total, note: null });
    expect(reconciled.status).toBe(200);
    const settled = (await kit.get<OrderReceivable>(receivablePaths.info, { order: confirmed.id })).body.data;
    expect(settled).toMatchObject({ total: confirmed.total, paid: confirmed.total, open: 0, payment_status: 'paid' });
    expect(settled.payments.map((payment) => [payment.method, payment.amount, payment.state])).toEqual([
      ['cod', confirmed.total, 'confirmed'],
    ]);
  });

  it('records that COD once when the carrier says "delivered" three times; the cashier confirms it once', async () => {
    const another = await kit.confirmedOrder('KH000002');
    const booked = await kit.book(another, 'ghn');
    await kit.drain();
    const { tracking_code: code } = await kit.delivery(booked.id);
    await fetch(`${kit.sims.url}/ghn/__sim/webhook-faults`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ duplicate: 3 }),
    });
    await kit.walk('ghn', code!, { steps: 6 });
    await fetch(`${kit.sims.url}/ghn/__sim/webhook-faults`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    });
    expect((await kit.delivery(booked.id)).status).toBe('delivered');
    const waiting = (await kit.get<OrderReceivable>(receivablePaths.info, { order: another.id })).body.data;
    expect(waiting.payments.map((payment) => [payment.method, payment.amount, payment.state])).toEqual([['cod', another.total, 'pending']]);
    expect(waiting.open).toBe(another.total);
    const paymentId = waiting.payments[0]!.id;
    expect((await kit.send('PUT', receivablePaths.confirm(paymentId))).status).toBe(200);
    expect((await kit.send('PUT', receivablePaths.confirm(paymentId))).status).toBe(409);
    const settled = (await kit.get<OrderReceivable>(receivablePaths.info, { order: another.id })).body.data;
    expect(settled.payments.map((payment) => [payment.method, payment.amount, payment.state])).toEqual([
      ['cod', another.total, 'confirmed'],
    ]);
    expect(settled.open).toBe(0);
  });
});

describe('webhooks', () => {
  it('refuses a webhook without the connection’s secret', async () => {
    const answer = await fetch(`${kit.server.url}/api/delivery/webhook/ghn/${ghn.id}?secret=wrong`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ OrderCode: 'GHN1', Status: 'delivered', Time: new Date().toISOString() }),
    });
    expect(answer.status).toBe(401);
  });

  it('applies a duplicated event once and ignores an older one arriving late', async () => {
    const confirmed = await kit.confirmedOrder('KH000003');
    const booked = await kit.book(confirmed, 'ghn');
    await kit.drain();
    const { tracking_code: code } = await kit.delivery(booked.id);
    await fetch(`${kit.sims.url}/ghn/__sim/webhook-faults`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ duplicate: 2, outOfOrder: true }),
    });
    const before = kit.sims.simulators.ghn.sim.delivered.length;
    // picking, picked, storing sent newest first, each three times.
    await kit.walk('ghn', code!, { steps: 3 });
    expect(kit.sims.simulators.ghn.sim.delivered.length - before).toBe(9);
    const after = await kit.delivery(booked.id);
    expect(after.status).toBe('picked');
    expect(after.carrier_status).toBe('storing');
    const webhookEvents = after.events!.filter((event) => event.source === 'webhook');
    expect(webhookEvents).toHaveLength(3);
    expect(webhookEvents.filter((event) => event.applied)).toHaveLength(1);
    await fetch(`${kit.sims.url}/ghn/__sim/webhook-faults`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    });
  });
});
