/**
 * The measure of an .xlsx before a library unzips it (docs/security.md "Uploads"): entries, unzipped bytes as they
 * really inflate (not as the headers claim), rows and cells per worksheet.
 */
import { zipSync, strToU8 } from 'fflate';
import { describe, expect, it } from 'vitest';
import { measureXlsx, type XlsxBounds } from './xlsx-bounds';

const BOUNDS: XlsxBounds = { entries: 50, unzippedBytes: 1024 * 1024, rowsPerSheet: 100, cellsPerSheet: 1000 };

function sheetXml(rows: string): string {
  return `<?xml version="1.0"?><worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>${rows}</sheetData></worksheet>`;
}

function xlsx(files: Record<string, string | Uint8Array>): Uint8Array {
  return zipSync(Object.fromEntries(Object.entries(files).map(([name, data]) => [name, typeof data === 'string' ? strToU8(data) : data])));
}

const rows = (n: number, cells = 1) =>
  Array.from({ length: n }, (_, i) => `<row r="${i + 1}">${'<c t="n"><v>1</v></c>'.repeat(cells)}</row>`).join('');

/** Writes `size` as the uncompressed size in the headers of a one-entry zip (a lie a bomb can tell). */
function claimSize(zip: Uint8Array, size: number): Uint8Array {
  const copy = zip.slice();
  const view = new DataView(copy.buffer);
  const end = copy.length - 22;
  expect(view.getUint32(end, true)).toBe(0x06054b50);
  const central = view.getUint32(end + 16, true);
  view.setUint32(central + 24, size, true);
  view.setUint32(view.getUint32(central + 42, true) + 22, size, true);
  return copy;
}

describe('measuring an .xlsx before reading it', () => {
  it('passes a workbook within every bound and counts its rows', () => {
    const verdict = measureXlsx(xlsx({ 'xl/worksheets/sheet1.xml': sheetXml(rows(40, 5)), 'xl/workbook.xml': '<workbook/>' }), BOUNDS);
    expect(verdict).toMatchObject({ ok: true, rows: 40 });
  });

  it('stops at the unzipped bytes a bomb really inflates to, whatever its headers claim', () => {
    const bomb = claimSize(xlsx({ 'xl/worksheets/sheet1.xml': sheetXml(' '.repeat(50 * 1024 * 1024)) }), 100);
    expect(bomb.length).toBeLessThan(200_000);
    expect(measureXlsx(bomb, BOUNDS)).toEqual({ ok: false, problem: 'bytes' });
  });

  it('stops at too many rows, empty ones included, and at too many cells, in any namespace prefix', () => {
    expect(measureXlsx(xlsx({ 'xl/worksheets/sheet1.xml': sheetXml('<row r="1"/>'.repeat(101)) }), BOUNDS)).toEqual({
      ok: false,
      problem: 'rows',
    });
    const prefixed = sheetXml(Array.from({ length: 101 }, () => '<x:row>').join(''));
    expect(measureXlsx(xlsx({ 'xl/worksheets/sheet2.xml': prefixed }), BOUNDS)).toEqual({ ok: false, problem: 'rows' });
    expect(measureXlsx(xlsx({ 'xl/worksheets/sheet1.xml': sheetXml(rows(10, 101)) }), BOUNDS)).toEqual({ ok: false, problem: 'cells' });
    // Rows outside worksheets (shared strings, say) are not rows.
    expect(measureXlsx(xlsx({ 'xl/sharedStrings.xml': '<row>'.repeat(500) }), BOUNDS)).toMatchObject({ ok: true, rows: 0 });
  });

  it('counts a tag cut by the boundary between two inflated chunks once', () => {
    // Long rows so that tags straddle the inflater's output chunks.
    const many = rows(90, 10) + `<row r="91"><c><v>${'9'.repeat(70_000)}</v></c></row>`;
    expect(measureXlsx(xlsx({ 'xl/worksheets/sheet1.xml': sheetXml(many) }), BOUNDS)).toMatchObject({ ok: true, rows: 91 });
  });

  it('stops at too many entries, and refuses what is not a zip', () => {
    const files = Object.fromEntries(Array.from({ length: 51 }, (_, i) => [`xl/media/${i}.txt`, 'x']));
    expect(measureXlsx(xlsx(files), BOUNDS)).toEqual({ ok: false, problem: 'entries' });
    expect(measureXlsx(strToU8('không phải tệp zip'), BOUNDS)).toEqual({ ok: false, problem: 'not-zip' });
    expect(measureXlsx(new Uint8Array(0), BOUNDS)).toEqual({ ok: false, problem: 'not-zip' });
  });
});
