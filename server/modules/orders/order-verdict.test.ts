/**
 * What comes back to a rep when the server changed or refused the order the phone sent:
 * one refusal naming every change with the old and new totals (a line the customer's licence may
 * not buy, nothing left in stock, a raised price, a programme, tier or gift lost, a credit block),
 * and an order taken with changes that names what a stock cut cost, and tells the rep.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatMoney } from '@contract/money';
import { vietnamDay } from '@contract/price-policy';
import { promotionPaths, type PromotionRecord, type PromotionTier } from '@contract/promotions';
import { receivablePaths, type ReceivableSettings } from '@contract/receivables';
import type { VariantRecord } from '@contract/products';
import { customers, notifications } from '@server/kernel/db/schema';
import { startOrderKit, type OrderKit } from '@server/testing/orders.kit';
import { companyCalls } from '@server/testing/receivables.kit';
import { stockTo } from '@server/testing/warehouse.kit';
import { unguarded } from '@server/testing/change-log-guard';

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
const { get, send } = companyCalls(() => kit);
const day = (offset: number) => vietnamDay(new Date(Date.now() + offset * 86_400_000));
const percent = (value: number, threshold: number): PromotionTier => ({
  threshold,
  reward: 'percent',
  value,
  gift_variant_id: null,
  gift_quantity: 0,
});

/** A programme made and approved in the office, running from yesterday. */
async function running(input: Record<string, unknown>): Promise<PromotionRecord> {
  const made = await send<PromotionRecord>('POST', promotionPaths.promotions, { starts_on: day(-1), ends_on: day(30), ...input });
  expect(made.status, JSON.stringify(made.body)).toBe(201);
  const approved = await send<PromotionRecord>('POST', promotionPaths.action(made.body.data.id), { action: 'approve', reason: null });
  expect(approved.status).toBe(200);
  return approved.body.data;
}

async function stop(programme: PromotionRecord): Promise<void> {
  const stopped = await send('POST', promotionPaths.action(programme.id), { action: 'stop', reason: 'Văn phòng dừng chương trình' });
  expect(stopped.status).toBe(200);
}

function variantOf(product: string, name: string): VariantRecord {
  return kit.variants.find((variant) => variant.product_name === product && variant.name === name)!;
}

/** Makes the warehouse keep the variant with none left (a variant it does not keep is never short). */
async function soldOut(variant: VariantRecord): Promise<void> {
  await stockTo(kit.server, kit.an.access, kit.anKhang, variant, 1);
  await stockTo(kit.server, kit.an.access, kit.anKhang, variant, 0);
}

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
    // The tier the stock cut took is named by its threshold, not as a spent budget.
    expect(taken.changes!.find((change) => change.field === `promotion.${tier.id}`)?.message).toBe(
      `Chương trình ${TIER} không còn áp dụng: đơn không còn đạt bậc 'đơn từ ${formatMoney(2_000_000)}'`,
    );
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
    // The office and any other device read what changed in the order's history, not only the rep's phone.
    const detail = await kit.server.call<unknown>(`/order/api/ordercompany/${payload.orderId}/?company=${kit.anKhang}`, {
      token: kit.an.access,
    });
    const history = (detail.body as unknown as { bonus: { history: { reason: string | null }[] } }).bonus.history;
    expect(history[0]!.reason).toContain('Nhận đơn có thay đổi: Siro ho Prospan chỉ còn 20 chai');
    expect(history[0]!.reason).toContain(total.message);
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
    expect(message).toContain(`Khuyến mại đã thay đổi: Chương trình ${BUY_TEN} đã dừng; Hàng tặng Siro ho Prospan: từ 1 chai còn 0.`);
    expect(message).toContain(`Tổng tiền từ ${formatMoney(800_000)} thành`);
    expect(message).toMatch(/Vui lòng xác nhận với khách hàng và gửi lại\.$/);
  });

  it('a line the licence blocks, a raised price, a programme withheld for the licence and a credit block come back in one refusal', async () => {
    const cefuroxim = kit.variant('Cefuroxim 500mg');
    const smecta = kit.variant('Smecta');
    const box = smecta.units.find((unit) => unit.unit === 'hộp')!;
    const counter = kit.customers.get('KH000003')!;
    await stockTo(kit.server, kit.an.access, kit.anKhang, cefuroxim, 100);
    await stockTo(kit.server, kit.an.access, kit.anKhang, smecta, 300);
    const smectaOff = await running({
      name: 'Giảm 8% Smecta cho nhà thuốc',
      kind: 'discount',
      variant_ids: [smecta.id],
      tiers: [percent(8, 1)],
    });
    const before = (await get<ReceivableSettings>(receivablePaths.settings)).body.data;
    // While the rep was offline: the customer's drug-business licence was taken off its record, its
    // credit limit set to 1.000 ₫ with the policy at block, and Smecta's box price raised.
    await unguarded(kit.server.deps.db, (tx) => tx.update(customers).set({ drugBusiness: false }).where(eq(customers.id, counter.id)));
    expect((await send('PUT', receivablePaths.creditLimit(counter.id), { credit_limit: 1_000, credit_days: null })).status).toBe(200);
    expect((await send('PUT', receivablePaths.settings, { ...before, credit_policy: 'block' })).status).toBe(200);
    try {
      const payload = kit.payloadOf({
        customerCode: 'KH000003',
        lines: [
          { variant: cefuroxim, unit: 'hộp', quantity: 1 },
          { variant: smecta, unit: 'hộp', quantity: 2, quotedUnitPrice: box.price - 5_000 },
        ],
      });
      const refused = await kit.submitPayload({
        ...payload,
        quotedTotal: 300_000,
        promotion: { total: 18_400, gifts: [], applied: [smectaOff.id] },
      });
      expect([refused.outcome, refused.error?.code]).toEqual(['rejected', 'PHARMA_RULE']);
      expect(refused.changes!.map((change) => change.field)).toEqual([
        'lines.0.variantId',
        'lines.1.unitPrice',
        `promotion.${smectaOff.id}`,
        'promotion.total',
        'credit',
        'total',
      ]);
      const ruling = 'Quầy thuốc không được mua thuốc kê đơn ngoài danh mục thuốc thiết yếu (Luật Dược 2016 Điều 48 khoản 1, Điều 34)';
      expect(refused.changes![0]).toEqual({
        field: 'lines.0.variantId',
        from: cefuroxim.id,
        to: null,
        message: `Cefuroxim 500mg: ${ruling}`,
      });
      expect(refused.error?.fields).toEqual({ 'lines.0.variantId': ruling });
      const message = refused.error!.message;
      expect(message).toMatch(/^Không bán được: Cefuroxim 500mg: Quầy thuốc không được mua/);
      expect(message).toContain(
        `Giá đã thay đổi: Giá Smecta (hộp) đã tăng từ ${formatMoney(box.price - 5_000)} lên ${formatMoney(box.price)}.`,
      );
      expect(message).toContain(
        'Khuyến mại đã thay đổi: Chương trình Giảm 8% Smecta cho nhà thuốc không áp dụng cho thuốc vì khách hàng chưa có giấy phép kinh doanh dược;',
      );
      expect(message).toMatch(/Không thể đặt hàng: Khách hàng .* vượt hạn mức công nợ/);
      expect(message).toContain(`Tổng tiền từ ${formatMoney(300_000)} thành`);
      expect(message).toMatch(
        /Bỏ các dòng này khỏi đơn hoặc cập nhật giấy phép của khách hàng rồi gửi lại\. Vui lòng xác nhận với khách hàng và gửi lại\.$/,
      );
    } finally {
      await unguarded(kit.server.deps.db, (tx) => tx.update(customers).set({ drugBusiness: true }).where(eq(customers.id, counter.id)));
      await send('PUT', receivablePaths.creditLimit(counter.id), { credit_limit: null, credit_days: null });
      await send('PUT', receivablePaths.settings, before);
      await stop(smectaOff);
    }
  });

  it('an order of which nothing is left names, with the stock, the programme stopped, its gift and the tier lost', async () => {
    const oil = kit.variant('Dầu gió Trường Sơn');
    await soldOut(oil);
    const buyTen = await running({
      name: 'Mua 10 chai dầu gió tặng 1 chai',
      kind: 'buy_get',
      variant_ids: [oil.id],
      tiers: [{ threshold: 10, reward: 'gift', value: 0, gift_variant_id: null, gift_quantity: 1 }],
    });
    const tier = await promotionNamed(TIER);
    await stop(buyTen);
    // The phone promised, for 120 chai (2.160.000 ₫): twelve free and 5 % off the order.
    const payload = kit.payloadOf({ customerCode: 'KH000002', lines: [{ variant: oil, unit: 'chai', quantity: 120 }] });
    const refused = await kit.submitPayload({
      ...payload,
      quotedTotal: 2_154_600,
      promotion: { total: 108_000, gifts: [{ promotionId: buyTen.id, variantId: oil.id, quantity: 12 }], applied: [buyTen.id, tier.id] },
    });
    expect([refused.outcome, refused.error?.code]).toEqual(['rejected', 'STOCK_INSUFFICIENT']);
    expect(refused.changes!.map((change) => change.field).sort()).toEqual(
      [
        'lines.0.quantity',
        `promotion.${buyTen.id}`,
        `promotion.${tier.id}`,
        'promotion.total',
        `promotion.gifts.${oil.id}`,
        'total',
      ].sort(),
    );
    expect(refused.changes![0]!.field).toBe('lines.0.quantity');
    expect(refused.changes!.at(-1)).toMatchObject({ field: 'total', from: 2_154_600, to: 0 });
    const message = refused.error!.message;
    expect(message).toMatch(/^Không đủ hàng cho đơn này: Dầu gió Trường Sơn đã hết hàng, đã bỏ khỏi đơn\. Khuyến mại đã thay đổi: /);
    expect(message).toContain(`Chương trình ${buyTen.name} đã dừng`);
    expect(message).toContain(`Chương trình ${TIER} không còn áp dụng: đơn không còn đạt bậc 'đơn từ ${formatMoney(2_000_000)}'`);
    expect(message).toContain(`Khuyến mại giảm từ ${formatMoney(108_000)} còn ${formatMoney(0)}`);
    expect(message).toContain('Hàng tặng Dầu gió Trường Sơn: từ 12 chai còn 0.');
    expect(message).toContain(`Tổng tiền từ ${formatMoney(2_154_600)} thành ${formatMoney(0)}.`);
  });

  it('a stock cut to a lower tier names both tiers, and a gift lost names its product, variant and unit', async () => {
    const betadine = variantOf('Betadine Antiseptic Solution 10%', '125ml');
    const oresol = variantOf('Oresol 245', 'Hương cam');
    await stockTo(kit.server, kit.an.access, kit.anKhang, betadine, 15);
    const more = await running({
      name: 'Betadine mua nhiều giảm nhiều',
      kind: 'quantity_tier',
      variant_ids: [betadine.id],
      tiers: [percent(3, 10), percent(5, 25)],
    });
    const withGift = await running({
      name: 'Mua 10 chai Betadine tặng 2 gói Oresol',
      kind: 'quantity_tier',
      variant_ids: [betadine.id],
      tiers: [{ threshold: 10, reward: 'gift', value: 0, gift_variant_id: oresol.id, gift_quantity: 2 }],
    });
    await stop(withGift);
    // The phone promised, for 27 chai (1.836.000 ₫): 5 % (91.800 ₫) and two sachets of Oresol; 15 are left.
    const payload = kit.payloadOf({ customerCode: 'KH000002', lines: [{ variant: betadine, unit: 'chai', quantity: 27 }] });
    const taken = await kit.submitPayload({
      ...payload,
      quotedTotal: 1_800_000,
      promotion: {
        total: 91_800,
        gifts: [{ promotionId: withGift.id, variantId: oresol.id, quantity: 2 }],
        applied: [more.id, withGift.id],
      },
    });
    try {
      expect(taken.outcome).toBe('applied_with_changes');
      expect(taken.changes!.map((change) => change.field)).toEqual([
        'lines.0.quantity',
        `promotion.${withGift.id}`,
        `promotion.${more.id}.tier`,
        'promotion.total',
        `promotion.gifts.${oresol.id}`,
        'total',
      ]);
      const [, , lower, , gift] = taken.changes!;
      expect(lower).toEqual({
        field: `promotion.${more.id}.tier`,
        from: 25,
        to: 10,
        message: "Chương trình Betadine mua nhiều giảm nhiều: từ bậc 'mua từ 25 chai' (giảm 5%) xuống bậc 'mua từ 10 chai' (giảm 3%)",
      });
      expect(gift).toEqual({
        field: `promotion.gifts.${oresol.id}`,
        from: 2,
        to: 0,
        message: 'Hàng tặng Oresol 245 – Hương cam: từ 2 gói còn 0',
      });
      expect(taken.order!.promotion_total).toBe(30_600);
    } finally {
      await stop(more);
    }
  });
});
