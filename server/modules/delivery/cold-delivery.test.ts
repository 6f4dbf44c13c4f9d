/**
 * Cold items (docs/pharma.md "Cold items"): an order holding a cold product is not quoted nor booked with a
 * carrier (the draft says so first), self delivery still books; a delivery's temperature readings
 * (add, list newest first, out-of-range flag, one decimal, who may add, another company cannot read);
 * and retention (item 7): a failed delivery of an order whose medicine lots left is kept.
 */
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deliveryPaths, type DeliveryRecord } from '@contract/delivery';
import type { OrderRecord } from '@contract/orders';
import { coldPaths, type TemperatureAnswer } from '@contract/pharma-cold';
import type { VariantRecord } from '@contract/products';
import { deliveryOrders, products, stockLots, stockMoves, stockReceipts } from '@server/kernel/db/schema';
import { DEMO_STAFF } from '@server/seed/demo-employees';
import { startDeliveryKit, SENDER, type DeliveryKit } from '@server/testing/delivery.kit';
import { stockTo } from '@server/testing/warehouse.kit';
import { unguarded } from '@server/testing/change-log-guard';
import { connectSelfDelivery } from './index';

let kit: DeliveryKit;
let cold: VariantRecord;
let plain: VariantRecord;

async function orderOf(variant: VariantRecord): Promise<OrderRecord> {
  await stockTo(kit.server, kit.an.access, kit.anKhang, variant, 500);
  const order = await kit.createOrder({ customerCode: 'KH000002', lines: [{ variant, unit: variant.units[0]!.unit, quantity: 2 }] });
  const moved = await kit.server.call<OrderRecord>(`/order/api/updatestatusordercompany/${order.id}/`, {
    method: 'PUT',
    token: kit.an.access,
    body: { company: kit.anKhang, status: 'confirmed', reason: null },
  });
  if (moved.status !== 200) throw new Error(JSON.stringify(moved.body));
  return moved.body.data;
}

async function setProduct(variant: VariantRecord, values: Partial<typeof products.$inferInsert>) {
  await unguarded(kit.server.deps.db, (tx) =>
    tx
      .update(products)
      .set(values)
      .where(and(eq(products.companyId, kit.anKhang), eq(products.id, variant.product_id))),
  );
}

const bookBody = (order: OrderRecord, connection: number, service: string) => ({
  order: order.id,
  connection_id: connection,
  service_id: service,
  service_name: 'Dịch vụ',
  fee: 20_000,
  expected_at: null,
  parcel: { weight_grams: 800, length_cm: 20, width_cm: 15, height_cm: 10 },
  cod_amount: order.total,
  receiver_method: 'cho_xem',
});

beforeAll(async () => {
  kit = await startDeliveryKit();
  await kit.connect('ghn');
  await connectSelfDelivery(kit.server.deps, kit.anKhang, kit.an.account.id, { fee: 20_000, shipper_ids: [], sender: SENDER });
  const distinct = [...new Map(kit.variants.map((variant) => [variant.product_id, variant])).values()];
  [cold, plain] = [distinct[0]!, distinct[1]!];
  await setProduct(cold, { storage: 'cold', isMedicine: true });
  await setProduct(plain, { storage: 'normal', isMedicine: true });
});
afterAll(async () => {
  await kit?.stop();
});

describe('booking an order with cold items', () => {
  let order: OrderRecord;
  beforeAll(async () => {
    order = await orderOf(cold);
  });

  it('the draft names the cold items before any quote', async () => {
    const draft = await kit.get<{ cold_items: { name: string; storage: string }[]; cold_notice: string | null }>(deliveryPaths.draft, {
      order: order.id,
    });
    expect(draft.body.data.cold_items).toEqual([expect.objectContaining({ storage: 'cold' })]);
    expect(draft.body.data.cold_notice).toContain('chỉ đặt được Tự giao');
  });

  it('quotes self delivery only; each carrier says why it cannot, without being asked', async () => {
    const answer = await kit.quote(order);
    expect(answer.quotes.map((quote) => quote.carrier)).toEqual(['self']);
    expect(answer.failures).toEqual([expect.objectContaining({ carrier: 'ghn', message: expect.stringContaining('Không gửi được qua') })]);
  });

  it('refuses booking it with a carrier, in Vietnamese naming the items, and books self delivery', async () => {
    const accounts = (await kit.get<{ accounts: { id: number; carrier: string }[] }>(deliveryPaths.draft, { order: order.id })).body.data
      .accounts;
    const ghn = accounts.find((account) => account.carrier === 'ghn')!;
    const refused = await kit.send<null>('POST', deliveryPaths.deliveries, bookBody(order, ghn.id, '53320'));
    expect(refused.status).toBe(400);
    expect(refused.body.message).toContain(cold.product_name);
    expect(refused.body.message).toContain('không có dịch vụ giao hàng lạnh');
    expect(refused.body.fields?.connection_id).toBeTruthy();
    const self = accounts.find((account) => account.carrier === 'self')!;
    const booked = await kit.send<DeliveryRecord>('POST', deliveryPaths.deliveries, bookBody(order, self.id, 'self'));
    expect(booked.status).toBe(201);
  });

  it('an order without cold items still books with the carrier', async () => {
    const other = await orderOf(plain);
    const booked = await kit.book(other, 'ghn');
    expect(booked.carrier).toBe('ghn');
  });
});

describe('temperature readings of a delivery', () => {
  let delivery: DeliveryRecord;
  beforeAll(async () => {
    const order = await orderOf(cold);
    delivery = await kit.book(order, 'self');
  });

  it('adds readings with who took them, lists them newest first, flags one outside 2–8 °C', async () => {
    const first = await kit.send<TemperatureAnswer>('POST', coldPaths.delivery(delivery.id), { celsius: 4.5, note: 'Thùng giữ lạnh số 2' });
    expect(first.status).toBe(201);
    expect(first.body.data.readings[0]).toMatchObject({ celsius: 4.5, out_of_range: null, taken_by: { id: kit.an.account.id } });
    const keeper = await kit.server.login(DEMO_STAFF.storekeeper);
    const second = await kit.send<TemperatureAnswer>('POST', coldPaths.delivery(delivery.id), { celsius: 9.5 }, keeper.access);
    expect(second.status).toBe(201);
    const list = await kit.get<TemperatureAnswer>(coldPaths.delivery(delivery.id));
    expect(list.body.data.cold_items).toEqual([expect.objectContaining({ storage: 'cold' })]);
    expect(list.body.data.readings.map((reading) => reading.celsius)).toEqual([9.5, 4.5]);
    expect(list.body.data.readings[0]!.out_of_range).toContain('ngoài khoảng bảo quản');
    expect(list.body.data.readings[0]!.taken_by.name).toBe('Bùi Văn Kiên');
  });

  it('refuses a second decimal, and a member who may not edit orders', async () => {
    const bad = await kit.send<null>('POST', coldPaths.delivery(delivery.id), { celsius: 4.55 });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toContain('một chữ số thập phân');
    const rep = await kit.server.login(DEMO_STAFF.repSouth);
    expect((await kit.send<null>('POST', coldPaths.delivery(delivery.id), { celsius: 5 }, rep.access)).status).toBe(403);
  });

  it('another company cannot read them', async () => {
    expect((await kit.get<null>(coldPaths.delivery(delivery.id), {}, kit.binh.access)).status).toBe(403);
    const asOwn = await kit.server.call(`${coldPaths.delivery(delivery.id)}?company=${kit.minhPhat}`, { token: kit.an.access });
    expect([403, 404]).toContain(asOwn.status);
  });
});

describe('retention: deleting a failed delivery', () => {
  async function failedDelivery(variant: VariantRecord) {
    const order = await orderOf(variant);
    const booked = await kit.book(order, 'ghn');
    await kit.server.deps.db.update(deliveryOrders).set({ status: 'create_failed' }).where(eq(deliveryOrders.id, booked.id));
    return { order, delivery: booked };
  }

  it('is allowed while its order never left the warehouse', async () => {
    const { delivery } = await failedDelivery(plain);
    expect((await kit.send<null>('DELETE', deliveryPaths.delivery(delivery.id))).status).toBe(200);
  });

  it("is refused once its order's medicine lots left the warehouse, allowed a year after they expired", async () => {
    const { order, delivery } = await failedDelivery(plain);
    const shipped = await kit.server.call(`/order/api/updatestatusordercompany/${order.id}/`, {
      method: 'PUT',
      token: kit.an.access,
      body: { company: kit.anKhang, status: 'delivering', reason: null },
    });
    expect(shipped.status).toBe(200);
    const refused = await kit.send<null>('DELETE', deliveryPaths.delivery(delivery.id));
    expect(refused.status).toBe(409);
    expect(refused.body.message).toMatch(/^Không xóa được đơn vận chuyển: chứng từ của lô thuốc phải lưu ít nhất 1 năm/);
    // The same lots, expired more than a year ago: nothing holds the document any more.
    const db = kit.server.deps.db;
    const lots = db
      .select({ id: stockMoves.lotId })
      .from(stockMoves)
      .innerJoin(stockReceipts, eq(stockReceipts.id, stockMoves.receiptId))
      .where(eq(stockReceipts.orderId, order.id));
    await unguarded(db, (tx) => tx.update(stockLots).set({ expiresOn: '2020-01-31' }).where(inArray(stockLots.id, lots)));
    expect((await kit.send<null>('DELETE', deliveryPaths.delivery(delivery.id))).status).toBe(200);
  });
});
