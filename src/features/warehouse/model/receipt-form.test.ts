import { describe, expect, it } from 'vitest';
import type { ReceiptDetail } from '@contract/warehouse-receipts';
import {
  addVariant,
  changeUnit,
  checkDraft,
  draftFromRecord,
  draftTotals,
  emptyDraft,
  lineFieldErrors,
  receiptInput,
  removeLine,
  splitLine,
  updateLine,
  type LineVariant,
} from './receipt-form';

const HAPACOL: LineVariant = {
  id: 1,
  name: 'Hapacol 500',
  sku: 'SP000001-1',
  units: [
    { unit: 'viên', factor: 1, price: 1_000 },
    { unit: 'vỉ', factor: 10, price: 9_500 },
    { unit: 'hộp', factor: 100, price: 90_000 },
  ],
  isMedicine: true,
};
const GAUZE: LineVariant = {
  id: 2,
  name: 'Bông y tế',
  sku: 'SP000002-1',
  units: [{ unit: 'gói', factor: 1, price: 5_000 }],
  isMedicine: false,
};

const start = () => emptyDraft('2026-11-21', null);

describe('receipt lines', () => {
  it('adds a product once per unit, a second scan of the same unit counting one more', () => {
    let draft = addVariant(start(), HAPACOL, 'hộp');
    draft = addVariant(draft, HAPACOL, 'hộp');
    draft = addVariant(draft, HAPACOL, 'vỉ');
    expect(draft.lines.map((line) => [line.unit, line.quantity])).toEqual([
      ['hộp', '2'],
      ['vỉ', '1'],
    ]);
  });

  it('keeps a line whose lot was picked by hand apart from scans', () => {
    let draft = addVariant(start(), GAUZE, 'gói');
    draft = updateLine(draft, draft.lines[0]!.key, { lotId: 7 });
    draft = addVariant(draft, GAUZE, 'gói');
    expect(draft.lines).toHaveLength(2);
    expect(draft.lines[1]!.lotId).toBeNull();
  });

  it('splits a line for a second lot of the same product, right under it and empty', () => {
    let draft = addVariant(addVariant(start(), HAPACOL, 'hộp'), GAUZE, 'gói');
    draft = updateLine(draft, draft.lines[0]!.key, { quantity: '5', lotNo: 'A1', expiresOn: '2028-01-01' });
    draft = splitLine(draft, draft.lines[0]!.key);
    expect(draft.lines.map((line) => [line.variant.id, line.unit, line.quantity, line.lotNo])).toEqual([
      [1, 'hộp', '5', 'A1'],
      [1, 'hộp', '', ''],
      [2, 'gói', '1', ''],
    ]);
  });

  it('scales the price typed when the unit changes', () => {
    let draft = addVariant(start(), HAPACOL, 'hộp');
    draft = updateLine(draft, draft.lines[0]!.key, { unitPrice: '90000' });
    draft = changeUnit(draft, draft.lines[0]!.key, 'vỉ');
    expect(draft.lines[0]).toMatchObject({ unit: 'vỉ', unitPrice: '9000' });
    draft = changeUnit(draft, draft.lines[0]!.key, 'viên');
    expect(draft.lines[0]!.unitPrice).toBe('900');
  });

  it('adds up lines and amounts, and forgets a removed line', () => {
    let draft = addVariant(addVariant(start(), HAPACOL, 'hộp'), GAUZE, 'gói');
    draft = updateLine(draft, draft.lines[0]!.key, { quantity: '3', unitPrice: '90000' });
    draft = updateLine(draft, draft.lines[1]!.key, { quantity: '10', unitPrice: '5000' });
    expect(draftTotals(draft)).toEqual({ lines: 2, quantity: 13, amount: 320_000 });
    expect(draftTotals(removeLine(draft, draft.lines[0]!.key))).toEqual({ lines: 1, quantity: 10, amount: 50_000 });
  });
});

describe('checkDraft', () => {
  it('asks a medicine for its lot and expiry on an import, not on an export', () => {
    const draft = addVariant(addVariant(start(), HAPACOL, 'hộp'), GAUZE, 'gói');
    expect(checkDraft(draft, 'import')).toEqual({ 'lines.0.lot_no': 'Thuốc cần số lô', 'lines.0.expires_on': 'Thuốc cần hạn dùng' });
    expect(checkDraft(draft, 'export')).toEqual({});
  });

  it('refuses empty receipts, zero quantities, expiry before manufacture and a transfer to the same warehouse', () => {
    expect(checkDraft(start(), 'export')).toEqual({ lines: 'Chưa có dòng hàng nào' });
    let draft = addVariant({ ...start(), warehouse: 1, toWarehouse: 1 }, GAUZE, 'gói');
    draft = updateLine(draft, draft.lines[0]!.key, { quantity: '0', manufacturedOn: '2026-05-01', expiresOn: '2026-01-01' });
    expect(checkDraft(draft, 'import')).toEqual({
      'lines.0.quantity': 'Số lượng phải lớn hơn 0',
      'lines.0.expires_on': 'Hạn dùng phải sau ngày sản xuất',
    });
    expect(checkDraft(draft, 'transfer')).toMatchObject({ to_warehouse: 'Kho nhận phải khác kho xuất' });
  });

  it("puts the server's per-line errors back on their line", () => {
    const fields = { 'lines.1.unit': 'Không có đơn vị "thùng"', 'lines.10.quantity': 'Quá lớn', document_date: 'Kỳ đã khóa sổ' };
    expect(lineFieldErrors(fields, 1)).toEqual({ unit: 'Không có đơn vị "thùng"' });
    expect(lineFieldErrors(fields, 10)).toEqual({ quantity: 'Quá lớn' });
    expect(lineFieldErrors(fields, 0)).toEqual({});
  });
});

describe('receiptInput', () => {
  it('sends an import with its lots by number and an export with the lot picked (or none: FEFO)', () => {
    let draft = addVariant({ ...start(), partnerName: '  Zuellig  ', sourceDocument: 'HĐ 0001234' }, HAPACOL, 'hộp');
    draft = updateLine(draft, draft.lines[0]!.key, {
      quantity: '12',
      documentQuantity: '12',
      unitPrice: '90000',
      lotNo: ' A1 ',
      expiresOn: '2028-04-08',
      lotId: 9,
    });
    expect(receiptInput(draft, 'import', 'completed')).toMatchObject({
      partner_name: 'Zuellig',
      source_document: 'HĐ 0001234',
      note: null,
      status: 'completed',
      to_warehouse: null,
      lines: [
        {
          variant_id: 1,
          unit: 'hộp',
          quantity: 12,
          document_quantity: 12,
          unit_price: 90_000,
          lot_id: null,
          lot_no: 'A1',
          expires_on: '2028-04-08',
        },
      ],
    });
    expect(receiptInput(draft, 'export', 'draft').lines[0]).toMatchObject({ lot_id: 9, lot_no: null, expires_on: null });
  });

  it('reads a draft back from the server with the units of the device catalogue', () => {
    const detail = {
      kind: 'import',
      warehouse_id: 2,
      to_warehouse_id: null,
      reason_id: null,
      partner_name: null,
      partner_address: null,
      source_document: null,
      document_date: '2026-11-20',
      note: 'Hàng về sớm',
      lines: [
        {
          variant_id: 1,
          product_name: 'Hapacol 500',
          variant_name: '',
          sku: 'SP000001-1',
          unit: 'hộp',
          factor: 100,
          quantity: 3,
          document_quantity: null,
          unit_price: 0,
          lot_id: 4,
          lot_no: 'A1',
          manufactured_on: null,
          expires_on: '2028-01-01',
        },
        {
          variant_id: 5,
          product_name: 'Ngừng bán',
          variant_name: 'Lọ',
          sku: 'X',
          unit: 'lọ',
          factor: 1,
          quantity: 1,
          document_quantity: 2,
          unit_price: 1_500,
          lot_id: null,
          lot_no: null,
          manufactured_on: null,
          expires_on: null,
        },
      ],
    } as unknown as ReceiptDetail;
    const draft = draftFromRecord(detail, new Map([[1, HAPACOL]]));
    expect(draft).toMatchObject({ warehouse: 2, note: 'Hàng về sớm', documentDate: '2026-11-20' });
    expect(draft.lines[0]).toMatchObject({
      variant: HAPACOL,
      unit: 'hộp',
      quantity: '3',
      documentQuantity: '',
      unitPrice: '',
      lotId: null,
      lotNo: 'A1',
    });
    expect(draft.lines[1]).toMatchObject({ unit: 'lọ', documentQuantity: '2', unitPrice: '1500' });
    expect(draft.lines[1]!.variant).toMatchObject({ name: 'Ngừng bán – Lọ', units: [{ unit: 'lọ', factor: 1, price: 0 }] });
  });
});
