import { describe, expect, it } from 'vitest';
import type { PromotionTier } from '@contract/promotions';
import { budgetLeft, budgetPercent, budgetText, promotionButtons, tierText, tierUnitsHint } from './promotion-text';

/** formatMoney puts a no-break space before ₫; the expectations are written with a plain one. */
const plain = (text: string | null) => text?.replace(/\u00a0/g, ' ') ?? null;

const tier = (overrides: Partial<PromotionTier>): PromotionTier => ({
  threshold: 1,
  reward: 'percent',
  value: 0,
  gift_variant_id: null,
  gift_quantity: 0,
  ...overrides,
});

describe('a programme in words', () => {
  it('says each tier with its units', () => {
    expect(plain(tierText('discount', tier({ value: 10 })))).toBe('Giảm 10%');
    expect(plain(tierText('discount', tier({ threshold: 5, reward: 'amount', value: 2_000 })))).toBe(
      'Từ 5 đơn vị: giảm 2.000 ₫ mỗi đơn vị',
    );
    expect(plain(tierText('quantity_tier', tier({ threshold: 20, value: 3 })))).toBe('Từ 20 đơn vị: giảm 3%');
    expect(plain(tierText('quantity_tier', tier({ threshold: 50, reward: 'fixed_price', value: 80_000 })))).toBe(
      'Từ 50 đơn vị: đồng giá 80.000 ₫ mỗi đơn vị',
    );
    expect(plain(tierText('buy_get', tier({ threshold: 10, reward: 'gift', gift_quantity: 1 })))).toBe(
      'Cứ mua 10 đơn vị: tặng 1 sản phẩm đã mua',
    );
    expect(plain(tierText('order_total', tier({ threshold: 2_000_000, value: 5 })))).toBe('Đơn hàng từ 2.000.000 ₫: giảm 5% đơn hàng');
    expect(
      plain(tierText('order_total', tier({ threshold: 5_000_000, reward: 'gift', gift_variant_id: 9, gift_quantity: 2 }), 'Smecta')),
    ).toBe('Đơn hàng từ 5.000.000 ₫: tặng 2 Smecta');
  });

  it('explains what thresholds are counted in', () => {
    expect(tierUnitsHint('order_total')).toMatch(/tổng tiền đơn hàng \(đồng\)/);
    expect(tierUnitsHint('quantity_tier')).toMatch(/đơn vị cơ bản/);
  });

  it('tells the budget used and left, in money or units', () => {
    expect(plain(budgetText({ cap_kind: 'money', cap_total: 50_000_000, used_total: 1_250_000 }))).toBe('1.250.000 ₫ / 50.000.000 ₫');
    expect(plain(budgetText({ cap_kind: 'quantity', cap_total: null, used_total: 12 }))).toBe('12 đơn vị (không giới hạn)');
    expect(budgetLeft({ cap_kind: 'quantity', cap_total: 500, used_total: 12 })).toBe('488 đơn vị');
    expect(budgetLeft({ cap_kind: 'money', cap_total: null, used_total: 0 })).toBeNull();
    expect(budgetPercent({ cap_total: 500, used_total: 125 })).toBe(25);
    expect(budgetPercent({ cap_total: 5, used_total: 9 })).toBe(100);
  });
});

describe('the buttons of a programme’s page', () => {
  const all = { create: true, edit: true, delete: true, approve: true };

  it('follow the status table', () => {
    expect(promotionButtons(1, all)).toMatchObject({ approve: true, reject: true, stop: false, edit: true, remove: true, copy: true });
    expect(promotionButtons(3, all)).toMatchObject({ approve: false, reject: false, stop: true, edit: false, remove: false });
    expect(promotionButtons(3, all).editRefusal).toMatch(/đã được duyệt nên không sửa được/);
    expect(promotionButtons(2, all).stop).toBe(true);
    expect(promotionButtons(4, all)).toMatchObject({ approve: false, stop: false, edit: false });
    expect(promotionButtons(6, all)).toMatchObject({ approve: false, edit: true, remove: true });
  });

  it('follow the role: no approve permission, no Duyệt, Từ chối or Dừng', () => {
    const rep = { create: true, edit: true, delete: false, approve: false };
    expect(promotionButtons(1, rep)).toMatchObject({ approve: false, reject: false, edit: true, remove: false });
    expect(promotionButtons(3, rep)).toMatchObject({ stop: false, editRefusal: expect.any(String) });
    expect(promotionButtons(3, { ...rep, edit: false }).editRefusal).toBeNull();
  });
});
