/**
 * Reading a customer sheet for import (contract/customers-sheet.ts, read by src/lib/import-sheet.ts):
 * headers matched without diacritics, case or punctuation, and a few short names people type; rows
 * cut into calls of at most `max` so the progress bar moves.
 */
import { CUSTOMER_REQUIRED_COLUMNS, CUSTOMER_SHEET_COLUMNS, type CustomerSheetColumn } from '@contract/customers-sheet';
import { columnReader, mapSheet, type MappedSheet, type SheetRow } from '@/lib/import-sheet';

export const columnOf = columnReader<CustomerSheetColumn>(CUSTOMER_SHEET_COLUMNS, {
  ma: 'Mã KH',
  makhachhang: 'Mã KH',
  ten: 'Tên khách hàng',
  tenkh: 'Tên khách hàng',
  loaihinh: 'Loại hình kinh doanh',
  sodienthoai: 'Số điện thoại',
  dienthoai: 'Số điện thoại',
  sdt: 'Số điện thoại',
  masothue: 'Mã số thuế',
  mst: 'Mã số thuế',
  diachi: 'Số nhà, đường',
  phuongxa: 'Phường/xã',
  tinhthanh: 'Tỉnh/thành phố',
  sogiayphep: 'Số GCN đủ ĐKKD dược',
  sogcn: 'Số GCN đủ ĐKKD dược',
  ngaycapgiayphep: 'Ngày cấp',
  sogpp: 'Số GPP/GDP',
  ngayhethangpp: 'Hết hạn GPP/GDP',
  hethangpp: 'Hết hạn GPP/GDP',
  macosoduoc: 'Mã cơ sở',
});

/** Sheet rows (header first) → import rows (src/lib/import-sheet.ts). */
export function mapCustomerSheet(sheet: readonly SheetRow[]): MappedSheet<CustomerSheetColumn> {
  return mapSheet(sheet, columnOf, CUSTOMER_REQUIRED_COLUMNS);
}

export function chunkRows<T>(rows: readonly T[], max = 100): T[][] {
  const chunks: T[][] = [];
  for (let i = 0; i < rows.length; i += max) chunks.push(rows.slice(i, i + max));
  return chunks;
}
