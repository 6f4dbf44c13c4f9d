/**
 * Reading a product sheet for import (contract PRODUCT_SHEET_COLUMNS, read by src/lib/import-sheet.ts)
 * and cutting its rows into calls of at most MAX_IMPORT_ROWS, between products.
 */
import { fold } from '@contract/fold';
import { MAX_IMPORT_ROWS, PRODUCT_SHEET_COLUMNS, type ProductSheetColumn, type ProductSheetRow } from '@contract/products-files';
import { columnReader, mapSheet, type MappedSheet, type SheetRow } from '@/lib/import-sheet';

export const REQUIRED_COLUMNS: readonly ProductSheetColumn[] = ['Tên sản phẩm', 'Đơn vị', 'Giá bán'];

/** Short names people give the drug master's columns (headerKey of each). */
const ALIASES: Record<string, ProductSheetColumn> = {
  hansdk: 'Hết hạn số đăng ký',
  hansodangky: 'Hết hạn số đăng ký',
  ngayhethansodangky: 'Hết hạn số đăng ký',
  ngayhethansdk: 'Hết hạn số đăng ký',
  hethansdk: 'Hết hạn số đăng ký',
  kedon: 'Thuốc kê đơn',
  thietyeu: 'Thuốc thiết yếu',
  nhomthuockiemsoat: 'Nhóm kiểm soát',
  baoquan: 'Điều kiện bảo quản',
  mathuocqg: 'Mã thuốc quốc gia',
};

const columnOf = columnReader<ProductSheetColumn>(PRODUCT_SHEET_COLUMNS, ALIASES);

/** Sheet rows (header first) → import rows (src/lib/import-sheet.ts). */
export function mapSheetRows(sheet: readonly SheetRow[]): MappedSheet<ProductSheetColumn> {
  return mapSheet(sheet, columnOf, REQUIRED_COLUMNS);
}

/** Rows of one product stay in one call: same Mã SP, or with no code, same Tên sản phẩm. */
export function productKey(row: ProductSheetRow): string {
  const code = row['Mã SP'];
  if (code !== null && code !== undefined && String(code).trim() !== '') return `code:${fold(String(code))}`;
  return `name:${fold(String(row['Tên sản phẩm'] ?? ''))}`;
}

/**
 * The calls to send: products in the order they first appear, packed into chunks of at most `max`
 * rows; a product is never split unless it alone has more rows than a chunk holds.
 */
export function chunkRows(rows: readonly ProductSheetRow[], max = MAX_IMPORT_ROWS): ProductSheetRow[][] {
  const groups = new Map<string, ProductSheetRow[]>();
  for (const row of rows) {
    const key = productKey(row);
    const group = groups.get(key);
    if (group) group.push(row);
    else groups.set(key, [row]);
  }
  const chunks: ProductSheetRow[][] = [];
  let current: ProductSheetRow[] = [];
  for (const group of groups.values()) {
    if (current.length > 0 && current.length + group.length > max) {
      chunks.push(current);
      current = [];
    }
    for (let i = 0; i < group.length; i += max) {
      const part = group.slice(i, i + max);
      if (current.length > 0 && current.length + part.length > max) {
        chunks.push(current);
        current = [];
      }
      current.push(...part);
    }
  }
  if (current.length > 0) chunks.push(current);
  return chunks;
}
