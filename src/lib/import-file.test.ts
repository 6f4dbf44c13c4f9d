import ExcelJS from 'exceljs';
import { strToU8, zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { mapRegionSheet } from '@/features/regions/model/region-sheet';
import { readImportFile } from './import-file';

async function xlsx(rows: (string | number)[][], name = 'khu-vuc.xlsx'): Promise<File> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Khu vực');
  for (const row of rows) sheet.addRow(row);
  return new File([(await workbook.xlsx.writeBuffer()) as ArrayBuffer], name);
}

const options = { maxBytes: 5 * 1024 * 1024, map: mapRegionSheet, template: 'Hãy dùng file mẫu.' };

describe('readImportFile', () => {
  it('maps a good sheet to rows numbered as in Excel', async () => {
    const read = await readImportFile(
      await xlsx([
        ['Mã khu vực', 'Tên khu vực', 'Tỉnh/thành'],
        ['KV01', 'Miền Nam', 'Hồ Chí Minh'],
      ]),
      options,
    );
    expect(read).toEqual({
      sheet: expect.objectContaining({ rows: [{ 'Mã khu vực': 'KV01', 'Tên khu vực': 'Miền Nam', 'Tỉnh/thành': 'Hồ Chí Minh', _row: 2 }] }),
    });
  });

  it('says in Vietnamese why a file cannot be imported', async () => {
    const problem = async (file: File, maxBytes = options.maxBytes) => {
      const read = await readImportFile(file, { ...options, maxBytes });
      return 'problem' in read ? read.problem : null;
    };
    expect(await problem(new File(['a,b'], 'khu-vuc.csv'))).toBe('Vui lòng chọn tệp Excel .xlsx (Excel 2007 trở lên).');
    expect(await problem(await xlsx([['Tên khu vực'], ['Miền Nam']]), 2 * 1024)).toBe('Tệp quá lớn (tối đa 2 KB).');
    expect(await problem(new File(['không phải zip'], 'khu-vuc.xlsx'))).toBe('Tệp không phải tệp Excel .xlsx hợp lệ');
    // A ZIP that is not a workbook (a Word file renamed .xlsx).
    const docx = zipSync({ 'word/document.xml': strToU8('<w:document/>'), '[Content_Types].xml': strToU8('<Types/>') });
    expect(await problem(new File([docx], 'khu-vuc.xlsx'))).toBe('Tệp không phải tệp Excel .xlsx hợp lệ');
    expect(await problem(await xlsx([['Ghi chú'], ['x']]))).toBe('Tệp thiếu cột: Mã khu vực, Tên khu vực. Hãy dùng file mẫu.');
    expect(await problem(await xlsx([['Mã khu vực', 'Tên khu vực']]))).toBe('Tệp không có dòng dữ liệu nào dưới dòng tiêu đề.');
  });
});
