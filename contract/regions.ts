/**
 * Areas and regions, and KPI by area (product-spec.md §7 "Region (region/api): regions, region/{id},
 * configkpi, getstaff, getcustomer, getorder, views, import"). Paths are relative to /api.
 *
 * Decisions:
 * - A region groups provinces of the new two-level units (34 codes). A province belongs to at most
 *   one region of a company. Customers and orders inherit their region from their address: a
 *   customer (or an order, which copies its customer's province) is in the region whose provinces
 *   hold its province code. An address entered before the July 2025 reform keeps an old province
 *   code; it counts for the region of the new province the old one merged into.
 * - Staff are assigned to a region through their membership (`account_companies.region_id`, set on
 *   the staff screens); `getstaff/` lists them.
 * - Deleting a region is refused (409) while staff are assigned to it, naming them: people must be
 *   moved first, so no one is left without a region silently. Its KPI targets go with it; customers
 *   and orders keep their addresses and simply belong to no region.
 * - Region codes are upper-cased; they are unique in a company (409 on a duplicate).
 * - Whom a member sees: 'company' scope every region; 'region' and 'own' scope only the region of
 *   their membership (none when they have none). KPI: 'company' everyone, 'region' their region and
 *   its reps, 'own' only themselves. Writing a target needs `kpi/edit`, and a region-scope member
 *   may set targets only for their region and its reps.
 * - Import (`import/`): the client reads the sheet and sends its rows (at most 500 a call) keyed by
 *   the column headers; each row is saved on its own (created, or updated when its code exists, its
 *   provinces replaced), so a bad row stops only itself. `GET import/` gives the .xlsx template
 *   with a second sheet of the 34 provinces and their codes.
 */
import * as v from 'valibot';
import { isMonth, MONTH_MESSAGE, type KpiProgress, type KpiValues, type MonthClock, type TargetSource } from './kpi';
import type { DataScope } from './roles';
import type { OrderStatus } from './orders-status';
import { bodyObject, idField, optionalText, pagingFields } from './validation';

export const regionPaths = {
  /** GET (company, search, page, limit) — POST create. */
  regions: '/region/api/regions/',
  /** GET (company) — PUT — DELETE (company). */
  region: (id: number | string) => `/region/api/region/${id}/`,
  /** GET (company, region, page, limit, search) members assigned to the region. */
  staff: '/region/api/getstaff/',
  /** GET (company, region, page, limit, search) customers whose address is in the region. */
  customers: '/region/api/getcustomer/',
  /** GET (company, region, page, limit, search) orders whose address is in the region. */
  orders: '/region/api/getorder/',
  /** GET (company) the .xlsx template — POST rows read from such a sheet. */
  import: '/region/api/import/',
} as const;

// ---- Records -------------------------------------------------------------------------------------

export type RegionRef = { id: number; code: string; name: string };

export type RegionRecord = RegionRef & {
  company: number;
  description: string | null;
  /** New two-level province codes with their names, sorted by name. */
  provinces: { code: string; name: string }[];
  /** Members assigned to the region. */
  staff_count: number;
  /** Customers whose address is in the region. */
  customer_count: number;
  created_at: string;
  updated_at: string;
};

export type RegionStaffRow = {
  account_id: number;
  code: string | null;
  full_name: string;
  phone: string;
  email: string | null;
  /** sales (trình dược viên / nhân viên bán hàng) | office */
  staff_kind: string;
  role_name: string | null;
  manager_name: string | null;
  is_active: boolean;
  start_date: string | null;
};

export type RegionCustomerRow = {
  id: string;
  code: string;
  name: string;
  kind: string;
  phone: string | null;
  /** One line: street, ward, (district,) province. */
  address: string;
  province_code: string | null;
  staff_name: string | null;
  status: string;
  created_at: string;
};

export type RegionOrderRow = {
  id: string;
  code: string | null;
  local_no: string;
  status: OrderStatus;
  customer_name: string;
  customer_address: string;
  account_name: string;
  total: number;
  created_at: string;
};

export type KpiTargetRecord = {
  id: number;
  month: string;
  /** The region of a region target; null for a rep's or the company's. */
  region_id: number | null;
  /** The rep of a rep target; null for a region's or the company's. */
  account_id: number | null;
  updated_at: string;
} & KpiValues;

export type KpiConfigAnswer = { month: string; targets: KpiTargetRecord[] };

export type KpiRegionRow = {
  region: RegionRef;
  /** Its own target (what the editor shows); null when it has none. */
  own_target: KpiValues | null;
  /** What it is judged against: its own, else the sum of its reps' (contract/kpi.ts). */
  target: KpiValues | null;
  target_source: TargetSource;
  actual: KpiValues;
  progress: KpiProgress;
  rep_count: number;
};

export type KpiRepRow = {
  account: { id: number; full_name: string; phone: string; code: string | null };
  region: RegionRef | null;
  is_active: boolean;
  target: KpiValues | null;
  actual: KpiValues;
  progress: KpiProgress;
};

export type KpiCompanyRow = {
  own_target: KpiValues | null;
  target: KpiValues | null;
  target_source: TargetSource;
  actual: KpiValues;
  progress: KpiProgress;
};

export type KpiViewsAnswer = {
  month: string;
  clock: MonthClock;
  /** The scope the caller sees the month with. */
  scope: DataScope;
  /** The whole company (company scope only). */
  company: KpiCompanyRow | null;
  regions: KpiRegionRow[];
  reps: KpiRepRow[];
};

export type MyKpiAnswer = {
  month: string;
  clock: MonthClock;
  account: { id: number; full_name: string };
  region: RegionRef | null;
  target: KpiValues | null;
  actual: KpiValues;
  progress: KpiProgress;
};

// ---- Requests ------------------------------------------------------------------------------------

const companyField = idField('công ty');
const searchField = v.optional(v.pipe(v.string(), v.trim(), v.maxLength(100, 'Từ khóa tìm kiếm quá dài')), '');

export const REGION_CODE_PATTERN = /^[A-Z0-9][A-Z0-9_.-]*$/;
export const REGION_CODE_MESSAGE = 'Mã khu vực chỉ gồm chữ cái không dấu, chữ số và các ký tự - _ .';

// Missing keys read as '' so the message names the field in Vietnamese.
const regionCode = v.pipe(
  v.optional(v.string('Mã khu vực phải là chuỗi ký tự'), ''),
  v.trim(),
  v.nonEmpty('Vui lòng nhập mã khu vực'),
  v.maxLength(20, 'Mã khu vực không được dài quá 20 ký tự'),
  v.transform((code) => code.toUpperCase()),
  v.regex(REGION_CODE_PATTERN, REGION_CODE_MESSAGE),
);

/** New province codes: two digits, no repeats. */
const provinceList = v.pipe(
  v.optional(
    v.array(
      v.pipe(v.string('Mã tỉnh/thành phố không hợp lệ'), v.regex(/^\d{2}$/, 'Mã tỉnh/thành phố không hợp lệ (gồm 2 chữ số)')),
      'Danh sách tỉnh/thành phố không hợp lệ',
    ),
    [],
  ),
  v.maxLength(34, 'Một khu vực có tối đa 34 tỉnh/thành phố'),
  v.transform((codes) => [...new Set(codes)]),
);

export const RegionInputSchema = bodyObject({
  company: companyField,
  code: regionCode,
  name: v.pipe(
    v.optional(v.string('Tên khu vực phải là chuỗi ký tự'), ''),
    v.trim(),
    v.nonEmpty('Vui lòng nhập tên khu vực'),
    v.maxLength(255, 'Tên khu vực không được dài quá 255 ký tự'),
  ),
  description: optionalText('mô tả', 1000),
  provinces: provinceList,
});
export type RegionInput = v.InferInput<typeof RegionInputSchema>;
export type RegionData = v.InferOutput<typeof RegionInputSchema>;

export const RegionListQuery = v.object({ company: companyField, search: searchField, ...pagingFields() });
export type RegionListFilter = v.InferOutput<typeof RegionListQuery>;

export const RegionCompanyQuery = v.object({ company: companyField });

/** getstaff/, getcustomer/, getorder/. */
export const RegionChildQuery = v.object({
  company: companyField,
  region: v.pipe(
    v.optional(v.string('Khu vực không hợp lệ'), ''),
    v.trim(),
    v.nonEmpty('Vui lòng chọn khu vực'),
    v.regex(/^\d{1,9}$/, 'Khu vực không hợp lệ'),
    v.transform(Number),
    v.minValue(1, 'Khu vực không hợp lệ'),
  ),
  search: searchField,
  ...pagingFields(),
});

const monthField = v.pipe(
  v.optional(v.string(MONTH_MESSAGE), ''),
  v.trim(),
  v.check((month) => isMonth(month), MONTH_MESSAGE),
);

/** views/, configkpi/ (GET) and my-kpi/: the month defaults to the current one in Vietnam. */
export const KpiMonthQuery = v.object({
  company: companyField,
  month: v.optional(
    v.pipe(
      v.string(MONTH_MESSAGE),
      v.trim(),
      v.check((month) => isMonth(month), MONTH_MESSAGE),
    ),
  ),
  region: v.optional(idField('khu vực')),
});

const MAX_REVENUE = 1_000_000_000_000_000;
const MAX_COUNT = 1_000_000_000;

const targetNumber = (label: string, max: number) =>
  v.pipe(
    v.optional(v.number(`${label} phải là số`), 0),
    v.integer(`${label} phải là số nguyên`),
    v.minValue(0, `${label} không được âm`),
    v.maxValue(max, `${label} quá lớn`),
  );

const optionalRef = (label: string) => v.optional(v.nullable(idField(label)), null);

export const KpiTargetInputSchema = v.pipe(
  v.object(
    {
      /** A region's target. */
      region: optionalRef('khu vực'),
      /** A rep's target. Neither: the company's. */
      account: optionalRef('nhân viên'),
      revenue: targetNumber('Doanh thu mục tiêu', MAX_REVENUE),
      orders: targetNumber('Số đơn hàng mục tiêu', MAX_COUNT),
      new_customers: targetNumber('Số khách hàng mới mục tiêu', MAX_COUNT),
      visits: targetNumber('Số lượt ghé thăm mục tiêu', MAX_COUNT),
    },
    'Chỉ tiêu không hợp lệ',
  ),
  v.check((target) => target.region === null || target.account === null, 'Một chỉ tiêu chỉ dành cho một khu vực hoặc một nhân viên'),
);
export type KpiTargetInput = v.InferInput<typeof KpiTargetInputSchema>;

/**
 * Sets the month's targets it names (others stay as they are). A target whose four values are all
 * zero is removed. The same region or rep twice in one call is refused.
 */
export const KpiConfigSchema = v.pipe(
  bodyObject({
    company: companyField,
    month: monthField,
    targets: v.pipe(
      v.optional(v.array(KpiTargetInputSchema, 'Danh sách chỉ tiêu không hợp lệ'), []),
      v.minLength(1, 'Vui lòng nhập ít nhất một chỉ tiêu'),
      v.maxLength(2000, 'Tối đa 2000 chỉ tiêu mỗi lần lưu'),
    ),
  }),
  v.check((input) => {
    const keys = input.targets.map((target) => `${target.region ?? 0}:${target.account ?? 0}`);
    return new Set(keys).size === keys.length;
  }, 'Mỗi khu vực hoặc nhân viên chỉ có một chỉ tiêu trong tháng'),
);
export type KpiConfigInput = v.InferInput<typeof KpiConfigSchema>;

// ---- Import --------------------------------------------------------------------------------------

export const REGION_SHEET_COLUMNS = ['Mã khu vực', 'Tên khu vực', 'Mô tả', 'Tỉnh/thành'] as const;
export type RegionSheetColumn = (typeof REGION_SHEET_COLUMNS)[number];
export const REGION_REQUIRED_COLUMNS: readonly RegionSheetColumn[] = ['Mã khu vực', 'Tên khu vực'];

/** The sheet row number of a row, so errors name the row a person sees in Excel. */
export const REGION_ROW_KEY = '_row';
export const MAX_REGION_IMPORT_ROWS = 500;

export type RegionSheetCell = string | number | boolean | null;
export type RegionSheetRow = Partial<Record<RegionSheetColumn, RegionSheetCell>> & { _row?: number };

export const RegionImportSchema = bodyObject({
  company: companyField,
  rows: v.pipe(
    v.array(
      v.record(
        v.string(),
        v.nullable(v.union([v.pipe(v.string(), v.maxLength(2000, 'Ô dữ liệu quá dài')), v.number(), v.boolean()]), null),
        'Dòng dữ liệu không hợp lệ',
      ),
      'Danh sách dòng không hợp lệ',
    ),
    v.minLength(1, 'Tệp không có dòng dữ liệu nào'),
    v.maxLength(MAX_REGION_IMPORT_ROWS, `Tối đa ${MAX_REGION_IMPORT_ROWS} dòng mỗi lần gửi`),
  ),
});

export type RegionImportError = { row: number; field?: RegionSheetColumn; message: string };
export type RegionImportAnswer = { created: number; updated: number; errors: RegionImportError[] };

export const REGION_TEMPLATE_FILE_NAME = 'mau-nhap-khu-vuc.xlsx';

/** Province cells: names or codes separated by commas, semicolons or new lines. */
export function splitProvinceCell(cell: RegionSheetCell | undefined): string[] {
  if (cell === null || cell === undefined || typeof cell === 'boolean') return [];
  const text = typeof cell === 'number' ? String(cell) : cell;
  return text
    .normalize('NFC')
    .split(/[,;\n]+/)
    .map((part) => part.trim())
    .filter(Boolean);
}

// ---- Messages ------------------------------------------------------------------------------------

export const REGION_MESSAGES = {
  notFound: 'Không tìm thấy khu vực',
  created: 'Thêm khu vực thành công',
  updated: 'Cập nhật khu vực thành công',
  deleted: 'Đã xóa khu vực',
  codeTaken: (code: string) => `Mã khu vực ${code} đã tồn tại`,
  unknownProvince: (code: string) => `Không có tỉnh/thành phố mã ${code} (theo đơn vị hành chính mới)`,
  provinceTaken: (province: string, region: string) => `${province} đã thuộc khu vực ${region}`,
  hasStaff: (count: number, names: string) =>
    `Không thể xóa: khu vực đang có ${count} nhân viên (${names}). Hãy chuyển họ sang khu vực khác trước khi xóa.`,
  otherRegion: 'Bạn chỉ được xem khu vực mình phụ trách',
  companyOnly: 'Chỉ người quản lý toàn công ty mới được thêm, xóa hoặc nhập khu vực',
  targetsSaved: 'Đã lưu chỉ tiêu KPI',
  regionNotInCompany: 'Khu vực không thuộc công ty này',
  accountNotInCompany: 'Nhân viên không thuộc công ty này',
  targetOutsideRegion: 'Bạn chỉ được đặt chỉ tiêu cho khu vực mình phụ trách và nhân viên trong khu vực đó',
  ownOnly: 'Bạn chỉ được xem KPI của chính mình',
} as const;
