/**
 * Reading a region sheet for import (contract REGION_SHEET_COLUMNS, read by src/lib/import-sheet.ts):
 * headers are matched without diacritics, case or punctuation ("Ma khu vuc", "Tỉnh / Thành phố") and
 * a few short names; the rows are cut into calls of at most `max` rows so the progress bar moves.
 */
import { REGION_REQUIRED_COLUMNS, REGION_SHEET_COLUMNS, type RegionSheetColumn } from '@contract/regions';
import { columnReader, mapSheet, type MappedSheet, type SheetRow } from '@/lib/import-sheet';

export const columnOf = columnReader<RegionSheetColumn>(REGION_SHEET_COLUMNS, {
  ma: 'Mã khu vực',
  makv: 'Mã khu vực',
  ten: 'Tên khu vực',
  tenkv: 'Tên khu vực',
  tinhthanhpho: 'Tỉnh/thành',
  tinh: 'Tỉnh/thành',
  cactinhthanh: 'Tỉnh/thành',
});

/** Sheet rows (header first) → import rows (src/lib/import-sheet.ts). */
export function mapRegionSheet(sheet: readonly SheetRow[]): MappedSheet<RegionSheetColumn> {
  return mapSheet(sheet, columnOf, REGION_REQUIRED_COLUMNS);
}

export function chunk<T>(rows: readonly T[], max = 50): T[][] {
  const chunks: T[][] = [];
  for (let i = 0; i < rows.length; i += max) chunks.push(rows.slice(i, i + max));
  return chunks;
}
