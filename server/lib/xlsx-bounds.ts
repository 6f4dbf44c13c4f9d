/**
 * Measuring an uploaded .xlsx before a library reads it (docs/security.md "Uploads"). An .xlsx is a zip: a 1 MB
 * upload can unzip to a gigabyte (deflate packs runs of one byte a thousand to one), or hold
 * hundreds of thousands of empty rows that exceljs would build in memory. So the zip's entries are
 * inflated here first, as a stream whose output is counted and thrown away, stopping at the first
 * bound passed: the number of entries, the unzipped bytes (what the entries really inflate to,
 * not what their headers claim), and the rows and cells of each worksheet. Only a file within
 * every bound is handed to exceljs (server/modules/employees/employee-sheet.ts), which unzips the
 * same bytes again.
 */
import { Inflate } from 'fflate';

export type XlsxBounds = { entries: number; unzippedBytes: number; rowsPerSheet: number; cellsPerSheet: number };

export type XlsxVerdict =
  { ok: true; unzippedBytes: number; rows: number } | { ok: false; problem: 'not-zip' | 'entries' | 'bytes' | 'rows' | 'cells' };

/** Bytes of compressed input inflated at a time: each step can only unzip about a thousand times this. */
const STEP = 4096;
const WORKSHEET = /^xl\/worksheets\/[^/]+\.xml$/i;
/** `<row ` or `<x:row>` (a prefixed namespace), and the same for cells `<c `. */
const ROW = /<(?:[A-Za-z_][\w.-]*:)?row[\s>/]/g;
const CELL = /<(?:[A-Za-z_][\w.-]*:)?c[\s>/]/g;
/** Enough of the previous chunk to find a tag cut in two. */
const CARRY = 64;

type Entry = { name: string; method: number; compressedSize: number; localOffset: number };

/** The central directory's entries, or null when this is not a zip we read (zip64 included: far above the bounds). */
function entriesOf(bytes: Uint8Array): Entry[] | null {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let end = -1;
  for (let i = bytes.length - 22; i >= Math.max(0, bytes.length - 22 - 65_535); i -= 1) {
    if (view.getUint32(i, true) === 0x06054b50) {
      end = i;
      break;
    }
  }
  if (end < 0) return null;
  const count = view.getUint16(end + 10, true);
  let at = view.getUint32(end + 16, true);
  const entries: Entry[] = [];
  for (let i = 0; i < count; i += 1) {
    if (at + 46 > bytes.length || view.getUint32(at, true) !== 0x02014b50) return null;
    const nameLength = view.getUint16(at + 28, true);
    const next = at + 46 + nameLength + view.getUint16(at + 30, true) + view.getUint16(at + 32, true);
    if (next > bytes.length) return null;
    entries.push({
      method: view.getUint16(at + 10, true),
      compressedSize: view.getUint32(at + 20, true),
      localOffset: view.getUint32(at + 42, true),
      name: new TextDecoder().decode(bytes.subarray(at + 46, at + 46 + nameLength)),
    });
    at = next;
  }
  return entries;
}

/** Counts tags in a stream of text chunks, each tag once even when a chunk boundary cuts it. */
function tagCounter(pattern: RegExp) {
  let carry = '';
  let total = 0;
  return {
    feed(text: string): number {
      const joined = carry + text;
      for (const match of joined.matchAll(pattern)) if (match.index + match[0].length > carry.length) total += 1;
      carry = joined.slice(-CARRY);
      return total;
    },
  };
}

export function measureXlsx(input: ArrayBuffer | Uint8Array, bounds: XlsxBounds): XlsxVerdict {
  const bytes = input instanceof Uint8Array ? input : new Uint8Array(input);
  const entries = entriesOf(bytes);
  if (!entries) return { ok: false, problem: 'not-zip' };
  if (entries.length > bounds.entries) return { ok: false, problem: 'entries' };
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let unzipped = 0;
  let mostRows = 0;
  for (const entry of entries) {
    const local = entry.localOffset;
    if (local + 30 > bytes.length || view.getUint32(local, true) !== 0x04034b50) return { ok: false, problem: 'not-zip' };
    const start = local + 30 + view.getUint16(local + 26, true) + view.getUint16(local + 28, true);
    const data = bytes.subarray(start, start + entry.compressedSize);
    if (start + entry.compressedSize > bytes.length) return { ok: false, problem: 'not-zip' };
    const sheet = WORKSHEET.test(entry.name);
    const rows = tagCounter(ROW);
    const cells = tagCounter(CELL);
    let problem: 'bytes' | 'rows' | 'cells' | null = null;
    let sheetRows = 0;
    const take = (chunk: Uint8Array) => {
      unzipped += chunk.length;
      if (unzipped > bounds.unzippedBytes) problem ??= 'bytes';
      if (!sheet || problem) return;
      const text = Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength).toString('latin1');
      sheetRows = rows.feed(text);
      if (sheetRows > bounds.rowsPerSheet) problem = 'rows';
      else if (cells.feed(text) > bounds.cellsPerSheet) problem = 'cells';
    };
    if (entry.method === 0) take(data);
    else if (entry.method === 8) {
      const inflate = new Inflate((chunk) => take(chunk));
      try {
        for (let at = 0; at < data.length && !problem; at += STEP) inflate.push(data.subarray(at, at + STEP), at + STEP >= data.length);
      } catch {
        return { ok: false, problem: 'not-zip' };
      }
    } else return { ok: false, problem: 'not-zip' };
    if (problem) return { ok: false, problem };
    mostRows = Math.max(mostRows, sheetRows);
  }
  return { ok: true, unzippedBytes: unzipped, rows: mostRows };
}
