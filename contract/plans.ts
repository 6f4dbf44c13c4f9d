/**
 * Service packages and vouchers (product-spec.md §7 "Service (/service/api): service-package,
 * check-vourcher"; docs/plans.md): the packages a company may be on, with the switches they turn
 * on, their seats and price; vouchers with validity and use limits; a company's order for a package
 * (a system order, confirmed by the system administrator) and its current subscription.
 */
import * as v from 'valibot';
import { SWITCH_CODES, type SwitchCode } from './company-switches';
import { bodyObject, companyBodyField, companyQueryField, idField, isIsoDate, optionalText, requiredText } from './validation';

export type ServicePackageRecord = {
  id: number;
  code: string;
  name: string;
  description: string | null;
  price_per_month: number;
  seats: number;
  features: SwitchCode[];
  is_active: boolean;
  sort: number;
  /** The trial: days a new company runs on it from its registration (null: not the trial). */
  trial_days: number | null;
};

/** The longest trial the system administrator may give. */
export const MAX_TRIAL_DAYS = 90;

export const PACKAGE_MONTHS = [1, 3, 6, 12] as const;

const money = (label: string, max = 10_000_000_000) =>
  v.pipe(
    v.number(`${label} phải là số`),
    v.integer(`${label} phải là số nguyên`),
    v.minValue(0, `${label} không được âm`),
    v.maxValue(max, `${label} quá lớn`),
  );
const day = (label: string) =>
  v.pipe(
    v.string(`Vui lòng chọn ${label}`),
    v.regex(/^\d{4}-\d{2}-\d{2}$/, `${label} không hợp lệ (YYYY-MM-DD)`),
    v.check(isIsoDate, `${label} không hợp lệ (YYYY-MM-DD)`),
  );
const codeField = (label: string) =>
  v.pipe(requiredText(label, 30), v.toUpperCase(), v.regex(/^[A-Z0-9_-]+$/, `${label} chỉ gồm chữ cái không dấu, chữ số, "-" và "_"`));

export const ServicePackageInputSchema = bodyObject({
  code: codeField('mã gói'),
  name: requiredText('tên gói', 100),
  description: optionalText('mô tả', 1000),
  price_per_month: money('Giá mỗi tháng'),
  seats: v.pipe(
    v.number('Số tài khoản phải là số'),
    v.integer('Số tài khoản phải là số nguyên'),
    v.minValue(1, 'Gói cần ít nhất 1 tài khoản'),
    v.maxValue(100_000, 'Số tài khoản quá lớn'),
  ),
  features: v.pipe(
    v.array(v.picklist(SWITCH_CODES, 'Chức năng không hợp lệ'), 'Danh sách chức năng không hợp lệ'),
    v.maxLength(SWITCH_CODES.length, 'Danh sách chức năng không hợp lệ'),
    v.transform((list) => [...new Set(list)]),
  ),
  is_active: v.optional(v.boolean('Trạng thái phải là đúng hoặc sai'), true),
  sort: v.optional(
    v.pipe(
      v.number('Thứ tự phải là số'),
      v.integer('Thứ tự phải là số nguyên'),
      v.minValue(0, 'Thứ tự không được âm'),
      v.maxValue(1000, 'Thứ tự tối đa 1000'),
    ),
    0,
  ),
  trial_days: v.optional(
    v.nullable(
      v.pipe(
        v.number('Số ngày dùng thử phải là số'),
        v.integer('Số ngày dùng thử phải là số nguyên'),
        v.minValue(1, 'Dùng thử ít nhất 1 ngày'),
        v.maxValue(MAX_TRIAL_DAYS, `Dùng thử tối đa ${MAX_TRIAL_DAYS} ngày`),
      ),
    ),
    null,
  ),
});
export type ServicePackageInput = v.InferOutput<typeof ServicePackageInputSchema>;

export const VOUCHER_KINDS = ['percent', 'amount'] as const;
export type VoucherKind = (typeof VOUCHER_KINDS)[number];

export type VoucherRecord = {
  id: number;
  code: string;
  description: string | null;
  kind: VoucherKind;
  value: number;
  max_discount: number | null;
  starts_on: string;
  ends_on: string;
  max_uses: number | null;
  used_count: number;
  package_ids: number[];
  is_active: boolean;
};

export const VoucherInputSchema = v.pipe(
  bodyObject({
    code: codeField('mã giảm giá'),
    description: optionalText('mô tả', 500),
    kind: v.picklist(VOUCHER_KINDS, 'Kiểu giảm giá không hợp lệ'),
    value: money('Mức giảm'),
    max_discount: v.optional(v.nullable(money('Mức giảm tối đa')), null),
    starts_on: day('ngày bắt đầu'),
    ends_on: day('ngày kết thúc'),
    max_uses: v.optional(
      v.nullable(
        v.pipe(
          v.number('Số lượt phải là số'),
          v.integer('Số lượt phải là số nguyên'),
          v.minValue(1, 'Số lượt phải lớn hơn 0'),
          v.maxValue(1_000_000, 'Số lượt quá lớn'),
        ),
      ),
      null,
    ),
    package_ids: v.optional(
      v.pipe(
        v.array(idField('gói dịch vụ'), 'Danh sách gói không hợp lệ'),
        v.maxLength(200, 'Quá nhiều gói'),
        v.transform((list) => [...new Set(list)]),
      ),
      [],
    ),
    is_active: v.optional(v.boolean('Trạng thái phải là đúng hoặc sai'), true),
  }),
  v.check((input) => input.starts_on <= input.ends_on, 'Ngày kết thúc phải sau ngày bắt đầu'),
  v.check((input) => input.kind !== 'percent' || (input.value >= 1 && input.value <= 100), 'Mức giảm theo % phải từ 1 đến 100'),
  v.check((input) => input.kind !== 'amount' || input.value >= 1000, 'Mức giảm tối thiểu 1.000 đ'),
);
export type VoucherInput = v.InferOutput<typeof VoucherInputSchema>;

/** The price of `months` of a package before any voucher. */
export function packageAmount(pkg: Pick<ServicePackageRecord, 'price_per_month'>, months: number): number {
  return pkg.price_per_month * months;
}

/** What a voucher takes off an amount: its percent (capped) or its amount, never more than the amount. */
export function voucherDiscount(voucher: Pick<VoucherRecord, 'kind' | 'value' | 'max_discount'>, amount: number): number {
  const raw = voucher.kind === 'percent' ? Math.round((amount * voucher.value) / 100) : voucher.value;
  const capped = voucher.max_discount === null ? raw : Math.min(raw, voucher.max_discount);
  return Math.max(0, Math.min(capped, amount));
}

export const VOUCHER_MESSAGES = {
  unknown: 'Mã giảm giá không tồn tại',
  inactive: 'Mã giảm giá đã ngừng áp dụng',
  notYet: 'Mã giảm giá chưa đến ngày áp dụng',
  expired: 'Mã giảm giá đã hết hạn',
  spent: 'Mã giảm giá đã hết lượt sử dụng',
  used: 'Công ty đã dùng mã giảm giá này',
  otherPackage: 'Mã giảm giá không áp dụng cho gói dịch vụ này',
} as const;

/** Why a voucher cannot be used by this company for this package on `day`, or null when it can. */
export function voucherRefusal(voucher: VoucherRecord, input: { packageId: number; day: string; usedByCompany: boolean }): string | null {
  if (!voucher.is_active) return VOUCHER_MESSAGES.inactive;
  if (input.day < voucher.starts_on) return VOUCHER_MESSAGES.notYet;
  if (input.day > voucher.ends_on) return VOUCHER_MESSAGES.expired;
  if (input.usedByCompany) return VOUCHER_MESSAGES.used;
  if (voucher.max_uses !== null && voucher.used_count >= voucher.max_uses) return VOUCHER_MESSAGES.spent;
  if (voucher.package_ids.length > 0 && !voucher.package_ids.includes(input.packageId)) return VOUCHER_MESSAGES.otherPackage;
  return null;
}

/** Where a voucher stands on `day`, by the rules voucherRefusal applies, as the administrator's list shows it. */
export function voucherStanding(voucher: VoucherRecord, day: string): { label: string; usable: boolean } {
  if (!voucher.is_active) return { label: 'Ngừng', usable: false };
  if (day < voucher.starts_on) return { label: 'Chưa đến ngày', usable: false };
  if (day > voucher.ends_on) return { label: 'Hết hạn', usable: false };
  if (voucher.max_uses !== null && voucher.used_count >= voucher.max_uses) return { label: 'Hết lượt', usable: false };
  return { label: 'Đang áp dụng', usable: true };
}

const months = v.pipe(
  v.number('Số tháng phải là số'),
  v.check((value) => (PACKAGE_MONTHS as readonly number[]).includes(value), 'Số tháng chỉ được 1, 3, 6 hoặc 12'),
);
const voucherCode = v.optional(
  v.nullable(v.pipe(v.string('Mã giảm giá không hợp lệ'), v.trim(), v.toUpperCase(), v.maxLength(30, 'Mã giảm giá không hợp lệ'))),
  null,
);

/** check-vourcher/: what a voucher would take off a package for the company (nothing is reserved). */
export const CheckVoucherSchema = bodyObject({
  company: companyBodyField,
  code: v.pipe(
    v.string('Vui lòng nhập mã giảm giá'),
    v.trim(),
    v.toUpperCase(),
    v.nonEmpty('Vui lòng nhập mã giảm giá'),
    v.maxLength(30, 'Mã giảm giá không hợp lệ'),
  ),
  package: idField('gói dịch vụ'),
  months: v.optional(months, 1),
});

export type PackageQuote = {
  package: ServicePackageRecord;
  months: number;
  list_amount: number;
  discount: number;
  total: number;
  voucher: Pick<VoucherRecord, 'code' | 'kind' | 'value' | 'max_discount' | 'ends_on'> | null;
};

/** register-package/: a company buys or renews a package (a system order, pending payment). */
export const RegisterPackageSchema = bodyObject({
  company: companyBodyField,
  package: idField('gói dịch vụ'),
  months,
  voucher: voucherCode,
  note: optionalText('ghi chú', 500),
});

export const SYSTEM_ORDER_STATUSES = ['pending', 'confirmed', 'cancelled'] as const;
export type SystemOrderStatus = (typeof SYSTEM_ORDER_STATUSES)[number];
export const SYSTEM_ORDER_STATUS_LABELS: Record<SystemOrderStatus, string> = {
  pending: 'Chờ thanh toán',
  confirmed: 'Đã kích hoạt',
  cancelled: 'Đã hủy',
};

export type SystemOrderRecord = {
  id: number;
  code: string;
  company: number;
  company_title: string;
  package_id: number;
  package_name: string;
  months: number;
  status: SystemOrderStatus;
  list_amount: number;
  discount_amount: number;
  total: number;
  voucher_code: string | null;
  note: string | null;
  cancel_reason: string | null;
  created_by_name: string | null;
  decided_by_name: string | null;
  decided_at: string | null;
  created_at: string;
};

export type SubscriptionState = 'active' | 'expired';

/** company-package/: what the company is on, its seats, and its package orders. */
export type CompanyPlan = {
  subscription: {
    package: ServicePackageRecord;
    starts_on: string;
    ends_on: string;
    state: SubscriptionState;
    days_left: number;
    /** The trial the company started on at its registration, not a bought package. */
    trial: boolean;
  } | null;
  /** The package's seats, NO_PACKAGE_SEATS on none. */
  seats: number;
  seats_used: number;
  orders: SystemOrderRecord[];
  /** How to pay the pending package order, if there is one. */
  payment: PackagePayment | null;
};

/** The platform's account a package is paid into; `is_demo`: the stand-in of development and the demo. */
export type PlatformBankAccount = { bank_bin: string; bank_name: string; account_number: string; account_name: string; is_demo: boolean };

/**
 * The transfer that pays a pending package order: the exact amount, the transfer content (the order
 * code, how the system administrator finds the payment), and the account, or why there is none
 * (`problem`: the server has no account configured).
 */
export type PackagePayment = {
  order_code: string;
  amount: number;
  reference: string;
  account: PlatformBankAccount | null;
  problem: string | null;
};

export const CompanyPlanQuery = v.object({ company: companyQueryField });

export const planPaths = {
  packages: '/service/api/service-package/',
  package: (id: number) => `/service/api/service-package/${id}/`,
  vouchers: '/service/api/voucher/',
  voucher: (id: number) => `/service/api/voucher/${id}/`,
  checkVoucher: '/service/api/check-vourcher/',
  register: '/service/api/register-package/',
  companyPlan: '/service/api/company-package/',
} as const;

/**
 * A company on no package (the platform offers no trial, or none when it registered) may turn no
 * switch on and has its owner's seat only.
 */
export const NO_PACKAGE_SEATS = 1;
export const NO_PACKAGE_MESSAGE = 'Công ty chưa có gói dịch vụ, vui lòng đăng ký gói để bật chức năng';
export const TRIAL_NOT_FOR_SALE = 'Gói dùng thử dành cho công ty mới, không đăng ký được';

/** The seats message when a company is full (employees, join requests, invitations). */
export const seatsFullMessage = (seats: number) =>
  `Công ty đã dùng hết ${seats} tài khoản của gói dịch vụ. Vui lòng nâng cấp gói hoặc ngừng hoạt động một nhân viên.`;
