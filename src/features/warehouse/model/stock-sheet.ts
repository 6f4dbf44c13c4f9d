/**
 * Reading a stock sheet for import (contract/warehouse-sheet.ts STOCK_SHEET_COLUMNS: opening stock or
 * a purchase, one completed import receipt per file): headers matched without diacritics, case or
 * punctuation ("Ma hang", "ĐVT", "HSD"), every row sent in one call with its sheet row number so the
 * server's refusals name the row a person sees in Excel, and cells the call cannot carry (true/false)
 * sent as text.
 */
import { MAX_RECEIPT_LINES } from '@contract/warehouse-receipts';
import { REQUIRED_STOCK_COLUMNS, STOCK_SHEET_COLUMNS, type StockSheetColumn, type StockSheetRow } from '@contract/warehouse-sheet';
import { columnReader, mapSheet, type MappedSheet, type SheetRecord, type SheetRow } from '@/lib/import-sheet';

export const stockColumnOf = columnReader<StockSheetColumn>(STOCK_SHEET_COLUMNS, {
  ma: 'Mã hàng',
  masp: 'Mã hàng',
  masanpham: 'Mã hàng',
  mabienthe: 'Mã hàng',
  sku: 'Mã hàng',
  dvt: 'Đơn vị tính',
  donvi: 'Đơn vị tính',
  sl: 'Số lượng',
  soluongthucnhap: 'Số lượng',
  gianhap: 'Đơn giá',
  dongianhap: 'Đơn giá',
  lo: 'Số lô',
  losanxuat: 'Số lô',
  nsx: 'Ngày sản xuất',
  hsd: 'Hạn dùng',
  hansudung: 'Hạn dùng',
});

export function mapStockSheet(sheet: readonly SheetRow[]): MappedSheet<StockSheetColumn> {
  return mapSheet(sheet, stockColumnOf, REQUIRED_STOCK_COLUMNS);
}

/** Why the rows cannot be one receipt (too many lines), or null. */
export function stockRowsProblem(rows: readonly unknown[]): string | null {
  return rows.length > MAX_RECEIPT_LINES
    ? `Tệp có ${rows.length} dòng: mỗi lần nhập tối đa ${MAX_RECEIPT_LINES} dòng (một phiếu). Hãy chia tệp thành nhiều phần.`
    : null;
}

/** The rows as the import call takes them: text or numbers, the sheet row kept in `_row`. */
export function stockImportRows(rows: readonly SheetRecord<StockSheetColumn>[]): StockSheetRow[] {
  return rows.map((row) => {
    const out: StockSheetRow = {};
    for (const column of STOCK_SHEET_COLUMNS) {
      const value = row[column];
      if (value === undefined || value === null) continue;
      out[column] = typeof value === 'boolean' ? String(value) : value;
    }
    if (row._row !== undefined) out._row = row._row;
    return out;
  });
}
