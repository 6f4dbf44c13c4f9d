/**
 * What comes back to a rep when the server changed or refused the order the phone sent:
 * one refusal naming every change with the old and new totals, and an order taken with changes
 * that names what a stock cut cost, and tells the rep.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatMoney } from '@contract/money';
import { promotionPaths, type PromotionRecord } from '@contract/promotions';
import { notifications } from '@server/kernel/db/schema';
import { startOrderKit, type OrderKit } from '@server/testing/orders.kit';
import { stockTo } from '@server/testing/warehouse.kit';

let kit: OrderKit;

beforeAll(async () => {
  kit = await startOrderKit();
});

afterAll(async () => {
  await kit?.stop();
});

async function promotionNamed(name: string): Promise<PromotionRecord> {
  const list = await kit.server.call<PromotionRecord[]>(`${promotionPaths.promotions}?company=${kit.anKhang}&limit=50`, {
    token: kit.an.access,
  });
  return list.body.data.find((record) => record.name === name)!;
}

const BUY_TEN = 'Mua 10 chai Prospan tặng 1 chai';
const TIER = 'Giảm 5% đơn hàng từ 2.000.000 đ';

describe('the answer to a rep’s order', () => {
  it('a stock cut that costs the 5 % tier and a gift is taken with every change and the new total, and the rep is told', async () => {
    const prospan = kit.variant('Siro ho Prospan');
    const [buyTen, tier] = [await promotionNamed(BUY_TEN), await promotionNamed(TIER)];
    await stockTo(kit.server, kit.an.access, kit.anKhang, prospan, 20);
    // The phone promised, for 25 chai (2.125.000 ₫): two free and 5 % off; the warehouse has 20 left.
    const payload = kit.payloadOf({ customerCode: 'KH000001', lines: [{ variant: prospan, unit: 'chai', quantity: 25 }] });
    const taken = await kit.submitPayload({
      ...payload,
      quotedTotal: 2_018_750,
      promotion: { total: 106_250, gifts: [{ promotionId: buyTen.id, variantId: prospan.id, quantity: 2 }], applied: [buyTen.id, tier.id] },
    });
    expect(taken.outcome).toBe('applied_with_changes');
    const fields = taken.changes!.map((change) => change.field);
    expect(fields[0]).toBe('lines.0.quantity');
    expect(fields).toContain(`promotion.${tier.id}`);
    expect(fields).toContain('promotion.total');
    expect(fields.at(-1)).toBe('total');
    const total = taken.changes!.at(-1)!;
    expect(total).toEqual({
      field: 'total',
      from: 2_018_750,
      to: taken.order!.total,
      message: `Tổng tiền từ ${formatMoney(2_018_750)} thành ${formatMoney(taken.order!.total)}`,
    });
    expect(taken.order!.promotions.map((given) => given.name)).not.toContain(TIER);

    const [told] = await kit.server.deps.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.kind, 'order_changed'), eq(notifications.link, `/order/${payload.orderId}`)));
    expect(told).toMatchObject({ accountId: kit.an.account.id, title: `Đơn ${taken.order!.code} được nhận với thay đổi` });
    expect(told!.body).toContain('Siro ho Prospan chỉ còn 20 chai');
    expect(told!.body).toContain(total.message);
  });

  it('a raised price and a stopped programme come back in one refusal, with the old and new totals', async () => {
    const prospan = kit.variant('Siro ho Prospan');
    const price = prospan.units.find((unit) => unit.unit === 'chai')!.price;
    const buyTen = await promotionNamed(BUY_TEN);
    await stockTo(kit.server, kit.an.access, kit.anKhang, prospan, 200);
    const stopped = await kit.server.call(promotionPaths.action(buyTen.id), {
      method: 'POST',
      token: kit.an.access,
      body: { company: kit.anKhang, action: 'stop', reason: 'Hết ngân sách quý' },
    });
    expect(stopped.status).toBe(200);
    const payload = kit.payloadOf({
      customerCode: 'KH000002',
      lines: [{ variant: prospan, unit: 'chai', quantity: 10, quotedUnitPrice: price - 5_000 }],
    });
    const refused = await kit.submitPayload({
      ...payload,
      quotedTotal: 800_000,
      promotion: { total: 0, gifts: [{ promotionId: buyTen.id, variantId: prospan.id, quantity: 1 }], applied: [buyTen.id] },
    });
    expect([refused.outcome, refused.error?.code]).toEqual(['rejected', 'PRICE_CHANGED']);
    expect(refused.changes!.map((change) => change.field)).toEqual([
      'lines.0.unitPrice',
      `promotion.${buyTen.id}`,
      `promotion.gifts.${prospan.id}`,
      'total',
    ]);
    const message = refused.error!.message;
    expect(message).toMatch(/^Giá đã thay đổi: Giá Siro ho Prospan \(chai\) đã tăng/);
    expect(message).toContain(`Khuyến mại đã thay đổi: Chương trình ${BUY_TEN} đã dừng; Hàng tặng giảm từ 1 còn 0.`);
    expect(message).toContain(`Tổng tiền từ ${formatMoney(800_000)} thành`);
    expect(message).toMatch(/Vui lòng xác nhận với khách hàng và gửi lại\.$/);
  });
});
