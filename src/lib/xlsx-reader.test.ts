import ExcelJS from 'exceljs';
import { unzipSync } from 'fflate';
import { readSheet } from 'read-excel-file/universal';
import { describe, expect, it, vi } from 'vitest';
import { readFirstSheet } from './xlsx-reader';

vi.mock('read-excel-file/universal', async (importOriginal) => {
  const real = await importOriginal<{ readSheet: typeof readSheet }>();
  return { ...real, readSheet: vi.fn(real.readSheet) };
});

async function workbookBytes(build: (sheet: ExcelJS.Worksheet) => void): Promise<Uint8Array> {
  const workbook = new ExcelJS.Workbook();
  build(workbook.addWorksheet('Sản phẩm'));
  return new Uint8Array((await workbook.xlsx.writeBuffer()) as ArrayBuffer);
}

describe('readFirstSheet', () => {
  it('reads a sheet of 10,000 rows, handing read-excel-file only stored parts (no blob: Worker, which the CSP refuses)', async () => {
    const bytes = await workbookBytes((sheet) => {
      sheet.addRow(['Mã SP', 'Tên sản phẩm', 'Đơn vị', 'Giá bán']);
      for (let i = 1; i <= 10_000; i += 1) sheet.addRow([`SP${i}`, `Thuốc số ${i}`, 'hộp', i * 1000]);
    });
    const sheetXml = unzipSync(bytes, { filter: (file) => file.name === 'xl/worksheets/sheet1.xml' })['xl/worksheets/sheet1.xml']!;
    // Over fflate's threshold: its asynchronous unzip() would inflate this part in a Worker.
    expect(sheetXml.length).toBeGreaterThan(512 * 1024);

    const rows = await readFirstSheet(bytes);
    expect(rows).toHaveLength(10_001);
    expect(rows[10_000]).toEqual({ row: 10_001, cells: ['SP10000', 'Thuốc số 10000', 'hộp', 10_000_000] });

    const handedOver = vi.mocked(readSheet).mock.lastCall![0] as Blob;
    const methods: number[] = [];
    unzipSync(new Uint8Array(await handedOver.arrayBuffer()), { filter: (file) => (methods.push(file.compression), false) });
    expect(methods.length).toBeGreaterThan(0);
    expect(methods.every((method) => method === 0)).toBe(true);
  });

  it('reads dates as the text a person would type, not as serial numbers', async () => {
    const bytes = await workbookBytes((sheet) => {
      sheet.addRow(['Mã SP', 'Ngày']);
      sheet.addRow(['SP1', new Date(Date.UTC(2026, 2, 31))]);
    });
    expect((await readFirstSheet(bytes))[1]!.cells).toEqual(['SP1', '2026-03-31']);
  });
});
