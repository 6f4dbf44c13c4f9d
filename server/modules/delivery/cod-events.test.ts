/**
 * A carrier's event is only its word (docs/delivery.md): an event is matched to our delivery by the
 * carrier's code and our code together, so one naming only our sequential code, or a carrier code
 * not the one stored for it, changes nothing; the COD a genuine "delivered" reports is recorded
 * waiting for the cashier (the customer's debt stays), and is confirmed once, by the office
 * entering the carrier's reconciliation (who may confirm payments) or by the cashier.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deliveryPaths, type DeliveryRecord } from '@contract/delivery';
import type { OrderRecord } from '@contract/orders';
import { receivablePaths, type OrderReceivable } from '@contract/receivables';
import { receivableEntries } from '@server/kernel/db/schema';
import { DEMO_STAFF } from '@server/seed/demo-employees';
import { startDeliveryKit, type DeliveryKit } from '@server/testing/delivery.kit';

let kit: DeliveryKit;
let webhookUrl: string;

beforeAll(async () => {
  kit = await startDeliveryKit();
  webhookUrl = (await kit.connect('ghn')).webhook_url!.replace(/^[^/]+\/\/[^/]+/, '');
});
afterAll(async () => {
  await kit?.stop();
});

/** A GHN status event posted to the account's webhook address (with its secret), as GHN would. */
async function postGhn(event: Record<string, unknown>): Promise<number> {
  const answer = await fetch(`${kit.server.url}${webhookUrl}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ Type: 'switch_status', Time: new Date().toISOString(), ...event }),
  });
  return answer.status;
}

const receivable = async (order: OrderRecord) => (await kit.get<OrderReceivable>(receivablePaths.info, { order: order.id })).body.data;
const paymentsOf = async (order: OrderRecord) =>
  (await receivable(order)).payments.map((payment) => [payment.method, payment.amount, payment.state]);

async function bookedWithGhn(customerCode: string): Promise<{ order: OrderRecord; delivery: DeliveryRecord }> {
  const order = await kit.confirmedOrder(customerCode);
  const booked = await kit.book(order, 'ghn');
  await kit.drain();
  const delivery = await kit.delivery(booked.id);
  expect(delivery.tracking_code).toBeTruthy();
  return { order, delivery };
}

describe('matching an event to our delivery', () => {
  it('changes nothing for an event naming only our code, or a carrier code not the one stored for it', async () => {
    const first = await bookedWithGhn('KH000002');
    const second = await bookedWithGhn('KH000003');
    const delivered = { Status: 'delivered', CODAmount: first.order.total };
    // Our sequential code alone: not an event we can read.
    expect(await postGhn({ ...delivered, ClientOrderCode: first.delivery.code })).toBe(400);
    // Answered 200 (GHN retries anything else) and applied to nothing.
    for (const forged of [
      { OrderCode: 'GHN999999VN', ClientOrderCode: first.delivery.code },
      { OrderCode: first.delivery.tracking_code, ClientOrderCode: second.delivery.code },
      { OrderCode: second.delivery.tracking_code, ClientOrderCode: first.delivery.code },
      { OrderCode: 'GHN999998VN' },
    ])
      expect(await postGhn({ ...delivered, ...forged })).toBe(200);
    await kit.drain();
    for (const { order, delivery } of [first, second]) {
      const after = await kit.delivery(delivery.id);
      expect(after).toMatchObject({ status: 'waiting_pickup', tracking_code: delivery.tracking_code });
      expect(after.cod).toMatchObject({ collected: null, paid_out: null });
      expect(after.events!.filter((event) => event.source === 'webhook')).toEqual([]);
      expect(await paymentsOf(order)).toEqual([]);
      expect((await receivable(order)).open).toBe(order.total);
    }
    // The genuine pair still moves it.
    expect(await postGhn({ Status: 'picked', OrderCode: first.delivery.tracking_code, ClientOrderCode: first.delivery.code })).toBe(200);
    await kit.drain();
    expect((await kit.delivery(first.delivery.id)).status).toBe('picked');
    expect((await kit.delivery(second.delivery.id)).status).toBe('waiting_pickup');
  });
});

describe('the COD a carrier reports', () => {
  it('waits for the cashier after "delivered" and GHN’s payout; the reconciliation entered by the cashier confirms it once', async () => {
    const { order, delivery } = await bookedWithGhn('KH000004');
    await kit.walk('ghn', delivery.tracking_code!, { steps: 6 });
    expect((await kit.delivery(delivery.id)).status).toBe('delivered');
    // GHN's update_cod: its word that it paid the money out, kept on the delivery, confirming nothing.
    await kit.walk('ghn', delivery.tracking_code!);
    expect((await kit.delivery(delivery.id)).cod).toMatchObject({ collected: order.total, paid_out: order.total });
    expect(await paymentsOf(order)).toEqual([['cod', order.total, 'pending']]);
    expect(await receivable(order)).toMatchObject({ paid: 0, open: order.total, pending_collections: order.total });

    // The storekeeper may enter the statement but not confirm a payment: it still waits.
    const keeper = await kit.server.login(DEMO_STAFF.storekeeper);
    const byKeeper = await kit.send('POST', deliveryPaths.reconcile(delivery.id), { paid_out: order.total, note: null }, keeper.access);
    expect(byKeeper.status).toBe(200);
    expect(byKeeper.body.message).toBe('Đã ghi nhận đối soát');
    expect(await paymentsOf(order)).toEqual([['cod', order.total, 'pending']]);

    const accountant = await kit.server.login(DEMO_STAFF.accountant);
    const reconcile = () =>
      kit.send('POST', deliveryPaths.reconcile(delivery.id), { paid_out: order.total, note: 'Bảng đối soát GHN' }, accountant.access);
    const byCashier = await reconcile();
    expect(byCashier.status).toBe(200);
    expect(byCashier.body.message).toBe('Đã ghi nhận đối soát và xác nhận phiếu thu COD');
    expect(await paymentsOf(order)).toEqual([['cod', order.total, 'confirmed']]);
    expect(await receivable(order)).toMatchObject({ paid: order.total, open: 0, payment_status: 'paid', pending_collections: 0 });

    // Entered again: nothing more confirmed, one ledger row for the payment.
    expect((await reconcile()).body.message).toBe('Đã ghi nhận đối soát');
    const [payment] = (await receivable(order)).payments;
    const rows = await kit.server.deps.db
      .select({ kind: receivableEntries.kind, amount: receivableEntries.amount })
      .from(receivableEntries)
      .where(and(eq(receivableEntries.companyId, kit.anKhang), eq(receivableEntries.paymentId, payment!.id)));
    expect(rows).toEqual([{ kind: 'payment', amount: -order.total }]);
    expect(await receivable(order)).toMatchObject({ paid: order.total, open: 0 });
  });

  it('a "delivered" event repeated by hand records one waiting payment', async () => {
    const { order, delivery } = await bookedWithGhn('KH000005');
    const event = { Status: 'delivered', OrderCode: delivery.tracking_code, ClientOrderCode: delivery.code, CODAmount: order.total };
    for (let time = 0; time < 3; time += 1) expect(await postGhn({ ...event, Time: new Date(Date.now() + time).toISOString() })).toBe(200);
    await kit.drain();
    expect((await kit.delivery(delivery.id)).status).toBe('delivered');
    expect(await paymentsOf(order)).toEqual([['cod', order.total, 'pending']]);
    expect((await receivable(order)).open).toBe(order.total);
  });
});
