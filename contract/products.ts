/**
 * The catalogue as a pharmaceutical distributor needs it: products (code, name, active
 * ingredient and strength, registration number, manufacturer and country, brand, category, group,
 * VAT rate, images) with variants; each variant sells in several units with conversions to its base
 * unit (hộp = 10 vỉ, vỉ = 10 viên) and a price per unit, a barcode per unit, and a wholesale price
 * per unit when the WHOLESALE switch is on. Money is whole đồng.
 */
import * as v from 'valibot';
import { groupDigits } from './money';
import { defineSyncDomain } from './sync';
import { drugFilterFields, drugMasterFields, type DrugMaster } from './products-drugs';
import { bodyObject, companyBodyField, companyQueryField, optionalText, pagingFields, requiredText } from './validation';

// The drug master lives in products-drugs.ts (this file's size); those who import it from here keep working.
export { drugMasterFields, type DrugMaster } from './products-drugs';

export const VAT_RATES = [0, 5, 8, 10] as const;
export type VatRate = (typeof VAT_RATES)[number];

/** Common Vietnamese pharmacy units, offered first in pickers; companies may add their own. */
export const DEFAULT_UNITS = ['viên', 'vỉ', 'hộp', 'chai', 'lọ', 'tuýp', 'gói', 'ống', 'túi', 'thùng', 'cái', 'hũ'] as const;

export const MAX_PRICE = 100_000_000_000;

export type VariantUnit = {
  unit: string;
  /** How many base units one of this unit holds (base unit: 1). */
  factor: number;
  /** Retail price of one of this unit, in đồng. */
  price: number;
  wholesale_price: number | null;
  barcode: string | null;
};

export type VariantRecord = {
  id: number;
  company: number;
  product_id: number;
  product_code: string;
  product_name: string;
  code: string;
  /** What sets this variant apart (flavour, pack), empty for a single-variant product. */
  name: string;
  /** The base unit first, then bigger units by factor. */
  units: VariantUnit[];
  active_ingredient: string | null;
  strength: string | null;
  registration_number: string | null;
  manufacturer: string | null;
  country: string | null;
  brand_id: number | null;
  brand_name: string | null;
  category_id: number | null;
  category_name: string | null;
  group_id: number | null;
  group_name: string | null;
  vat_rate: VatRate;
  /** A human medicine: promoted or given only to licensed drug businesses (contract/promotions-engine.ts). */
  is_medicine: boolean;
  is_active: boolean;
  image_url: string | null;
  updated_at: string;
  /** One base unit's weight and size, for carriers (docs/delivery.md "Parcels"); null when not given. */
  weight_grams?: number | null;
  length_cm?: number | null;
  width_cm?: number | null;
  height_cm?: number | null;
} & DrugMaster;

export type ProductImage = { id: string; url: string };

export type ProductRecord = {
  id: number;
  company: number;
  code: string;
  name: string;
  active_ingredient: string | null;
  strength: string | null;
  registration_number: string | null;
  manufacturer: string | null;
  country: string | null;
  brand_id: number | null;
  brand_name: string | null;
  category_id: number | null;
  category_name: string | null;
  group_id: number | null;
  group_name: string | null;
  vat_rate: VatRate;
  is_medicine: boolean;
  description: string | null;
  is_active: boolean;
  images: ProductImage[];
  variants: VariantRecord[];
  created_at: string;
  updated_at: string;
} & DrugMaster;

/** Brand, category, group and unit lists: one shape, one select format. */
export type CatalogueOption = { id: number; title: string };
export type SelectOption = { value: number; label: string };

const money = (label: string) =>
  v.pipe(
    v.number(`${label} phải là số`),
    v.integer(`${label} phải là số nguyên (đồng)`),
    v.minValue(0, `${label} không được âm`),
    v.maxValue(MAX_PRICE, `${label} quá lớn`),
  );

const optionalId = (label: string) =>
  v.optional(
    v.nullable(
      v.pipe(
        v.number(`${label} không hợp lệ`),
        v.integer(`${label} không hợp lệ`),
        v.minValue(1, `${label} không hợp lệ`),
        v.maxValue(2_147_483_647, `${label} không hợp lệ`),
      ),
    ),
    null,
  );

const barcode = v.optional(
  v.nullable(
    v.pipe(
      v.string('Mã vạch phải là chuỗi ký tự'),
      v.trim(),
      v.regex(/^([0-9A-Za-z\-.]{4,64})?$/, 'Mã vạch chỉ gồm chữ, số, dấu gạch (4–64 ký tự)'),
      v.transform((value) => value || null),
    ),
  ),
  null,
);

export const VariantUnitSchema = v.object(
  {
    unit: requiredText('đơn vị tính', 30),
    factor: v.pipe(
      v.number('Hệ số quy đổi phải là số'),
      v.integer('Hệ số quy đổi phải là số nguyên'),
      v.minValue(1, 'Hệ số quy đổi tối thiểu là 1'),
      v.maxValue(1_000_000, 'Hệ số quy đổi quá lớn'),
    ),
    price: money('Giá bán'),
    wholesale_price: v.optional(v.nullable(money('Giá bán sỉ')), null),
    barcode,
  },
  'Đơn vị tính không hợp lệ',
);

/** Units of one variant: exactly one base unit (factor 1), no unit or factor twice. */
export const VariantUnitsSchema = v.pipe(
  v.array(VariantUnitSchema, 'Danh sách đơn vị tính không hợp lệ'),
  v.minLength(1, 'Cần ít nhất một đơn vị tính'),
  v.maxLength(10, 'Tối đa 10 đơn vị tính'),
  v.check((units) => units.filter((unit) => unit.factor === 1).length === 1, 'Cần đúng một đơn vị cơ bản (hệ số 1)'),
  v.check((units) => new Set(units.map((unit) => unit.unit.toLowerCase())).size === units.length, 'Đơn vị tính bị trùng'),
  v.check((units) => new Set(units.map((unit) => unit.factor)).size === units.length, 'Hai đơn vị tính không được có cùng hệ số'),
  v.check((units) => {
    const codes = units.map((unit) => unit.barcode).filter(Boolean);
    return new Set(codes).size === codes.length;
  }, 'Mã vạch bị trùng giữa các đơn vị'),
  v.transform((units) => [...units].sort((a, b) => a.factor - b.factor)),
);

/** A base unit's weight or side: a whole number from 1 up to what carriers take. */
function parcelSide(label: string, max: number) {
  return v.optional(
    v.nullable(
      v.pipe(
        v.number(`${label} không hợp lệ`),
        v.integer(`${label} phải là số nguyên`),
        v.minValue(1, `${label} phải lớn hơn 0`),
        v.maxValue(max, `${label} tối đa là ${groupDigits(max)}`),
      ),
    ),
  );
}

export const VariantInputSchema = v.object(
  {
    /** Present when editing an existing variant. */
    id: optionalId('Biến thể'),
    code: v.optional(v.nullable(v.pipe(v.string('Mã biến thể không hợp lệ'), v.trim(), v.maxLength(40, 'Mã biến thể quá dài'))), null),
    name: v.optional(v.pipe(v.string('Tên biến thể phải là chuỗi ký tự'), v.trim(), v.maxLength(120, 'Tên biến thể quá dài')), ''),
    units: VariantUnitsSchema,
    is_active: v.optional(v.boolean('Trạng thái không hợp lệ'), true),
    // Left out: kept as stored (a sheet import, a variant's own edit); null: not given.
    weight_grams: parcelSide('Khối lượng (gram)', 1_000_000),
    length_cm: parcelSide('Chiều dài (cm)', 300),
    width_cm: parcelSide('Chiều rộng (cm)', 300),
    height_cm: parcelSide('Chiều cao (cm)', 300),
  },
  'Biến thể không hợp lệ',
);

export const ProductInputSchema = bodyObject({
  company: companyBodyField,
  code: v.optional(v.nullable(v.pipe(v.string('Mã sản phẩm không hợp lệ'), v.trim(), v.maxLength(40, 'Mã sản phẩm quá dài'))), null),
  name: requiredText('tên sản phẩm', 200),
  active_ingredient: optionalText('hoạt chất', 300),
  strength: optionalText('hàm lượng', 100),
  registration_number: optionalText('số đăng ký', 60),
  manufacturer: optionalText('nhà sản xuất', 200),
  country: optionalText('nước sản xuất', 80),
  brand_id: optionalId('Thương hiệu'),
  category_id: optionalId('Danh mục'),
  group_id: optionalId('Nhóm sản phẩm'),
  vat_rate: v.optional(v.picklist(VAT_RATES, 'Thuế suất VAT chỉ nhận 0, 5, 8 hoặc 10%'), 0),
  is_medicine: v.optional(v.boolean('Loại thuốc không hợp lệ'), false),
  ...drugMasterFields,
  description: optionalText('mô tả', 5000),
  is_active: v.optional(v.boolean('Trạng thái không hợp lệ'), true),
  variants: v.pipe(
    v.array(VariantInputSchema, 'Danh sách biến thể không hợp lệ'),
    v.minLength(1, 'Cần ít nhất một biến thể'),
    v.maxLength(50, 'Tối đa 50 biến thể'),
  ),
});
export type ProductInput = v.InferInput<typeof ProductInputSchema>;

export const PRODUCT_SORTS = ['name', '-name', 'code', '-code', 'updated_at', '-updated_at'] as const;

/** List filters (product-spec.md §3 "Product … filter page, limit, search, brand, productCategory, productGroup"), and the drug master's. */
export const ProductListQuery = v.object({
  company: companyQueryField,
  ...pagingFields(),
  search: v.optional(v.pipe(v.string(), v.maxLength(100, 'Từ khóa tìm kiếm quá dài'))),
  brand: v.optional(v.pipe(v.string(), v.regex(/^\d{1,9}$/, 'Thương hiệu không hợp lệ'), v.transform(Number))),
  category: v.optional(v.pipe(v.string(), v.regex(/^\d{1,9}$/, 'Danh mục không hợp lệ'), v.transform(Number))),
  group: v.optional(v.pipe(v.string(), v.regex(/^\d{1,9}$/, 'Nhóm sản phẩm không hợp lệ'), v.transform(Number))),
  is_active: v.optional(v.picklist(['true', 'false'], 'Trạng thái không hợp lệ')),
  ...drugFilterFields,
  ordering: v.optional(v.picklist(PRODUCT_SORTS, 'Cách sắp xếp không hợp lệ'), 'name'),
});

export const CatalogueOptionInputSchema = bodyObject({
  company: companyBodyField,
  title: requiredText('tên', 120),
});

export const productPaths = {
  products: '/product/api/product/',
  product: (id: number | string) => `/product/api/product/${id}/`,
  productImages: (id: number | string) => `/product/api/product/${id}/images/`,
  image: (id: string) => `/product/api/image/${id}/`,
  productDetail: '/product/api/productdetail/',
  variants: '/product/api/variant/',
  variant: (id: number | string) => `/product/api/variant/${id}/`,
  wholesale: '/product/api/updatevariantwholesale/',
  units: '/product/api/unit/',
  unit: (id: number | string) => `/product/api/unit/${id}/`,
  brands: '/product/api/productbrand/',
  brand: (id: number | string) => `/product/api/productbrand/${id}/`,
  brandSelect: '/product/api/productbrand/select/',
  categories: '/product/api/productcategory/',
  category: (id: number | string) => `/product/api/productcategory/${id}/`,
  categorySelect: '/product/api/productcategory/select/',
  groups: '/product/api/productgroup/',
  group: (id: number | string) => `/product/api/productgroup/${id}/`,
  groupSelect: '/product/api/productgroup/select/',
  scan: '/product/api/scanproduct/',
  exportProducts: '/product/api/product/export/',
  importProducts: '/product/api/product/import/',
  pricePolicies: '/product/api/pricepolicy/',
  pricePolicy: (id: number | string) => `/product/api/pricepolicy/${id}/`,
  pricePolicyUpdate: '/product/api/pricepolicyupdate/',
  priceTypes: '/product/api/getlisttypeprice/',
} as const;

/** What a barcode scan answers: the variant and the unit whose barcode it is. */
export type ScanAnswer = { variant: VariantRecord; unit: VariantUnit };

/*
 * Added for the server's calls (nothing above changed): query and body schemas of the
 * catalogue calls, unit options, image limits, and the Excel sheet both sides read and write.
 */

const idValue = (label: string) =>
  v.pipe(
    v.number(`${label} không hợp lệ`),
    v.integer(`${label} không hợp lệ`),
    v.minValue(1, `${label} không hợp lệ`),
    v.maxValue(2_147_483_647, `${label} không hợp lệ`),
  );

/** `?company=` alone: details, deletes, select lists, scans. */
export const CompanyQuery = v.object({ company: companyQueryField });

/** Brand, category, group and unit lists: paged, searched on the title without diacritics. */
export const CatalogueListQuery = v.object({
  company: companyQueryField,
  ...pagingFields(),
  search: v.optional(v.pipe(v.string(), v.maxLength(100, 'Từ khóa tìm kiếm quá dài'))),
});

/**
 * A row of `unit/`: the company's own units (with an id) and the DEFAULT_UNITS it has not added
 * (id null). `is_default` marks the DEFAULT_UNITS. Defaults come first, in DEFAULT_UNITS order.
 */
export type UnitOption = { id: number | null; title: string; is_default: boolean };
/** `unit/select/`: units are stored on variants by name, so the value is the name. */
export type UnitSelectOption = { value: string; label: string };

export function isDefaultUnit(title: string): boolean {
  const lower = title.trim().toLowerCase();
  return DEFAULT_UNITS.some((unit) => unit === lower);
}

/** `variant/`: the product filters plus an exact barcode of any of the variant's units. */
export const VariantListQuery = v.object({
  ...ProductListQuery.entries,
  barcode: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(64, 'Mã vạch quá dài'))),
});

export const ScanQuery = v.object({
  company: companyQueryField,
  barcode: v.pipe(
    v.optional(v.string('Mã vạch không hợp lệ'), ''),
    v.trim(),
    v.nonEmpty('Vui lòng nhập mã vạch'),
    v.maxLength(64, 'Mã vạch quá dài'),
  ),
});

/** `PUT variant/{id}/`: units (prices, barcodes), code, name, active flag; what is left out stays as it is. */
export const VariantUpdateSchema = bodyObject({
  company: companyBodyField,
  code: v.optional(v.nullable(v.pipe(v.string('Mã biến thể không hợp lệ'), v.trim(), v.maxLength(40, 'Mã biến thể quá dài')))),
  name: v.optional(v.pipe(v.string('Tên biến thể phải là chuỗi ký tự'), v.trim(), v.maxLength(120, 'Tên biến thể quá dài'))),
  units: v.optional(VariantUnitsSchema),
  is_active: v.optional(v.boolean('Trạng thái không hợp lệ')),
});

export const MAX_WHOLESALE_ITEMS = 1000;

/** `PUT updatevariantwholesale/`: wholesale prices per variant unit; null removes one. */
export const WholesaleUpdateSchema = bodyObject({
  company: companyBodyField,
  items: v.pipe(
    v.array(
      v.object(
        {
          variant_id: idValue('Biến thể'),
          unit: requiredText('đơn vị tính', 30),
          wholesale_price: v.nullable(money('Giá bán sỉ')),
        },
        'Dòng giá sỉ không hợp lệ',
      ),
      'Danh sách giá sỉ không hợp lệ',
    ),
    v.minLength(1, 'Không có giá sỉ nào để cập nhật'),
    v.maxLength(MAX_WHOLESALE_ITEMS, `Mỗi lần cập nhật tối đa ${MAX_WHOLESALE_ITEMS} dòng`),
  ),
});

export const MAX_PRODUCT_DETAIL_IDS = 200;

/** `POST productdetail/`: several products at once, in the order asked (unknown ids are left out). */
export const ProductDetailSchema = bodyObject({
  company: companyBodyField,
  ids: v.pipe(
    v.array(idValue('Sản phẩm'), 'Danh sách sản phẩm không hợp lệ'),
    v.maxLength(MAX_PRODUCT_DETAIL_IDS, `Tối đa ${MAX_PRODUCT_DETAIL_IDS} sản phẩm mỗi lần`),
  ),
});

/** The catalogue reaches the phones as variants (with their product, units and barcodes); nothing is queued. */
export const productsSync = defineSyncDomain({
  name: 'products',
  entities: ['variant'],
  reads: {
    variant: {
      anyOf: [
        ['products', 'view'],
        ['orders', 'create'],
      ],
    },
  },
  ops: {},
});
