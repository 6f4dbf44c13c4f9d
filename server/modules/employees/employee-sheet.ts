/**
 * Reading the uploaded .xlsx of the people imports (exceljs on the server: the upload is the file
 * itself, so the browser only shows the upload's progress). The first worksheet's first row names
 * the columns; headers are matched without diacritics, case or extra spaces, and a few other
 * spellings people use are accepted (SĐT, Họ và tên, Mã nhân viên…). Rows with nothing in them are
 * skipped. Cells come back as plain values whatever Excel stored: rich text, formula results and
 * hyperlinks as their text, dates as Date.
 *
 * The helpers below read one cell the way a Vietnamese sheet writes it and throw a `CellError`
 * naming the column; the import turns it into that row's error.
 */
import ExcelJS from 'exceljs';
import { fold } from '@contract/fold';
import { MAX_IMPORT_ROWS } from '@contract/employees';
import { isValidPhone, normalizePhone, PHONE_INVALID } from '@contract/phone';
import { badRequest } from '@server/kernel/errors';
import { measureXlsx, type XlsxBounds } from '@server/lib/xlsx-bounds';

export type Cell = string | number | boolean | Date | null;
export type SheetRow = { row: number; cells: Map<string, Cell> };

export class CellError extends Error {
  constructor(
    readonly column: string,
    message: string,
  ) {
    super(message);
  }
}

export const NOT_XLSX = 'Tệp không phải tệp Excel .xlsx hợp lệ';

/**
 * What an uploaded sheet may unzip to before exceljs reads it (server/lib/xlsx-bounds.ts;
 * docs/security.md "Uploads"). Rows are counted as the sheet stores them, empty formatted ones included, hence
 * twice the rows an import takes.
 */
export const SHEET_BOUNDS: XlsxBounds = {
  entries: 1000,
  unzippedBytes: 20 * 1024 * 1024,
  rowsPerSheet: 2 * MAX_IMPORT_ROWS,
  cellsPerSheet: 200_000,
};
const TOO_MANY_ROWS = `Mỗi lần nhập tối đa ${MAX_IMPORT_ROWS} dòng; hãy chia tệp thành nhiều phần`;
const BOUND_MESSAGES = {
  'not-zip': NOT_XLSX,
  entries: 'Tệp Excel có quá nhiều thành phần; hãy dùng tệp mẫu',
  bytes: `Tệp Excel quá lớn khi giải nén (tối đa ${SHEET_BOUNDS.unzippedBytes / (1024 * 1024)} MB); hãy bỏ các trang tính, hình ảnh không cần thiết hoặc chia tệp`,
  rows: TOO_MANY_ROWS,
  cells: 'Tệp có quá nhiều ô dữ liệu (tối đa 200.000 ô mỗi trang tính); hãy chỉ giữ các cột của tệp mẫu',
} as const;

function plain(value: ExcelJS.CellValue | undefined): Cell {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean' || value instanceof Date) return value;
  if ('richText' in value) return value.richText.map((part) => part.text).join('');
  if ('formula' in value || 'sharedFormula' in value) {
    const result = (value as ExcelJS.CellFormulaValue).result;
    return result === undefined || (typeof result === 'object' && !(result instanceof Date)) ? null : result;
  }
  if ('hyperlink' in value) return typeof value.text === 'string' ? value.text : null;
  return null;
}

/**
 * The data rows of the first worksheet, keyed by canonical column names. `aliases` maps folded
 * header spellings to a canonical column. Refuses (400) a file that is not an .xlsx, a sheet
 * without the `required` columns, one without rows, and one with more than MAX_IMPORT_ROWS.
 */
export async function readSheet(bytes: ArrayBuffer, aliases: Record<string, string>, required: string[][]): Promise<SheetRow[]> {
  // Measured before exceljs unzips it: an upload within the body limit may still unzip to gigabytes.
  const measured = measureXlsx(bytes, SHEET_BOUNDS);
  if (!measured.ok) {
    const message = BOUND_MESSAGES[measured.problem];
    throw badRequest('VALIDATION_FAILED', message, { file: message });
  }
  const workbook = new ExcelJS.Workbook();
  try {
    await workbook.xlsx.load(bytes);
  } catch {
    throw badRequest('VALIDATION_FAILED', NOT_XLSX, { file: NOT_XLSX });
  }
  const sheet = workbook.worksheets[0];
  if (!sheet) throw badRequest('VALIDATION_FAILED', 'Tệp Excel không có trang tính nào', { file: 'Tệp Excel không có trang tính nào' });
  const columns = new Map<number, string>();
  sheet.getRow(1).eachCell((cell, index) => {
    const header = plain(cell.value);
    const canonical = header === null ? undefined : aliases[fold(String(header))];
    if (canonical && ![...columns.values()].includes(canonical)) columns.set(index, canonical);
  });
  const found = new Set(columns.values());
  const missing = required.filter((anyOf) => !anyOf.some((column) => found.has(column))).map((anyOf) => anyOf.join(' hoặc '));
  if (missing.length > 0) {
    const message = `Tệp thiếu cột: ${missing.join(', ')}. Hãy dùng tệp mẫu.`;
    throw badRequest('VALIDATION_FAILED', message, { file: message });
  }
  const rows: SheetRow[] = [];
  let tooMany = false;
  sheet.eachRow({ includeEmpty: false }, (row, number) => {
    if (number === 1 || tooMany) return;
    const cells = new Map<string, Cell>();
    for (const [index, column] of columns) {
      let value = plain(row.getCell(index).value);
      if (typeof value === 'string') value = value.normalize('NFC').trim() || null;
      cells.set(column, value);
    }
    if ([...cells.values()].every((value) => value === null)) return;
    if (rows.length >= MAX_IMPORT_ROWS) tooMany = true;
    else rows.push({ row: number, cells });
  });
  if (tooMany) throw badRequest('VALIDATION_FAILED', TOO_MANY_ROWS, { file: TOO_MANY_ROWS });
  if (rows.length === 0) {
    const message = 'Tệp không có dòng dữ liệu nào dưới dòng tiêu đề';
    throw badRequest('VALIDATION_FAILED', message, { file: message });
  }
  return rows;
}

/** Folded header spellings for a list of canonical columns, plus extra spellings. */
export function headerAliases(columns: readonly string[], extra: Record<string, string> = {}): Record<string, string> {
  const aliases: Record<string, string> = {};
  for (const column of columns) aliases[fold(column)] = column;
  for (const [spelling, column] of Object.entries(extra)) aliases[fold(spelling)] = column;
  return aliases;
}

export function text(cells: Map<string, Cell>, column: string, max = 255): string | null {
  const value = cells.get(column);
  if (value === null || value === undefined) return null;
  const result = value instanceof Date ? value.toISOString().slice(0, 10) : String(value).normalize('NFC').trim();
  if (result === '') return null;
  if (result.length > max) throw new CellError(column, `${column} không được dài quá ${max} ký tự`);
  return result;
}

/** A mobile number; Excel drops the leading 0 of a number typed as a number, so it is put back. */
export function phone(cells: Map<string, Cell>, column: string): string | null {
  const value = cells.get(column);
  if (value === null || value === undefined) return null;
  let raw = typeof value === 'number' ? String(value) : String(value).trim();
  if (/^[35789]\d{8}$/.test(raw)) raw = `0${raw}`;
  if (!isValidPhone(raw)) throw new CellError(column, `${column}: ${PHONE_INVALID.toLowerCase()}`);
  return normalizePhone(raw);
}

const pad = (n: number) => String(n).padStart(2, '0');

/** A date from a date cell, an Excel serial number, DD/MM/YYYY or YYYY-MM-DD, as YYYY-MM-DD. */
export function date(cells: Map<string, Cell>, column: string): string | null {
  const value = cells.get(column);
  if (value === null || value === undefined) return null;
  const bad = new CellError(column, `${column} không hợp lệ (nhập theo dạng DD/MM/YYYY)`);
  let year: number;
  let month: number;
  let day: number;
  if (value instanceof Date) {
    [year, month, day] = [value.getUTCFullYear(), value.getUTCMonth() + 1, value.getUTCDate()];
  } else if (typeof value === 'number') {
    if (!Number.isInteger(value) || value < 1 || value > 100_000) throw bad;
    const parsed = new Date(Date.UTC(1899, 11, 30) + value * 86_400_000);
    [year, month, day] = [parsed.getUTCFullYear(), parsed.getUTCMonth() + 1, parsed.getUTCDate()];
  } else {
    const raw = String(value).trim();
    const vn = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})$/.exec(raw);
    const iso = /^(\d{4})-(\d{1,2})-(\d{1,2})$/.exec(raw);
    if (vn) [day, month, year] = [Number(vn[1]), Number(vn[2]), Number(vn[3])];
    else if (iso) [year, month, day] = [Number(iso[1]), Number(iso[2]), Number(iso[3])];
    else throw bad;
  }
  const check = new Date(Date.UTC(year, month - 1, day));
  if (year < 1900 || year > 2100 || check.getUTCMonth() !== month - 1 || check.getUTCDate() !== day) throw bad;
  return `${year}-${pad(month)}-${pad(day)}`;
}

/** A month from MM/YYYY, M/YYYY, YYYY-MM or a date cell, as YYYY-MM. */
export function month(cells: Map<string, Cell>, column: string): string | null {
  const value = cells.get(column);
  if (value === null || value === undefined) return null;
  const bad = new CellError(column, `${column} không hợp lệ (nhập theo dạng MM/YYYY)`);
  let year: number;
  let monthNumber: number;
  if (value instanceof Date) [year, monthNumber] = [value.getUTCFullYear(), value.getUTCMonth() + 1];
  else {
    const raw = String(value).trim();
    const vn = /^(\d{1,2})[/.-](\d{4})$/.exec(raw);
    const iso = /^(\d{4})-(\d{1,2})$/.exec(raw);
    if (vn) [monthNumber, year] = [Number(vn[1]), Number(vn[2])];
    else if (iso) [year, monthNumber] = [Number(iso[1]), Number(iso[2])];
    else throw bad;
  }
  if (year < 2000 || year > 2100 || monthNumber < 1 || monthNumber > 12) throw bad;
  return `${year}-${pad(monthNumber)}`;
}

/** A whole, non-negative number as typed in a Vietnamese sheet: 12000000, 12.000.000, 12,000,000 ₫. */
export function wholeNumber(cells: Map<string, Cell>, column: string, max: number): number | null {
  const value = cells.get(column);
  if (value === null || value === undefined) return null;
  const bad = new CellError(column, `${column} phải là số nguyên không âm`);
  let result: number;
  if (typeof value === 'number') result = value;
  else if (typeof value === 'string') {
    const raw = value.replace(/[\s₫đ]|vnd/gi, '');
    const digits = /^\d{1,3}([.,]\d{3})+$/.test(raw) ? raw.replace(/[.,]/g, '') : raw;
    if (!/^\d{1,16}$/.test(digits)) throw bad;
    result = Number(digits);
  } else throw bad;
  if (!Number.isSafeInteger(result) || result < 0) throw bad;
  if (result > max) throw new CellError(column, `${column} quá lớn`);
  return result;
}
