import { describe, expect, it } from 'vitest';
import type { OrderLineRecord, OrderRecord } from '@contract/orders';
import { lineAmounts, orderTotals } from '@contract/orders-totals';
import { lineName, pageRule, parsePrintFormat, printLines, printTotals } from './order-print-model';

function line(
  id: string,
  unitPrice: number,
  quantity: number,
  vatRate: number,
  discount: OrderLineRecord['discount'],
  vatOn: boolean,
): OrderLineRecord {
  const amounts = lineAmounts({ unitPrice, quantity, discount, vatRate, vatOn });
  return {
    id,
    variant_id: 1,
    product_name: 'Panadol Extra',
    variant_name: 'Hộp 12 vỉ',
    sku: 'PAN-12',
    unit: 'Hộp',
    factor: 1,
    quantity,
    unit_price: unitPrice,
    list_price: unitPrice,
    policy_title: null,
    discount,
    discount_amount: amounts.discount,
    promotion_amount: 0,
    promotions: [],
    is_gift: false,
    promotion_id: null,
    vat_rate: vatRate,
    vat_amount: amounts.vat,
    line_total: amounts.total,
  };
}

function order(
  lines: OrderLineRecord[],
  vatOn: boolean,
): Pick<OrderRecord, 'lines' | 'vat_on' | 'subtotal' | 'discount_total' | 'vat_total' | 'total'> {
  const totals = orderTotals(
    lines.map((item) => ({
      gross: item.unit_price * item.quantity,
      base: item.unit_price * item.quantity,
      promotion: 0,
      discount: item.discount_amount,
      net: item.unit_price * item.quantity - item.discount_amount,
      vatRate: item.vat_rate,
      vat: item.vat_amount,
      total: item.line_total,
    })),
  );
  return { lines, vat_on: vatOn, subtotal: totals.subtotal, discount_total: totals.discount, vat_total: totals.vat, total: totals.total };
}

describe('printTotals', () => {
  it('adds the lines, groups VAT by rate and writes the amount in words', () => {
    const sheet = order(
      [
        line('a', 120_000, 3, 5, { kind: 'percent', value: 10 }, true), // 360.000 − 36.000 = 324.000 + 16.200
        line('b', 45_500, 2, 10, null, true), // 91.000 + 9.100
        line('c', 10_000, 1, 5, { kind: 'amount', value: 2_000 }, true), // 8.000 + 400
      ],
      true,
    );
    const totals = printTotals(sheet);
    expect(totals).toMatchObject({ subtotal: 461_000, discount: 38_000, vat: 25_700, total: 448_700, consistent: true, itemCount: 6 });
    expect(totals.vatByRate).toEqual([
      { rate: 5, base: 332_000, vat: 16_600 },
      { rate: 10, base: 91_000, vat: 9_100 },
    ]);
    expect(totals.words).toBe('Bốn trăm bốn mươi tám nghìn bảy trăm đồng');
  });

  it('shows no VAT lines when the order has none', () => {
    const totals = printTotals(order([line('a', 105_000, 1, 10, null, false)], false));
    expect(totals.vatByRate).toEqual([]);
    expect(totals.total).toBe(105_000);
    expect(totals.words).toBe('Một trăm linh năm nghìn đồng');
  });

  it('flags a sheet whose lines do not add up to the order total', () => {
    const sheet = order([line('a', 50_000, 2, 0, null, false)], false);
    expect(printTotals({ ...sheet, total: sheet.total + 1 }).consistent).toBe(false);
  });

  it('writes large totals in words with "tỷ"', () => {
    const sheet = order([line('a', 1_250_000_000, 1, 0, null, false)], false);
    expect(printTotals(sheet).words).toBe('Một tỷ hai trăm năm mươi triệu đồng');
  });
});

describe('printed lines', () => {
  it('are numbered, named with their variant and show VAT only when it is on', () => {
    const withVat = printLines(order([line('a', 1000, 2, 8, null, true)], true));
    expect(withVat[0]).toMatchObject({ no: 1, name: 'Panadol Extra – Hộp 12 vỉ', unit: 'Hộp', quantity: 2, vatLabel: '8%', total: 2160 });
    expect(printLines(order([line('a', 1000, 2, 8, null, false)], false))[0]!.vatLabel).toBe('');
  });

  it('do not repeat a variant named like its product', () => {
    expect(lineName({ product_name: 'Berberin', variant_name: 'Berberin' })).toBe('Berberin');
    expect(lineName({ product_name: 'Berberin', variant_name: '' })).toBe('Berberin');
  });
});

describe('print formats', () => {
  it('each have their own @page size', () => {
    expect(pageRule('a4')).toContain('size: A4');
    expect(pageRule('a5')).toContain('size: A5');
    expect(pageRule('receipt80')).toContain('size: 80mm auto');
  });

  it('fall back to A4 for an unknown format', () => {
    expect(parsePrintFormat('receipt80')).toBe('receipt80');
    expect(parsePrintFormat('letter')).toBe('a4');
    expect(parsePrintFormat(undefined)).toBe('a4');
  });
});
