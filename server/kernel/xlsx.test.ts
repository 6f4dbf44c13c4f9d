/**
 * Dates in exports are date cells, not text: they sort, filter and subtract in Excel, shown as
 * Vietnamese sheets write them, a moment at Vietnam's wall clock.
 */
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { excelDay, excelMoment, xlsxResponse, type SheetColumn } from './xlsx';

const COLUMNS: SheetColumn[] = [
  { header: 'Mã', key: 'code', width: 10 },
  { header: 'Hạn dùng', key: 'expires', width: 12, date: 'day' },
  { header: 'Ngày tạo', key: 'created', width: 18, date: 'moment' },
  { header: 'Tổng tiền', key: 'total', width: 14, money: true },
];

async function* rows() {
  yield { code: 'DH1', expires: excelDay('2027-03-31'), created: excelMoment('2026-12-01T17:30:00Z'), total: 1_234_500 };
  yield { code: 'DH2', expires: excelDay(null), created: excelMoment(new Date('2026-12-02T01:05:00Z')), total: 0 };
}

describe('xlsxResponse', () => {
  it('writes days and moments as date cells with Vietnamese formats, and money as numbers', async () => {
    const response = xlsxResponse('x.xlsx', 'Đơn hàng', COLUMNS, rows, () => undefined);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(await response.arrayBuffer());
    const sheet = workbook.getWorksheet('Đơn hàng')!;
    const [, , expires, created, total] = sheet.getRow(2).values as unknown[];
    expect(expires).toEqual(new Date('2027-03-31T00:00:00Z'));
    // 17:30 UTC is 00:30 the next day in Vietnam.
    expect(created).toEqual(new Date('2026-12-02T00:30:00Z'));
    expect(total).toBe(1_234_500);
    expect([sheet.getCell('B2').numFmt, sheet.getCell('C2').numFmt, sheet.getCell('D2').numFmt]).toEqual([
      'dd/mm/yyyy',
      'dd/mm/yyyy hh:mm',
      '#,##0',
    ]);
    expect(sheet.getCell('B3').value).toBeNull();
    expect(sheet.getCell('C3').value).toEqual(new Date('2026-12-02T08:05:00Z'));
  });
});
