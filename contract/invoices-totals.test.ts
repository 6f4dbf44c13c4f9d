import { describe, expect, it } from 'vitest';
import { lineAmounts, orderTotals } from './orders-totals';
import { invoiceTotals, invoiceVatRate, type InvoiceLineSource } from './invoices-totals';

const source = (overrides: Partial<InvoiceLineSource>): InvoiceLineSource => ({
  order_line_id: 'l1',
  item_code: 'SP1',
  item_name: 'Hapacol 500',
  unit: 'hộp',
  quantity: 1,
  unit_price: 10_000,
  discount: 0,
  vat_percent: 5,
  not_subject: false,
  is_gift: false,
  ...overrides,
});

describe('invoiceTotals', () => {
  it('rounds each line to whole đồng and sums the lines by rate', () => {
    const totals = invoiceTotals([
      // 33 333 × 1 at 8 %: 2 666.64 → 2 667
      source({ order_line_id: 'a', unit_price: 33_333, vat_percent: 8 }),
      // 33 333 × 1 at 8 % again: the summary sums the rounded lines (5 334), not 8 % of 66 666 (5 333.28)
      source({ order_line_id: 'b', unit_price: 33_333, vat_percent: 8 }),
      // 12 345 × 3 = 37 035, less 1 035 → 36 000 at 5 % = 1 800
      source({ order_line_id: 'c', unit_price: 12_345, quantity: 3, discount: 1_035, vat_percent: 5 }),
      // 99 999 at 10 % = 9 999.9 → 10 000
      source({ order_line_id: 'd', unit_price: 99_999, vat_percent: 10 }),
      // 7 777 at 0 %: 0
      source({ order_line_id: 'e', unit_price: 7_777, vat_percent: 0 }),
      // 5 555 at 0 % invoiced as not subject: no VAT line of 0 %, one of KCT
      source({ order_line_id: 'f', unit_price: 5_555, vat_percent: 0, not_subject: true }),
    ]);
    expect(totals.lines.map((line) => [line.vat_rate, line.amount_without_vat, line.vat_amount])).toEqual([
      ['8%', 33_333, 2_667],
      ['8%', 33_333, 2_667],
      ['5%', 36_000, 1_800],
      ['10%', 99_999, 10_000],
      ['0%', 7_777, 0],
      ['KCT', 5_555, 0],
    ]);
    expect(totals.by_rate).toEqual([
      { vat_rate: '0%', amount_without_vat: 7_777, vat_amount: 0 },
      { vat_rate: '5%', amount_without_vat: 36_000, vat_amount: 1_800 },
      { vat_rate: '8%', amount_without_vat: 66_666, vat_amount: 5_334 },
      { vat_rate: '10%', amount_without_vat: 99_999, vat_amount: 10_000 },
      { vat_rate: 'KCT', amount_without_vat: 5_555, vat_amount: 0 },
    ]);
    expect(totals.total_sale).toBe(33_333 * 2 + 37_035 + 99_999 + 7_777 + 5_555);
    expect(totals.total_discount).toBe(1_035);
    expect(totals.total_without_vat).toBe(215_997);
    expect(totals.total_vat).toBe(17_134);
    expect(totals.total).toBe(233_131);
    expect(totals.amount_in_words).toBe('Hai trăm ba mươi ba nghìn một trăm ba mươi mốt đồng');
  });

  it('rounds half a đồng of VAT away from zero', () => {
    // 25 at 10 % = 2.5 → 3; 15 at 10 % = 1.5 → 2
    const totals = invoiceTotals([
      source({ unit_price: 25, vat_percent: 10 }),
      source({ order_line_id: 'x', unit_price: 15, vat_percent: 10 }),
    ]);
    expect(totals.by_rate).toEqual([{ vat_rate: '10%', amount_without_vat: 40, vat_amount: 5 }]);
    expect(totals.total).toBe(45);
  });

  it('comes to the order total when built from the order lines as the cart priced them', () => {
    const cart = [
      { unitPrice: 45_500, quantity: 7, discount: { kind: 'percent' as const, value: 7.5 }, vatRate: 5, promotion: 3_000 },
      { unitPrice: 128_000, quantity: 3, discount: { kind: 'amount' as const, value: 9_999 }, vatRate: 10, orderShare: 1_234 },
      { unitPrice: 19_999, quantity: 11, discount: null, vatRate: 8 },
    ];
    const priced = cart.map((line) => lineAmounts({ ...line, vatOn: true }));
    const totals = invoiceTotals(
      priced.map((line, index) =>
        source({
          order_line_id: String(index),
          unit_price: cart[index]!.unitPrice,
          quantity: cart[index]!.quantity,
          discount: line.promotion + line.discount,
          vat_percent: line.vatRate,
        }),
      ),
    );
    const order = orderTotals(priced);
    expect(totals.total).toBe(order.total);
    expect(totals.total_vat).toBe(order.vat);
    expect(totals.total_without_vat).toBe(order.net);
  });

  it('lists a gift with nothing to pay and says so', () => {
    const totals = invoiceTotals([source({ unit_price: 0, quantity: 2, is_gift: true })]);
    expect(totals.lines[0]).toMatchObject({
      item_name: 'Hapacol 500 (hàng khuyến mại không thu tiền)',
      amount: 0,
      vat_amount: 0,
      total: 0,
    });
    expect(totals.amount_in_words).toBe('Không đồng');
  });

  it('names the rates as the provider writes them', () => {
    expect([0, 5, 8, 10].map((percent) => invoiceVatRate(percent, false))).toEqual(['0%', '5%', '8%', '10%']);
    expect(invoiceVatRate(0, true)).toBe('KCT');
    // only a 0 % line may be declared not subject: it would otherwise change what the buyer pays
    expect(invoiceVatRate(10, true)).toBe('10%');
    expect(() => invoiceVatRate(7, false)).toThrow();
  });
});
