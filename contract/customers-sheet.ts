/**
 * The customer sheet (Excel export and import; docs/pharma.md "The customer's papers"): one row per customer, its licence
 * papers with real date cells. The export streams the filtered list; the import reads the same
 * columns, updates the customer of each Mã KH (an empty cell keeps what it had) and creates the
 * others, each row on its own: a bad row is reported and changes nothing.
 */
import { bodyObject, companyBodyField, sheetRowsField } from './validation';

export const CUSTOMER_SHEET_COLUMNS = [
  'Mã KH',
  'Tên khách hàng',
  'Loại hình kinh doanh',
  'Số điện thoại',
  'Mã số thuế',
  'Chủ cửa hàng',
  'Số nhà, đường',
  'Phường/xã',
  'Tỉnh/thành phố',
  'Trạng thái',
  'Ghi chú',
  'Số GCN đủ ĐKKD dược',
  'Nơi cấp',
  'Ngày cấp',
  'Thuốc kiểm soát đặc biệt',
  'Số GPP/GDP',
  'Hết hạn GPP/GDP',
  'Mã cơ sở',
] as const;
export type CustomerSheetColumn = (typeof CUSTOMER_SHEET_COLUMNS)[number];
/** A row must name its customer: by code (an update), or by name (a new customer). */
export const CUSTOMER_REQUIRED_COLUMNS: readonly CustomerSheetColumn[] = ['Mã KH', 'Tên khách hàng'];
/** Columns written as date cells (dd/mm/yyyy) and read back from a date cell or a typed DD/MM/YYYY. */
export const CUSTOMER_DAY_COLUMNS: readonly CustomerSheetColumn[] = ['Ngày cấp', 'Hết hạn GPP/GDP'];

/** Rows per import call; the client sends a longer sheet in several calls. */
export const MAX_CUSTOMER_IMPORT_ROWS = 500;
/** Optional key of an imported row: its row number in the sheet (default: position + 2, after the header). */
export const CUSTOMER_ROW_KEY = '_row';

export type CustomerSheetCell = string | number | boolean | null;
export type CustomerSheetRow = Partial<Record<CustomerSheetColumn, CustomerSheetCell>> & { _row?: number };

export const CustomerImportSchema = bodyObject({
  company: companyBodyField,
  rows: sheetRowsField(MAX_CUSTOMER_IMPORT_ROWS),
});

export type CustomerImportError = { row: number; field?: CustomerSheetColumn; message: string };
/** Customers created and updated; each row is saved on its own, so good ones stay saved. */
export type CustomerImportAnswer = { created: number; updated: number; errors: CustomerImportError[] };

/** The export's file name for a day (YYYY-MM-DD, Vietnam time): khach-hang-20261202.xlsx. */
export function customerSheetFileName(day: string): string {
  return `khach-hang-${day.replaceAll('-', '')}.xlsx`;
}

export const customerSheetPaths = {
  /** GET with the list's filters: the .xlsx of the matching customers (customers/export). */
  exportCustomers: '/customer/api/customer-export/',
  /** POST {company, rows}: rows read from such a sheet (customers/create, and edit for updates). */
  importCustomers: '/customer/api/customer-import/',
} as const;
