/**
 * The system administrator's side (product-spec.md §6 "Admin-level calls … are separate from
 * company-level calls"; §7 Account, Order and Shop calls; docs/system.md): every account of the
 * platform, account types, the platform's figures, package orders of companies (system orders),
 * shops (stores, suppliers, distributors) with their business types, and historical sales imported
 * for a company. Only an account of type SYSTEM reaches these calls.
 */
import * as v from 'valibot';
import { onboardingPaths, type BusinessTypeRecord } from './company-onboarding';

export type { BusinessTypeRecord };
import { SYSTEM_ORDER_STATUSES, type SystemOrderStatus } from './plans';
import { phoneField } from './phone';
import { bodyObject, idField, isIsoDate, optionalText, pagingFields, requiredText } from './validation';

/** The account type of the system administrator (seeded with COMPANY). */
export const SYSTEM_ACCOUNT_TYPE = 'SYSTEM';

export type AdminAccountRecord = {
  id: number;
  phone: string;
  full_name: string;
  email: string | null;
  address: string | null;
  account_type: { id: number; code: string; title: string };
  is_active: boolean;
  company_count: number;
  last_sign_in_at: string | null;
  created_at: string;
};

export type AdminMembership = { company: number; title: string; status: string; is_owner: boolean; is_active: boolean };
export type AdminAccountDetail = AdminAccountRecord & {
  birthday: string | null;
  gender: string | null;
  companies: AdminMembership[];
};

export const ACCOUNT_STATES = ['active', 'locked'] as const;
export const ACCOUNT_STATE_LABELS: Record<(typeof ACCOUNT_STATES)[number], string> = { active: 'Đang hoạt động', locked: 'Đã khóa' };

export const AdminAccountQuery = v.object({
  ...pagingFields(),
  search: v.optional(v.pipe(v.string(), v.maxLength(100, 'Từ khóa tìm kiếm quá dài'))),
  account_type: v.optional(v.pipe(v.string(), v.regex(/^[A-Z0-9_-]{1,30}$/, 'Loại tài khoản không hợp lệ'))),
  status: v.optional(v.picklist(ACCOUNT_STATES, 'Trạng thái không hợp lệ')),
});

const email = v.pipe(
  optionalText('email', 255),
  v.check((value) => value == null || /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value), 'Email không hợp lệ'),
);

/** PUT admin/account/{id}/: the person's details and type (a phone is their sign-in and is not changed here). */
export const AdminAccountUpdateSchema = bodyObject({
  full_name: requiredText('họ và tên', 120),
  email,
  address: optionalText('địa chỉ', 500),
  account_type: v.optional(idField('loại tài khoản')),
});

/** PUT admin/updatestatusaccount/: lock (every session ends at once) or unlock an account. */
export const UpdateStatusAccountSchema = bodyObject({
  account: idField('tài khoản'),
  is_active: v.boolean('Trạng thái phải là đúng hoặc sai'),
});

/** PUT admin/updatepassword/{id}/ without a company: the system administrator sets a new password. */
export const AdminPasswordSchema = bodyObject({
  new_password: v.pipe(
    v.string('Vui lòng nhập mật khẩu mới'),
    v.nonEmpty('Vui lòng nhập mật khẩu mới'),
    v.maxLength(128, 'Mật khẩu quá dài'),
  ),
});

export type AccountTypeRecord = { id: number; code: string; title: string; account_count: number; is_builtin: boolean };

export const AccountTypeInputSchema = bodyObject({
  id: v.optional(idField('loại tài khoản')),
  code: v.pipe(
    requiredText('mã loại tài khoản', 30),
    v.toUpperCase(),
    v.regex(/^[A-Z0-9_-]+$/, 'Mã loại tài khoản chỉ gồm chữ cái không dấu, chữ số, "-" và "_"'),
  ),
  title: requiredText('tên loại tài khoản', 100),
});

/** system/: the platform at a glance. */
export type SystemOverview = {
  accounts: number;
  locked_accounts: number;
  companies: number;
  shops: number;
  subscriptions_active: number;
  subscriptions_expiring: number;
  system_orders_pending: number;
  revenue_this_month: number;
  orders_today: number;
};

export const SystemOrderQuery = v.object({
  ...pagingFields(),
  status: v.optional(v.picklist(SYSTEM_ORDER_STATUSES, 'Trạng thái không hợp lệ')),
  search: v.optional(v.pipe(v.string(), v.maxLength(100, 'Từ khóa tìm kiếm quá dài'))),
});

const reason = v.pipe(
  v.string('Vui lòng nhập lý do hủy'),
  v.trim(),
  v.nonEmpty('Vui lòng nhập lý do hủy'),
  v.maxLength(500, 'Lý do không được dài quá 500 ký tự'),
);

export const CancelSystemOrderSchema = bodyObject({ order: idField('đơn đăng ký gói'), reason });

export const SystemOrderStatusSchema = v.pipe(
  bodyObject({
    status: v.picklist(['confirmed', 'cancelled'] as const satisfies readonly SystemOrderStatus[], 'Trạng thái không hợp lệ'),
    reason: v.optional(
      v.nullable(v.pipe(v.string('Lý do phải là chuỗi ký tự'), v.trim(), v.maxLength(500, 'Lý do không được dài quá 500 ký tự'))),
      null,
    ),
  }),
  v.check((input) => input.status !== 'cancelled' || Boolean(input.reason), 'Vui lòng nhập lý do hủy'),
);

// ---- Shops ----------------------------------------------------------------------------------------

/** chth: cửa hàng tạp hóa (store), ncc: nhà cung cấp (supplier), npt: nhà phân phối (distributor). */
export const SHOP_KINDS = ['chth', 'ncc', 'npt'] as const;
export type ShopKind = (typeof SHOP_KINDS)[number];
export const SHOP_KIND_LABELS: Record<ShopKind, string> = { chth: 'Cửa hàng tạp hóa', ncc: 'Nhà cung cấp', npt: 'Nhà phân phối' };
/** The account type each kind of shop gets (seeded beside SYSTEM and COMPANY). */
export const SHOP_ACCOUNT_TYPES: Record<ShopKind, { code: string; title: string }> = {
  chth: { code: 'CHTH', title: 'Cửa hàng tạp hóa' },
  ncc: { code: 'NCC', title: 'Nhà cung cấp' },
  npt: { code: 'NPT', title: 'Nhà phân phối' },
};

export const BusinessTypeInputSchema = bodyObject({
  code: v.pipe(
    requiredText('mã ngành hàng', 30),
    v.toUpperCase(),
    v.regex(/^[A-Z0-9_-]+$/, 'Mã ngành hàng chỉ gồm chữ cái không dấu, chữ số, "-" và "_"'),
  ),
  name: requiredText('tên ngành hàng', 100),
});

export type ShopRecord = {
  id: number;
  kind: ShopKind;
  code: string;
  name: string;
  account: { id: number; phone: string; full_name: string; is_active: boolean };
  business_type: BusinessTypeRecord | null;
  tax_code: string | null;
  phone: string;
  email: string | null;
  address: string | null;
  /** An API path (below /api) of the picture sent at creation, fetched with the token; null: none. */
  image_url: string | null;
  created_at: string;
};

export const ShopQuery = v.object({
  ...pagingFields(),
  kind: v.optional(v.picklist(SHOP_KINDS, 'Loại cửa hàng không hợp lệ')),
  search: v.optional(v.pipe(v.string(), v.maxLength(100, 'Từ khóa tìm kiếm quá dài'))),
});

/** The text fields of chth/ncc/npt admincreate/ (multipart; the optional `file` is a JPEG, PNG or WebP of at most 2 MB). */
/** A form field left out is an empty one: the message names it as the form does. */
export const ShopCreateSchema = bodyObject({
  phone: v.optional(phoneField, ''),
  full_name: v.optional(requiredText('họ và tên chủ cửa hàng', 120), ''),
  password: v.optional(
    v.pipe(v.string('Vui lòng nhập mật khẩu'), v.nonEmpty('Vui lòng nhập mật khẩu'), v.maxLength(128, 'Mật khẩu quá dài')),
    '',
  ),
  name: v.optional(requiredText('tên cửa hàng', 200), ''),
  business_type: v.optional(v.nullable(idField('ngành hàng')), null),
  tax_code: v.pipe(
    optionalText('mã số thuế', 14),
    v.check(
      (value) => value == null || /^\d{10}(-\d{3})?$/.test(value),
      'Mã số thuế gồm 10 chữ số (hoặc 10 chữ số, "-" và 3 chữ số của chi nhánh)',
    ),
  ),
  email,
  address: optionalText('địa chỉ', 500),
});
export type ShopCreateInput = v.InferOutput<typeof ShopCreateSchema>;

// ---- Historical sales ----------------------------------------------------------------------------

/** The columns of the historical sales sheet (admin/import-sales-history/); Tháng and Doanh số are required. */
export const HISTORY_SHEET_COLUMNS = [
  'Tháng',
  'Ngày',
  'Mã NV',
  'Mã KH',
  'Tên khách hàng',
  'Mã SP',
  'Tên sản phẩm',
  'Mã tỉnh',
  'Số lượng',
  'Doanh số',
  'Số đơn',
] as const;

export type HistoryImportAnswer = {
  total: number;
  saved: number;
  failed: number;
  months: string[];
  rows: { row: number; ok: boolean; message: string }[];
};

export const HistoryQuery = v.object({
  company: idField('công ty'),
  month: v.optional(v.pipe(v.string(), v.regex(/^\d{4}-\d{2}$/, 'Tháng không hợp lệ (YYYY-MM)'))),
});

/** The months of a company's history with their sums (admin/sales-history/). */
export type HistoryMonth = { month: string; revenue: number; orders: number; quantity: number; rows: number };

export function isMonth(value: string): boolean {
  return /^\d{4}-\d{2}$/.test(value) && isIsoDate(`${value}-01`);
}

export const systemPaths = {
  accounts: '/account/api/admin/account/',
  account: (id: number) => `/account/api/admin/account/${id}/`,
  updateStatus: '/account/api/admin/updatestatusaccount/',
  password: (id: number) => `/account/api/admin/updatepassword/${id}/`,
  accountTypes: '/account/api/accounttype/',
  overview: '/account/api/system/',
  orders: '/order/api/ordersystem/',
  cancelOrder: '/order/api/cancelordersystem/',
  orderStatus: (id: number) => `/order/api/updatestatusorder/${id}/`,
  confirmOrder: (id: number) => `/order/api/adminconfirmorder/${id}/`,
  shops: '/shop/api/shop/',
  businessTypes: onboardingPaths.businessTypes,
  createShop: (kind: ShopKind) => `/account/api/${kind}/admincreate/`,
  historyImport: '/account/api/admin/import-sales-history/',
  historyTemplate: '/account/api/admin/import-sales-history/template/',
  history: '/account/api/admin/sales-history/',
} as const;
