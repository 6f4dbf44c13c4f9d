/**
 * The Excel import of regions (`import/`) and its template. Rows arrive as the client read them
 * from the sheet, keyed by the column headers (contract REGION_SHEET_COLUMNS) with the sheet row
 * number in `_row`. Each row is one region, saved in its own transaction through the same
 * `writeRegion` as the form: created, or updated when its code exists (provinces replaced). An
 * empty cell of an existing region keeps what it had, so a sheet that only renames regions does not
 * empty them. Province cells take names or codes separated by commas (province-index.ts).
 */
import { and, asc, eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import * as v from 'valibot';
import { fold } from '@contract/fold';
import {
  REGION_ROW_KEY,
  REGION_SHEET_COLUMNS,
  RegionInputSchema,
  splitProvinceCell,
  type RegionImportAnswer,
  type RegionImportError,
  type RegionSheetCell,
  type RegionSheetColumn,
} from '@contract/regions';
import type { Db } from '@server/kernel/db/client';
import { regions } from '@server/kernel/db/schema';
import { HttpError } from '@server/kernel/errors';
import type { ProvinceIndex } from '@server/modules/address';
import { provincesByRegion, writeRegion } from './regions.repo';

type Cells = Record<string, RegionSheetCell>;

const FIELD_COLUMNS: Record<string, RegionSheetColumn> = {
  code: 'Mã khu vực',
  name: 'Tên khu vực',
  description: 'Mô tả',
  provinces: 'Tỉnh/thành',
};

/** Headers as people may retype them: "Ma khu vuc", "Tỉnh / Thành phố"… */
const HEADER_ALIASES: Record<string, RegionSheetColumn> = {
  makhuvuc: 'Mã khu vực',
  ma: 'Mã khu vực',
  tenkhuvuc: 'Tên khu vực',
  ten: 'Tên khu vực',
  mota: 'Mô tả',
  tinhthanh: 'Tỉnh/thành',
  tinhthanhpho: 'Tỉnh/thành',
  tinh: 'Tỉnh/thành',
};

/** A header cell → the column it names (diacritics, case and punctuation ignored). */
export function columnOfHeader(header: string): RegionSheetColumn | null {
  return HEADER_ALIASES[fold(header).replace(/[^a-z0-9]/g, '')] ?? null;
}

function text(cells: Cells, column: RegionSheetColumn): string | null {
  const direct = cells[column];
  const value = direct !== undefined ? direct : Object.entries(cells).find(([key]) => columnOfHeader(key) === column)?.[1];
  if (value === null || value === undefined || typeof value === 'boolean') return null;
  const trimmed = String(value).normalize('NFC').trim();
  return trimmed === '' ? null : trimmed;
}

function rowNumber(cells: Cells, index: number): number {
  const given = cells[REGION_ROW_KEY];
  return typeof given === 'number' && Number.isInteger(given) && given > 0 ? given : index + 2;
}

const withRow = (row: number, message: string) => (message.startsWith('Dòng ') ? message : `Dòng ${row}: ${message}`);

class RowError extends Error {
  constructor(readonly error: RegionImportError) {
    super(error.message);
  }
}

async function importRow(db: Db, companyId: number, cells: Cells, row: number, index: ProvinceIndex): Promise<'created' | 'updated'> {
  const code = text(cells, 'Mã khu vực');
  if (!code) throw new RowError({ row, field: 'Mã khu vực', message: withRow(row, 'Vui lòng nhập mã khu vực') });
  const provinceCell = text(cells, 'Tỉnh/thành');
  const provinces: string[] = [];
  const problems: string[] = [];
  for (const part of splitProvinceCell(provinceCell)) {
    const found = index.resolve(part);
    if ('code' in found) provinces.push(found.code);
    else problems.push(found.error);
  }
  if (problems.length) throw new RowError({ row, field: 'Tỉnh/thành', message: withRow(row, problems.join('; ')) });

  return db.transaction(async (tx) => {
    const [existing] = await tx
      .select()
      .from(regions)
      .where(and(eq(regions.companyId, companyId), eq(regions.code, code.toUpperCase())));
    const kept = existing ? ((await provincesByRegion(tx, companyId, [existing.id])).get(existing.id) ?? []) : [];
    const input = {
      company: companyId,
      code,
      name: text(cells, 'Tên khu vực') ?? existing?.name ?? '',
      description: text(cells, 'Mô tả') ?? existing?.description ?? null,
      provinces: provinceCell === null ? kept : provinces,
    };
    const parsed = v.safeParse(RegionInputSchema, input);
    if (!parsed.success) {
      const issue = parsed.issues[0]!;
      const key = String(issue.path?.[0]?.key ?? '');
      throw new RowError({ row, field: FIELD_COLUMNS[key], message: withRow(row, issue.message) });
    }
    try {
      await writeRegion(tx, companyId, existing?.id ?? null, parsed.output, index);
    } catch (error) {
      if (!(error instanceof HttpError)) throw error;
      const [field] = Object.keys(error.fields ?? {});
      throw new RowError({ row, field: field ? FIELD_COLUMNS[field] : undefined, message: withRow(row, error.message) });
    }
    return existing ? 'updated' : 'created';
  });
}

export async function importRegionRows(db: Db, companyId: number, rows: Cells[], index: ProvinceIndex): Promise<RegionImportAnswer> {
  const answer: RegionImportAnswer = { created: 0, updated: 0, errors: [] };
  for (const [i, cells] of rows.entries()) {
    const row = rowNumber(cells, i);
    try {
      answer[await importRow(db, companyId, cells, row, index)] += 1;
    } catch (error) {
      if (error instanceof RowError) answer.errors.push(error.error);
      else throw error;
    }
  }
  answer.errors.sort((a, b) => a.row - b.row);
  return answer;
}

/**
 * The template: the company's regions as they are (so the file also serves to edit them), and a
 * second sheet with the 34 provinces and their codes to copy from.
 */
export async function regionTemplate(db: Db, companyId: number, index: ProvinceIndex): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  workbook.creator = 'Salesfield';
  const sheet = workbook.addWorksheet('Khu vực', { views: [{ state: 'frozen', ySplit: 1 }] });
  const widths: Record<RegionSheetColumn, number> = { 'Mã khu vực': 14, 'Tên khu vực': 28, 'Mô tả': 40, 'Tỉnh/thành': 70 };
  sheet.columns = REGION_SHEET_COLUMNS.map((header) => ({ header, key: header, width: widths[header] }));
  sheet.getRow(1).font = { bold: true };
  const rows = await db.select().from(regions).where(eq(regions.companyId, companyId)).orderBy(asc(regions.code));
  const provinces = await provincesByRegion(db, companyId);
  for (const region of rows) {
    sheet.addRow({
      'Mã khu vực': region.code,
      'Tên khu vực': region.name,
      'Mô tả': region.description,
      'Tỉnh/thành': (provinces.get(region.id) ?? [])
        .map((code) => index.nameOf(code) ?? code)
        .sort((a, b) => a.localeCompare(b, 'vi'))
        .join(', '),
    });
  }
  const list = workbook.addWorksheet('Tỉnh thành (34)');
  list.columns = [
    { header: 'Mã', key: 'code', width: 8 },
    { header: 'Tên tỉnh/thành phố', key: 'name', width: 32 },
  ];
  list.getRow(1).font = { bold: true };
  for (const province of index.all()) list.addRow(province);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
