/**
 * The Excel import (`product/import/`): rows as the client read them from the sheet, keyed by the
 * column headers. Rows are grouped into products (by Mã SP, or by Tên sản phẩm when the code is
 * empty) and variants (by Mã biến thể, or Tên biến thể); each product is saved in its own
 * transaction through the same `saveProduct` as the form, so a bad row only stops its product.
 * Units are merged into an existing variant (rows add or change units, never remove them), so a
 * long sheet may arrive in several calls. Brands, categories and groups named in the sheet are
 * created when missing; unit names must already be in the company's unit list.
 */
import { and, eq } from 'drizzle-orm';
import * as v from 'valibot';
import { fold } from '@contract/fold';
import { ProductInputSchema } from '@contract/products';
import { SHEET_ROW_KEY, type ProductImportAnswer, type ProductImportError, type ProductSheetColumn } from '@contract/products-files';
import type { Db } from '@server/kernel/db/client';
import { products } from '@server/kernel/db/schema';
import { HttpError } from '@server/kernel/errors';
import { allOptions, cleanTitle, OPTION_KINDS, sameTitle, type OptionKind } from './catalogue-options';
import { uniqueViolation } from '@server/kernel/sql';
import { saveProduct, type ProductData } from './product-write';
import { integer, RowError, text, yesNo, type Cells } from './product-sheet-cells';
import { drugMasterOfRow } from './product-sheet-drugs';
import { storedProductInput } from './product-stored';

type SheetUnit = { row: number; unit: string; factor: number; price: number; wholesale: number | null; barcode: string | null };
type SheetVariant = { row: number; code: string | null; name: string; active: boolean; units: SheetUnit[] };
type SheetProduct = { row: number; cells: Cells; code: string | null; variants: Map<string, SheetVariant> };

const active = (cells: Cells, row: number) => yesNo(cells, row, 'Đang bán', true);

function rowNumber(cells: Cells, index: number): number {
  const given = cells[SHEET_ROW_KEY];
  return typeof given === 'number' && Number.isInteger(given) && given > 0 ? given : index + 2;
}

/** Rows of one product: by Mã SP, or by folded Tên sản phẩm when the code is empty. */
function productKey(cells: Cells): string | null {
  const code = text(cells, 'Mã SP');
  const name = text(cells, 'Tên sản phẩm');
  return code ? `code:${code}` : name ? `name:${fold(name)}` : null;
}

/** Groups rows into products and variants; rows that cannot be read become errors, and their product is skipped. */
function groupRows(rows: Cells[], errors: ProductImportError[]): SheetProduct[] {
  const byKey = new Map<string, SheetProduct>();
  const failed = new Set<string>();
  rows.forEach((cells, index) => {
    const row = rowNumber(cells, index);
    const key = productKey(cells);
    try {
      if (!key) throw new RowError(row, 'Tên sản phẩm', `Dòng ${row}: cần Mã SP hoặc Tên sản phẩm`);
      const unit = text(cells, 'Đơn vị');
      if (!unit) throw new RowError(row, 'Đơn vị', `Dòng ${row}: vui lòng nhập Đơn vị`);
      const sheetUnit: SheetUnit = {
        row,
        unit,
        factor: integer(cells, 'Hệ số quy đổi', row, false) ?? 1,
        price: integer(cells, 'Giá bán', row, true)!,
        wholesale: integer(cells, 'Giá sỉ', row, false),
        barcode: text(cells, 'Mã vạch'),
      };
      const product = byKey.get(key) ?? { row, cells, code: text(cells, 'Mã SP'), variants: new Map<string, SheetVariant>() };
      byKey.set(key, product);
      const variantCode = text(cells, 'Mã biến thể');
      const variantName = text(cells, 'Tên biến thể') ?? '';
      const variantKey = variantCode ? `code:${variantCode}` : `name:${fold(variantName)}`;
      const variant = product.variants.get(variantKey) ?? {
        row,
        code: variantCode,
        name: variantName,
        active: active(cells, row),
        units: [],
      };
      product.variants.set(variantKey, variant);
      if (variant.units.some((other) => sameTitle(other.unit, unit))) {
        throw new RowError(row, 'Đơn vị', `Dòng ${row}: đơn vị "${unit}" bị lặp lại trong cùng biến thể`);
      }
      variant.units.push(sheetUnit);
    } catch (error) {
      if (!(error instanceof RowError)) throw error;
      errors.push({ row: error.row, field: error.field, message: error.message });
      // A product with an unreadable row is not saved half-way.
      if (key) failed.add(key);
    }
  });
  return [...byKey].filter(([key]) => !failed.has(key)).map(([, product]) => product);
}

/** The option of that title, created when the company does not have it yet. */
async function optionId(tx: Db, kind: Exclude<OptionKind, 'unit'>, companyId: number, title: string | null): Promise<number | null> {
  if (!title) return null;
  const found = (await allOptions(tx, kind, companyId)).find((option) => sameTitle(option.title, title));
  if (found) return found.id;
  const { table } = OPTION_KINDS[kind];
  const [row] = await tx
    .insert(table)
    .values({ companyId, title: cleanTitle(title) })
    .returning({ id: table.id });
  return row!.id;
}

const PRODUCT_FIELDS: Record<string, ProductSheetColumn> = {
  code: 'Mã SP',
  name: 'Tên sản phẩm',
  active_ingredient: 'Hoạt chất',
  strength: 'Hàm lượng',
  registration_number: 'Số đăng ký',
  manufacturer: 'Nhà sản xuất',
  country: 'Nước SX',
  brand_id: 'Thương hiệu',
  category_id: 'Danh mục',
  group_id: 'Nhóm',
  vat_rate: 'VAT (%)',
  is_medicine: 'Là thuốc',
  registration_expiry: 'Hết hạn số đăng ký',
  prescription: 'Thuốc kê đơn',
  essential: 'Thuốc thiết yếu',
  controlled_class: 'Nhóm kiểm soát',
  storage: 'Điều kiện bảo quản',
  national_code: 'Mã thuốc quốc gia',
};
const VARIANT_FIELDS: Record<string, ProductSheetColumn> = {
  code: 'Mã biến thể',
  name: 'Tên biến thể',
  is_active: 'Đang bán',
  id: 'Mã biến thể',
};
const UNIT_FIELDS: Record<string, ProductSheetColumn> = {
  unit: 'Đơn vị',
  factor: 'Hệ số quy đổi',
  price: 'Giá bán',
  wholesale_price: 'Giá sỉ',
  barcode: 'Mã vạch',
};

/** Where a field path of the product input came from in the sheet. */
type Origins = { product: number; variants: { row: number; units: number[] }[] };

function locate(origins: Origins, path: string): { row: number; field?: ProductSheetColumn } {
  const parts = path.split('.');
  if (parts[0] !== 'variants' || parts[1] === undefined) return { row: origins.product, field: PRODUCT_FIELDS[parts[0] ?? ''] };
  const variant = origins.variants[Number(parts[1])];
  if (!variant) return { row: origins.product };
  if (parts[2] !== 'units') return { row: variant.row, field: VARIANT_FIELDS[parts[2] ?? ''] };
  if (parts[3] === undefined) return { row: variant.row, field: 'Đơn vị' };
  const row = variant.units[Number(parts[3])] ?? variant.row;
  return { row: row > 0 ? row : variant.row, field: UNIT_FIELDS[parts[4] ?? ''] };
}

/** The product input: the stored product (if any) with the sheet's fields and units laid over it. */
async function buildInput(
  tx: Db,
  companyId: number,
  sheet: SheetProduct,
): Promise<{ input: unknown; origins: Origins; existingId: number | null }> {
  const [existing] = sheet.code
    ? await tx
        .select({ id: products.id })
        .from(products)
        .where(and(eq(products.companyId, companyId), eq(products.code, sheet.code)))
    : [];
  const base: ProductData | null = existing ? await storedProductInput(tx, companyId, existing.id) : null;
  const cells = sheet.cells;
  const origins: Origins = { product: sheet.row, variants: [] };
  const variantsInput: Record<string, unknown>[] = [];
  // Stored variants the sheet does not name stay as they are.
  const named = new Set<number>();
  for (const variant of sheet.variants.values()) {
    const stored = variant.code ? base?.variants.find((candidate) => candidate.code === variant.code) : undefined;
    if (stored?.id != null) named.add(stored.id);
    const units = new Map<string, { value: Record<string, unknown>; row: number }>();
    for (const unit of stored?.units ?? []) units.set(unit.unit.toLocaleLowerCase('vi'), { value: { ...unit }, row: 0 });
    for (const unit of variant.units) {
      units.set(unit.unit.toLocaleLowerCase('vi'), {
        value: { unit: unit.unit, factor: unit.factor, price: unit.price, wholesale_price: unit.wholesale, barcode: unit.barcode },
        row: unit.row,
      });
    }
    const ordered = [...units.values()].sort((a, b) => Number(a.value.factor) - Number(b.value.factor));
    variantsInput.push({
      id: stored?.id ?? null,
      code: variant.code,
      name: variant.name,
      is_active: variant.active,
      units: ordered.map((unit) => unit.value),
    });
    origins.variants.push({ row: variant.row, units: ordered.map((unit) => unit.row) });
  }
  for (const stored of base?.variants ?? []) {
    if (stored.id != null && !named.has(stored.id)) {
      variantsInput.push({ ...stored });
      origins.variants.push({ row: sheet.row, units: stored.units.map(() => sheet.row) });
    }
  }
  const input = {
    company: companyId,
    code: sheet.code,
    name: text(cells, 'Tên sản phẩm') ?? base?.name ?? '',
    active_ingredient: text(cells, 'Hoạt chất'),
    strength: text(cells, 'Hàm lượng'),
    registration_number: text(cells, 'Số đăng ký'),
    manufacturer: text(cells, 'Nhà sản xuất'),
    country: text(cells, 'Nước SX'),
    brand_id: await optionId(tx, 'brand', companyId, text(cells, 'Thương hiệu')),
    category_id: await optionId(tx, 'category', companyId, text(cells, 'Danh mục')),
    group_id: await optionId(tx, 'group', companyId, text(cells, 'Nhóm')),
    vat_rate: integer(cells, 'VAT (%)', sheet.row, false) ?? base?.vat_rate ?? 0,
    is_medicine: yesNo(cells, sheet.row, 'Là thuốc', base?.is_medicine ?? false),
    ...drugMasterOfRow(cells, sheet.row, base),
    description: base?.description ?? null,
    is_active: base?.is_active ?? true,
    variants: variantsInput,
  };
  return { input, origins, existingId: existing?.id ?? null };
}

function withRow(row: number, message: string): string {
  return message.startsWith('Dòng ') ? message : `Dòng ${row}: ${message}`;
}

class Rollback extends Error {
  constructor(readonly error: ProductImportError) {
    super(error.message);
  }
}

async function importProduct(db: Db, companyId: number, sheet: SheetProduct): Promise<'created' | 'updated'> {
  return db.transaction(async (tx) => {
    const { input, origins, existingId } = await buildInput(tx, companyId, sheet).catch((error: unknown) => {
      // A product-level cell (VAT, a drug master column) that cannot be read: reported on its row, nothing saved.
      if (error instanceof RowError) throw new Rollback({ row: error.row, field: error.field, message: error.message });
      throw error;
    });
    const parsed = v.safeParse(ProductInputSchema, input);
    if (!parsed.success) {
      const issue = parsed.issues[0]!;
      const path = (issue.path ?? []).map((item) => String(item.key)).join('.');
      const place = locate(origins, path);
      throw new Rollback({ row: place.row, field: place.field, message: withRow(place.row, issue.message) });
    }
    try {
      await saveProduct(tx, companyId, parsed.output, existingId);
    } catch (error) {
      if (error instanceof HttpError) {
        const [path] = Object.keys(error.fields ?? {});
        const place = path ? locate(origins, path) : { row: sheet.row };
        throw new Rollback({ row: place.row, field: place.field, message: withRow(place.row, error.message) });
      }
      throw error;
    }
    return existingId === null ? 'created' : 'updated';
  });
}

export async function importProductRows(db: Db, companyId: number, rows: Cells[]): Promise<ProductImportAnswer> {
  const errors: ProductImportError[] = [];
  const answer: ProductImportAnswer = { created: 0, updated: 0, errors };
  for (const sheet of groupRows(rows, errors)) {
    try {
      answer[await importProduct(db, companyId, sheet)] += 1;
    } catch (error) {
      if (error instanceof Rollback) errors.push(error.error);
      else if (uniqueViolation(error) !== null) {
        errors.push({ row: sheet.row, message: `Dòng ${sheet.row}: mã sản phẩm, mã biến thể hoặc mã vạch bị trùng` });
      } else throw error;
    }
  }
  errors.sort((a, b) => a.row - b.row);
  return answer;
}
