/**
 * Reading the cells of an imported product row (contract PRODUCT_SHEET_COLUMNS) as a person types
 * them in a Vietnamese sheet; a cell that cannot be read is a RowError naming its row and column.
 * Text and days are read as every import reads them (server/kernel/sheet-cells.ts).
 */
import { fold } from '@contract/fold';
import type { ProductSheetCell, ProductSheetColumn } from '@contract/products-files';
import { SheetCellError, sheetDay, sheetText } from '@server/kernel/sheet-cells';

export type Cells = Record<string, ProductSheetCell>;

export class RowError extends Error {
  constructor(
    readonly row: number,
    readonly field: ProductSheetColumn | undefined,
    message: string,
  ) {
    super(message);
  }
}

export function text(cells: Cells, column: ProductSheetColumn): string | null {
  return sheetText(cells, column);
}

/** Whole numbers as a person types them in a Vietnamese sheet: 12000, 12.000, 12,000, "10%". */
export function integer(cells: Cells, column: ProductSheetColumn, row: number, required: boolean): number | null {
  const value = cells[column];
  if (value === null || value === undefined || value === '') {
    if (required) throw new RowError(row, column, `Dòng ${row}: vui lòng nhập ${column}`);
    return null;
  }
  if (typeof value === 'number') {
    if (!Number.isInteger(value)) throw new RowError(row, column, `Dòng ${row}: ${column} phải là số nguyên`);
    return value;
  }
  const raw = String(value).replace(/[\s%đ₫]/g, '');
  const digits = /^-?\d{1,3}([.,]\d{3})+$/.test(raw) ? raw.replace(/[.,]/g, '') : raw;
  if (!/^-?\d{1,15}$/.test(digits)) throw new RowError(row, column, `Dòng ${row}: ${column} phải là số nguyên`);
  return Number(digits);
}

const YES = new Set(['co', 'x', '1', 'true', 'dang ban', 'yes']);
const NO = new Set(['khong', '0', 'false', 'ngung ban', 'no']);

/** A Có/Không column; blank: `fallback`. "Là thuốc" also takes "Thuốc", as people write it. */
export function yesNo(cells: Cells, row: number, column: ProductSheetColumn, fallback: boolean): boolean {
  const value = cells[column];
  if (value === null || value === undefined || value === '') return fallback;
  if (typeof value === 'boolean') return value;
  const folded = fold(String(value));
  if (YES.has(folded) || (column === 'Là thuốc' && folded === 'thuoc')) return true;
  if (NO.has(folded)) return false;
  throw new RowError(row, column, `Dòng ${row}: cột ${column} chỉ nhận "Có" hoặc "Không"`);
}

/** A day as YYYY-MM-DD (server/kernel/sheet-cells.ts sheetDay), its refusal naming the product column. */
export function day(cells: Cells, column: ProductSheetColumn, row: number): string | null {
  try {
    return sheetDay(cells, column, row);
  } catch (error) {
    if (error instanceof SheetCellError) throw new RowError(row, column, error.message);
    throw error;
  }
}

/**
 * One of a fixed set of values written as its Vietnamese label: the label itself, the label
 * without its bracket ("Lạnh" for "Lạnh (2–8 °C)"), or the contract's own code; blank: null.
 */
export function labelled<T extends string>(cells: Cells, column: ProductSheetColumn, row: number, labels: Record<T, string>): T | null {
  const raw = text(cells, column);
  if (raw === null) return null;
  const wanted = fold(raw);
  const entries = Object.entries(labels) as [T, string][];
  const found = entries.find(
    ([value, label]) => fold(label) === wanted || fold(label.replace(/\s*\(.*\)\s*$/, '')) === wanted || value === wanted,
  );
  if (found) return found[0];
  const choices = entries.map(([, label]) => `"${label}"`).join(', ');
  throw new RowError(row, column, `Dòng ${row}: ${column} "${raw}" không hợp lệ (chọn một trong: ${choices})`);
}
