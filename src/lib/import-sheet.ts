/**
 * Reading an uploaded sheet for an import (products, regions): the header is the first row with
 * any text, its cells are matched to the import's columns by the caller's `columnOf` (names without
 * diacritics, case or punctuation, plus aliases), every following non-empty row becomes an object
 * keyed by column with its sheet row number in `_row` (so the server's errors name the row a person
 * sees in Excel). Also the per-row error report the import dialogs offer to download.
 */
import { fold } from '@contract/fold';

export type SheetCell = string | number | boolean | null;

/** One row of a sheet as read: its 1-based row number and its cells from column A. */
export type SheetRow = { row: number; cells: SheetCell[] };

export type SheetRecord<C extends string> = Partial<Record<C, SheetCell>> & { _row?: number };

export type MappedSheet<C extends string> = {
  rows: SheetRecord<C>[];
  /** Header cells that name no column of the sheet (shown as a warning, then ignored). */
  unknownHeaders: string[];
  /** Required columns the header lacks: the file cannot be imported. */
  missingColumns: C[];
};

/** A header cell as a matching key: folded, letters, digits and `%` only ("Thuế VAT (%)" → "thuevat%"). */
export const headerKey = (text: unknown) => fold(String(text ?? '')).replace(/[^a-z0-9%]/g, '');

/**
 * Reads a header cell as one of the sheet's columns: its own name or one of the short names people
 * write ("Mã KV", "HSD"), both matched by headerKey; null for a header the sheet does not know.
 */
export function columnReader<C extends string>(columns: readonly C[], aliases: Readonly<Record<string, C>> = {}) {
  const byKey = new Map<string, C>([...columns.map((column) => [headerKey(column), column] as const), ...Object.entries(aliases)]);
  return (header: unknown): C | null => byKey.get(headerKey(header)) ?? null;
}

function cellValue(cell: SheetCell | undefined): SheetCell {
  if (cell === undefined || cell === null) return null;
  if (typeof cell === 'string') {
    const text = cell.trim();
    return text === '' ? null : text.slice(0, 2000);
  }
  if (typeof cell === 'number') return Number.isFinite(cell) ? cell : null;
  return cell;
}

export function mapSheet<C extends string>(
  sheet: readonly SheetRow[],
  columnOf: (header: SheetCell) => C | null,
  required: readonly C[],
): MappedSheet<C> {
  const headerIndex = sheet.findIndex((row) => row.cells.some((cell) => typeof cell === 'string' && cell.trim() !== ''));
  if (headerIndex < 0) return { rows: [], unknownHeaders: [], missingColumns: [...required] };
  const header = sheet[headerIndex]!;
  const columns = header.cells.map(columnOf);
  const unknownHeaders = header.cells
    .filter((cell, i) => columns[i] === null && cell !== null && String(cell).trim() !== '')
    .map((cell) => String(cell).trim());
  const present = new Set(columns.filter((column): column is C => column !== null));
  const missingColumns = required.filter((column) => !present.has(column));

  const rows: SheetRecord<C>[] = [];
  for (const line of sheet.slice(headerIndex + 1)) {
    const row: Record<string, SheetCell> = {};
    let filled = false;
    columns.forEach((column, i) => {
      if (!column) return;
      const value = cellValue(line.cells[i]);
      if (value !== null) filled = true;
      // The first of two columns with the same header wins, unless it is empty.
      if (row[column] === undefined || row[column] === null) row[column] = value;
    });
    if (!filled) continue;
    rows.push({ ...(row as SheetRecord<C>), _row: line.row });
  }
  return { rows, unknownHeaders, missingColumns };
}

/** The per-row error report as CSV (UTF-8 with BOM, so Excel shows Vietnamese letters). */
export function errorReportCsv(errors: readonly { row: number; field?: string | null; message: string }[]): string {
  const quote = (text: string) => (/[",\n;]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text);
  const lines = [['Dòng', 'Cột', 'Lỗi'], ...errors.map((error) => [String(error.row), error.field ?? '', error.message])];
  return `\uFEFF${lines.map((line) => line.map(quote).join(',')).join('\r\n')}\r\n`;
}

export type ImportTally<E> = { total: number; created: number; updated: number; errors: E[]; stopped: string | null };

/**
 * Sends an import's rows call by call, adding up what each answer created, updated and refused
 * (errors in sheet row order). A failed call stops the import there, saying how far it got; so
 * does `signal` (the person pressed "Dừng").
 */
export async function sendInChunks<R, E extends { row: number }>(options: {
  chunks: readonly R[][];
  send: (chunk: R[], signal: AbortSignal) => Promise<{ created: number; updated: number; errors: E[] }>;
  signal: AbortSignal;
  onProgress: (done: number, total: number) => void;
  failure: (error: unknown) => string;
}): Promise<ImportTally<E>> {
  const total = options.chunks.reduce((sum, chunk) => sum + chunk.length, 0);
  const tally: ImportTally<E> = { total, created: 0, updated: 0, errors: [], stopped: null };
  let done = 0;
  options.onProgress(done, total);
  for (const chunk of options.chunks) {
    try {
      const answer = await options.send(chunk, options.signal);
      tally.created += answer.created;
      tally.updated += answer.updated;
      tally.errors.push(...answer.errors);
    } catch (error) {
      tally.stopped = options.signal.aborted
        ? `Đã dừng nhập sau ${done} / ${total} dòng.`
        : `${options.failure(error)}. Đã dừng sau ${done} / ${total} dòng.`;
      break;
    }
    done += chunk.length;
    options.onProgress(done, total);
  }
  tally.errors.sort((a, b) => a.row - b.row);
  return tally;
}
