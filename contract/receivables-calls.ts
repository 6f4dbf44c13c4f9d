/**
 * The office's receivables calls (contract/receivables.ts receivablePaths): what their bodies and
 * queries must be. Only the server reads them (the screens send what their forms hold), so the
 * phone's offline bundle does not carry them.
 */
import * as v from 'valibot';
import { CREDIT_POLICIES, agingBoundsProblem } from './receivables-ledger';
import {
  AGING_ORDERINGS,
  PAYMENT_METHODS,
  PAYMENT_STATES,
  amountField,
  noteField,
  referenceField,
  type AgingOrdering,
} from './receivables';
import { bodyObject, companyBodyField, companyQueryField, idField, isIsoDate, pagingFields, requiredText, uuidField } from './validation';

const MAX_AMOUNT = 100_000_000_000;
const limitField = (label: string, max: number) =>
  v.optional(
    v.nullable(
      v.pipe(
        v.number(`${label} phải là số`),
        v.integer(`${label} phải là số nguyên`),
        v.minValue(0, `${label} không được âm`),
        v.maxValue(max, `${label} quá lớn`),
      ),
    ),
    null,
  );
const methodField = v.picklist(PAYMENT_METHODS, 'Hình thức thanh toán không hợp lệ');
const dayField = (label: string) =>
  v.pipe(
    v.string(`${label} không hợp lệ`),
    v.regex(/^\d{4}-\d{2}-\d{2}$/, `${label} không hợp lệ (YYYY-MM-DD)`),
    v.check(isIsoDate, `${label} không hợp lệ (YYYY-MM-DD)`),
  );

/** The office records a payment (the cashier took it: confirmed at once unless `confirmed` is false). */
export const PaymentCreateSchema = bodyObject({
  company: companyBodyField,
  customer: uuidField('Khách hàng'),
  order: v.optional(v.nullable(uuidField('Đơn hàng')), null),
  amount: amountField(),
  method: methodField,
  reference: referenceField,
  note: noteField,
  confirmed: v.optional(v.boolean('Xác nhận phải là đúng hoặc sai'), true),
});

export const PaymentCancelSchema = bodyObject({ company: companyBodyField, reason: requiredText('lý do hủy', 500) });
export const CompanyBody = bodyObject({ company: companyBodyField });

export const PaymentListQuery = v.object({
  company: companyQueryField,
  ...pagingFields(),
  search: v.optional(v.pipe(v.string(), v.maxLength(100, 'Từ khóa tìm kiếm quá dài'))),
  state: v.optional(v.picklist(PAYMENT_STATES, 'Trạng thái phiếu thu không hợp lệ')),
  method: v.optional(methodField),
  customer: v.optional(uuidField('Khách hàng')),
  order: v.optional(uuidField('Đơn hàng')),
  account: v.optional(v.pipe(v.string(), v.regex(/^\d{1,9}$/, 'Nhân viên không hợp lệ'), v.transform(Number))),
  date_from: v.optional(dayField('Ngày bắt đầu')),
  date_to: v.optional(dayField('Ngày kết thúc')),
});

export const ReceivableInfoQuery = v.object({
  company: companyQueryField,
  customer: v.optional(uuidField('Khách hàng')),
  order: v.optional(uuidField('Đơn hàng')),
});

export const AgingQuery = v.object({
  company: companyQueryField,
  ...pagingFields(),
  search: v.optional(v.pipe(v.string(), v.maxLength(100, 'Từ khóa tìm kiếm quá dài'))),
  as_of: v.optional(dayField('Ngày tính tuổi nợ')),
  only: v.optional(v.picklist(['owing', 'overdue', 'over_limit'], 'Bộ lọc không hợp lệ')),
  ordering: v.optional(v.picklist(Object.keys(AGING_ORDERINGS) as AgingOrdering[], 'Cách sắp xếp không hợp lệ')),
});

export const LedgerQuery = v.object({
  company: companyQueryField,
  customer: uuidField('Khách hàng'),
  date_from: v.optional(dayField('Ngày bắt đầu')),
  date_to: v.optional(dayField('Ngày kết thúc')),
});

export const StatementQuery = v.pipe(
  v.object({
    company: companyQueryField,
    customer: uuidField('Khách hàng'),
    date_from: dayField('Từ ngày'),
    date_to: dayField('Đến ngày'),
  }),
  v.check((query) => query.date_from <= query.date_to, 'Từ ngày phải trước hoặc bằng đến ngày'),
);

export const CashSummaryQuery = v.object({ company: companyQueryField, day: v.optional(dayField('Ngày')) });

export const CreditLimitSchema = bodyObject({
  company: companyBodyField,
  credit_limit: limitField('Hạn mức công nợ', MAX_AMOUNT),
  credit_days: limitField('Số ngày nợ', 3650),
});

export const ReceivableSettingsSchema = bodyObject({
  company: companyBodyField,
  credit_policy: v.picklist(CREDIT_POLICIES, 'Cách xử lý khi vượt hạn mức không hợp lệ'),
  default_credit_days: v.pipe(
    v.number('Số ngày nợ phải là số'),
    v.integer('Số ngày nợ phải là số nguyên'),
    v.minValue(0, 'Số ngày nợ không được âm'),
    v.maxValue(3650, 'Số ngày nợ tối đa 3650'),
  ),
  aging_bounds: v.pipe(
    v.array(v.number('Mốc tuổi nợ phải là số'), 'Mốc tuổi nợ không hợp lệ'),
    v.check(
      (bounds) => agingBoundsProblem(bounds) === null,
      (issue) => agingBoundsProblem(issue.input as number[]) ?? 'Mốc tuổi nợ không hợp lệ',
    ),
  ),
});

export const RepIdParam = idField('Nhân viên');
