/**
 * order.submit's rules one at a time (order-submit-steps.ts, order-discount.ts): each the case that
 * passes at its boundary and the one it refuses, without a database. The whole op, with what it
 * reads and writes, is order-submit.test.ts.
 */
import { formatMoney } from '@contract/money';
import { describe, expect, it } from 'vitest';
import type { OrderLineInput } from '@contract/orders';
import type { VariantRecord, VariantUnit } from '@contract/products';
import { DRUG_MASTER_DEFAULTS } from '@contract/products-drugs';
import type { PricedLine } from '@contract/promotions-engine';
import type { GiftLine } from '@contract/promotions-grants';
import type { CallerAccess } from '@server/kernel/membership';
import { OpRejection } from '@server/kernel/sync/op-context';
import { PHARMA_FIX, type PharmaRefusal } from '@server/modules/pharma';
import { checkRepDiscount } from './order-discount';
import type { PricingContext } from './order-pricing';
import {
  checkGiftStock,
  checkLocalNo,
  checkStock,
  orderVerdict,
  priceLines,
  reachOrderCustomer,
  type FoundCustomer,
  type OrderCustomer,
} from './order-submit-steps';

/** The refusal `run` throws (it must throw one). */
function refusal(run: () => unknown): OpRejection {
  try {
    run();
  } catch (error) {
    if (error instanceof OpRejection) return error;
    throw error;
  }
  throw new Error('expected a refusal');
}

function access(patch: Partial<CallerAccess> = {}): CallerAccess {
  return {
    roleId: 2,
    roleName: 'Trình dược viên',
    scope: 'own',
    permissions: { orders: ['view', 'create'] },
    isAdmin: false,
    maxDiscount: 10,
    accountId: 7,
    ...patch,
  } as CallerAccess;
}

function found(patch: { status?: string; inScope?: boolean }): FoundCustomer {
  const customer = { id: 'c1', name: 'Nhà thuốc Phúc An', status: patch.status ?? 'active' } as OrderCustomer;
  return { customer, groupWholesale: null, inScope: patch.inScope ?? true };
}

describe('reachOrderCustomer', () => {
  it('takes the rep’s own active customer, on route', () => {
    expect(reachOrderCustomer(access(), found({}))).toMatchObject({ customer: { id: 'c1' }, offRoute: false });
  });

  it('refuses a customer the company does not have, and one outside the rep’s scope', () => {
    expect(refusal(() => reachOrderCustomer(access(), undefined))).toMatchObject({
      code: 'CUSTOMER_NOT_FOUND',
      message: 'Không tìm thấy khách hàng của đơn hàng',
    });
    expect(refusal(() => reachOrderCustomer(access(), found({ inScope: false }))).code).toBe('CUSTOMER_OUT_OF_SCOPE');
  });

  it('takes a customer outside the scope off route when the role sells off route', () => {
    const offRoute = access({ permissions: { orders: ['view', 'create'], off_route: ['create'] } });
    expect(reachOrderCustomer(offRoute, found({ inScope: false })).offRoute).toBe(true);
  });

  it('refuses an inactive customer by name, after the scope', () => {
    expect(refusal(() => reachOrderCustomer(access(), found({ status: 'inactive' })))).toMatchObject({
      code: 'CUSTOMER_INACTIVE',
      message: 'Khách hàng Nhà thuốc Phúc An đã ngừng hoạt động',
    });
    expect(refusal(() => reachOrderCustomer(access(), found({ status: 'inactive', inScope: false }))).code).toBe('CUSTOMER_OUT_OF_SCOPE');
  });
});

const BOX: VariantUnit = { unit: 'hộp', factor: 10, price: 50_000, wholesale_price: null, barcode: null };
const STRIP: VariantUnit = { unit: 'vỉ', factor: 1, price: 5_500, wholesale_price: null, barcode: null };

function variant(patch: Partial<VariantRecord> = {}): VariantRecord {
  return {
    id: 1,
    company: 1,
    product_id: 1,
    product_code: 'SP001',
    product_name: 'Smecta',
    code: 'SP001-01',
    name: '',
    units: [STRIP, BOX],
    active_ingredient: null,
    strength: null,
    registration_number: null,
    manufacturer: null,
    country: null,
    brand_id: null,
    brand_name: null,
    category_id: null,
    category_name: null,
    group_id: null,
    group_name: null,
    vat_rate: 5,
    is_medicine: false,
    ...DRUG_MASTER_DEFAULTS,
    is_active: true,
    image_url: null,
    updated_at: '2026-01-01T00:00:00Z',
    ...patch,
  };
}

const PRICING: PricingContext = {
  features: { pricePolicy: false, wholesale: false },
  vatOn: true,
  policies: [],
  customer: { customer_type_id: null, level_id: null, wholesale: false },
  day: '2026-01-15',
};

function line(patch: Partial<OrderLineInput> = {}): OrderLineInput {
  return { lineId: 'l1', variantId: 1, unit: 'hộp', quantity: 2, quotedUnitPrice: 50_000, discount: null, ...patch } as OrderLineInput;
}

const catalogue = (...variants: VariantRecord[]) => new Map(variants.map((record) => [record.id, record]));

describe('priceLines', () => {
  it('takes a quoted price equal to the server’s, and a higher quote at the server’s price', () => {
    const { priced, raised } = priceLines([line(), line({ lineId: 'l2', quotedUnitPrice: 60_000 })], catalogue(variant()), PRICING);
    expect(raised).toEqual([]);
    expect(priced.map((entry) => [entry.index, entry.unit.unit, entry.price.price, entry.label])).toEqual([
      [0, 'hộp', 50_000, 'Smecta'],
      [1, 'hộp', 50_000, 'Smecta'],
    ]);
  });

  it('notes a price raised by one đồng with every raise, from and to', () => {
    const { raised } = priceLines([line(), line({ unit: 'VỈ', quotedUnitPrice: 5_499 })], catalogue(variant()), PRICING);
    expect(raised).toEqual([{ field: 'lines.1.unitPrice', from: 5_499, to: 5_500, message: expect.stringMatching(/^Giá Smecta \(vỉ\)/) }]);
  });

  it('refuses an unknown product, an inactive one and an unknown unit by the line’s index', () => {
    expect(refusal(() => priceLines([line({ variantId: 9 })], catalogue(variant()), PRICING))).toMatchObject({
      code: 'PRODUCT_NOT_FOUND',
      fields: { 'lines.0.variantId': 'Sản phẩm không tồn tại' },
    });
    const inactive = variant({ id: 2, name: 'Cam', is_active: false });
    expect(refusal(() => priceLines([line(), line({ variantId: 2 })], catalogue(variant(), inactive), PRICING))).toMatchObject({
      code: 'PRODUCT_INACTIVE',
      message: 'Sản phẩm Smecta – Cam đã ngừng kinh doanh, vui lòng bỏ khỏi đơn',
      fields: { 'lines.1.variantId': 'Sản phẩm ngừng kinh doanh' },
    });
    expect(refusal(() => priceLines([line({ unit: 'thùng' })], catalogue(variant()), PRICING))).toMatchObject({
      code: 'UNIT_NOT_FOUND',
      fields: { 'lines.0.unit': 'Đơn vị tính không hợp lệ' },
    });
  });

  it('refuses a product the catalogue lost before a raised price on an earlier line', () => {
    const refused = refusal(() => priceLines([line({ quotedUnitPrice: 1 }), line({ variantId: 9 })], catalogue(variant()), PRICING));
    expect(refused.code).toBe('PRODUCT_NOT_FOUND');
  });
});

describe('checkStock', () => {
  const priced = (...lines: OrderLineInput[]) => priceLines(lines, catalogue(variant(), variant({ id: 2, name: 'Cam' })), PRICING).priced;

  it('takes what the stock covers exactly, and a variant the warehouse does not keep in full', () => {
    const { accepted, shortages, left } = checkStock(
      priced(line({ quantity: 3 }), line({ variantId: 2, quantity: 99 })),
      new Map([[1, 30]]),
    );
    expect(accepted.map((entry) => entry.line.quantity)).toEqual([3, 99]);
    expect(shortages).toEqual([]);
    expect(left).toEqual(new Map([[1, 0]]));
  });

  it('lowers a line to the whole units left, sharing them among lines in order, and drops a line of none', () => {
    const { accepted, shortages } = checkStock(
      priced(line({ quantity: 2 }), line({ lineId: 'l2', quantity: 1 }), line({ lineId: 'l3', variantId: 2, quantity: 1 })),
      new Map([
        [1, 19],
        [2, 10],
      ]),
    );
    expect(accepted.map((entry) => [entry.index, entry.line.quantity])).toEqual([
      [0, 1],
      [2, 1],
    ]);
    expect(shortages).toEqual([
      { field: 'lines.0.quantity', from: 2, to: 1, message: 'Smecta chỉ còn 1 hộp, đã giảm từ 2 xuống 1' },
      { field: 'lines.1.quantity', from: 1, to: 0, message: 'Smecta đã hết hàng, đã bỏ khỏi đơn' },
    ]);
  });

  it('accepts nothing of an order of which nothing is left, and says so for the verdict to refuse it', () => {
    const { accepted, shortages } = checkStock(priced(line()), new Map([[1, 9]]));
    expect(accepted).toEqual([]);
    expect(shortages).toEqual([{ field: 'lines.0.quantity', from: 2, to: 0, message: 'Smecta đã hết hàng, đã bỏ khỏi đơn' }]);
  });
});

describe('orderVerdict', () => {
  const raise = { field: 'lines.0.unitPrice', from: 40_000, to: 50_000, message: 'Giá Smecta (hộp) đã tăng từ 40.000 ₫ lên 50.000 ₫' };
  const cut = { field: 'lines.1.quantity', from: 45, to: 17, message: 'Cam chỉ còn 17 hộp, đã giảm từ 45 xuống 17' };
  const gone = { field: 'promotion.7', from: 'Mua 10 tặng 1', to: null, message: 'Chương trình Mua 10 tặng 1 đã dừng' };
  const gift = { field: 'promotion.gifts.3', from: 1, to: 0, message: 'Hàng tặng Smecta – Hộp 30 gói: từ 1 hộp còn 0' };
  const none = {
    pharma: null,
    raised: [],
    shortages: [],
    nothingLeft: false,
    lost: [],
    creditRefusal: null,
    quotedTotal: 1_000_000,
    total: 1_000_000,
  };
  const licence = 'Quầy thuốc không được mua thuốc kê đơn ngoài danh mục thuốc thiết yếu (Luật Dược 2016 Điều 48 khoản 1, Điều 34)';
  const pharma: PharmaRefusal = {
    reason: `Không bán được: Siro ho Prospan: ${licence}.`,
    fix: PHARMA_FIX,
    fields: { 'lines.1.variantId': licence },
    changes: [{ field: 'lines.1.variantId', from: 2, to: null, message: `Siro ho Prospan: ${licence}` }],
  };

  it('takes an order nothing changed', () => {
    expect(orderVerdict(none)).toEqual({ outcome: 'applied', changes: [] });
  });

  it('refuses a raised price naming, in one answer, the programme stopped, the gift gone and the old and new totals', () => {
    const refused = refusal(() => orderVerdict({ ...none, raised: [raise], lost: [gone, gift], total: 1_150_000 }));
    expect(refused.code).toBe('PRICE_CHANGED');
    expect(refused.message).toBe(
      'Giá đã thay đổi: Giá Smecta (hộp) đã tăng từ 40.000 ₫ lên 50.000 ₫. ' +
        'Khuyến mại đã thay đổi: Chương trình Mua 10 tặng 1 đã dừng; Hàng tặng Smecta – Hộp 30 gói: từ 1 hộp còn 0. ' +
        `Tổng tiền từ ${formatMoney(1_000_000)} thành ${formatMoney(1_150_000)}. Vui lòng xác nhận với khách hàng và gửi lại.`,
    );
    expect(refused.changes?.map((change) => change.field)).toEqual(['lines.0.unitPrice', 'promotion.7', 'promotion.gifts.3', 'total']);
  });

  it('refuses promotions that give less for the same goods, and a credit block with a price raise names both', () => {
    expect(refusal(() => orderVerdict({ ...none, lost: [gone], total: 1_100_000 })).code).toBe('PROMOTION_CHANGED');
    const blocked = refusal(() => orderVerdict({ ...none, raised: [raise], creditRefusal: 'Khách hàng A vượt hạn mức 5.000.000 ₫' }));
    expect(blocked.code).toBe('PRICE_CHANGED');
    expect(blocked.message).toContain('Không thể đặt hàng: Khách hàng A vượt hạn mức 5.000.000 ₫.');
    expect(blocked.changes?.map((change) => change.field)).toEqual(['lines.0.unitPrice', 'credit']);
    const creditOnly = refusal(() => orderVerdict({ ...none, creditRefusal: 'Khách hàng A vượt hạn mức' }));
    expect([creditOnly.code, creditOnly.message]).toEqual(['CREDIT_LIMIT_EXCEEDED', 'Không thể đặt hàng: Khách hàng A vượt hạn mức.']);
  });

  it('refuses a line the licence blocks as one finding, naming the raised price and the credit block in the same answer', () => {
    const refused = refusal(() =>
      orderVerdict({ ...none, pharma, raised: [raise], creditRefusal: 'Khách hàng A vượt hạn mức 5.000.000 ₫', total: 1_150_000 }),
    );
    expect(refused.code).toBe('PHARMA_RULE');
    expect(refused.message).toBe(
      `Không bán được: Siro ho Prospan: ${licence}. ` +
        'Giá đã thay đổi: Giá Smecta (hộp) đã tăng từ 40.000 ₫ lên 50.000 ₫. ' +
        'Không thể đặt hàng: Khách hàng A vượt hạn mức 5.000.000 ₫. ' +
        `Tổng tiền từ ${formatMoney(1_000_000)} thành ${formatMoney(1_150_000)}. ` +
        'Bỏ các dòng này khỏi đơn hoặc cập nhật giấy phép của khách hàng rồi gửi lại. Vui lòng xác nhận với khách hàng và gửi lại.',
    );
    // The phone reads each as a change (src/features/orders/model/order-state.ts), the office the fields as before.
    expect(refused.changes?.map((change) => change.field)).toEqual(['lines.1.variantId', 'lines.0.unitPrice', 'credit', 'total']);
    expect(refused.fields).toEqual({ 'lines.1.variantId': licence });
    const alone = refusal(() => orderVerdict({ ...none, pharma }));
    expect([alone.code, alone.message]).toEqual(['PHARMA_RULE', `Không bán được: Siro ho Prospan: ${licence}. ${PHARMA_FIX}`]);
  });

  it('refuses an order of which nothing is left, naming with it the prices, the promotions and the credit', () => {
    const out = { field: 'lines.0.quantity', from: 2, to: 0, message: 'Smecta đã hết hàng, đã bỏ khỏi đơn' };
    const refused = refusal(() =>
      orderVerdict({
        ...none,
        raised: [raise],
        shortages: [out],
        nothingLeft: true,
        lost: [gone, gift],
        creditRefusal: 'Khách hàng A có nợ quá hạn 12 ngày (hạn nợ 30 ngày)',
        total: 0,
      }),
    );
    expect(refused.code).toBe('STOCK_INSUFFICIENT');
    expect(refused.message).toBe(
      'Giá đã thay đổi: Giá Smecta (hộp) đã tăng từ 40.000 ₫ lên 50.000 ₫. ' +
        'Không đủ hàng cho đơn này: Smecta đã hết hàng, đã bỏ khỏi đơn. ' +
        'Khuyến mại đã thay đổi: Chương trình Mua 10 tặng 1 đã dừng; Hàng tặng Smecta – Hộp 30 gói: từ 1 hộp còn 0. ' +
        'Không thể đặt hàng: Khách hàng A có nợ quá hạn 12 ngày (hạn nợ 30 ngày). ' +
        `Tổng tiền từ ${formatMoney(1_000_000)} thành ${formatMoney(0)}. Vui lòng xác nhận với khách hàng và gửi lại.`,
    );
    expect(refused.changes?.map((change) => change.field)).toEqual([
      'lines.0.unitPrice',
      'lines.0.quantity',
      'promotion.7',
      'promotion.gifts.3',
      'credit',
      'total',
    ]);
    const stockOnly = refusal(() => orderVerdict({ ...none, shortages: [out], nothingLeft: true }));
    expect([stockOnly.code, stockOnly.message]).toEqual([
      'STOCK_INSUFFICIENT',
      'Không đủ hàng cho đơn này: Smecta đã hết hàng, đã bỏ khỏi đơn.',
    ]);
  });

  it('takes a stock cut with the tier it cost and the new total, never silently', () => {
    const taken = orderVerdict({ ...none, shortages: [cut], lost: [gone], quotedTotal: 2_154_600, total: 856_800 });
    expect(taken.outcome).toBe('applied_with_changes');
    expect(taken.changes).toEqual([
      cut,
      gone,
      { field: 'total', from: 2_154_600, to: 856_800, message: `Tổng tiền từ ${formatMoney(2_154_600)} thành ${formatMoney(856_800)}` },
    ]);
  });
});

describe('checkGiftStock', () => {
  const gift = (variantId: number, quantity: number): GiftLine => ({
    promotion_id: 4,
    variant_id: variantId,
    label: 'Smecta',
    base_unit: 'gói',
    quantity,
    value: quantity * 1_000,
  });

  it('gives what is left, in full when the warehouse does not keep the variant, and never refuses', () => {
    const left = new Map([[1, 3]]);
    const { gifts, shortages } = checkGiftStock([gift(1, 3), gift(2, 5), gift(1, 1)], left);
    expect(gifts.map((given) => [given.variant_id, given.quantity])).toEqual([
      [1, 3],
      [2, 5],
    ]);
    expect(shortages).toEqual([{ field: 'gifts.1', from: 1, to: 0, message: 'Hàng tặng Smecta chỉ còn 0 gói' }]);
    expect(left.get(1)).toBe(3);
  });

  it('gives less of a gift the stock cannot cover', () => {
    const { gifts, shortages } = checkGiftStock([gift(1, 5)], new Map([[1, 2]]));
    expect(gifts[0]?.quantity).toBe(2);
    expect(shortages[0]).toMatchObject({ from: 5, to: 2 });
  });
});

describe('checkLocalNo', () => {
  it('passes a number no other order has, and refuses one that another has', () => {
    expect(() => checkLocalNo(false, 'NVA-1')).not.toThrow();
    expect(refusal(() => checkLocalNo(true, 'NVA-1'))).toMatchObject({
      code: 'LOCAL_NO_TAKEN',
      message: 'Số đơn NVA-1 đã được dùng cho một đơn hàng khác',
      fields: { localNo: 'Số đơn đã được dùng' },
    });
  });
});

describe('checkRepDiscount', () => {
  function pricedLine(discount: PricedLine['discount'], amounts: { base: number; discount: number }): PricedLine {
    const { base } = amounts;
    return {
      line_id: 'l1',
      variant_id: 1,
      category_id: null,
      brand_id: null,
      is_medicine: false,
      label: 'Smecta',
      base_unit: 'gói',
      unit: 'hộp',
      factor: 10,
      quantity: 1,
      unit_price: base,
      vat_rate: 0,
      discount,
      amounts: { gross: base, promotion: 0, net: base - amounts.discount, vatRate: 0, vat: 0, total: base - amounts.discount, ...amounts },
      promotions: [],
    };
  }

  it('needs nothing at the role’s maximum, and an approval one percent over it', () => {
    expect(checkRepDiscount([pricedLine({ kind: 'percent', value: 10 }, { base: 100_000, discount: 10_000 })], [0], access())).toBeNull();
    expect(
      checkRepDiscount([pricedLine({ kind: 'amount', value: 10_000 }, { base: 100_000, discount: 10_000 })], [0], access()),
    ).toBeNull();
    expect(checkRepDiscount([pricedLine({ kind: 'percent', value: 11 }, { base: 100_000, discount: 11_000 })], [0], access())).toBe(
      'Chiết khấu 11 % (Smecta) vượt mức tối đa 10 % của vai trò Trình dược viên',
    );
    expect(
      checkRepDiscount([pricedLine({ kind: 'percent', value: 50 }, { base: 100_000, discount: 50_000 })], [0], access({ isAdmin: true })),
    ).toBeNull();
  });

  it('takes an amount as large as its line, and refuses a larger one by the payload line’s index', () => {
    const whole = pricedLine({ kind: 'amount', value: 100_000 }, { base: 100_000, discount: 100_000 });
    expect(checkRepDiscount([whole], [0], access({ maxDiscount: null }))).toBeNull();
    const over = pricedLine({ kind: 'amount', value: 100_001 }, { base: 100_000, discount: 100_000 });
    const refused = refusal(() => checkRepDiscount([over], [3], access({ maxDiscount: null })));
    expect(refused.code).toBe('DISCOUNT_INVALID');
    expect(Object.keys(refused.fields ?? {})).toEqual(['lines.3.discount']);
  });
});
