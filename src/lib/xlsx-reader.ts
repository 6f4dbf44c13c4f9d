/**
 * Reads the first worksheet of an .xlsx file in the browser, as rows of cell values.
 *
 * Why not exceljs here: its browser build is 862 kB (236 kB gzip), four times the 60 kB budget of
 * a chunk (tests/bench/build-size.ts), and would take a third of the service worker's 2.5 MiB
 * precache budget for a screen that needs the network anyway. An .xlsx is a ZIP of XML parts, and
 * the browser already has both tools to open it: DecompressionStream('deflate-raw') and DOMParser.
 * This reads what Excel, LibreOffice, Google Sheets and our own export (exceljs) write: shared and
 * inline strings, numbers, booleans, formula results. Dates are read as their serial numbers (the
 * product sheet has none).
 */
import type { SheetCell, SheetRow } from './import-sheet';

export class SheetReadError extends Error {
  override name = 'SheetReadError';
}

const NOT_XLSX = 'Tệp không phải tệp Excel .xlsx hợp lệ';

type ZipEntry = { name: string; method: number; compressedSize: number; offset: number };

function zipEntries(bytes: Uint8Array): Map<string, ZipEntry> {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  // End of central directory: 22 bytes plus a comment of at most 65535 bytes, at the very end.
  let end = -1;
  for (let i = bytes.length - 22; i >= Math.max(0, bytes.length - 22 - 65_535); i -= 1) {
    if (view.getUint32(i, true) === 0x06054b50) {
      end = i;
      break;
    }
  }
  if (end < 0) throw new SheetReadError(NOT_XLSX);
  const count = view.getUint16(end + 10, true);
  let at = view.getUint32(end + 16, true);
  const decoder = new TextDecoder();
  const entries = new Map<string, ZipEntry>();
  for (let n = 0; n < count; n += 1) {
    if (at + 46 > bytes.length || view.getUint32(at, true) !== 0x02014b50) throw new SheetReadError(NOT_XLSX);
    const method = view.getUint16(at + 10, true);
    const compressedSize = view.getUint32(at + 20, true);
    const nameLength = view.getUint16(at + 28, true);
    const extraLength = view.getUint16(at + 30, true);
    const commentLength = view.getUint16(at + 32, true);
    const offset = view.getUint32(at + 42, true);
    const name = decoder.decode(bytes.subarray(at + 46, at + 46 + nameLength)).replace(/^\/+/, '');
    entries.set(name.toLowerCase(), { name, method, compressedSize, offset });
    at += 46 + nameLength + extraLength + commentLength;
  }
  return entries;
}

async function inflateRaw(data: Uint8Array): Promise<Uint8Array> {
  if (typeof DecompressionStream !== 'function') {
    throw new SheetReadError('Trình duyệt này không đọc được tệp Excel. Vui lòng cập nhật trình duyệt.');
  }
  const stream = new Blob([data as BlobPart]).stream().pipeThrough(new DecompressionStream('deflate-raw'));
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

async function readEntry(bytes: Uint8Array, entries: Map<string, ZipEntry>, name: string): Promise<string | null> {
  const entry = entries.get(name.toLowerCase());
  if (!entry) return null;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (view.getUint32(entry.offset, true) !== 0x04034b50) throw new SheetReadError(NOT_XLSX);
  const start = entry.offset + 30 + view.getUint16(entry.offset + 26, true) + view.getUint16(entry.offset + 28, true);
  const raw = bytes.subarray(start, start + entry.compressedSize);
  let data: Uint8Array;
  if (entry.method === 0) data = raw;
  else if (entry.method === 8) {
    try {
      data = await inflateRaw(raw);
    } catch (error) {
      if (error instanceof SheetReadError) throw error;
      throw new SheetReadError(NOT_XLSX);
    }
  } else throw new SheetReadError('Tệp Excel được nén theo cách chưa hỗ trợ. Hãy lưu lại bằng Excel rồi thử lại.');
  return new TextDecoder().decode(data);
}

function parseXml(text: string): Document {
  const doc = new DOMParser().parseFromString(text, 'application/xml');
  if (doc.getElementsByTagName('parsererror').length > 0) throw new SheetReadError(NOT_XLSX);
  return doc;
}

/** An element's name without its prefix (writers differ: `row`, `x:row`). */
function localNameOf(element: Element): string {
  const name = element.localName || element.tagName;
  return name.slice(name.indexOf(':') + 1);
}

/** Descendant elements by local name, in document order, whatever prefix the writer used. */
function elements(parent: Document | Element, localName: string): Element[] {
  const found: Element[] = [];
  const stack: Element[] = Array.from(parent.children).reverse();
  while (stack.length > 0) {
    const element = stack.pop()!;
    if (localNameOf(element) === localName) found.push(element);
    else for (let i = element.children.length - 1; i >= 0; i -= 1) stack.push(element.children[i]!);
  }
  return found;
}

function childElements(parent: Element, localName: string): Element[] {
  return Array.from(parent.children).filter((child) => localNameOf(child) === localName);
}

/** The text of a string item: its own <t>, or its rich-text runs' <t>, never phonetic hints. */
function stringItemText(item: Element): string {
  const own = childElements(item, 't');
  if (own.length > 0) return own.map((t) => t.textContent ?? '').join('');
  return childElements(item, 'r')
    .flatMap((run) => childElements(run, 't'))
    .map((t) => t.textContent ?? '')
    .join('');
}

/** "AB12" → 27 (0-based column index); null when the reference is missing or odd. */
export function columnIndex(reference: string | null): number | null {
  const letters = /^([A-Z]+)\d*$/i.exec(reference ?? '')?.[1];
  if (!letters) return null;
  let index = 0;
  for (const letter of letters.toUpperCase()) index = index * 26 + (letter.charCodeAt(0) - 64);
  return index - 1;
}

async function firstSheetPath(bytes: Uint8Array, entries: Map<string, ZipEntry>): Promise<string> {
  const workbook = await readEntry(bytes, entries, 'xl/workbook.xml');
  const rels = await readEntry(bytes, entries, 'xl/_rels/workbook.xml.rels');
  if (workbook && rels) {
    const sheet = elements(parseXml(workbook), 'sheet')[0];
    const relId = sheet
      ? Array.from(sheet.attributes).find((attribute) => /(^|:)id$/.test(attribute.name) && attribute.name !== 'sheetId')?.value
      : undefined;
    const target = elements(parseXml(rels), 'Relationship')
      .find((rel) => rel.getAttribute('Id') === relId)
      ?.getAttribute('Target');
    if (target) return target.startsWith('/') ? target.slice(1) : `xl/${target.replace(/^\.\//, '')}`;
  }
  const fallback = [...entries.values()].find((entry) => /^xl\/worksheets\/[^/]+\.xml$/i.test(entry.name));
  if (!fallback) throw new SheetReadError('Tệp Excel không có trang tính nào');
  return fallback.name;
}

/** The first worksheet's non-empty rows, in order, with their row numbers. */
export async function readFirstSheet(file: ArrayBuffer | Uint8Array): Promise<SheetRow[]> {
  const bytes = file instanceof Uint8Array ? file : new Uint8Array(file);
  const entries = zipEntries(bytes);
  const sheetXml = await readEntry(bytes, entries, await firstSheetPath(bytes, entries));
  if (sheetXml === null) throw new SheetReadError('Tệp Excel không có trang tính nào');
  const sharedXml = await readEntry(bytes, entries, 'xl/sharedStrings.xml');
  const shared = sharedXml ? elements(parseXml(sharedXml), 'si').map(stringItemText) : [];

  const rows: SheetRow[] = [];
  let previousRow = 0;
  for (const rowElement of elements(parseXml(sheetXml), 'row')) {
    const rowNumber = Number(rowElement.getAttribute('r')) || previousRow + 1;
    previousRow = rowNumber;
    const cells: SheetCell[] = [];
    let nextColumn = 0;
    for (const cell of childElements(rowElement, 'c')) {
      const column = columnIndex(cell.getAttribute('r')) ?? nextColumn;
      nextColumn = column + 1;
      const type = cell.getAttribute('t') ?? 'n';
      const raw = childElements(cell, 'v')[0]?.textContent ?? null;
      let value: SheetCell = null;
      if (type === 's') value = raw === null ? null : (shared[Number(raw)] ?? null);
      else if (type === 'inlineStr') {
        const item = childElements(cell, 'is')[0];
        value = item ? stringItemText(item) : null;
      } else if (type === 'b') value = raw === null ? null : raw === '1';
      else if (type === 'str' || type === 'e') value = raw;
      else if (raw !== null && raw.trim() !== '') {
        const number = Number(raw);
        value = Number.isFinite(number) ? number : raw;
      }
      while (cells.length < column) cells.push(null);
      cells[column] = value;
    }
    if (cells.some((cell) => cell !== null && cell !== '')) rows.push({ row: rowNumber, cells });
  }
  return rows;
}
