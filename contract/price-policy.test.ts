import { describe, expect, it } from 'vitest';
import {
  applicablePolicy,
  convertQuantity,
  effectivePrice,
  toBaseQuantity,
  vietnamDay,
  type PricePolicyRecord,
  type PricingCustomer,
} from './price-policy';
import type { VariantUnit } from './products';

const units: VariantUnit[] = [
  { unit: 'viên', factor: 1, price: 2_000, wholesale_price: 1_700, barcode: null },
  { unit: 'vỉ', factor: 10, price: 19_000, wholesale_price: 16_000, barcode: '8930000000011' },
  { unit: 'hộp', factor: 100, price: 180_000, wholesale_price: null, barcode: '8930000000028' },
];
const retailCustomer = { customer_type_id: 1, level_id: 3, wholesale: false };
const wholesaleCustomer = { customer_type_id: 4, level_id: null, wholesale: true };
const on = { pricePolicy: true, wholesale: true };

function policy(patch: Partial<PricePolicyRecord>): PricePolicyRecord {
  return {
    id: 1,
    company: 1,
    title: 'Chính sách',
    customer_type_id: null,
    level_id: null,
    discount_percent: 0,
    priority: 0,
    is_active: true,
    starts_on: null,
    ends_on: null,
    note: null,
    items: [],
    updated_at: '2026-11-01T00:00:00Z',
    ...patch,
  };
}

const price = (unit: string, customer: PricingCustomer = retailCustomer, policies: PricePolicyRecord[] = [], features = on) =>
  effectivePrice({ variantId: 10, units, unit, customer, policies, features, day: '2026-11-21' });

describe('unit conversions', () => {
  it('converts to base units and between units', () => {
    expect(toBaseQuantity(units, 'hộp', 2)).toBe(200);
    expect(toBaseQuantity(units, 'VỈ', 3)).toBe(30);
    expect(convertQuantity(units, 'vỉ', 'viên', 3)).toBe(30);
    expect(convertQuantity(units, 'viên', 'hộp', 250)).toBe(2.5);
    expect(() => toBaseQuantity(units, 'thùng', 1)).toThrow();
  });
});

describe('effectivePrice without a policy', () => {
  it('is the retail price of the unit', () => {
    expect(price('vỉ')).toMatchObject({ price: 19_000, listPrice: 19_000, source: 'retail', policyId: null });
  });

  it('is the wholesale price for a wholesale customer when the service is on and the unit has one', () => {
    expect(price('vỉ', wholesaleCustomer)).toMatchObject({ price: 16_000, source: 'wholesale' });
    expect(price('hộp', wholesaleCustomer)).toMatchObject({ price: 180_000, source: 'retail' });
    expect(price('vỉ', wholesaleCustomer, [], { pricePolicy: true, wholesale: false })).toMatchObject({ price: 19_000, source: 'retail' });
  });
});

describe('effectivePrice with policies', () => {
  const everyone = policy({ id: 1, title: 'Toàn bộ khách', discount_percent: 5 });
  const group = policy({ id: 2, title: 'Nhóm bán lẻ', customer_type_id: 1, discount_percent: 8 });
  const groupAndLevel = policy({
    id: 3,
    title: 'Bán lẻ hạng Vàng',
    customer_type_id: 1,
    level_id: 3,
    items: [{ variant_id: 10, unit: 'vỉ', price: 17_500 }],
  });
  const otherGroup = policy({ id: 4, customer_type_id: 2, discount_percent: 50 });

  it('picks the most specific matching policy', () => {
    expect(applicablePolicy([everyone, group, groupAndLevel, otherGroup], retailCustomer, '2026-11-21')?.id).toBe(3);
    expect(applicablePolicy([everyone, group, otherGroup], retailCustomer, '2026-11-21')?.id).toBe(2);
    expect(applicablePolicy([everyone, otherGroup], { ...retailCustomer, customer_type_id: 9 }, '2026-11-21')?.id).toBe(1);
    expect(applicablePolicy([otherGroup], retailCustomer, '2026-11-21')).toBeNull();
  });

  it('breaks ties by priority, then the older policy', () => {
    const a = policy({ id: 5, customer_type_id: 1, priority: 1 });
    const b = policy({ id: 6, customer_type_id: 1, priority: 5 });
    const c = policy({ id: 7, customer_type_id: 1, priority: 5 });
    expect(applicablePolicy([a, c, b], retailCustomer, '2026-11-21')?.id).toBe(6);
  });

  it('uses the fixed price for the unit, else the base unit price times the factor, else the discount', () => {
    expect(price('vỉ', retailCustomer, [groupAndLevel])).toMatchObject({
      price: 17_500,
      listPrice: 19_000,
      source: 'policy',
      policyId: 3,
      policyTitle: 'Bán lẻ hạng Vàng',
    });
    const baseOnly = policy({ id: 8, items: [{ variant_id: 10, unit: 'viên', price: 1_800 }] });
    expect(price('hộp', retailCustomer, [baseOnly]).price).toBe(180_000);
    expect(price('vỉ', retailCustomer, [baseOnly]).price).toBe(18_000);
    expect(price('hộp', retailCustomer, [group]).price).toBe(165_600);
  });

  it('rounds discounts to whole đồng, half away from zero', () => {
    const odd = policy({ discount_percent: 2.5 });
    // 19 000 × 0.975 = 18 525; 2 000 × 0.975 = 1 950; 1 700 × 0.975 = 1 657.5 → 1 658
    expect(price('vỉ', retailCustomer, [odd]).price).toBe(18_525);
    expect(price('viên', wholesaleCustomer, [odd]).price).toBe(1_658);
  });

  it('ignores inactive, not yet started and ended policies, and all policies without the service', () => {
    const inactive = policy({ id: 9, is_active: false, discount_percent: 90 });
    const future = policy({ id: 10, starts_on: '2026-12-01', discount_percent: 90 });
    const past = policy({ id: 11, ends_on: '2026-11-20', discount_percent: 90 });
    const today = policy({ id: 12, starts_on: '2026-11-21', ends_on: '2026-11-21', discount_percent: 10 });
    expect(price('vỉ', retailCustomer, [inactive, future, past]).source).toBe('retail');
    expect(price('vỉ', retailCustomer, [inactive, future, past, today]).price).toBe(17_100);
    expect(price('vỉ', retailCustomer, [today], { pricePolicy: false, wholesale: true }).price).toBe(19_000);
  });
});

describe('vietnamDay', () => {
  it('is the calendar day in Vietnam', () => {
    expect(vietnamDay(new Date('2026-11-20T16:59:59Z'))).toBe('2026-11-20');
    expect(vietnamDay(new Date('2026-11-20T17:00:00Z'))).toBe('2026-11-21');
  });
});
