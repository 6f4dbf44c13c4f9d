/**
 * The Excel export: one row per unit of each variant, columns of contract PRODUCT_SHEET_COLUMNS,
 * streamed (exceljs streaming writer) while products are read in batches, so 50,000 variants never
 * sit in memory at once.
 */
import { and, asc, gt } from 'drizzle-orm';
import { vietnamDay } from '@contract/price-policy';
import { type ProductRecord, type VariantUnit } from '@contract/products';
import { PRODUCT_SHEET_COLUMNS, productSheetFileName, type ProductSheetColumn } from '@contract/products-files';
import type { Db } from '@server/kernel/db/client';
import { products } from '@server/kernel/db/schema';
import { xlsxResponse, type SheetColumn } from '@server/kernel/xlsx';
import { productFilters, type ProductQuery } from './catalogue-lists';
import { loadProductRecords } from './product-record';
import { DRUG_DAY_COLUMNS, drugMasterCells } from './product-sheet-drugs';

const BATCH = 200;

const WIDTHS: Partial<Record<ProductSheetColumn, number>> = {
  'Mã SP': 12,
  'Tên sản phẩm': 36,
  'Hoạt chất': 24,
  'Số đăng ký': 16,
  'Nhà sản xuất': 24,
  'Mã biến thể': 14,
  'Tên biến thể': 18,
  'Mã vạch': 16,
  'Hết hạn số đăng ký': 14,
  'Nhóm kiểm soát': 18,
  'Điều kiện bảo quản': 22,
  'Mã thuốc quốc gia': 18,
};
const MONEY: ProductSheetColumn[] = ['Giá bán', 'Giá sỉ'];

export function sheetRows(product: ProductRecord): Record<ProductSheetColumn, string | number | Date | null>[] {
  const drug = drugMasterCells(product);
  return product.variants.flatMap((variant) =>
    variant.units.map((unit: VariantUnit) => ({
      'Mã SP': product.code,
      'Tên sản phẩm': product.name,
      'Hoạt chất': product.active_ingredient,
      'Hàm lượng': product.strength,
      'Số đăng ký': product.registration_number,
      'Nhà sản xuất': product.manufacturer,
      'Nước SX': product.country,
      'Thương hiệu': product.brand_name,
      'Danh mục': product.category_name,
      Nhóm: product.group_name,
      'VAT (%)': product.vat_rate,
      'Là thuốc': product.is_medicine ? 'Có' : 'Không',
      ...drug,
      'Mã biến thể': variant.code,
      'Tên biến thể': variant.name || null,
      'Đơn vị': unit.unit,
      'Hệ số quy đổi': unit.factor,
      'Giá bán': unit.price,
      'Giá sỉ': unit.wholesale_price,
      'Mã vạch': unit.barcode,
      'Đang bán': variant.is_active ? 'Có' : 'Không',
    })),
  );
}

const COLUMNS: SheetColumn[] = PRODUCT_SHEET_COLUMNS.map((header) => ({
  header,
  key: header,
  width: WIDTHS[header] ?? 12,
  money: MONEY.includes(header),
  ...(DRUG_DAY_COLUMNS.includes(header) ? { date: 'day' as const } : {}),
}));

async function* productRows(db: Db, query: ProductQuery) {
  const filters = productFilters(query);
  let after = 0;
  for (;;) {
    const page = await db
      .select({ id: products.id })
      .from(products)
      .where(and(...filters, gt(products.id, after)))
      .orderBy(asc(products.id))
      .limit(BATCH);
    if (page.length === 0) break;
    const records = await loadProductRecords(
      db,
      query.company,
      page.map((row) => row.id),
    );
    for (const { id } of page) {
      const record = records.get(id);
      if (!record) continue;
      yield* sheetRows(record);
    }
    after = page.at(-1)!.id;
    if (page.length < BATCH) break;
  }
}

/** The workbook of the products matching the filters, streamed; a failure half-way ends the download with an error. */
export function productSheetResponse(db: Db, query: ProductQuery, onError: (error: unknown) => void): Response {
  return xlsxResponse(productSheetFileName(vietnamDay()), 'Sản phẩm', COLUMNS, () => productRows(db, query), onError);
}
