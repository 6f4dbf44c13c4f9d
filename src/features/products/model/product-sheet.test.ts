import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { PRODUCT_SHEET_COLUMNS, type ProductSheetRow } from '@contract/products-files';
import { errorReportCsv } from '@/lib/import-sheet';
import { chunkRows, mapSheetRows, productKey } from './product-sheet';
import { columnIndex, readFirstSheet, SheetReadError } from '@/lib/xlsx-reader';

async function workbookBytes(build: (sheet: ExcelJS.Worksheet) => void, useShared = true): Promise<Uint8Array> {
  const workbook = new ExcelJS.Workbook();
  build(workbook.addWorksheet('Sản phẩm'));
  const buffer = await workbook.xlsx.writeBuffer({ useSharedStrings: useShared } as never);
  return new Uint8Array(buffer as ArrayBuffer);
}

describe('mapSheetRows', () => {
  it('maps headers by name without diacritics or case, numbers rows as in the sheet, skips blank rows', () => {
    const mapped = mapSheetRows([
      { row: 1, cells: ['ma sp', 'TÊN SẢN PHẨM', 'Đơn vị', 'Giá bán', 'Ghi chú riêng', 'Đang bán'] },
      { row: 2, cells: ['SP001', ' Paracetamol 500mg ', 'viên', 2000, 'x', true] },
      { row: 3, cells: [null, '', null, null, null, null] },
      { row: 5, cells: ['SP001', 'Paracetamol 500mg', 'hộp', 180000] },
    ]);
    expect(mapped.missingColumns).toEqual([]);
    expect(mapped.unknownHeaders).toEqual(['Ghi chú riêng']);
    expect(mapped.rows).toEqual([
      { 'Mã SP': 'SP001', 'Tên sản phẩm': 'Paracetamol 500mg', 'Đơn vị': 'viên', 'Giá bán': 2000, 'Đang bán': true, _row: 2 },
      { 'Mã SP': 'SP001', 'Tên sản phẩm': 'Paracetamol 500mg', 'Đơn vị': 'hộp', 'Giá bán': 180000, 'Đang bán': null, _row: 5 },
    ]);
  });

  it('names the required columns a header lacks', () => {
    expect(mapSheetRows([{ row: 1, cells: ['Mã SP', 'Tên sản phẩm'] }]).missingColumns).toEqual(['Đơn vị', 'Giá bán']);
    expect(mapSheetRows([]).missingColumns).toEqual(['Tên sản phẩm', 'Đơn vị', 'Giá bán']);
  });
});

describe('chunkRows', () => {
  const row = (code: string | null, name: string, n: number): ProductSheetRow => ({ 'Mã SP': code, 'Tên sản phẩm': name, _row: n });

  it('keeps each product in one call and no call over the limit', () => {
    const rows = [
      row('A', 'a', 2),
      row('B', 'b', 3),
      row('A', 'a', 4),
      row(null, 'Khẩu trang', 5),
      row('C', 'c', 6),
      row(null, 'khau trang', 7),
    ];
    const chunks = chunkRows(rows, 3);
    expect(chunks.map((chunk) => chunk.map((r) => r._row))).toEqual([
      [2, 4, 3],
      [5, 7, 6],
    ]);
    expect(productKey(rows[3]!)).toBe(productKey(rows[5]!));
  });

  it('cuts 1,200 rows of 3-row products into calls of at most 500 rows', () => {
    const rows = Array.from({ length: 1200 }, (_, i) => row(`SP${Math.floor(i / 3)}`, 'x', i + 2));
    const chunks = chunkRows(rows);
    expect(chunks.every((chunk) => chunk.length <= 500)).toBe(true);
    expect(chunks.flat()).toHaveLength(1200);
    expect(chunks.map((chunk) => chunk.length)).toEqual([498, 498, 204]);
    // No product is split across calls.
    const callOf = new Map<string, number>();
    chunks.forEach((chunk, i) =>
      chunk.forEach((r) => {
        expect(callOf.get(String(r['Mã SP'])) ?? i).toBe(i);
        callOf.set(String(r['Mã SP']), i);
      }),
    );
  });

  it('splits only a product bigger than a call', () => {
    const rows = Array.from({ length: 7 }, (_, i) => row('BIG', 'x', i + 2));
    expect(chunkRows(rows, 3).map((chunk) => chunk.length)).toEqual([3, 3, 1]);
  });
});

describe('errorReportCsv', () => {
  it('writes row, column and message with a BOM and quotes where needed', () => {
    const csv = errorReportCsv([
      { row: 4, field: 'Giá bán', message: 'Giá bán phải là số, "đồng"' },
      { row: 9, message: 'Thiếu tên' },
    ]);
    expect(csv.startsWith('\uFEFFDòng,Cột,Lỗi\r\n')).toBe(true);
    expect(csv).toContain('4,Giá bán,"Giá bán phải là số, ""đồng"""\r\n');
    expect(csv).toContain('9,,Thiếu tên\r\n');
  });
});

describe('readFirstSheet', () => {
  it('reads a workbook written by exceljs (shared strings, numbers, booleans, gaps) into mapped rows', async () => {
    const bytes = await workbookBytes((sheet) => {
      sheet.addRow([...PRODUCT_SHEET_COLUMNS]);
      sheet.addRow([
        'SP9',
        'Siro ho Bảo Thanh',
        'Xuyên bối mẫu',
        null,
        'VD-1234-19',
        'Hoa Linh',
        'Việt Nam',
        null,
        null,
        null,
        5,
        'Có',
        null,
        null,
        'chai',
        1,
        45000,
        40000,
        '8930000000011',
        true,
      ]);
      sheet.getRow(4).values = [
        'SP9',
        'Siro ho Bảo Thanh',
        null,
        null,
        null,
        null,
        null,
        null,
        null,
        null,
        5,
        null,
        null,
        null,
        'thùng',
        24,
        1_000_000,
      ];
    });
    const rows = await readFirstSheet(bytes);
    expect(rows.map((row) => row.row)).toEqual([1, 2, 4]);
    const mapped = mapSheetRows(rows);
    expect(mapped.missingColumns).toEqual([]);
    expect(mapped.rows[0]).toMatchObject({
      'Mã SP': 'SP9',
      'Tên sản phẩm': 'Siro ho Bảo Thanh',
      'Hoạt chất': 'Xuyên bối mẫu',
      'Hàm lượng': null,
      'VAT (%)': 5,
      'Là thuốc': 'Có',
      'Đơn vị': 'chai',
      'Giá sỉ': 40000,
      'Mã vạch': '8930000000011',
      'Đang bán': true,
      _row: 2,
    });
    expect(mapped.rows[1]).toMatchObject({ 'Đơn vị': 'thùng', 'Hệ số quy đổi': 24, 'Giá bán': 1_000_000, _row: 4 });
  });

  it('reads inline strings too', async () => {
    const bytes = await workbookBytes((sheet) => {
      sheet.addRow(['Tên sản phẩm', 'Đơn vị', 'Giá bán']);
      sheet.addRow(['Khẩu trang y tế <4 lớp> & "N95"', 'hộp', 30000]);
    }, false);
    const rows = await readFirstSheet(bytes);
    expect(rows[1]!.cells).toEqual(['Khẩu trang y tế <4 lớp> & "N95"', 'hộp', 30000]);
  });

  it('refuses a file that is not an xlsx', async () => {
    await expect(readFirstSheet(new TextEncoder().encode('Mã SP,Tên\nA,B'))).rejects.toBeInstanceOf(SheetReadError);
  });

  it('turns cell references into column indexes', () => {
    expect(columnIndex('A1')).toBe(0);
    expect(columnIndex('S12')).toBe(18);
    expect(columnIndex('AB3')).toBe(27);
    expect(columnIndex(null)).toBeNull();
  });
});
