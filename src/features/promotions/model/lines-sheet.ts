/**
 * The programme-lines sheet (contract/promotions.ts PROMOTION_SHEET_COLUMNS: Mã SKU, Tên sản
 * phẩm): its header matched without diacritics or case (a few other names for the SKU column
 * accepted), each row sent as `{ 'Mã SKU', _row }` so the server names rows as Excel shows them.
 * The name column is for the person filling it in and is not sent.
 */
import type { PROMOTION_SHEET_COLUMNS, PromotionSheetRow } from '@contract/promotions';
import { headerKey, mapSheet, type MappedSheet, type SheetCell, type SheetRecord, type SheetRow } from '@/lib/import-sheet';

export type LinesColumn = (typeof PROMOTION_SHEET_COLUMNS)[number];

const SKU_HEADERS = new Set(['masku', 'sku', 'mabienthe', 'mahang', 'masanpham']);
const NAME_HEADERS = new Set(['tensanpham', 'tenhang', 'ten']);

/** The server takes up to 5,000 rows a call. */
export const MAX_LINES_ROWS = 5000;

export function linesColumnOf(header: SheetCell): LinesColumn | null {
  const key = headerKey(header);
  if (SKU_HEADERS.has(key)) return 'Mã SKU';
  if (NAME_HEADERS.has(key)) return 'Tên sản phẩm';
  return null;
}

export function mapLinesSheet(sheet: readonly SheetRow[]): MappedSheet<LinesColumn> {
  return mapSheet(sheet, linesColumnOf, ['Mã SKU']);
}

/** The rows as promotion/import/ takes them. */
export function linesImportRows(rows: readonly SheetRecord<LinesColumn>[]): Record<string, string | number | null>[] {
  return rows.map((row) => {
    const sku = row['Mã SKU'];
    return {
      'Mã SKU': sku === undefined || sku === null ? null : typeof sku === 'boolean' ? String(sku) : sku,
      ...(row._row ? { _row: row._row } : {}),
    };
  });
}

export type LinesOutcome = { found: number; added: number; missing: PromotionSheetRow[] };

/** What the answer did to the scope: variants found, how many were new to it, the rows not found. */
export function linesOutcome(answer: { rows: PromotionSheetRow[]; variant_ids: number[] }, before: readonly number[]): LinesOutcome {
  return {
    found: answer.variant_ids.length,
    added: answer.variant_ids.filter((id) => !before.includes(id)).length,
    missing: answer.rows.filter((row) => row.problem !== null),
  };
}
