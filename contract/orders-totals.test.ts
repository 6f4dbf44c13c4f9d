import { describe, expect, it } from 'vitest';
import { lineAmounts, orderTotals, returnedValue } from './orders-totals';

describe('lineAmounts', () => {
  it('multiplies and adds VAT when the service is on', () => {
    expect(lineAmounts({ unitPrice: 19_000, quantity: 3, vatRate: 5, vatOn: true })).toEqual({
      gross: 57_000,
      base: 57_000,
      promotion: 0,
      discount: 0,
      net: 57_000,
      vatRate: 5,
      vat: 2_850,
      total: 59_850,
    });
  });

  it('ignores VAT when the service is off', () => {
    expect(lineAmounts({ unitPrice: 19_000, quantity: 3, vatRate: 10, vatOn: false })).toMatchObject({ vatRate: 0, vat: 0, total: 57_000 });
  });

  it('takes a percent discount before VAT, rounding each step to whole đồng', () => {
    // 33 333 × 1 = 33 333; 7.5 % = 2 499.975 → 2 500; net 30 833; VAT 8 % = 2 466.64 → 2 467
    expect(lineAmounts({ unitPrice: 33_333, quantity: 1, discount: { kind: 'percent', value: 7.5 }, vatRate: 8, vatOn: true })).toEqual({
      gross: 33_333,
      base: 33_333,
      promotion: 0,
      discount: 2_500,
      net: 30_833,
      vatRate: 8,
      vat: 2_467,
      total: 33_300,
    });
  });

  it('rounds half away from zero', () => {
    // 2 500 × 10 % VAT on 25 = 2.5 → 3
    expect(lineAmounts({ unitPrice: 25, quantity: 1, vatRate: 10, vatOn: true }).vat).toBe(3);
    expect(lineAmounts({ unitPrice: 1.5, quantity: 1, vatRate: 0, vatOn: false }).gross).toBe(2);
  });

  it('never discounts more than the line, nor below zero', () => {
    expect(
      lineAmounts({ unitPrice: 10_000, quantity: 2, discount: { kind: 'amount', value: 50_000 }, vatRate: 10, vatOn: true }),
    ).toMatchObject({ discount: 20_000, net: 0, vat: 0, total: 0 });
    expect(lineAmounts({ unitPrice: 10_000, quantity: 2, discount: { kind: 'percent', value: 150 }, vatRate: 0, vatOn: false }).net).toBe(
      0,
    );
    expect(
      lineAmounts({ unitPrice: 10_000, quantity: 2, discount: { kind: 'amount', value: -5 }, vatRate: 0, vatOn: false }).discount,
    ).toBe(0);
  });

  it('takes promotions off first, the rep’s percent from what remains, then the order’s share', () => {
    // 100 000 × 2 = 200 000; promotion 20 000 → 180 000; 10 % = 18 000 → 162 000; order share 2 000 → 160 000; VAT 5 % = 8 000
    expect(
      lineAmounts({
        unitPrice: 100_000,
        quantity: 2,
        promotion: 20_000,
        discount: { kind: 'percent', value: 10 },
        orderShare: 2_000,
        vatRate: 5,
        vatOn: true,
      }),
    ).toEqual({ gross: 200_000, base: 180_000, promotion: 22_000, discount: 18_000, net: 160_000, vatRate: 5, vat: 8_000, total: 168_000 });
    // Never more than the line, whatever is asked.
    expect(lineAmounts({ unitPrice: 1_000, quantity: 1, promotion: 5_000, orderShare: 5_000, vatRate: 0, vatOn: false })).toMatchObject({
      promotion: 1_000,
      net: 0,
    });
  });
});

describe('orderTotals', () => {
  it('sums the rounded lines', () => {
    const lines = [
      lineAmounts({ unitPrice: 19_000, quantity: 3, vatRate: 5, vatOn: true }),
      lineAmounts({ unitPrice: 180_000, quantity: 1, discount: { kind: 'percent', value: 10 }, vatRate: 5, vatOn: true }),
    ];
    expect(orderTotals(lines)).toEqual({
      subtotal: 237_000,
      promotion: 0,
      discount: 18_000,
      net: 219_000,
      vat: 10_950,
      total: 229_950,
      lineCount: 2,
    });
    expect(orderTotals([])).toEqual({ subtotal: 0, promotion: 0, discount: 0, net: 0, vat: 0, total: 0, lineCount: 0 });
  });
});

describe('returnedValue', () => {
  const lines = [
    { id: 'a', quantity: 3, lineTotal: 100_000 },
    { id: 'gift', quantity: 1, lineTotal: 0 },
  ];
  it('credits each line total for the share returned, rounded to the dong, and nothing for a gift or an unknown line', () => {
    expect(returnedValue(lines, [{ line_id: 'a', quantity: 1 }])).toBe(33_333);
    expect(returnedValue(lines, [{ line_id: 'a', quantity: 3 }])).toBe(100_000);
    expect(
      returnedValue(lines, [
        { line_id: 'gift', quantity: 1 },
        { line_id: 'x', quantity: 2 },
      ]),
    ).toBe(0);
  });
  it('never credits more than the line was sold for', () => {
    expect(returnedValue(lines, [{ line_id: 'a', quantity: 5 }])).toBe(100_000);
  });
});
