/**
 * The drug master's columns of the product sheet: written by the export (the expiry as a
 * real date cell, classes and storage as their Vietnamese labels) and read back by the import.
 */
import { CONTROLLED_CLASS_LABELS, STORAGE_LABELS } from '@contract/pharma';
import type { ProductSheetColumn } from '@contract/products-files';
import { DRUG_MASTER_DEFAULTS, type DrugMaster } from '@contract/products-drugs';
import { excelDay } from '@server/kernel/xlsx';
import { day, labelled, text, yesNo, type Cells } from './product-sheet-cells';

export const DRUG_DAY_COLUMNS: ProductSheetColumn[] = ['Hết hạn số đăng ký'];

type DrugColumn = 'Hết hạn số đăng ký' | 'Thuốc kê đơn' | 'Thuốc thiết yếu' | 'Nhóm kiểm soát' | 'Điều kiện bảo quản' | 'Mã thuốc quốc gia';

export function drugMasterCells(drug: DrugMaster): Record<DrugColumn, string | Date | null> {
  return {
    'Hết hạn số đăng ký': excelDay(drug.registration_expiry),
    'Thuốc kê đơn': drug.prescription ? 'Có' : 'Không',
    'Thuốc thiết yếu': drug.essential ? 'Có' : 'Không',
    'Nhóm kiểm soát': CONTROLLED_CLASS_LABELS[drug.controlled_class],
    'Điều kiện bảo quản': STORAGE_LABELS[drug.storage],
    'Mã thuốc quốc gia': drug.national_code,
  };
}

/**
 * The drug master of an imported product. A column the sheet does not have leaves the field as
 * stored (a sheet made before these columns existed must not wipe them); a blank cell in a column
 * it has is "no value", as for the other columns. A cell that cannot be read throws its RowError.
 */
export function drugMasterOfRow(cells: Cells, row: number, stored: DrugMaster | null): DrugMaster {
  const kept = stored ?? DRUG_MASTER_DEFAULTS;
  const has = (column: ProductSheetColumn) => column in cells;
  return {
    registration_expiry: has('Hết hạn số đăng ký') ? day(cells, 'Hết hạn số đăng ký', row) : kept.registration_expiry,
    prescription: has('Thuốc kê đơn') ? yesNo(cells, row, 'Thuốc kê đơn', false) : kept.prescription,
    essential: has('Thuốc thiết yếu') ? yesNo(cells, row, 'Thuốc thiết yếu', false) : kept.essential,
    controlled_class: has('Nhóm kiểm soát')
      ? (labelled(cells, 'Nhóm kiểm soát', row, CONTROLLED_CLASS_LABELS) ?? 'none')
      : kept.controlled_class,
    storage: has('Điều kiện bảo quản') ? (labelled(cells, 'Điều kiện bảo quản', row, STORAGE_LABELS) ?? 'normal') : kept.storage,
    national_code: has('Mã thuốc quốc gia') ? text(cells, 'Mã thuốc quốc gia') : kept.national_code,
  };
}
