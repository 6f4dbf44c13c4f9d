/**
 * Dates in exports are date cells, not text: they sort, filter and subtract in Excel, shown as
 * Vietnamese sheets write them, a moment at Vietnam's wall clock. Every sheet opens with its header
 * frozen and filtered. Read back twice: with exceljs (the writer, for formats and widths) and with
 * read-excel-file, a reader that shares no code with the writer, so a cell the writer only believes
 * it typed is caught.
 */
import ExcelJS from 'exceljs';
import { strFromU8, unzipSync } from 'fflate';
import { readSheet } from 'read-excel-file/node';
import { describe, expect, it } from 'vitest';
import { excelDay, excelMoment, xlsxResponse, type SheetColumn } from './xlsx';

const COLUMNS: SheetColumn[] = [
  { header: 'Mã', key: 'code', width: 10 },
  { header: 'Hạn dùng', key: 'expires', width: 12, date: 'day' },
  { header: 'Ngày tạo', key: 'created', width: 18, date: 'moment' },
  { header: 'Tổng tiền', key: 'total', width: 14, money: true },
];

async function* rows() {
  yield { code: 'DH1', expires: excelDay('2027-03-31'), created: excelMoment('2026-12-01T17:30:00Z'), total: 1_234_500 };
  yield { code: 'DH2', expires: excelDay(null), created: excelMoment(new Date('2026-12-02T01:05:00Z')), total: 0 };
}

async function written(rowsOf: () => AsyncIterable<Record<string, unknown>> = rows): Promise<ArrayBuffer> {
  return xlsxResponse('x.xlsx', 'Đơn hàng', COLUMNS, rowsOf, () => undefined).arrayBuffer();
}

/** A serial day number read back through floating point lands a hair off the minute it holds. */
const toSecond = (date: unknown) => (date instanceof Date ? Math.round(date.getTime() / 1000) * 1000 : date);

describe('xlsxResponse', () => {
  it('writes days and moments as date cells with Vietnamese formats, and money as numbers', async () => {
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(await written());
    const sheet = workbook.getWorksheet('Đơn hàng')!;
    const [, , expires, created, total] = sheet.getRow(2).values as unknown[];
    expect(expires).toEqual(new Date('2027-03-31T00:00:00Z'));
    // 17:30 UTC is 00:30 the next day in Vietnam.
    expect(created).toEqual(new Date('2026-12-02T00:30:00Z'));
    expect(total).toBe(1_234_500);
    expect([sheet.getCell('B2').numFmt, sheet.getCell('C2').numFmt, sheet.getCell('D2').numFmt]).toEqual([
      'dd/mm/yyyy',
      'dd/mm/yyyy hh:mm',
      '#,##0',
    ]);
    expect(sheet.getCell('B3').value).toBeNull();
    expect(sheet.getCell('C3').value).toEqual(new Date('2026-12-02T08:05:00Z'));
    expect(sheet.columns.map((column) => column.width)).toEqual([10, 12, 18, 14]);
  });

  it('reads back in an independent reader as Date cells and numbers, the Vietnamese text intact', async () => {
    const [header, first, second] = await readSheet(Buffer.from(await written()));
    expect(header).toEqual(['Mã', 'Hạn dùng', 'Ngày tạo', 'Tổng tiền']);
    expect(first![1]).toBeInstanceOf(Date);
    expect(first![2]).toBeInstanceOf(Date);
    expect(typeof first![3]).toBe('number');
    expect([first![0], first![1], toSecond(first![2]), first![3]]).toEqual([
      'DH1',
      new Date('2027-03-31T00:00:00Z'),
      Date.parse('2026-12-02T00:30:00Z'),
      1_234_500,
    ]);
    expect([second![1], toSecond(second![2]), second![3]]).toEqual([null, Date.parse('2026-12-02T08:05:00Z'), 0]);
  });

  it('turns the filter on over the header and every row, and keeps the header frozen', async () => {
    const xml = strFromU8(unzipSync(new Uint8Array(await written()))['xl/worksheets/sheet1.xml']!);
    expect(xml).toContain('<autoFilter ref="A1:D3"/>');
    expect(xml).toMatch(/<pane [^>]*ySplit="1"[^>]*state="frozen"/);
    // An empty export still opens with its header filtered.
    const empty = strFromU8(
      unzipSync(
        new Uint8Array(
          await written(async function* () {
            /* no rows */
          }),
        ),
      )['xl/worksheets/sheet1.xml']!,
    );
    expect(empty).toContain('<autoFilter ref="A1:D1"/>');
  });
});
