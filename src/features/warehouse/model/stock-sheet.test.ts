import { describe, expect, it } from 'vitest';
import { MAX_RECEIPT_LINES } from '@contract/warehouse-receipts';
import { mapStockSheet, stockColumnOf, stockImportRows, stockRowsProblem } from './stock-sheet';

describe('the stock sheet', () => {
  it('maps the template and the usual spellings of its headers, keeping the sheet row numbers', () => {
    const mapped = mapStockSheet([
      { row: 1, cells: ['Ma hang', 'ĐVT', 'SL', 'Giá nhập', 'Số lô', 'NSX', 'HSD', 'Ghi chú'] },
      { row: 2, cells: ['SP000001-1', 'hộp', 10, 95_000, 'A2511', '2025-11-01', '01/11/2028', 'x'] },
      { row: 3, cells: [null, null, null, null, null, null, null, null] },
      { row: 4, cells: ['SP000002-1', 'viên', '1.000', null, null, null, null, null] },
    ]);
    expect(mapped.missingColumns).toEqual([]);
    expect(mapped.unknownHeaders).toEqual(['Ghi chú']);
    expect(stockImportRows(mapped.rows)).toEqual([
      {
        'Mã hàng': 'SP000001-1',
        'Đơn vị tính': 'hộp',
        'Số lượng': 10,
        'Đơn giá': 95_000,
        'Số lô': 'A2511',
        'Ngày sản xuất': '2025-11-01',
        'Hạn dùng': '01/11/2028',
        _row: 2,
      },
      { 'Mã hàng': 'SP000002-1', 'Đơn vị tính': 'viên', 'Số lượng': '1.000', _row: 4 },
    ]);
  });

  it('names the required columns a sheet lacks', () => {
    expect(mapStockSheet([{ row: 1, cells: ['Mã hàng', 'Số lô'] }]).missingColumns).toEqual(['Đơn vị tính', 'Số lượng']);
    expect(stockColumnOf('Hạn sử dụng')).toBe('Hạn dùng');
    expect(stockColumnOf('Tên hàng')).toBeNull();
  });

  it('sends true/false cells as text and refuses more lines than one receipt holds', () => {
    expect(stockImportRows([{ 'Mã hàng': true, _row: 7 }])).toEqual([{ 'Mã hàng': 'true', _row: 7 }]);
    expect(stockRowsProblem(new Array(MAX_RECEIPT_LINES).fill(0))).toBeNull();
    expect(stockRowsProblem(new Array(MAX_RECEIPT_LINES + 1).fill(0))).toBe(
      `Tệp có ${MAX_RECEIPT_LINES + 1} dòng: mỗi lần nhập tối đa ${MAX_RECEIPT_LINES} dòng (một phiếu). Hãy chia tệp thành nhiều phần.`,
    );
  });
});
