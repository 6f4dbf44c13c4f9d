/**
 * The checks every Excel import makes on the chosen file before sending anything (products,
 * regions): an .xlsx, within the import's size, readable, with the required columns and at least
 * one row. Either the mapped rows or the Vietnamese sentence to show under the file picker.
 */
import type { MappedSheet, SheetRow } from './import-sheet';
import type * as XlsxReader from './xlsx-reader';

export type ImportFileOptions<C extends string> = {
  maxBytes: number;
  map: (sheet: readonly SheetRow[]) => MappedSheet<C>;
  /** Where a correct file comes from, said after missing columns ("Hãy dùng file mẫu."). */
  template: string;
};

const sizeLabel = (bytes: number) => (bytes >= 1024 * 1024 ? `${Math.round(bytes / 1024 / 1024)} MB` : `${Math.round(bytes / 1024)} KB`);

export async function readImportFile<C extends string>(
  file: File,
  { maxBytes, map, template }: ImportFileOptions<C>,
): Promise<{ sheet: MappedSheet<C> } | { problem: string }> {
  if (!/\.xlsx$/i.test(file.name)) return { problem: 'Vui lòng chọn tệp Excel .xlsx (Excel 2007 trở lên).' };
  if (file.size > maxBytes) return { problem: `Tệp quá lớn (tối đa ${sizeLabel(maxBytes)}).` };
  // The reader (read-excel-file, fflate) loads when a file is chosen: it stays out of the screens'
  // chunks and of the offline precache (vite.config.ts), since an import needs the server anyway.
  let reader: typeof XlsxReader;
  try {
    reader = await import('./xlsx-reader');
  } catch {
    return { problem: 'Cần kết nối mạng để đọc tệp Excel. Vui lòng thử lại khi có mạng.' };
  }
  const { readFirstSheet, SheetReadError } = reader;
  let sheet: MappedSheet<C>;
  try {
    sheet = map(await readFirstSheet(await file.arrayBuffer()));
  } catch (error) {
    return { problem: error instanceof SheetReadError ? error.message : 'Không đọc được tệp Excel.' };
  }
  if (sheet.missingColumns.length > 0) return { problem: `Tệp thiếu cột: ${sheet.missingColumns.join(', ')}. ${template}` };
  if (sheet.rows.length === 0) return { problem: 'Tệp không có dòng dữ liệu nào dưới dòng tiêu đề.' };
  return { sheet };
}
