/** Product files: the images a product may carry and the Excel sheet products are imported from and exported to. */
import { bodyObject, companyBodyField, sheetRowsField } from './validation';

/**
 * Product images: `POST product/{id}/images/` multipart with one or more `file` fields and a
 * `company` field; JPEG, PNG or WebP (checked by their first bytes), at most 2 MB each and 8 per
 * product. `image_url` and `ProductImage.url` are API paths (below `/api`) fetched with the token.
 */
export const PRODUCT_IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
export const MAX_PRODUCT_IMAGE_BYTES = 2 * 1024 * 1024;
export const MAX_PRODUCT_IMAGES = 8;
export const productImagePath = (productId: number | string, imageId: string) => `/product/api/product/${productId}/images/${imageId}/`;

/**
 * The product sheet (Excel export and import): one row per unit of each variant. Rows with the same
 * Mã SP are one product, and within it rows with the same Mã biến thể one variant. An empty Mã SP
 * creates a product with a new code (rows with the same Tên sản phẩm together).
 */
export const PRODUCT_SHEET_COLUMNS = [
  'Mã SP',
  'Tên sản phẩm',
  'Hoạt chất',
  'Hàm lượng',
  'Số đăng ký',
  'Nhà sản xuất',
  'Nước SX',
  'Thương hiệu',
  'Danh mục',
  'Nhóm',
  'VAT (%)',
  'Là thuốc',
  'Mã biến thể',
  'Tên biến thể',
  'Đơn vị',
  'Hệ số quy đổi',
  'Giá bán',
  'Giá sỉ',
  'Mã vạch',
  'Đang bán',
  // The drug master, after the columns older sheets have: an expiry as a date cell,
  // classes and storage as their Vietnamese labels.
  'Hết hạn số đăng ký',
  'Thuốc kê đơn',
  'Thuốc thiết yếu',
  'Nhóm kiểm soát',
  'Điều kiện bảo quản',
  'Mã thuốc quốc gia',
] as const;
export type ProductSheetColumn = (typeof PRODUCT_SHEET_COLUMNS)[number];

/** Rows per import call; the client sends a longer sheet in several calls, cut between products. */
export const MAX_IMPORT_ROWS = 500;
/** Optional key of an imported row: its row number in the sheet (default: position + 2, after the header). */
export const SHEET_ROW_KEY = '_row';

export type ProductSheetCell = string | number | boolean | null;
export type ProductSheetRow = Partial<Record<ProductSheetColumn, ProductSheetCell>> & { _row?: number };

export const ProductImportSchema = bodyObject({
  company: companyBodyField,
  rows: sheetRowsField(MAX_IMPORT_ROWS),
});

export type ProductImportError = { row: number; field?: ProductSheetColumn; message: string };
/** Products created and updated; each product is saved on its own, so good ones stay saved. */
export type ProductImportAnswer = { created: number; updated: number; errors: ProductImportError[] };

/** The export's file name for a day (YYYY-MM-DD, Vietnam time): san-pham-20261121.xlsx. */
export function productSheetFileName(day: string): string {
  return `san-pham-${day.replaceAll('-', '')}.xlsx`;
}
