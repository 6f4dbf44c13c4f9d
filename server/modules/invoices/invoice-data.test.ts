/**
 * A medicine's invoice line as meInvoice gets it (docs/invoices.md "Medicines"): from the order's
 * lines and each line's drug facts and shipped lots (orders' orderLineDrugFacts) through the
 * invoice's lines (invoice-draft.ts lineSources) to §14.4 `OriginalInvoiceDetail`: one lot, two
 * lots, other goods, goods not yet shipped. No database: the facts are given as that reading answers.
 */
import { describe, expect, it } from 'vitest';
import { GIFT_SUFFIX, invoiceTotals } from '@contract/invoices-totals';
import type { OrderRecord } from '@contract/orders';
import type { einvoices } from '@server/kernel/db/schema';
import type { OrderLineDrugFacts } from '@server/modules/orders';
import { ITEM_NAME_MAX, invoiceData } from './invoice-data';
import { lineSources, medicineLine } from './invoice-draft';

type OrderLine = OrderRecord['lines'][number];

const orderLine = (id: string, name: string, extra: Partial<OrderLine> = {}) =>
  ({
    id,
    sku: `SP-${id}`,
    product_name: name,
    variant_name: '',
    unit: 'Hộp',
    quantity: 2,
    unit_price: 100_000,
    discount_amount: 0,
    promotion_amount: 0,
    vat_rate: 5,
    is_gift: false,
    ...extra,
  }) as OrderLine;

const drug = (lineId: string, lots: OrderLineDrugFacts['lots'], extra: Partial<OrderLineDrugFacts> = {}): OrderLineDrugFacts => ({
  line_id: lineId,
  is_medicine: true,
  registration_number: 'VD-12345-20',
  national_code: 'QG-0000512',
  lots,
  ...extra,
});

const order = {
  lines: [
    orderLine('one-lot', 'Cefuroxim 500mg'),
    orderLine('two-lots', 'Amoxicillin 500mg'),
    orderLine('not-medicine', 'Khẩu trang y tế'),
    orderLine('not-shipped', 'Omeprazol 20mg'),
  ],
} as OrderRecord;

const facts = new Map<string, OrderLineDrugFacts>([
  ['one-lot', drug('one-lot', [{ lot_no: 'C2405', expires_on: '2027-05-31', base_quantity: 20 }])],
  [
    'two-lots',
    drug('two-lots', [
      { lot_no: 'A2401', expires_on: '2026-09-30', base_quantity: 5 },
      { lot_no: 'A2412', expires_on: '2027-12-31', base_quantity: 15 },
    ]),
  ],
  // Shipped with a lot, but not a medicine: the invoice says nothing of it.
  ['not-medicine', drug('not-medicine', [{ lot_no: 'K1', expires_on: '2028-01-31', base_quantity: 2 }], { is_medicine: false })],
  ['not-shipped', drug('not-shipped', [], { registration_number: null })],
]);

function sentLines() {
  const totals = invoiceTotals(lineSources([order], [], facts));
  const row = {
    refId: 'ref',
    series: 'C26TAA',
    paymentMethod: 'TM/CK',
    buyer: { legal_name: 'Nhà thuốc Minh Châu', name: null, tax_code: null, address: 'Hà Nội', email: null, phone: null, code: 'KH1' },
    lines: totals.lines,
    byRate: totals.by_rate,
    totalSale: totals.total_sale,
    totalDiscount: totals.total_discount,
    totalWithoutVat: totals.total_without_vat,
    totalVat: totals.total_vat,
    total: totals.total,
    amountInWords: totals.amount_in_words,
  } as unknown as typeof einvoices.$inferSelect;
  const data = invoiceData(row, { sendEmail: false });
  return data.OriginalInvoiceDetail as Array<Record<string, unknown>>;
}

describe("a medicine's invoice line", () => {
  const [oneLot, twoLots, notMedicine, notShipped] = sentLines();

  it('carries the lot it left with, its expiry as a day, and the registration and national code in the name', () => {
    expect(oneLot).toMatchObject({
      ItemName: 'Cefuroxim 500mg (SĐK VD-12345-20, Mã QG QG-0000512)',
      LotNo: 'C2405',
      ExpiryDate: '2027-05-31',
    });
  });

  it('that left in two lots lists both, first expiry first, and takes the earliest expiry', () => {
    expect(twoLots).toMatchObject({ LotNo: 'A2401, A2412', ExpiryDate: '2026-09-30' });
    // One line, as the order sold it: the amounts are not split by lot.
    expect(twoLots).toMatchObject({ Quantity: 2, AmountWithoutVATOC: 200_000 });
  });

  it('of other goods carries none of it, even when the goods left with a lot', () => {
    expect(notMedicine!.ItemName).toBe('Khẩu trang y tế');
    expect(notMedicine).not.toHaveProperty('LotNo');
    expect(notMedicine).not.toHaveProperty('ExpiryDate');
  });

  it('whose goods have not left carries no lot nor expiry, and only the codes it has', () => {
    expect(notShipped!.ItemName).toBe('Omeprazol 20mg (Mã QG QG-0000512)');
    expect(notShipped).not.toHaveProperty('LotNo');
    expect(notShipped).not.toHaveProperty('ExpiryDate');
  });
});

describe('medicineLine', () => {
  it('leaves a medicine with neither code by its name, and a gift keeps its suffix after the codes', () => {
    expect(medicineLine('Smecta', drug('x', [], { registration_number: null, national_code: null }))).toEqual({ item_name: 'Smecta' });
    const [gift] = invoiceTotals(
      lineSources([{ lines: [orderLine('g', 'Hapacol 500', { is_gift: true })] } as OrderRecord], [], new Map([['g', drug('g', [])]])),
    ).lines;
    expect(gift!.item_name).toBe(`Hapacol 500 (SĐK VD-12345-20, Mã QG QG-0000512)${GIFT_SUFFIX}`);
  });

  it('cuts a name too long for the invoice, not the registration', () => {
    const { item_name } = medicineLine('x'.repeat(600), drug('x', []));
    expect(item_name.length + GIFT_SUFFIX.length).toBeLessThanOrEqual(ITEM_NAME_MAX);
    expect(item_name).toMatch(/x \(SĐK VD-12345-20, Mã QG QG-0000512\)$/);
  });

  it('lists a lot once, and skips a lot with no number or no expiry', () => {
    const lots = [
      { lot_no: 'B1', expires_on: null, base_quantity: 1 },
      { lot_no: null, expires_on: '2027-03-31', base_quantity: 1 },
      { lot_no: 'B1', expires_on: null, base_quantity: 1 },
    ];
    expect(medicineLine('Berberin 100mg', drug('x', lots))).toMatchObject({ lot_no: 'B1', expiry_date: '2027-03-31' });
  });
});
