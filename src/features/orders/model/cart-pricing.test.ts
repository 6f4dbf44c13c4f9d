import Dexie from 'dexie';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { FeatureFlags } from '@contract/company-switches';
import { uuidv7 } from '@contract/uuid';
import { AppDb, type CartLine, type LocalVariant } from '@/db/app-db';
import { cartApprovalReason, lineProblem, loadCartPricing, priceCart } from './cart-pricing';
import { AGENT, ALL_ON, COMPANY, GOLD_POLICY, RETAIL, SYRUP, SYRUP_BUY_TEN, TABLET, seedCatalogue } from '@/testing/order-fixtures';

let db: AppDb;
beforeEach(async () => {
  db = new AppDb(`cart-pricing-${uuidv7()}`);
  await db.open();
  await seedCatalogue(db);
});
afterEach(async () => {
  db.close();
  await Dexie.delete(db.name);
});

const catalogue = new Map<number, LocalVariant>([
  [TABLET.id, TABLET],
  [SYRUP.id, SYRUP],
]);
const NOW = new Date('2026-11-21T03:00:00Z');

function line(patch: Partial<CartLine>): CartLine {
  return { lineId: uuidv7(), variantId: 10, unit: 'vỉ', quantity: 1, unitPrice: 0, discount: null, ...patch };
}

async function priced(customer = RETAIL, flags: FeatureFlags = ALL_ON, lines: CartLine[] = [line({ quantity: 2 })]) {
  return priceCart(lines, catalogue, await loadCartPricing(db, COMPANY, customer, flags, NOW));
}

describe('priceCart', () => {
  it('prices a line from the policy of the customer group and level, showing the list price it replaces', async () => {
    const result = await priced(RETAIL, ALL_ON, [line({ quantity: 2 }), line({ unit: 'hộp' }), line({ variantId: 11, unit: 'chai' })]);
    const [strip, box, syrup] = result.lines;
    // A fixed price for the unit.
    expect(strip).toMatchObject({ unitPrice: 17_500, problem: null });
    expect(strip!.price).toMatchObject({ source: 'policy', policyTitle: 'Nhà thuốc hạng Vàng', listPrice: 19_000 });
    // No fixed price for hộp or the base unit: the policy's 10 % off the list price.
    expect(box!.unitPrice).toBe(162_000);
    expect(syrup!.unitPrice).toBe(40_500);
  });

  it('uses the wholesale price for a wholesale customer when WHOLESALE is on, the retail price when it is off', async () => {
    const on = await priced(AGENT, ALL_ON);
    expect(on.lines[0]).toMatchObject({ unitPrice: 16_000, price: { source: 'wholesale', listPrice: 16_000 } });
    const off = await priced(AGENT, { VAT: true, CSG: true, WHOLESALE: false });
    expect(off.lines[0]).toMatchObject({ unitPrice: 19_000, price: { source: 'retail' } });
  });

  it('ignores price policies when the CSG switch is off', async () => {
    const pricing = await loadCartPricing(db, COMPANY, RETAIL, { VAT: true }, NOW);
    expect(pricing.policies).toEqual([]);
    expect(priceCart([line({ quantity: 2 })], catalogue, pricing).lines[0]!.unitPrice).toBe(19_000);
  });

  it('adds VAT per line at the product rate only when the VAT switch is on', async () => {
    const lines = [line({ quantity: 2, discount: { kind: 'percent', value: 10 } }), line({ variantId: 11, unit: 'chai', quantity: 3 })];
    const withVat = await priced(RETAIL, ALL_ON, lines);
    // 2 × 17.500 = 35.000, −10 % = 31.500, VAT 5 % = 1.575; 3 × 40.500 = 121.500, VAT 10 % = 12.150.
    expect(withVat.lines.map((row) => row.amounts)).toEqual([
      { gross: 35_000, base: 35_000, promotion: 0, discount: 3_500, net: 31_500, vatRate: 5, vat: 1_575, total: 33_075 },
      { gross: 121_500, base: 121_500, promotion: 0, discount: 0, net: 121_500, vatRate: 10, vat: 12_150, total: 133_650 },
    ]);
    expect(withVat.totals).toEqual({
      subtotal: 156_500,
      promotion: 0,
      discount: 3_500,
      net: 153_000,
      vat: 13_725,
      total: 166_725,
      lineCount: 2,
    });
    const withoutVat = await priced(RETAIL, { CSG: true, WHOLESALE: true }, lines);
    expect(withoutVat.totals).toMatchObject({ vat: 0, total: 153_000 });
    expect(withoutVat.lines[0]!.amounts.vatRate).toBe(0);
  });

  it('keeps a raise the rep accepted until the device knows the new price, then follows the device', async () => {
    const accepted = await priced(AGENT, ALL_ON, [line({ confirmedPrice: 17_000 })]);
    expect(accepted.lines[0]!.unitPrice).toBe(17_000);
    expect(accepted.lines[0]!.price!.price).toBe(16_000);
    // The pull brought an even higher price: that one stands.
    const raised = new Map(catalogue).set(TABLET.id, {
      ...TABLET,
      units: TABLET.units.map((unit) => (unit.unit === 'vỉ' ? { ...unit, wholesale_price: 18_000 } : unit)),
    });
    const pricing = await loadCartPricing(db, COMPANY, AGENT, ALL_ON, NOW);
    expect(priceCart([line({ confirmedPrice: 17_000 })], raised, pricing).lines[0]!.unitPrice).toBe(18_000);
  });

  it('says which line cannot be sold: product gone, product stopped, unit gone', async () => {
    const stopped = new Map(catalogue).set(SYRUP.id, { ...SYRUP, is_active: false });
    const pricing = await loadCartPricing(db, COMPANY, RETAIL, ALL_ON, NOW);
    const result = priceCart(
      [line({ variantId: 99, unitPrice: 5_000 }), line({ variantId: 11, unit: 'chai' }), line({ unit: 'thùng', unitPrice: 1_000 })],
      stopped,
      pricing,
    );
    expect(result.lines.map((row) => row.problem)).toEqual([
      'Sản phẩm không còn trong danh mục trên máy',
      'Sản phẩm đã ngừng kinh doanh',
      'Đơn vị tính không còn',
    ]);
    // What it was last priced at is kept, so the total does not silently drop.
    expect(result.lines[0]!.unitPrice).toBe(5_000);
  });

  it('prices a cart without a customer at list price', async () => {
    const pricing = await loadCartPricing(db, COMPANY, null, ALL_ON, NOW);
    expect(pricing.customer).toEqual({ customer_type_id: null, level_id: null, wholesale: false });
    expect(priceCart([line({})], catalogue, pricing).lines[0]!.unitPrice).toBe(19_000);
    expect(GOLD_POLICY.level_id).toBe(3);
  });

  it('applies the mirrored programmes when REWARD is on: the gift, and how many more for the next one', async () => {
    await db.promotions.put(SYRUP_BUY_TEN);
    const lines = [line({ variantId: 11, unit: 'chai', quantity: 12 })];
    const on = priceCart(lines, catalogue, await loadCartPricing(db, COMPANY, RETAIL, { ...ALL_ON, REWARD: true }, NOW));
    expect(on.gifts).toEqual([
      { promotion_id: 21, variant_id: 11, label: 'Siro ho Bảo Thanh', base_unit: 'chai', quantity: 1, value: 45_000 },
    ]);
    expect(on.hints.map((hint) => hint.message)).toEqual([
      'Mua 10 chai tặng 1: mua thêm 8 chai để được tặng thêm 1 chai Siro ho Bảo Thanh',
    ]);
    expect(on.applied).toMatchObject([{ promotion_id: 21, gift_value: 45_000 }]);
    const off = priceCart(lines, catalogue, await loadCartPricing(db, COMPANY, RETAIL, ALL_ON, NOW));
    expect([off.gifts, off.hints]).toEqual([[], []]);
  });

  it('judges each field as typed: a quantity of 0, a percent over 100 and an amount over the line stop the order', async () => {
    const result = await priced(RETAIL, ALL_ON, [
      line({ quantity: 0 }),
      line({ quantity: 2, discount: { kind: 'percent', value: 150 } }),
      // 2 × 17.500 = 35.000 is all the line is worth: 999.999 ₫ is not capped to it.
      line({ quantity: 2, discount: { kind: 'amount', value: 999_999 } }),
      line({ quantity: 2, discount: { kind: 'amount', value: 35_000 } }),
    ]);
    expect(result.lines.map((row) => [row.quantityProblem, row.discountProblem])).toEqual([
      ['Số lượng tối thiểu là 1', null],
      [null, 'Chiết khấu tối đa 100%'],
      [null, 'Chiết khấu 999.999\u00a0₫ vượt quá giá trị của dòng (35.000\u00a0₫)'],
      [null, null],
    ]);
    expect(result.lines.map((row) => lineProblem(row))).toEqual([
      'Số lượng tối thiểu là 1',
      'Chiết khấu tối đa 100%',
      expect.stringContaining('vượt quá giá trị của dòng'),
      null,
    ]);
  });

  it('says the order will wait for approval when a line goes over the role’s maximum', async () => {
    const result = await priced(RETAIL, ALL_ON, [
      line({ quantity: 2, discount: { kind: 'percent', value: 10 } }),
      line({ variantId: 11, unit: 'chai', quantity: 1, discount: { kind: 'percent', value: 35 } }),
    ]);
    const rep = { roleName: 'Trình dược viên', maxPercent: 10 };
    expect(cartApprovalReason(result.lines, rep)).toBe(
      'Chiết khấu 35 % (Siro ho Bảo Thanh) vượt mức tối đa 10 % của vai trò Trình dược viên',
    );
    expect(cartApprovalReason(result.lines, { ...rep, maxPercent: 40 })).toBeNull();
    expect(cartApprovalReason(result.lines, null)).toBeNull();
  });
});
