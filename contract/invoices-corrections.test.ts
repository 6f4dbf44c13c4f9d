/** The NĐ 70/2025 correction rules, one by one (contract/invoices-corrections.ts). */
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { InvoiceAdjustSchema } from './invoices';
import {
  adjustLinesProblem,
  adjustmentTotals,
  agreementRefusal,
  cancelRefusal,
  decreaseRefusal,
  INVOICE_CORRECTION_RULES,
  isBusinessBuyer,
  listedLinesProblem,
  listRefusal,
  returnLines,
  returnsToAdjust,
  signDueDay,
  signOverdue,
  type AdjustLineInput,
} from './invoices-corrections';
import { invoiceTotals, type InvoiceLineSource } from './invoices-totals';

const source = (overrides: Partial<InvoiceLineSource>): InvoiceLineSource => ({
  order_line_id: 'a',
  item_code: 'HAPACOL',
  item_name: 'Hapacol 500',
  unit: 'Hộp',
  quantity: 10,
  unit_price: 50_000,
  discount: 20_000,
  vat_percent: 5,
  not_subject: false,
  is_gift: false,
  ...overrides,
});
const line = (overrides: Partial<AdjustLineInput>): AdjustLineInput => ({
  line_no: null,
  item_code: null,
  item_name: 'Chiết khấu thương mại',
  unit: null,
  quantity: 1,
  unit_price: 100_000,
  discount: 0,
  vat_rate: '10%',
  ...overrides,
});

describe('every rule names its text', () => {
  it.each(Object.entries(INVOICE_CORRECTION_RULES))('%s', (_name, rule) => {
    expect(rule.text.length).toBeGreaterThan(20);
    expect(rule.source).toMatch(/NĐ (70\/2025|123\/2020)/);
  });
});

describe('noCancelAfterPublish', () => {
  it('refuses a published invoice and one on its way, allows one the provider refused', () => {
    expect(cancelRefusal({ status: 'issued', number: '00000015' })).toMatch(/không được hủy \(NĐ 70\/2025\)/);
    expect(cancelRefusal({ status: 'failed', number: '00000015' })).toMatch(/không được hủy/);
    expect(cancelRefusal({ status: 'pending', number: null })).toBe('Hóa đơn đang được gửi tới meInvoice, chưa hủy được');
    expect(cancelRefusal({ status: 'failed', number: null })).toBeNull();
  });
});

describe('agreementFirst', () => {
  const days = { issuedOn: '2026-11-20', today: '2026-12-01' };
  const agreement = { signed_on: '2026-11-25', buyer_representative: 'Bà Châu', error: 'Sai đơn giá' };
  it('a business buyer (10-digit tax code, or a branch) needs one; a person does not', () => {
    expect(isBusinessBuyer({ tax_code: '0100109106' })).toBe(true);
    expect(isBusinessBuyer({ tax_code: '0100109106-001' })).toBe(true);
    expect(isBusinessBuyer({ tax_code: '001085012345' })).toBe(false);
    expect(isBusinessBuyer({ tax_code: null })).toBe(false);
    expect(agreementRefusal({ tax_code: '0100109106' }, null, days)).toMatch(/^Người mua là doanh nghiệp/);
    expect(agreementRefusal({ tax_code: null }, null, days)).toBeNull();
    expect(agreementRefusal({ tax_code: '0100109106' }, agreement, days)).toBeNull();
  });
  it('is signed between the wrong invoice and today', () => {
    expect(agreementRefusal({ tax_code: null }, { ...agreement, signed_on: '2026-12-02' }, days)).toBe(
      'Ngày ký biên bản không được sau hôm nay',
    );
    expect(agreementRefusal({ tax_code: null }, { ...agreement, signed_on: '2026-11-19' }, days)).toBe(
      'Ngày ký biên bản không được trước ngày lập hóa đơn bị sai',
    );
  });
});

describe('signedAmounts and returnsAdjust', () => {
  const original = invoiceTotals([source({}), source({ order_line_id: 'b', item_name: 'Quà', unit_price: 0, discount: 0, is_gift: true })]);
  it('gives back a returned quantity at the sale price with its share of the discount, never a gift', () => {
    const lines = returnLines(
      original.lines,
      new Map([
        [1, 4],
        [2, 1],
      ]),
    );
    expect(lines).toEqual([expect.objectContaining({ line_no: 1, quantity: 4, unit_price: 50_000, discount: 8_000, vat_rate: '5%' })]);
    const totals = adjustmentTotals('decrease', lines);
    expect(totals.total_without_vat).toBe(-192_000);
    expect(totals.total_vat).toBe(-9_600);
    expect(totals.total).toBe(-201_600);
    expect(totals.by_rate).toEqual([{ vat_rate: '5%', amount_without_vat: -192_000, vat_amount: -9_600 }]);
    expect(totals.amount_in_words).toBe('Giảm hai trăm linh một nghìn sáu trăm đồng');
  });
  it('an increase is positive, information only is zero', () => {
    expect(adjustmentTotals('increase', [line({})]).total).toBe(110_000);
    expect(adjustmentTotals('increase', [line({})]).amount_in_words).toBe('Một trăm mười nghìn đồng');
    expect(adjustmentTotals('info', [])).toMatchObject({ total: 0, lines: [], by_rate: [] });
  });
});

describe('returnsAdjust from the warehouse', () => {
  const original = invoiceTotals([
    source({}),
    source({ order_line_id: 'b', item_name: 'Quà', unit_price: 0, discount: 0, is_gift: true }),
    source({ order_line_id: 'c', item_name: 'Panadol', quantity: 5 }),
  ]);
  it('fills what came back less what decreases already took off the line, never more than sold, never a gift', () => {
    const returned = new Map([
      ['a', 4],
      ['b', 1],
      ['c', 9],
    ]);
    expect(returnsToAdjust(original.lines, returned, new Map())).toEqual([
      { line_no: 1, quantity: 4 },
      { line_no: 3, quantity: 5 },
    ]);
    // Line 1 was decreased by 3 already (10 sold, 7 left), line 3 by all 5.
    const left = new Map([
      [1, 7],
      [3, 0],
    ]);
    expect(returnsToAdjust(original.lines, returned, left)).toEqual([{ line_no: 1, quantity: 1 }]);
    expect(returnsToAdjust(original.lines, new Map(), new Map())).toEqual([]);
  });
});

describe('what may be decreased', () => {
  const left = {
    byRate: new Map([['10%' as const, 500_000]]),
    byLine: new Map([[1, 3]]),
  };
  it('no line gives back more than is left of it, no rate goes below zero', () => {
    const within = [line({ line_no: 1, quantity: 3, unit_price: 100_000, item_name: 'Hapacol' })];
    expect(decreaseRefusal(left, adjustmentTotals('decrease', within), within)).toBeNull();
    const tooMany = [line({ line_no: 1, quantity: 4, item_name: 'Hapacol' })];
    expect(decreaseRefusal(left, adjustmentTotals('decrease', tooMany), tooMany)).toBe('Dòng 1 (Hapacol) chỉ còn 3 để điều chỉnh giảm');
    const unknown = [line({ line_no: 7 })];
    expect(decreaseRefusal(left, adjustmentTotals('decrease', unknown), unknown)).toBe('Dòng 7 không có trong hóa đơn gốc');
    const past = [line({ unit_price: 500_001 })];
    expect(decreaseRefusal(left, adjustmentTotals('decrease', past), past)).toBe(
      'Điều chỉnh giảm vượt quá giá trị còn lại của hóa đơn ở thuế suất 10%',
    );
  });
  it('an increase or decrease has a line with an amount; information only has none', () => {
    expect(adjustLinesProblem('decrease', [])).toBe('Vui lòng nhập ít nhất một dòng điều chỉnh');
    expect(adjustLinesProblem('increase', [line({ unit_price: 0 })])).toBe('Số tiền điều chỉnh phải lớn hơn 0');
    expect(adjustLinesProblem('increase', [line({ discount: 100_001 })])).toBe('Chiết khấu của "Chiết khấu thương mại" lớn hơn thành tiền');
    expect(adjustLinesProblem('info', [line({})])).toBe('Điều chỉnh thông tin không có dòng hàng');
    expect(adjustLinesProblem('info', [])).toBeNull();
  });
  it('the schema refuses nonsense in Vietnamese', () => {
    const parsed = v.safeParse(InvoiceAdjustSchema, { company: 1, kind: 'x', reason: '', lines: [{ quantity: -1 }] });
    expect(parsed.success).toBe(false);
    expect(parsed.issues?.map((issue) => issue.message)).toContain('Loại điều chỉnh không hợp lệ');
  });
});

describe('signByNextWorkingDay', () => {
  it('is due the next working day (Friday → Monday) and overdue only while unpublished after it', () => {
    expect(signDueDay('2026-12-03')).toBe('2026-12-04');
    expect(signDueDay('2026-12-04')).toBe('2026-12-07');
    expect(signOverdue({ status: 'pending', made_on: '2026-12-04' }, '2026-12-07')).toBe(false);
    expect(signOverdue({ status: 'failed', made_on: '2026-12-04' }, '2026-12-08')).toBe(true);
    expect(signOverdue({ status: 'issued', made_on: '2026-12-04' }, '2026-12-08')).toBe(false);
  });
});

describe('oneForSeveral', () => {
  const original = {
    id: 'a',
    status: 'issued',
    customer_id: 'kh1',
    buyer: { tax_code: '0100109106' },
    issued_on: '2026-11-03',
    adjusts: null,
    replaced_by: null,
  };
  it('lists only other published invoices of the same buyer, the same month', () => {
    expect(listRefusal(original, { ...original, id: 'b', issued_on: '2026-11-30' })).toBeNull();
    expect(listRefusal(original, original)).toBe('Hóa đơn bị điều chỉnh đã có trong bảng kê');
    expect(listRefusal(original, { ...original, id: 'b', status: 'replaced' })).toMatch(/^Bảng kê chỉ gồm hóa đơn gốc đã phát hành/);
    expect(listRefusal(original, { ...original, id: 'b', adjusts: { id: 'x' } })).toMatch(/^Bảng kê chỉ gồm hóa đơn gốc/);
    expect(listRefusal(original, { ...original, id: 'b', customer_id: 'kh2' })).toBe('Bảng kê chỉ gồm hóa đơn của cùng một người mua');
    expect(listRefusal(original, { ...original, id: 'b', buyer: { tax_code: null } })).toBe(
      'Bảng kê chỉ gồm hóa đơn của cùng một người mua',
    );
    expect(listRefusal(original, { ...original, id: 'b', issued_on: '2026-12-01' })).toMatch(/cùng tháng/);
  });
  it('a listed adjustment carries its own lines, not one invoice line', () => {
    expect(listedLinesProblem(['b'], [line({ line_no: 1 })])).toMatch(/^Điều chỉnh nhiều hóa đơn/);
    expect(listedLinesProblem(['b'], [line({})])).toBeNull();
    expect(listedLinesProblem([], [line({ line_no: 1 })])).toBeNull();
  });
});
