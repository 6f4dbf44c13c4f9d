/**
 * Reading the cells of an imported sheet row (rows the client read, keyed by column header) as a
 * person types them in a Vietnamese sheet; a cell that cannot be read is a SheetCellError naming
 * its row and column, in Vietnamese. The customer and product imports read their cells with it.
 */
import { fold } from '@contract/fold';
import { isIsoDate } from '@contract/validation';

export type SheetCells = Record<string, string | number | boolean | null>;

export class SheetCellError extends Error {
  constructor(
    readonly row: number,
    readonly column: string,
    message: string,
  ) {
    super(message);
  }
}

/** The cell as trimmed NFC text (numbers as written), or null when blank. */
export function sheetText(cells: SheetCells, column: string): string | null {
  const value = cells[column];
  if (value === null || value === undefined || typeof value === 'boolean') return null;
  const trimmed = String(value).normalize('NFC').trim();
  return trimmed === '' ? null : trimmed;
}

const YES = new Set(['co', 'x', '1', 'true', 'yes', 'duoc']);
const NO = new Set(['khong', '0', 'false', 'no']);

/** A Có/Không column; blank: null. */
export function sheetYesNo(cells: SheetCells, column: string, row: number): boolean | null {
  const value = cells[column];
  if (value === null || value === undefined || value === '') return null;
  if (typeof value === 'boolean') return value;
  const folded = fold(String(value));
  if (YES.has(folded)) return true;
  if (NO.has(folded)) return false;
  throw new SheetCellError(row, column, `Dòng ${row}: cột ${column} chỉ nhận "Có" hoặc "Không"`);
}

const pad = (n: number) => String(n).padStart(2, '0');

/**
 * A day as YYYY-MM-DD from a date cell (the client's reader gives it as "2027-03-31"), a typed
 * DD/MM/YYYY (also with dots or dashes), or an Excel serial number; blank: null. Anything else,
 * 31/02 included, is refused: a wrong day on a licence is worse than none.
 */
export function sheetDay(cells: SheetCells, column: string, row: number): string | null {
  const value = cells[column];
  if (value === null || value === undefined || value === '') return null;
  const bad = new SheetCellError(row, column, `Dòng ${row}: ${column} "${String(value)}" không hợp lệ (nhập theo dạng DD/MM/YYYY)`);
  let parts: [number, number, number];
  if (typeof value === 'number') {
    if (!Number.isInteger(value) || value < 1 || value > 100_000) throw bad;
    // Excel counts days from 1899-12-30 (its 1900 leap-year bug included).
    const date = new Date(Date.UTC(1899, 11, 30) + value * 86_400_000);
    parts = [date.getUTCFullYear(), date.getUTCMonth() + 1, date.getUTCDate()];
  } else if (typeof value === 'string') {
    const raw = value.trim();
    const iso = /^(\d{4})-(\d{1,2})-(\d{1,2})(?:[T ][\d:.]+Z?)?$/.exec(raw);
    const vn = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})$/.exec(raw);
    if (iso) parts = [Number(iso[1]), Number(iso[2]), Number(iso[3])];
    else if (vn) parts = [Number(vn[3]), Number(vn[2]), Number(vn[1])];
    else throw bad;
  } else {
    throw bad;
  }
  const text = `${parts[0]}-${pad(parts[1])}-${pad(parts[2])}`;
  if (!isIsoDate(text)) throw bad;
  return text;
}
