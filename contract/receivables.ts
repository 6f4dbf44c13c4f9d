/**
 * Receivables (công nợ) and payments (docs/receivables.md): what a
 * customer owes, the payments that settle it (cash, bank transfer, COD), a rep's collection at the
 * pharmacy (`payment.collect`, offline too), credit limits, aging and the debt-confirmation
 * statement. The arithmetic is in receivables-ledger.ts, banks and VietQR in receivables-banks.ts.
 * The RECEIVABLE switch decides what the server accepts.
 */
import * as v from 'valibot';
import {
  DEFAULT_AGING_BOUNDS,
  ageItems,
  type Aging,
  type CreditPolicy,
  type CreditStanding,
  type LedgerKind,
  type OpenItem,
  type StatementTotals,
} from './receivables-ledger';
import { fold } from './fold';
import type { PaymentStatus } from './orders-status';
import { defineSyncDomain } from './sync';
import { isoInstantField, optionalText, uuidField } from './validation';

export const PAYMENT_METHODS = ['cash', 'transfer', 'cod'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];
export const PAYMENT_METHOD_LABELS: Record<PaymentMethod, string> = {
  cash: 'Tiền mặt',
  transfer: 'Chuyển khoản',
  cod: 'Thu hộ (COD)',
};

/** A payment is collected (chờ nộp quỹ), then the cashier confirms the money; only then does it lower the debt. */
export const PAYMENT_STATES = ['pending', 'confirmed', 'cancelled'] as const;
export type PaymentState = (typeof PAYMENT_STATES)[number];
export const PAYMENT_STATE_LABELS: Record<PaymentState, string> = {
  pending: 'Chờ xác nhận',
  confirmed: 'Đã xác nhận',
  cancelled: 'Đã hủy',
};
export const PAYMENT_STATE_COLORS: Record<PaymentState, string> = { pending: 'yellow', confirmed: 'teal', cancelled: 'gray' };

/** A payment (phiếu thu) as both sides keep it. */
export type PaymentRecord = {
  id: string;
  company: number;
  /** The receipt number (PT000123), given by the server; null until then. */
  code: string | null;
  customer_id: string;
  customer_code: string;
  customer_name: string;
  customer_address: string;
  order_id: string | null;
  order_code: string | null;
  amount: number;
  method: PaymentMethod;
  reference: string | null;
  note: string | null;
  state: PaymentState;
  /** Who took the money (the rep at the pharmacy, the cashier in the office); null for COD paid out by a carrier. */
  collected_by: number | null;
  collected_by_name: string | null;
  collected_at: string;
  confirmed_by_name: string | null;
  confirmed_at: string | null;
  cancel_reason: string | null;
  /** The orders it settled (receivables-ledger.ts settle). */
  allocations: { order_id: string; order_code: string | null; amount: number }[];
  created_at: string;
};

/** What a customer owes and may still owe, mirrored to the phones that work with the customer. */
export type ReceivableRecord = {
  /** The customer's id. */
  id: string;
  company: number;
  customer_code: string;
  customer_name: string;
  /** The ledger balance: completed orders less confirmed payments and credited returns. */
  balance: number;
  /** Orders taken and not yet completed: what they will add. */
  open_orders: number;
  /** Collected by reps and not yet confirmed by the cashier. */
  pending_collections: number;
  /** Balance plus open orders: what the credit limit is checked against. */
  exposure: number;
  /** Unpaid debts with their due days (oldest first, at most 100), aged on the day they are read. */
  open_items: OpenItem[];
  credit_limit: number | null;
  credit_days: number | null;
  /** The company's policy over a limit, so the phone decides offline as the server will. */
  policy: CreditPolicy;
  updated_at: string;
};

/** A rep's limit over the orders they took, mirrored to the rep's own phone (MISA: per salesperson). */
export type RepCreditRecord = {
  /** The rep's account id. */
  id: string;
  company: number;
  name: string;
  credit_limit: number | null;
  credit_days: number | null;
  exposure: number;
  open_items: OpenItem[];
  policy: CreditPolicy;
};

/**
 * A customer's or a rep's standing on a day (contract/receivables-ledger.ts creditVerdict), with
 * what the device queued and the server has not counted yet (`unsent`). No record: nothing owed, no limit.
 */
export function standingOf(
  record: Pick<ReceivableRecord, 'exposure' | 'open_items' | 'credit_limit' | 'credit_days'> | null | undefined,
  who: string,
  today: string,
  unsent = 0,
): CreditStanding {
  return {
    who,
    limit: record?.credit_limit ?? null,
    days: record?.credit_days ?? null,
    exposure: (record?.exposure ?? 0) + unsent,
    max_days_overdue: ageItems(record?.open_items ?? [], today, [1]).max_days_overdue,
  };
}

/** The receivable figures of one order (its payment history is listed beside them). */
export type OrderReceivable = {
  order_id: string;
  total: number;
  paid: number;
  credited: number;
  open: number;
  payment_status: PaymentStatus;
  due_date: string | null;
  pending_collections: number;
  /**
   * COD a carrier is carrying for the order now (a delivery not yet delivered, returned or
   * cancelled): the carrier collects it from the customer, so money taken here too is taken twice.
   */
  cod_under_way: number;
  payments: PaymentRecord[];
};

export type ReceivableSettings = {
  credit_policy: CreditPolicy;
  /** Credit days for a customer without their own (the due date of a completed order). */
  default_credit_days: number;
  /** Upper bounds of the aging buckets in days past due. */
  aging_bounds: number[];
};
export const DEFAULT_RECEIVABLE_SETTINGS: ReceivableSettings = {
  credit_policy: 'warn',
  default_credit_days: 30,
  aging_bounds: [...DEFAULT_AGING_BOUNDS],
};

export type LedgerRow = {
  id: number;
  day: string;
  kind: LedgerKind;
  /** + raises the debt, − lowers it. */
  amount: number;
  document: string | null;
  order_id: string | null;
  payment_id: string | null;
  due_date: string | null;
  note: string | null;
  balance_after: number;
};

export type AgingRow = Aging & {
  customer_id: string;
  customer_code: string;
  customer_name: string;
  staff_name: string | null;
  credit_limit: number | null;
  balance: number;
  /** What the credit limit is checked against: the balance and the orders in progress (EXPOSURE_LABEL). */
  exposure: number;
  /** Over the credit limit in money (exposure above it). */
  over_limit: boolean;
};

/** The orders of aging, as the office picks them: most overdue first (the default), largest debt first, by code. */
export const AGING_ORDERINGS = { overdue: 'Quá hạn nhiều nhất', balance: 'Dư nợ lớn nhất', code: 'Mã khách hàng' } as const;
export type AgingOrdering = keyof typeof AGING_ORDERINGS;

export type StatementLine = {
  day: string;
  document: string | null;
  kind: LedgerKind;
  description: string;
  increase: number;
  decrease: number;
};

/** The biên bản đối chiếu công nợ of one customer for a period. */
export type StatementRecord = StatementTotals & {
  company: { title: string; address: string | null; phone: string | null; tax_code: string | null };
  customer: { code: string; name: string; address: string; phone: string | null; tax_code: string | null; owner_name: string | null };
  date_from: string;
  date_to: string;
  lines: StatementLine[];
  /** Goods sold in the period, per order line (ĐVT, SL, đơn giá, thành tiền). */
  goods: { day: string; document: string | null; product: string; unit: string; quantity: number; unit_price: number; amount: number }[];
};

/** One rep's collections on one day, by method and state (end-of-day cash summary). */
export type CashSummaryRow = {
  account_id: number;
  account_name: string;
  count: number;
  cash: number;
  transfer: number;
  cod: number;
  pending: number;
  confirmed: number;
  total: number;
};

// ---- Inputs ------------------------------------------------------------------------------------

const MAX_AMOUNT = 100_000_000_000;
export const amountField = (label = 'Số tiền') =>
  v.pipe(
    v.number(`${label} phải là số`),
    v.integer(`${label} phải là số nguyên (đồng)`),
    v.minValue(1, `${label} phải lớn hơn 0`),
    v.maxValue(MAX_AMOUNT, `${label} quá lớn`),
  );
export const referenceField = optionalText('mã giao dịch', 100);
export const noteField = optionalText('ghi chú', 500);

/** `payment.collect`: a rep took money at the pharmacy (offline too). The id is the phone's; the op is applied once. */
export const PaymentCollectSchema = v.object(
  {
    paymentId: uuidField('Phiếu thu'),
    customerId: uuidField('Khách hàng'),
    orderId: v.optional(v.nullable(uuidField('Đơn hàng')), null),
    amount: amountField(),
    method: v.picklist(['cash', 'transfer'], 'Hình thức thanh toán không hợp lệ'),
    reference: referenceField,
    note: noteField,
    collectedAt: isoInstantField('Thời điểm thu tiền'),
  },
  'Dữ liệu phiếu thu không hợp lệ',
);
export type PaymentCollectPayload = v.InferOutput<typeof PaymentCollectSchema>;

export const receivablePaths = {
  payments: '/order/api/orderpayment/',
  payment: (id: string) => `/order/api/orderpayment/${id}/`,
  confirm: (id: string) => `/order/api/orderpayment/${id}/confirm/`,
  cancel: (id: string) => `/order/api/orderpayment/${id}/cancel/`,
  history: '/order/api/paymenthistory/',
  info: '/order/api/receivableinfo/',
  ledger: '/order/api/receivableledger/',
  aging: '/order/api/receivableaging/',
  statement: '/order/api/receivablestatement/',
  /** The same statement as an .xlsx (same query: company, customer, date_from, date_to). */
  statementExport: '/order/api/receivablestatement/export/',
  cashSummary: '/order/api/cashsummary/',
  creditLimit: (customerId: string) => `/order/api/creditlimit/${customerId}/`,
  repCreditLimit: (accountId: number) => `/order/api/creditlimitstaff/${accountId}/`,
  repCreditLimits: '/order/api/creditlimitstaff/',
  settings: '/order/api/receivablesetting/',
} as const;

/**
 * The statement file's name: the customer's code and the period (doi-chieu-cong-no-KH000001-20261101-20261130.xlsx).
 * A code is free text; folded to letters, digits and dashes, since a header cannot carry other characters.
 */
export function statementSheetFileName(customerCode: string, from: string, to: string): string {
  const code =
    fold(customerCode)
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, '')
      .toUpperCase() || 'KH';
  return `doi-chieu-cong-no-${code}-${from.replace(/-/g, '')}-${to.replace(/-/g, '')}.xlsx`;
}

/** What receivables sync with the phones: balances and limits of the member's customers, their own collections. */
export const receivablesSync = defineSyncDomain({
  name: 'receivables',
  entities: ['receivable', 'rep_credit', 'payment'],
  reads: {
    receivable: { anyOf: [['receivables', 'view']], requires: 'RECEIVABLE' },
    rep_credit: { anyOf: [['receivables', 'view']], requires: 'RECEIVABLE' },
    payment: { anyOf: [['receivables', 'view']], requires: 'RECEIVABLE' },
  },
  ops: {
    'payment.collect': { schema: PaymentCollectSchema, label: 'Thu tiền', permission: ['receivables', 'create'], requires: 'RECEIVABLE' },
  },
});
