/**
 * Opening stock and import receipts from Excel (docs/warehouse.md "Excel"): the sheet's columns, the call that takes
 * its rows and what it answers. A sheet becomes ONE completed import receipt, or nothing: any refused
 * row (named with its row and column) leaves the stock untouched, so a half-read sheet never posts.
 */
import * as v from 'valibot';
import { isoDay } from './warehouse';
import { MAX_RECEIPT_LINES } from './warehouse-receipts';
import { bodyObject, companyBodyField, idField, optionalText } from './validation';

export const STOCK_SHEET_COLUMNS = ['Mã hàng', 'Đơn vị tính', 'Số lượng', 'Đơn giá', 'Số lô', 'Ngày sản xuất', 'Hạn dùng'] as const;
export type StockSheetColumn = (typeof STOCK_SHEET_COLUMNS)[number];
export const REQUIRED_STOCK_COLUMNS: readonly StockSheetColumn[] = ['Mã hàng', 'Đơn vị tính', 'Số lượng'];

export type StockSheetCell = string | number | null;
export type StockSheetRow = Partial<Record<StockSheetColumn, StockSheetCell>> & { _row?: number };

const cell = v.nullable(v.union([v.pipe(v.string(), v.maxLength(200, 'Ô dữ liệu quá dài')), v.number()], 'Ô dữ liệu không hợp lệ'));

export const StockImportSchema = bodyObject({
  company: companyBodyField,
  warehouse: v.optional(v.nullable(idField('kho')), null),
  document_date: isoDay('Ngày nhập'),
  /** Tồn đầu kỳ (opening stock) or a purchase; the receipt's source document says which. */
  opening: v.optional(v.boolean('Giá trị không hợp lệ'), false),
  partner_name: optionalText('người giao hàng', 120),
  source_document: optionalText('chứng từ gốc', 200),
  rows: v.pipe(
    v.array(v.record(v.string(), cell, 'Dòng dữ liệu không hợp lệ'), 'Danh sách dòng không hợp lệ'),
    v.minLength(1, 'Tệp không có dòng dữ liệu nào'),
    v.maxLength(MAX_RECEIPT_LINES, `Mỗi lần nhập tối đa ${MAX_RECEIPT_LINES} dòng (một phiếu)`),
  ),
});

export type StockImportError = { row: number; field?: StockSheetColumn; message: string };
/** `created`: lines of the receipt made (0 when a row was refused: then nothing was written). */
export type StockImportAnswer = {
  created: number;
  updated: number;
  errors: StockImportError[];
  receipt_id: string | null;
  code: string | null;
};

export const stockSheetPaths = {
  import: '/warehouse/api/importreceipt/import/',
  template: '/warehouse/api/importreceipt/template/',
} as const;
