/**
 * The promotions report's totals count an order once, however many programmes
 * applied to it; each programme's row still shows the revenue of the orders it applied to.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OrderRecord } from '@contract/orders';
import { vietnamDay } from '@contract/price-policy';
import { promotionPaths, type PromotionRecord } from '@contract/promotions';
import { reportPaths, type PromotionReport } from '@contract/reports';
import { startOrderKit, type OrderKit } from '@server/testing/orders.kit';
import { stockTo } from '@server/testing/warehouse.kit';

let kit: OrderKit;

beforeAll(async () => {
  kit = await startOrderKit();
}, 120_000);
afterAll(async () => {
  await kit?.stop();
});

const BUY_TEN = 'Mua 10 chai Prospan tặng 1 chai';
const FIVE_PERCENT = 'Giảm 5% đơn hàng từ 2.000.000 đ';

async function promotionNamed(name: string): Promise<PromotionRecord> {
  const list = await kit.server.call<PromotionRecord[]>(
    `${promotionPaths.promotions}?company=${kit.anKhang}&search=${encodeURIComponent(name)}&limit=50`,
    { token: kit.an.access },
  );
  return list.body.data.find((record) => record.name === name)!;
}

async function report(): Promise<PromotionReport> {
  const today = vietnamDay();
  const answer = await kit.server.call<PromotionReport>(
    `${reportPaths.promotions}?company=${kit.anKhang}&date_from=${today}&date_to=${today}`,
    { token: kit.an.access },
  );
  expect(answer.status, answer.body.message).toBe(200);
  return answer.body.data;
}

const revenueOf = (answer: PromotionReport, name: string) => answer.rows.find((row) => row.name === name)?.revenue ?? 0;
const ordersOf = (answer: PromotionReport, name: string) => answer.rows.find((row) => row.name === name)?.orders ?? 0;
const sumOf = (answer: PromotionReport, pick: (row: PromotionReport['rows'][number]) => number) =>
  answer.rows.reduce((total, row) => total + pick(row), 0);

describe('the promotions report', () => {
  it('counts an order two programmes applied to once in its totals, and under each programme in its rows', async () => {
    const prospan = kit.variant('Siro ho Prospan');
    await stockTo(kit.server, kit.an.access, kit.anKhang, prospan, 200);
    const buyTen = await promotionNamed(BUY_TEN);
    const tier = await promotionNamed(FIVE_PERCENT);
    const before = await report();

    // 25 × 85 000 = 2 125 000: two chai free (buy 10 get 1) and 5 % off the order (106 250).
    const result = await kit.submitPromotedProspan(buyTen.id, tier.id);
    expect(result.outcome).toBe('applied');
    const order = result.order!;
    expect(order.promotions.map((given) => given.name).sort()).toEqual([BUY_TEN, FIVE_PERCENT].sort());
    // Accepted by the office: now it is revenue.
    const confirmed = await kit.server.call<OrderRecord>(`/order/api/updatestatusordercompany/${order.id}/`, {
      method: 'PUT',
      token: kit.an.access,
      body: { company: kit.anKhang, status: 'confirmed' },
    });
    expect(confirmed.status, confirmed.body.message).toBe(200);

    const after = await report();
    // Each programme's row counts the order it applied to …
    expect([ordersOf(after, BUY_TEN) - ordersOf(before, BUY_TEN), revenueOf(after, BUY_TEN) - revenueOf(before, BUY_TEN)]).toEqual([
      1,
      order.total,
    ]);
    expect([
      ordersOf(after, FIVE_PERCENT) - ordersOf(before, FIVE_PERCENT),
      revenueOf(after, FIVE_PERCENT) - revenueOf(before, FIVE_PERCENT),
    ]).toEqual([1, order.total]);
    // … so the rows added up count it twice, while the totals count it once.
    expect(sumOf(after, (row) => row.revenue) - sumOf(before, (row) => row.revenue)).toBe(2 * order.total);
    expect({
      orders: after.totals.orders - before.totals.orders,
      revenue: after.totals.revenue - before.totals.revenue,
      discount: after.totals.discount - before.totals.discount,
      gift_value: after.totals.gift_value - before.totals.gift_value,
    }).toEqual({ orders: 1, revenue: order.total, discount: 106_250, gift_value: 2 * 85_000 });
    // The discount and gifts are each programme's own, so their totals are the rows' sums.
    expect([after.totals.discount, after.totals.gift_value]).toEqual([
      sumOf(after, (row) => row.discount),
      sumOf(after, (row) => row.gift_value),
    ]);
  });

  it('totals only the programmes a search keeps', async () => {
    const today = vietnamDay();
    const searched = await kit.server.call<PromotionReport>(
      `${reportPaths.promotions}?company=${kit.anKhang}&date_from=${today}&date_to=${today}&search=${encodeURIComponent('Prospan')}`,
      { token: kit.an.access },
    );
    expect(searched.body.data.rows.map((row) => row.name)).toEqual([BUY_TEN]);
    const row = searched.body.data.rows[0]!;
    expect(searched.body.data.totals).toMatchObject({ orders: row.orders, revenue: row.revenue, discount: row.discount });
  });
});
