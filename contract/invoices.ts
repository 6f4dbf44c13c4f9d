/**
 * VAT e-invoices (docs/invoices.md; NĐ 123/2020, TT 78/2021): a company's invoice settings (its account at
 * the provider, MISA meInvoice), an invoice issued for one or several completed orders of one buyer,
 * its cancellation or replacement, and the list. Everything here is behind the VAT switch; the
 * arithmetic is contract/invoices-totals.ts, the buyer's tax code rule contract/tax-code.ts.
 */
import * as v from 'valibot';
import { adjustFields, AgreementSchema, type AdjustKind, type InvoiceAgreement } from './invoices-corrections';
import type { InvoiceTotals } from './invoices-totals';
import { normalizeTaxCode, taxCodeProblem } from './tax-code';
import {
  bodyObject,
  companyBodyField,
  companyQueryField,
  isIsoDate,
  optionalText,
  pagingFields,
  requiredText,
  uuidField,
} from './validation';

export const INVOICE_STATUSES = ['pending', 'issued', 'failed', 'cancelled', 'replaced'] as const;
export type InvoiceStatus = (typeof INVOICE_STATUSES)[number];

export const INVOICE_STATUS_LABELS: Record<InvoiceStatus, string> = {
  pending: 'Đang phát hành',
  issued: 'Đã phát hành',
  failed: 'Phát hành lỗi',
  cancelled: 'Đã hủy',
  replaced: 'Đã bị thay thế',
};

export const INVOICE_STATUS_COLORS: Record<InvoiceStatus, string> = {
  pending: 'yellow',
  issued: 'teal',
  failed: 'red',
  cancelled: 'dark',
  replaced: 'gray',
};

/** What still holds its orders: an order has at most one of these (docs/invoices.md). */
export const ACTIVE_INVOICE_STATUSES: readonly InvoiceStatus[] = ['pending', 'issued', 'failed'];

export const PAYMENT_METHODS = ['TM/CK', 'TM', 'CK'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];
export const PAYMENT_METHOD_LABELS: Record<PaymentMethod, string> = {
  'TM/CK': 'Tiền mặt/Chuyển khoản',
  TM: 'Tiền mặt',
  CK: 'Chuyển khoản',
};

/** At most this many orders on one invoice (one buyer's deliveries of a period). */
export const MAX_INVOICE_ORDERS = 50;

export type InvoiceBuyer = {
  /** Tên đơn vị: the buyer's registered name. */
  legal_name: string;
  /** Người mua hàng: the person, when there is one. */
  name: string | null;
  tax_code: string | null;
  address: string;
  email: string | null;
  phone: string | null;
  /** The customer's code, the buyer's code on the invoice. */
  code: string;
};

export type InvoiceRecord = InvoiceTotals & {
  id: string;
  company: number;
  /** Our RefID at the provider: one invoice there per RefID, whatever the retries. */
  ref_id: string;
  status: InvoiceStatus;
  /** Why it failed, in Vietnamese, with the provider's code kept beside it. */
  status_message: string | null;
  provider_code: string | null;
  replaces: { id: string; number: string | null } | null;
  replaced_by: { id: string; number: string | null } | null;
  /** An adjusting invoice (NĐ 70/2025): the invoice it adjusts and how; its amounts are signed. */
  adjusts: { id: string; number: string | null } | null;
  adjust_kind: AdjustKind | null;
  /** The adjusting invoices made for this one, not cancelled. */
  adjusted_by: { id: string; number: string | null; adjust_kind: AdjustKind; status: InvoiceStatus; total: number }[];
  /** An adjustment of several invoices of the buyer in one month: the others, on its list (Mẫu 01/BK-ĐCTT). */
  listed: { id: string; number: string | null; issued_on: string | null; template_no: string; series: string; total: number }[];
  /** Why it replaces or adjusts another one. */
  correction_reason: string | null;
  agreement: InvoiceAgreement | null;
  /** The Vietnam day it was made, and the last day to sign and send it (contract/invoices-corrections.ts). */
  made_on: string;
  sign_due_on: string;
  /** Still not signed and sent after sign_due_on. */
  sign_overdue: boolean;
  template_no: string;
  series: string;
  /** Số hóa đơn: given by the provider when published. */
  number: string | null;
  issued_on: string | null;
  transaction_id: string | null;
  /** Mã của cơ quan thuế (series starting with C). */
  tax_authority_code: string | null;
  customer_id: string;
  buyer: InvoiceBuyer;
  orders: { id: string; code: string | null }[];
  payment_method: PaymentMethod;
  note: string | null;
  has_pdf: boolean;
  has_xml: boolean;
  /** A cancellation asked of the provider and not done yet (requested), or refused (failed, see status_message). */
  cancel_state: 'requested' | 'failed' | null;
  cancel_reason: string | null;
  cancelled_at: string | null;
  created_by_name: string;
  created_at: string;
  updated_at: string;
};

/** The list's `bonus`: counts per status of every matching invoice, and their total. */
export type InvoiceListBonus = { by_status: Partial<Record<InvoiceStatus, number>>; total: number };

/** What issuing would produce, shown before it is sent (the issue dialog). */
export type InvoiceDraft = InvoiceTotals &
  Pick<InvoiceRecord, 'buyer' | 'orders' | 'customer_id' | 'template_no' | 'series'> & { customer_name: string };

/** A completed order of the buyer with no invoice yet, offered to join one. */
export type InvoiceableOrder = { id: string; code: string; total: number; created_at: string };

export const InvoiceableOrdersQuery = v.object({ company: companyQueryField, customer: uuidField('Khách hàng') });

// ---- settings: the company's account at meInvoice ------------------------------------------------

export const INVOICE_ENVIRONMENTS = ['sandbox', 'production', 'simulator'] as const;
export type InvoiceEnvironment = (typeof INVOICE_ENVIRONMENTS)[number];
export const INVOICE_ENVIRONMENT_LABELS: Record<InvoiceEnvironment, string> = {
  sandbox: 'Thử nghiệm (testapi.meinvoice.vn)',
  production: 'Chính thức (api.meinvoice.vn)',
  simulator: 'Trình giả lập trên máy chủ này',
};

/**
 * Ký hiệu hóa đơn (TT 78/2021 art. 4): C or K (with or without the tax authority's code), the
 * year's two digits, the kind (T enterprise, D, L, M cash register, N, B, G, H) and two characters
 * the seller picks: C26TAA.
 */
export const SERIES_PATTERN = /^[CK]\d{2}[TDLMNBGH][A-Z0-9]{2}$/;

export type InvoiceSettingsRecord = {
  company: number;
  connected: boolean;
  environment: InvoiceEnvironment;
  app_id: string;
  tax_code: string;
  username: string;
  /** `••••1234`: the password is never sent back. */
  password_hint: string | null;
  template_no: string;
  series: string;
  seller_legal_name: string;
  seller_address: string;
  seller_phone: string | null;
  seller_email: string | null;
  seller_bank_account: string | null;
  seller_bank_name: string | null;
  send_email: boolean;
  status: 'connected' | 'needs_reconnect' | 'error' | 'disconnected';
  status_message: string | null;
  checked_at: string | null;
};

/** A template the account may issue with (meInvoice `invoice/templates`). */
export type InvoiceTemplate = { template_no: string; series: string; name: string; with_code: boolean };

export const TaxCodeField = (label: string) =>
  v.pipe(
    v.string(`${label} không hợp lệ`),
    v.transform(normalizeTaxCode),
    v.check(
      (value) => taxCodeProblem(value) === null,
      (issue) => taxCodeProblem(String(issue.input)) ?? `${label} không hợp lệ`,
    ),
  );

const email = v.optional(
  v.nullable(
    v.pipe(
      v.string('Email không hợp lệ'),
      v.trim(),
      v.check((value) => value === '' || /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value), 'Email không hợp lệ'),
      v.maxLength(120, 'Email quá dài'),
      v.transform((value) => value || null),
    ),
  ),
  null,
);
const phone = v.optional(
  v.nullable(
    v.pipe(
      v.string('Số điện thoại không hợp lệ'),
      v.trim(),
      v.regex(/^(0\d{9,10})?$/, 'Số điện thoại không hợp lệ'),
      v.transform((value) => value || null),
    ),
  ),
  null,
);

export const InvoiceSettingsSchema = bodyObject({
  company: companyBodyField,
  environment: v.picklist(INVOICE_ENVIRONMENTS, 'Môi trường không hợp lệ'),
  app_id: requiredText('mã ứng dụng (AppID) do MISA cấp', 100),
  tax_code: TaxCodeField('Mã số thuế người bán'),
  username: requiredText('tài khoản meInvoice', 100),
  /** Blank on an edit: the stored password stays. */
  password: optionalText('mật khẩu', 200),
  template_no: v.pipe(
    v.string('Mẫu số không hợp lệ'),
    v.trim(),
    v.regex(/^[1-6]$/, 'Mẫu số hóa đơn là một chữ số từ 1 đến 6 (1: hóa đơn GTGT)'),
  ),
  series: v.pipe(
    v.string('Ký hiệu không hợp lệ'),
    v.trim(),
    v.toUpperCase(),
    v.regex(SERIES_PATTERN, 'Ký hiệu gồm 6 ký tự, ví dụ C26TAA (C/K, năm, loại hóa đơn, 2 ký tự tự chọn)'),
  ),
  seller_legal_name: requiredText('tên người bán', 255),
  seller_address: requiredText('địa chỉ người bán', 400),
  seller_phone: phone,
  seller_email: email,
  seller_bank_account: optionalText('số tài khoản', 40),
  seller_bank_name: optionalText('tên ngân hàng', 200),
  send_email: v.optional(v.boolean('Gửi email không hợp lệ'), false),
});
export type InvoiceSettingsInput = v.InferInput<typeof InvoiceSettingsSchema>;

// ---- issuing, cancelling, replacing ----------------------------------------------------------------

export const BuyerSchema = v.object(
  {
    legal_name: requiredText('tên đơn vị mua hàng', 400),
    name: optionalText('người mua hàng', 200),
    /** Blank: a buyer without a tax code (a person). */
    tax_code: v.optional(
      v.nullable(
        v.pipe(
          v.string('Mã số thuế người mua không hợp lệ'),
          v.transform(normalizeTaxCode),
          v.check(
            (value) => value === '' || taxCodeProblem(value) === null,
            (issue) => taxCodeProblem(String(issue.input)) ?? 'Mã số thuế người mua không hợp lệ',
          ),
          v.transform((value) => value || null),
        ),
      ),
      null,
    ),
    address: requiredText('địa chỉ người mua', 400),
    email,
    phone,
  },
  'Thông tin người mua không hợp lệ',
);
export type BuyerInput = v.InferInput<typeof BuyerSchema>;

const orderIds = v.pipe(
  v.array(uuidField('Đơn hàng'), 'Danh sách đơn hàng không hợp lệ'),
  v.minLength(1, 'Vui lòng chọn ít nhất một đơn hàng'),
  v.maxLength(MAX_INVOICE_ORDERS, `Một hóa đơn gộp tối đa ${MAX_INVOICE_ORDERS} đơn hàng`),
  v.check((ids) => new Set(ids).size === ids.length, 'Một đơn hàng được chọn hai lần'),
);
/** Order lines at 0 % to declare not subject to VAT (KCT). */
const notSubject = v.optional(
  v.pipe(v.array(uuidField('Dòng hàng'), 'Danh sách dòng không chịu thuế không hợp lệ'), v.maxLength(5000, 'Quá nhiều dòng')),
  [],
);

export const InvoicePreviewSchema = bodyObject({ company: companyBodyField, order_ids: orderIds, not_subject_lines: notSubject });

export const InvoiceIssueSchema = bodyObject({
  company: companyBodyField,
  order_ids: orderIds,
  buyer: BuyerSchema,
  payment_method: v.optional(v.picklist(PAYMENT_METHODS, 'Hình thức thanh toán không hợp lệ'), 'TM/CK'),
  not_subject_lines: notSubject,
  note: optionalText('ghi chú', 500),
});
export type InvoiceIssueInput = v.InferInput<typeof InvoiceIssueSchema>;

/** Only an invoice never published (refused by the provider) is cancelled (contract/invoices-corrections.ts cancelRefusal). */
export const InvoiceCancelSchema = bodyObject({ company: companyBodyField, reason: requiredText('lý do hủy', 500) });

/** A replacement keeps the orders and may correct the buyer and the payment method (lines come from the orders). */
export const InvoiceReplaceSchema = bodyObject({
  company: companyBodyField,
  reason: requiredText('lý do thay thế', 500),
  agreement: AgreementSchema,
  buyer: BuyerSchema,
  payment_method: v.optional(v.picklist(PAYMENT_METHODS, 'Hình thức thanh toán không hợp lệ'), 'TM/CK'),
  not_subject_lines: notSubject,
});

/**
 * An adjusting invoice for a published one: increase or decrease lines (a return, a discount after
 * the sale, a wrong price), or information only with the buyer corrected (`buyer`, required then).
 */
export const InvoiceAdjustSchema = bodyObject({
  company: companyBodyField,
  ...adjustFields,
  buyer: v.optional(v.nullable(BuyerSchema), null),
});
export type InvoiceAdjustInput = v.InferInput<typeof InvoiceAdjustSchema>;

export const CompanyBodySchema = bodyObject({ company: companyBodyField });

const isoDay = (label: string) => v.pipe(v.string(`${label} không hợp lệ`), v.check(isIsoDate, `${label} không hợp lệ`));

export const InvoiceListQuery = v.object({
  company: companyQueryField,
  ...pagingFields(),
  search: v.optional(v.pipe(v.string(), v.maxLength(100, 'Từ khóa tìm kiếm quá dài'))),
  status: v.optional(v.picklist(INVOICE_STATUSES, 'Trạng thái không hợp lệ')),
  order: v.optional(uuidField('Đơn hàng')),
  customer: v.optional(uuidField('Khách hàng')),
  date_from: v.optional(isoDay('Từ ngày')),
  date_to: v.optional(isoDay('Đến ngày')),
});

export const invoicePaths = {
  settings: '/invoice/api/einvoice-settings/',
  templates: '/invoice/api/einvoice-templates/',
  invoices: '/invoice/api/einvoice/',
  preview: '/invoice/api/einvoice/preview/',
  invoiceableOrders: '/invoice/api/einvoice/orders/',
  invoice: (id: string) => `/invoice/api/einvoice/${id}/`,
  pdf: (id: string) => `/invoice/api/einvoice/${id}/pdf/`,
  xml: (id: string) => `/invoice/api/einvoice/${id}/xml/`,
  cancel: (id: string) => `/invoice/api/einvoice/${id}/cancel/`,
  replace: (id: string) => `/invoice/api/einvoice/${id}/replace/`,
  adjust: (id: string) => `/invoice/api/einvoice/${id}/adjust/`,
  /** GET: goods returned through the warehouse not yet adjusted (InvoiceReturns), to fill a decrease. */
  returns: (id: string) => `/invoice/api/einvoice/${id}/returns/`,
  /** GET: the list of an adjustment of several invoices (Mẫu 01/BK-ĐCTT), an Excel file. */
  adjustmentList: (id: string) => `/invoice/api/einvoice/${id}/list/`,
  /** The agreement's scan (PDF or photo): POST multipart `file`, GET it back. */
  agreementScan: (id: string) => `/invoice/api/einvoice/${id}/agreement/`,
  retry: (id: string) => `/invoice/api/einvoice/${id}/retry/`,
} as const;
