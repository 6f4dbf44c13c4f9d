/**
 * Multipart bodies for the fuzzer: the routes that take an upload (Excel imports, product images)
 * answer a JSON body with 400 or 415 at once, so without these their parsing of files is never
 * fuzzed. Files are real .xlsx (the import templates with odd rows filled in), a real PNG, and
 * broken ones: cut in half, random bytes, empty, an image that claims to be a spreadsheet.
 */
import ExcelJS from 'exceljs';
import fc from 'fast-check';
import { TINY_PNG } from './seed-tenant';
import { weirdJson, weirdString } from './schema-arbitrary';

export type UploadFile = { name: string; type: string; bytes: Uint8Array };
export type MultipartBody = { kind: 'multipart'; fields: [string, string][]; file: UploadFile | null };

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** Odd cell values: text that breaks parsers, numbers past any limit, dates, formulas, errors. */
function oddCells(count: number, seed: number): ExcelJS.CellValue[] {
  const samples = fc.sample(
    fc.oneof(
      weirdString,
      weirdJson.map((value) => (typeof value === 'number' ? value : (JSON.stringify(value) ?? ''))),
      fc.constantFrom<ExcelJS.CellValue>(
        new Date('2026-02-28T00:00:00Z'),
        { formula: '1/0', result: { error: '#DIV/0!' } },
        { richText: [{ text: '0901' }, { text: '234567' }] },
        { text: 'liên kết', hyperlink: 'https://example.com' },
        true,
        null,
      ),
    ),
    { numRuns: count, seed },
  );
  return samples.map((value) => (typeof value === 'string' ? value.replace(/[\uD800-\uDFFF]/g, '?') : (value as ExcelJS.CellValue)));
}

/** A template (an .xlsx answer of a template route) with `rows` odd rows under its header row. */
async function oddSheet(template: ArrayBuffer, rows: number, seed: number): Promise<Uint8Array> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(template);
  const sheet = workbook.worksheets[0]!;
  const width = Math.max(1, (sheet.getRow(1).values as unknown[]).length - 1);
  // One plain row first, so the import has a row to read whatever the odd ones hold.
  sheet.getRow(2).values = Array.from({ length: width }, () => '0901234567');
  for (let row = 0; row < rows; row += 1) sheet.getRow(row + 3).values = oddCells(width, seed * 1000 + row);
  return new Uint8Array(await workbook.xlsx.writeBuffer());
}

/** Files to upload, built from the server's own import templates (fetched by the caller). */
export async function uploadFiles(templates: ArrayBuffer[]): Promise<UploadFile[]> {
  const files: UploadFile[] = [
    { name: 'anh.png', type: 'image/png', bytes: TINY_PNG },
    { name: 'anh.png', type: 'image/png', bytes: TINY_PNG.subarray(0, 30) },
    { name: 'bang.xlsx', type: XLSX, bytes: TINY_PNG },
    { name: 'rong.xlsx', type: XLSX, bytes: new Uint8Array(0) },
  ];
  for (const [index, template] of templates.entries()) {
    files.push({ name: 'mau.xlsx', type: XLSX, bytes: new Uint8Array(template) });
    const odd = await oddSheet(template, 3, index + 1);
    files.push({ name: 'du-lieu.xlsx', type: XLSX, bytes: odd });
    files.push({ name: 'cat-doi.xlsx', type: XLSX, bytes: odd.subarray(0, Math.floor(odd.length / 2)) });
  }
  return files;
}

export function multipartArbitrary(files: UploadFile[], companies: string[]): fc.Arbitrary<MultipartBody> {
  const file = fc.oneof(
    { arbitrary: fc.constantFrom(...files), weight: 6 },
    {
      arbitrary: fc
        .tuple(fc.uint8Array({ maxLength: 2000 }), fc.constantFrom('x.xlsx', 'x.png', 'x', '..\\x.xlsx', 'ảnh đẹp.jpg'))
        .map(([bytes, name]) => ({ name, type: 'application/octet-stream', bytes })),
      weight: 2,
    },
    { arbitrary: fc.constant(null), weight: 1 },
  );
  const fields = fc.tuple(
    fc.oneof({ arbitrary: fc.constantFrom(...companies), weight: 5 }, { arbitrary: weirdString, weight: 1 }),
    fc.option(fc.oneof(fc.constant('Matkhau@2026'), weirdString), { nil: undefined, freq: 3 }),
  );
  return fc.tuple(fields, file).map(([[company, password], upload]) => ({
    kind: 'multipart' as const,
    fields: [['company', company] as [string, string], ...(password === undefined ? [] : [['password', password] as [string, string]])],
    file: upload,
  }));
}

/** The body bytes and content type (with its boundary) a browser would send for the form. */
export async function encodeMultipart(body: MultipartBody): Promise<{ bytes: Buffer; contentType: string }> {
  const form = new FormData();
  // Lone surrogates cannot be sent in a form field; a browser sends U+FFFD.
  for (const [key, value] of body.fields) form.append(key, value.replace(/[\uD800-\uDFFF]/g, '\uFFFD'));
  if (body.file) form.append('file', new Blob([body.file.bytes.slice()], { type: body.file.type }), body.file.name);
  const encoded = new Response(form);
  return { bytes: Buffer.from(await encoded.arrayBuffer()), contentType: encoded.headers.get('content-type') ?? '' };
}
