/**
 * Reading a product sheet for import (contract PRODUCT_SHEET_COLUMNS): the header row is matched to
 * the columns by name without diacritics or case, every following non-empty row becomes an object
 * keyed by column with its sheet row number in `_row` (so the server's errors name the row a person
 * sees in Excel), and the rows are cut into calls of at most MAX_IMPORT_ROWS, between products.
 */
import { fold } from '../../../../contract/fold';
import {
  MAX_IMPORT_ROWS,
  PRODUCT_SHEET_COLUMNS,
  type ProductImportError,
  type ProductSheetCell,
  type ProductSheetColumn,
  type ProductSheetRow,
} from '../../../../contract/product';

/** One row of a sheet as read: its 1-based row number and its cells from column A. */
export type SheetRow = { row: number; cells: ProductSheetCell[] };

export const REQUIRED_COLUMNS: readonly ProductSheetColumn[] = ['Tên sản phẩm', 'Đơn vị', 'Giá bán'];

const headerKey = (text: unknown) => fold(String(text ?? '')).replace(/[^a-z0-9%]/g, '');
const COLUMN_BY_KEY = new Map(PRODUCT_SHEET_COLUMNS.map((column) => [headerKey(column), column]));

export type MappedSheet = {
  rows: ProductSheetRow[];
  /** Header cells that name no column of the sheet (shown as a warning, then ignored). */
  unknownHeaders: string[];
  /** Required columns the header lacks: the file cannot be imported. */
  missingColumns: ProductSheetColumn[];
};

function cellValue(cell: ProductSheetCell | undefined): ProductSheetCell {
  if (cell === undefined || cell === null) return null;
  if (typeof cell === 'string') {
    const text = cell.trim();
    return text === '' ? null : text.slice(0, 2000);
  }
  if (typeof cell === 'number') return Number.isFinite(cell) ? cell : null;
  return cell;
}

/** Sheet rows (header first) → import rows. The header is the first row with any text in it. */
export function mapSheetRows(sheet: readonly SheetRow[]): MappedSheet {
  const headerIndex = sheet.findIndex((row) => row.cells.some((cell) => typeof cell === 'string' && cell.trim() !== ''));
  if (headerIndex < 0) return { rows: [], unknownHeaders: [], missingColumns: [...REQUIRED_COLUMNS] };
  const header = sheet[headerIndex]!;
  const columns: (ProductSheetColumn | null)[] = header.cells.map((cell) => COLUMN_BY_KEY.get(headerKey(cell)) ?? null);
  const unknownHeaders = header.cells
    .filter((cell, i) => columns[i] === null && cell !== null && String(cell).trim() !== '')
    .map((cell) => String(cell).trim());
  const present = new Set(columns.filter((column): column is ProductSheetColumn => column !== null));
  const missingColumns = REQUIRED_COLUMNS.filter((column) => !present.has(column));

  const rows: ProductSheetRow[] = [];
  for (const line of sheet.slice(headerIndex + 1)) {
    const row: ProductSheetRow = {};
    let filled = false;
    columns.forEach((column, i) => {
      if (!column) return;
      const value = cellValue(line.cells[i]);
      if (value !== null) filled = true;
      // The first of two columns with the same header wins, unless it is empty.
      if (row[column] === undefined || row[column] === null) row[column] = value;
    });
    if (!filled) continue;
    row._row = line.row;
    rows.push(row);
  }
  return { rows, unknownHeaders, missingColumns };
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

/** The per-row error report as CSV (UTF-8 with BOM, so Excel shows Vietnamese letters). */
export function errorReportCsv(errors: readonly ProductImportError[]): string {
  const quote = (text: string) => (/[",\n;]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text);
  const lines = [['Dòng', 'Cột', 'Lỗi'], ...errors.map((error) => [String(error.row), error.field ?? '', error.message])];
  return `\uFEFF${lines.map((line) => line.map(quote).join(',')).join('\r\n')}\r\n`;
}
