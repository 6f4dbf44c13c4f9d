import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  applyPromotions,
  spread,
  type EngineCustomer,
  type EngineInput,
  type EngineLine,
  type EngineProgramme,
  type GiftGoods,
} from './promotions-engine';
import { formatMoney } from './money';
import { tierProblems } from './promotions';

// 10:00 on 2026-11-25 in Vietnam.
const AT = new Date('2026-11-25T03:00:00Z');
const pharmacy: EngineCustomer = { customer_type_id: 1, level_id: 2, province_code: '79', drug_business: true };
const shop: EngineCustomer = { ...pharmacy, drug_business: false };

const goods: Record<number, GiftGoods> = {
  1: { variant_id: 1, label: 'Panadol Extra', base_unit: 'hộp', base_price: 100_000, is_medicine: true },
  2: { variant_id: 2, label: 'Khẩu trang', base_unit: 'hộp', base_price: 30_000, is_medicine: false },
  3: { variant_id: 3, label: 'Vitamin C', base_unit: 'lọ', base_price: 50_000, is_medicine: false },
};

function line(variantId: number, quantity: number, patch: Partial<EngineLine> = {}): EngineLine {
  const item = goods[variantId]!;
  return {
    line_id: `l${variantId}`,
    variant_id: variantId,
    category_id: variantId === 3 ? 7 : 5,
    brand_id: null,
    is_medicine: item.is_medicine,
    label: item.label,
    base_unit: item.base_unit,
    unit: item.base_unit,
    factor: 1,
    quantity,
    unit_price: item.base_price,
    vat_rate: 5,
    discount: null,
    ...patch,
  };
}

function programme(patch: Partial<EngineProgramme>): EngineProgramme {
  return {
    id: 1,
    code: 'KM0001',
    name: 'Chương trình',
    kind: 'discount',
    state: 'approved',
    starts_on: '2026-11-01',
    ends_on: '2026-12-31',
    hours_from: null,
    hours_to: null,
    exclusive: false,
    priority: 0,
    variant_ids: [],
    category_ids: [],
    brand_ids: [],
    customer_type_ids: [],
    level_ids: [],
    province_codes: [],
    tiers: [{ threshold: 1, reward: 'percent', value: 10, gift_variant_id: null, gift_quantity: 0 }],
    cap_kind: 'money',
    cap_total: null,
    cap_per_customer: null,
    used_total: 0,
    ...patch,
  };
}

const buy10get1 = programme({
  id: 11,
  name: 'Mua 10 tặng 1',
  kind: 'buy_get',
  variant_ids: [2],
  tiers: [{ threshold: 10, reward: 'gift', value: 0, gift_variant_id: null, gift_quantity: 1 }],
});
const fivePercentFrom2m = programme({
  id: 12,
  name: 'Giảm 5% đơn từ 2 triệu',
  kind: 'order_total',
  tiers: [{ threshold: 2_000_000, reward: 'percent', value: 5, gift_variant_id: null, gift_quantity: 0 }],
});

function price(lines: EngineLine[], programmes: EngineProgramme[], patch: Partial<EngineInput> = {}) {
  return applyPromotions({ lines, customer: pharmacy, programmes, vatOn: true, at: AT, gifts: (id) => goods[id], ...patch });
}

describe('applyPromotions', () => {
  it('buy 10 get 1 repeats per ten and says how many more for the next gift', () => {
    const cart = price([line(2, 25)], [buy10get1]);
    expect(cart.gifts).toEqual([{ promotion_id: 11, variant_id: 2, label: 'Khẩu trang', base_unit: 'hộp', quantity: 2, value: 60_000 }]);
    expect(cart.totals.total).toBe(787_500); // 25 × 30 000 + 5 % VAT: the gifts cost nothing
    expect(cart.hints.map((hint) => hint.message)).toEqual(['Mua 10 tặng 1: mua thêm 5 hộp để được tặng thêm 1 hộp Khẩu trang']);
    expect(price([line(2, 9)], [buy10get1]).hints[0]!.message).toBe('Mua 10 tặng 1: mua thêm 1 hộp để được tặng 1 hộp Khẩu trang');
    expect(price([line(2, 9)], [buy10get1]).gifts).toEqual([]);
  });

  it('a 5 % order-total tier from 2 000 000 đ: spread over the lines, and the hint below it', () => {
    const below = price([line(2, 10), line(3, 30)], [fivePercentFrom2m]);
    expect(below.totals.promotion).toBe(0);
    expect(below.hints.map((hint) => hint.message)).toEqual([
      `Giảm 5% đơn từ 2 triệu: mua thêm ${formatMoney(200_000)} để được giảm 5% đơn hàng`,
    ]);
    const above = price([line(2, 10), line(3, 40)], [fivePercentFrom2m]);
    // 300 000 + 2 000 000 = 2 300 000; 5 % = 115 000, split 15 000 / 100 000.
    expect(above.lines.map((row) => row.amounts.promotion)).toEqual([15_000, 100_000]);
    expect(above.applied).toMatchObject([
      { promotion_id: 12, discount: 115_000, summary: 'giảm 5% đơn hàng', threshold: 2_000_000, limited: null },
    ]);
    expect(above.totals).toMatchObject({ subtotal: 2_300_000, promotion: 115_000, net: 2_185_000 });
    expect(above.hints).toEqual([]);
  });

  it('takes line promotions, then the rep’s discount, then the order tier on what remains', () => {
    const tenOff = programme({ id: 2, variant_ids: [3] });
    const cart = price([line(3, 50, { discount: { kind: 'amount', value: 50_000 } })], [tenOff, fivePercentFrom2m]);
    // 2 500 000 − 250 000 (10 %) − 50 000 (rep) = 2 200 000; 5 % = 110 000.
    expect(cart.lines[0]!.amounts).toMatchObject({ gross: 2_500_000, promotion: 360_000, discount: 50_000, net: 2_090_000 });
    expect(cart.lines[0]!.promotions).toEqual([
      { promotion_id: 2, amount: 250_000 },
      { promotion_id: 12, amount: 110_000 },
    ]);
  });

  it('an exclusive programme takes only untouched lines and keeps others off them', () => {
    const shared = programme({ id: 3, priority: 5, variant_ids: [3] });
    const exclusive = programme({
      id: 4,
      priority: 1,
      exclusive: true,
      tiers: [{ threshold: 1, reward: 'percent', value: 20, gift_variant_id: null, gift_quantity: 0 }],
    });
    const cart = price([line(2, 1), line(3, 1)], [exclusive, shared]);
    expect(cart.lines.map((row) => row.promotions.map((p) => p.promotion_id))).toEqual([[4], [3]]);
    const first = price([line(2, 1), line(3, 1)], [{ ...exclusive, priority: 9 }, shared]);
    expect(first.lines.map((row) => row.promotions.map((p) => p.promotion_id))).toEqual([[4], [4]]);
  });

  it('promotes a medicine, or gives one, only to a licensed drug business', () => {
    const all = programme({ id: 5 });
    const unlicensed = price([line(1, 2), line(2, 2)], [all], { customer: shop });
    expect(unlicensed.lines.map((row) => row.amounts.promotion)).toEqual([0, 6_000]);
    // The rep is told why the medicine got nothing; a licensed pharmacy gets no such hint.
    expect(unlicensed.hints).toContainEqual({
      promotion_id: 5,
      message: `${all.name}: không áp dụng cho thuốc vì khách hàng chưa có giấy phép kinh doanh dược`,
    });
    const licensed = price([line(1, 2), line(2, 2)], [all]);
    expect(licensed.lines.map((row) => row.amounts.promotion)).toEqual([20_000, 6_000]);
    expect(licensed.hints.filter((hint) => hint.message.includes('giấy phép'))).toEqual([]);
    const medicineGift = programme({
      id: 6,
      kind: 'quantity_tier',
      variant_ids: [3],
      tiers: [{ threshold: 10, reward: 'gift', value: 0, gift_variant_id: 1, gift_quantity: 1 }],
    });
    expect(price([line(3, 10)], [medicineGift], { customer: shop }).gifts).toEqual([]);
    expect(price([line(3, 10)], [medicineGift]).gifts).toHaveLength(1);
  });

  it('never gives more than half of the goods promoted, nor more than the budget left', () => {
    const tooMuch = programme({
      id: 7,
      kind: 'quantity_tier',
      variant_ids: [3],
      tiers: [{ threshold: 1, reward: 'gift', value: 0, gift_variant_id: 1, gift_quantity: 1 }],
    });
    // One lọ at 50 000 may bring at most 25 000 of gifts: a 100 000 box is too much.
    const cart = price([line(3, 1)], [tooMuch]);
    expect(cart.gifts).toEqual([]);
    expect(cart.applied[0]!.limited).toMatch(/50%/);
    const capped = programme({ id: 8, cap_total: 1_000_000, used_total: 990_000 });
    const result = price([line(3, 10)], [capped]);
    expect(result.applied).toMatchObject([{ discount: 10_000, limited: 'Chương trình chỉ còn đủ ngân sách cho một phần ưu đãi' }]);
    const perCustomer = price([line(3, 10)], [programme({ id: 9, cap_per_customer: 20_000 })], {
      usage: () => ({ total: 0, customer: 20_000 }),
    });
    expect(perCustomer.totals.promotion).toBe(0);
    expect(perCustomer.applied[0]!.limited).toBe('Chương trình đã hết ngân sách');
  });

  it('applies only programmes that run now, in their hours, for this customer', () => {
    const cart = (patch: Partial<EngineProgramme>) => price([line(2, 1)], [programme(patch)]).totals.promotion;
    expect(cart({})).toBe(3_000);
    expect(cart({ state: 'stopped' })).toBe(0);
    expect(cart({ state: 'pending' })).toBe(0);
    expect(cart({ ends_on: '2026-11-24' })).toBe(0);
    expect(cart({ starts_on: '2026-11-26' })).toBe(0);
    expect(cart({ hours_from: '11:00', hours_to: '13:00' })).toBe(0);
    expect(cart({ hours_from: '09:30', hours_to: '10:30' })).toBe(3_000);
    expect(cart({ customer_type_ids: [2] })).toBe(0);
    expect(cart({ province_codes: ['01'] })).toBe(0);
    expect(cart({ province_codes: ['79'], level_ids: [2] })).toBe(3_000);
    expect(cart({ cap_total: 100, used_total: 100 })).toBe(0);
  });

  it('quantity tiers give the highest tier reached, counted in base units', () => {
    const tiers = programme({
      id: 10,
      kind: 'quantity_tier',
      variant_ids: [3],
      tiers: [
        { threshold: 10, reward: 'amount', value: 2_000, gift_variant_id: null, gift_quantity: 0 },
        { threshold: 50, reward: 'amount', value: 5_000, gift_variant_id: null, gift_quantity: 0 },
      ],
    });
    // 5 thùng of 12 lọ = 60 lọ → 5 000 đ a lọ.
    const cart = price([line(3, 5, { unit: 'thùng', factor: 12, unit_price: 600_000 })], [tiers]);
    expect(cart.totals.promotion).toBe(300_000);
    expect(price([line(3, 20)], [tiers]).hints[0]!.message).toBe(`Chương trình: mua thêm 30 lọ để được giảm ${formatMoney(5_000)}/lọ`);
  });
});

describe('spread', () => {
  it('splits whole đồng by weight, the parts summing to the total', () => {
    expect(spread(100, [1, 1, 1])).toEqual([34, 33, 33]);
    expect(spread(0, [5, 5])).toEqual([0, 0]);
    expect(spread(10, [0, 0])).toEqual([0, 0]);
  });
});

describe('tierProblems', () => {
  it('refuses percent over 50, duplicate or shrinking tiers, and rewards the kind does not allow', () => {
    const tier = (threshold: number, value: number, reward: 'percent' | 'amount' | 'gift' = 'percent') => ({
      threshold,
      reward,
      value,
      gift_variant_id: null,
      gift_quantity: reward === 'gift' ? 1 : 0,
    });
    expect(tierProblems('quantity_tier', [tier(10, 60)])).toEqual({ 'tiers.0.value': 'Mức giảm tối đa 50% (Nghị định 81/2018, Điều 7)' });
    expect(tierProblems('quantity_tier', [tier(10, 5), tier(10, 8)])).toHaveProperty(['tiers.1.threshold']);
    expect(tierProblems('quantity_tier', [tier(10, 8), tier(20, 5)]).tiers).toMatch(/thấp hơn/);
    expect(tierProblems('buy_get', [tier(10, 5)])).toHaveProperty(['tiers.0.reward']);
    expect(tierProblems('order_total', [tier(1_000_000, 600_000, 'amount')])).toHaveProperty(['tiers.0.value']);
    expect(tierProblems('order_total', [tier(1_000_000, 0, 'gift')])).toHaveProperty(['tiers.0.gift_variant_id']);
    expect(tierProblems('discount', [])).toEqual({ tiers: 'Vui lòng nhập ít nhất một bậc ưu đãi' });
    expect(tierProblems('quantity_tier', [tier(10, 5), tier(20, 8)])).toEqual({});
  });
});

// ---- properties over random carts and programmes ---------------------------------------------

const lineArb = fc.record({
  variant: fc.constantFrom(1, 2, 3),
  quantity: fc.integer({ min: 0, max: 500 }),
  factor: fc.constantFrom(1, 10, 12),
  unit_price: fc.integer({ min: 0, max: 5_000_000 }),
  vat_rate: fc.constantFrom(0, 5, 8, 10),
  discount: fc.option(fc.record({ kind: fc.constantFrom('percent' as const, 'amount' as const), value: fc.integer({ min: 0, max: 100 }) })),
});
const tierArb = fc.record({
  threshold: fc.integer({ min: 1, max: 3_000_000 }),
  reward: fc.constantFrom('percent' as const, 'amount' as const, 'fixed_price' as const, 'gift' as const),
  value: fc.integer({ min: 0, max: 60_000 }),
  gift_variant_id: fc.option(fc.constantFrom(1, 2, 3)),
  gift_quantity: fc.integer({ min: 0, max: 5 }),
});
const programmeArb = fc.record({
  id: fc.integer({ min: 1, max: 1000 }),
  kind: fc.constantFrom('discount' as const, 'quantity_tier' as const, 'buy_get' as const, 'order_total' as const),
  exclusive: fc.boolean(),
  priority: fc.integer({ min: 0, max: 3 }),
  variant_ids: fc.subarray([1, 2, 3]),
  tiers: fc.array(tierArb, { minLength: 1, maxLength: 3 }),
  cap_kind: fc.constantFrom('money' as const, 'quantity' as const),
  cap_total: fc.option(fc.integer({ min: 0, max: 2_000_000 })),
  cap_per_customer: fc.option(fc.integer({ min: 0, max: 500_000 })),
  used_total: fc.integer({ min: 0, max: 1_000_000 }),
});
const cartArb = fc.record({
  lines: fc.array(lineArb, { maxLength: 8 }),
  programmes: fc.uniqueArray(programmeArb, { maxLength: 6, selector: (p) => p.id }),
  drug_business: fc.boolean(),
  vatOn: fc.boolean(),
});

type CartSample = typeof cartArb extends fc.Arbitrary<infer T> ? T : never;

function inputOf(sample: CartSample): EngineInput {
  return {
    lines: sample.lines.map((row, index) =>
      line(row.variant, row.quantity, {
        line_id: `l${index}`,
        factor: row.factor,
        unit_price: row.unit_price,
        vat_rate: row.vat_rate,
        discount: row.discount,
      }),
    ),
    customer: { ...pharmacy, drug_business: sample.drug_business },
    programmes: sample.programmes.map((p) => programme({ ...p, code: `KM${p.id}`, name: `KM ${p.id}` })),
    vatOn: sample.vatOn,
    at: AT,
    gifts: (id) => goods[id],
  };
}

describe('applyPromotions properties', () => {
  it('whole đồng, never negative, totals are the sum of the lines, gifts never charged', () => {
    fc.assert(
      fc.property(cartArb, (sample) => {
        const input = inputOf(sample);
        const cart = applyPromotions(input);
        for (const row of cart.lines) {
          const a = row.amounts;
          for (const value of [a.gross, a.promotion, a.discount, a.net, a.vat, a.total]) {
            expect(Number.isInteger(value)).toBe(true);
            expect(value).toBeGreaterThanOrEqual(0);
          }
          expect(a.net).toBe(a.gross - a.promotion - a.discount);
          expect(row.promotions.reduce((sum, p) => sum + p.amount, 0)).toBe(a.promotion);
        }
        expect(cart.totals.total).toBe(cart.lines.reduce((sum, row) => sum + row.amounts.total, 0));
        // Gifts add no line and no money: the cart's total is what its paid lines come to.
        expect(cart.lines).toHaveLength(input.lines.length);
        for (const gift of cart.gifts) expect(gift.quantity).toBeGreaterThan(0);
      }),
      { numRuns: 400 },
    );
  });

  it('the same answer whatever order the programmes arrive in (phone and server load them differently)', () => {
    fc.assert(
      fc.property(cartArb, fc.integer(), (sample, seed) => {
        const input = inputOf(sample);
        const shuffled = [...input.programmes].sort((a, b) => ((a.id * 7919 + seed) % 101) - ((b.id * 7919 + seed) % 101));
        const viaJson = JSON.parse(JSON.stringify(shuffled)) as EngineProgramme[];
        expect(applyPromotions({ ...input, programmes: viaJson })).toEqual(applyPromotions(input));
      }),
      { numRuns: 300 },
    );
  });

  it('no programme gives more than half of its goods, nor beyond its budget; no medicine to a shop', () => {
    fc.assert(
      fc.property(cartArb, (sample) => {
        const input = inputOf(sample);
        const cart = applyPromotions(input);
        for (const given of cart.applied) {
          const p = input.programmes.find((candidate) => candidate.id === given.promotion_id)!;
          const spent = p.cap_kind === 'money' ? given.discount + given.gift_value : given.quantity;
          const left = Math.min(p.cap_total === null ? Infinity : p.cap_total - p.used_total, p.cap_per_customer ?? Infinity);
          expect(spent).toBeLessThanOrEqual(Math.max(0, left));
          const covered = cart.lines.filter(
            (row) => (p.variant_ids.length === 0 || p.variant_ids.includes(row.variant_id)) && (!row.is_medicine || sample.drug_business),
          );
          const worth = covered.reduce((sum, row) => sum + row.amounts.gross, 0);
          expect(given.discount + given.gift_value).toBeLessThanOrEqual(Math.floor(worth / 2));
        }
        if (!sample.drug_business) {
          cart.lines.filter((row) => row.is_medicine).forEach((row) => expect(row.amounts.promotion).toBe(0));
          cart.gifts.forEach((gift) => expect(goods[gift.variant_id]!.is_medicine).toBe(false));
        }
      }),
      { numRuns: 400 },
    );
  });
});
