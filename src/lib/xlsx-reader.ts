/**
 * Reads the first worksheet of an .xlsx file in the browser, as rows of cell values: a thin
 * adapter over read-excel-file (the spreadsheet part: workbook relations, shared and inline
 * strings, rich text, numbers, booleans, formula results, dates) and fflate (the ZIP part, which
 * read-excel-file uses too), turning their answers and errors into this app's rows and Vietnamese
 * messages.
 *
 * Why not exceljs here: its browser build is 862 kB (236 kB gzip), four times the 60 kB budget of
 * a chunk (tests/bench/build-size.ts), and would take a third of the service worker's 2.5 MiB
 * precache budget for a screen that needs the network anyway. read-excel-file and the parts of
 * fflate used here add about 18 kB gzip to the import screens' chunk, and nothing to /login.
 *
 * Why unzip here first: read-excel-file unzips with fflate's asynchronous unzip(), which inflates
 * every part over 512 kB in a Worker started from a blob: URL. Our Content-Security-Policy
 * (worker-src 'self', server/lib/security-headers.ts) refuses that worker and fflate never hears
 * of it, so a sheet of a few thousand rows would never finish reading. The XML parts are inflated
 * here instead, on this thread, and handed over as a stored (uncompressed) archive, which
 * read-excel-file reads without any worker.
 */
import { unzipSync, Zip, ZipPassThrough, type Unzipped } from 'fflate';
import { InvalidInputError, InvalidSpreadsheetError, readSheet, SheetNotFoundError } from 'read-excel-file/universal';
import type { SheetCell, SheetRow } from './import-sheet';

export class SheetReadError extends Error {
  override name = 'SheetReadError';
}

const NOT_XLSX = 'Tệp không phải tệp Excel .xlsx hợp lệ';
const NO_SHEET = 'Tệp Excel không có trang tính nào';
const UNSUPPORTED_COMPRESSION = 'Tệp Excel được nén theo cách chưa hỗ trợ. Hãy lưu lại bằng Excel rồi thử lại.';

/** "AB12" → 27 (0-based column index); null when the reference is missing or odd. */
export function columnIndex(reference: string | null): number | null {
  const letters = /^([A-Z]+)\d*$/i.exec(reference ?? '')?.[1];
  if (!letters) return null;
  let index = 0;
  for (const letter of letters.toUpperCase()) index = index * 26 + (letter.charCodeAt(0) - 64);
  return index - 1;
}

/** The archive's XML parts (all read-excel-file reads), inflated; fflate's errors as ours. */
function xmlParts(bytes: Uint8Array): Unzipped {
  try {
    return unzipSync(bytes, { filter: (file) => /\.(xml|rels)$/i.test(file.name) });
  } catch (error) {
    // fflate's FlateError carries a numeric code; 14 is "unknown compression type".
    throw new SheetReadError((error as { code?: unknown }).code === 14 ? UNSUPPORTED_COMPRESSION : NOT_XLSX);
  }
}

/**
 * The parts again as a ZIP, stored (uncompressed): fflate's streaming writer with pass-through
 * entries, which runs synchronously and, unlike zipSync, brings no deflate code into the chunk.
 */
function storedArchive(parts: Unzipped): Blob {
  const chunks: Uint8Array<ArrayBuffer>[] = [];
  const zip = new Zip((error, chunk) => {
    if (error) throw error;
    chunks.push(chunk as Uint8Array<ArrayBuffer>);
  });
  for (const [name, data] of Object.entries(parts)) {
    const entry = new ZipPassThrough(name);
    zip.add(entry);
    entry.push(data, true);
  }
  zip.end();
  return new Blob(chunks);
}

/** A date cell as the text a person would type ("2026-03-31", or with its time when it has one). */
function dateText(date: Date): string {
  const iso = date.toISOString();
  return iso.endsWith('T00:00:00.000Z') ? iso.slice(0, 10) : iso.slice(0, 19).replace('T', ' ');
}

function sheetCell(value: unknown): SheetCell {
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : dateText(value);
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') return value;
  return null;
}

/** The first worksheet's non-empty rows, in order, with their row numbers. */
export async function readFirstSheet(file: ArrayBuffer | Uint8Array): Promise<SheetRow[]> {
  const bytes = file instanceof Uint8Array ? file : new Uint8Array(file);
  const stored = storedArchive(xmlParts(bytes));
  let data: unknown[][];
  try {
    data = await readSheet(stored, 1);
  } catch (error) {
    if (error instanceof SheetNotFoundError) throw new SheetReadError(NO_SHEET);
    if (error instanceof InvalidInputError || error instanceof InvalidSpreadsheetError) throw new SheetReadError(NOT_XLSX);
    throw error;
  }
  // read-excel-file gives every row from the first (rows[i] is sheet row i + 1), empty ones as
  // nulls, strings trimmed and empty strings as null.
  const rows: SheetRow[] = [];
  data.forEach((cells, i) => {
    const row = cells.map(sheetCell);
    if (row.some((cell) => cell !== null)) rows.push({ row: i + 1, cells: row });
  });
  return rows;
}
