/**
 * Reading a region sheet for import (contract REGION_SHEET_COLUMNS): the header row is matched to
 * the columns by name without diacritics, case or punctuation ("Ma khu vuc", "Tỉnh / Thành phố"),
 * every following non-empty row becomes an object keyed by column with its sheet row number in
 * `_row` (so the server's errors name the row a person sees in Excel), and the rows are cut into
 * calls of at most `max` rows so the progress bar moves.
 */
import { fold } from '../../../../contract/fold';
import {
  REGION_REQUIRED_COLUMNS,
  REGION_SHEET_COLUMNS,
  type RegionImportError,
  type RegionSheetCell,
  type RegionSheetColumn,
  type RegionSheetRow,
} from '../../../../contract/region';

/** One row of a sheet as read: its 1-based row number and its cells from column A. */
export type SheetRow = { row: number; cells: RegionSheetCell[] };

const headerKey = (text: unknown) => fold(String(text ?? '')).replace(/[^a-z0-9]/g, '');

const ALIASES: Record<string, RegionSheetColumn> = {
  ...Object.fromEntries(REGION_SHEET_COLUMNS.map((column) => [headerKey(column), column])),
  ma: 'Mã khu vực',
  makv: 'Mã khu vực',
  ten: 'Tên khu vực',
  tenkv: 'Tên khu vực',
  tinhthanhpho: 'Tỉnh/thành',
  tinh: 'Tỉnh/thành',
  cactinhthanh: 'Tỉnh/thành',
};

export function columnOf(header: unknown): RegionSheetColumn | null {
  return ALIASES[headerKey(header)] ?? null;
}

export type MappedRegionSheet = { rows: RegionSheetRow[]; unknownHeaders: string[]; missingColumns: RegionSheetColumn[] };

function cellValue(cell: RegionSheetCell | undefined): RegionSheetCell {
  if (cell === undefined || cell === null) return null;
  if (typeof cell === 'string') {
    const text = cell.trim();
    return text === '' ? null : text.slice(0, 2000);
  }
  if (typeof cell === 'number') return Number.isFinite(cell) ? cell : null;
  return cell;
}

/** Sheet rows (header first) → import rows. The header is the first row with any text in it. */
export function mapRegionSheet(sheet: readonly SheetRow[]): MappedRegionSheet {
  const headerIndex = sheet.findIndex((row) => row.cells.some((cell) => typeof cell === 'string' && cell.trim() !== ''));
  if (headerIndex < 0) return { rows: [], unknownHeaders: [], missingColumns: [...REGION_REQUIRED_COLUMNS] };
  const header = sheet[headerIndex]!;
  const columns = header.cells.map(columnOf);
  const unknownHeaders = header.cells
    .filter((cell, i) => columns[i] === null && cell !== null && String(cell).trim() !== '')
    .map((cell) => String(cell).trim());
  const present = new Set(columns.filter((column): column is RegionSheetColumn => column !== null));
  const missingColumns = REGION_REQUIRED_COLUMNS.filter((column) => !present.has(column));
  const rows: RegionSheetRow[] = [];
  for (const line of sheet.slice(headerIndex + 1)) {
    const row: RegionSheetRow = {};
    let filled = false;
    columns.forEach((column, i) => {
      if (!column) return;
      const value = cellValue(line.cells[i]);
      if (value !== null) filled = true;
      if (row[column] === undefined || row[column] === null) row[column] = value;
    });
    if (!filled) continue;
    row._row = line.row;
    rows.push(row);
  }
  return { rows, unknownHeaders, missingColumns };
}

export function chunk<T>(rows: readonly T[], max = 50): T[][] {
  const chunks: T[][] = [];
  for (let i = 0; i < rows.length; i += max) chunks.push(rows.slice(i, i + max));
  return chunks;
}

/** The per-row error report as CSV (UTF-8 with BOM, so Excel shows Vietnamese letters). */
export function regionErrorCsv(errors: readonly RegionImportError[]): string {
  const quote = (text: string) => (/[",\n;]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text);
  const lines = [['Dòng', 'Cột', 'Lỗi'], ...errors.map((error) => [String(error.row), error.field ?? '', error.message])];
  return `\uFEFF${lines.map((line) => line.map(quote).join(',')).join('\r\n')}\r\n`;
}
