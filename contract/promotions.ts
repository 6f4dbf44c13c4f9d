/**
 * Promotions (behind the REWARD switch; docs/promotions.md): a programme's record as the office and the phones see it,
 * its input with the legal checks (docs/promotions.md "The law"), the calls of product-spec.md
 * "Promotion (promotion/api)", and what reaches the phones. The arithmetic lives in
 * contract/promotions-engine.ts; statuses in contract/promotions-status.ts.
 */
import * as v from 'valibot';
import { defineSyncDomain } from './sync';
import { PROMOTION_ACTIONS, PROMOTION_STATUSES, type PromotionState, type PromotionStatus } from './promotions-status';
import {
  bodyObject,
  companyBodyField,
  companyQueryField,
  idField,
  isIsoDate,
  optionalText,
  pagingFields,
  requiredText,
} from './validation';
import { formatNumber } from './money';

export const PROMOTION_SWITCH = 'REWARD' as const;

/** promotiontype/: what a programme looks at. */
export const PROMOTION_KINDS = ['discount', 'quantity_tier', 'buy_get', 'order_total'] as const;
export type PromotionKind = (typeof PROMOTION_KINDS)[number];
export const PROMOTION_KIND_LABELS: Record<PromotionKind, string> = {
  discount: 'Giảm giá sản phẩm',
  quantity_tier: 'Theo bậc số lượng',
  buy_get: 'Mua X tặng Y',
  order_total: 'Theo tổng tiền đơn hàng',
};
export const PROMOTION_KIND_HINTS: Record<PromotionKind, string> = {
  discount: 'Giảm % hoặc số tiền trên mỗi đơn vị, hoặc bán đồng giá, cho sản phẩm trong phạm vi',
  quantity_tier: 'Mua đủ số lượng của bậc thì được giảm hoặc tặng; bậc cao nhất đạt được được áp dụng',
  buy_get: 'Cứ mua đủ X đơn vị thì được tặng Y đơn vị (cùng sản phẩm hoặc sản phẩm khác), lặp lại theo bội số',
  order_total: 'Đơn hàng đạt tổng tiền của bậc thì được giảm % hoặc số tiền, hoặc tặng quà',
};

/** typediscount/: what a tier gives. */
export const REWARD_TYPES = ['percent', 'amount', 'fixed_price', 'gift'] as const;
export type RewardType = (typeof REWARD_TYPES)[number];
export const REWARD_TYPE_LABELS: Record<RewardType, string> = {
  percent: 'Giảm theo %',
  amount: 'Giảm số tiền',
  fixed_price: 'Đồng giá',
  gift: 'Tặng hàng',
};
/** The rewards each kind allows. */
export const KIND_REWARDS: Record<PromotionKind, readonly RewardType[]> = {
  discount: ['percent', 'amount', 'fixed_price'],
  quantity_tier: ['percent', 'amount', 'fixed_price', 'gift'],
  buy_get: ['gift'],
  order_total: ['percent', 'amount', 'gift'],
};

/**
 * promotionvalue/: one tier. `threshold` is a quantity in base units (đơn vị cơ bản) for the line
 * kinds, an amount in đồng for order_total. `value`: percent, đồng per base unit (amount and
 * fixed price of the line kinds), đồng off the order (amount of order_total). A gift is
 * `gift_quantity` base units of `gift_variant_id`, or of the bought variant when null.
 */
export type PromotionTier = {
  threshold: number;
  reward: RewardType;
  value: number;
  gift_variant_id: number | null;
  gift_quantity: number;
};

export const CAP_KINDS = ['money', 'quantity'] as const;
export type CapKind = (typeof CAP_KINDS)[number];

export type PromotionRecord = {
  id: number;
  company: number;
  code: string;
  name: string;
  description: string | null;
  kind: PromotionKind;
  state: PromotionState;
  /** The status code on the day the record was read (promotions-status.ts promotionStatus). */
  status: PromotionStatus;
  /** Inclusive days, Vietnam time. */
  starts_on: string;
  ends_on: string;
  /** A daily window "HH:MM" (Vietnam time); both null: all day. */
  hours_from: string | null;
  hours_to: string | null;
  /** Exclusive: applies only to lines no other programme touched, and then no other may. */
  exclusive: boolean;
  /** Higher first. */
  priority: number;
  /** Which goods: any of these variants, categories or brands; all empty: every product. */
  variant_ids: number[];
  category_ids: number[];
  brand_ids: number[];
  /** Which customers: all empty lists mean everyone. */
  customer_type_ids: number[];
  level_ids: number[];
  region_ids: number[];
  /** The provinces of `region_ids` when the record was read (a customer matches by province). */
  province_codes: string[];
  tiers: PromotionTier[];
  /** Budget, counted in money (discount and gifts at list price) or in base units given. */
  cap_kind: CapKind;
  cap_total: number | null;
  cap_per_customer: number | null;
  /** Spent of the budget so far (in the cap's kind), by orders not cancelled. */
  used_total: number;
  order_count: number;
  discount_given: number;
  /** The notice to the provincial trade department (Sở Công Thương), NĐ 81/2018 Điều 17. */
  notice_ref: string | null;
  notice_date: string | null;
  reject_reason: string | null;
  created_by_name: string | null;
  approved_by_name: string | null;
  approved_at: string | null;
  created_at: string;
  updated_at: string;
};

const money = (label: string, max = 100_000_000_000) =>
  v.pipe(
    v.number(`${label} phải là số`),
    v.integer(`${label} phải là số nguyên`),
    v.minValue(0, `${label} không được âm`),
    v.maxValue(max, `${label} quá lớn`),
  );
const ids = (label: string, max = 5000) =>
  v.optional(
    v.pipe(
      v.array(idField(label), `Danh sách ${label} không hợp lệ`),
      v.maxLength(max, `Tối đa ${max} ${label}`),
      v.transform((list) => [...new Set(list)]),
    ),
    [],
  );
const day = (label: string) =>
  v.pipe(
    v.string(`Vui lòng chọn ${label}`),
    v.regex(/^\d{4}-\d{2}-\d{2}$/, `${label} không hợp lệ (YYYY-MM-DD)`),
    v.check(isIsoDate, `${label} không hợp lệ (YYYY-MM-DD)`),
  );
const hour = (label: string) =>
  v.optional(
    v.nullable(v.pipe(v.string(`${label} không hợp lệ`), v.regex(/^([01]\d|2[0-3]):[0-5]\d$/, `${label} phải có dạng HH:MM`))),
    null,
  );

export const PromotionTierSchema = v.object(
  {
    threshold: v.pipe(
      v.number('Mốc áp dụng phải là số'),
      v.integer('Mốc áp dụng phải là số nguyên'),
      v.minValue(1, 'Mốc áp dụng phải lớn hơn 0'),
      v.maxValue(100_000_000_000, 'Mốc áp dụng quá lớn'),
    ),
    reward: v.picklist(REWARD_TYPES, 'Kiểu ưu đãi không hợp lệ'),
    value: v.optional(
      v.pipe(
        v.number('Giá trị ưu đãi phải là số'),
        v.minValue(0, 'Giá trị ưu đãi không được âm'),
        v.maxValue(100_000_000_000, 'Giá trị ưu đãi quá lớn'),
      ),
      0,
    ),
    gift_variant_id: v.optional(v.nullable(idField('sản phẩm tặng')), null),
    gift_quantity: v.optional(
      v.pipe(
        v.number('Số lượng tặng phải là số'),
        v.integer('Số lượng tặng phải là số nguyên'),
        v.minValue(0, 'Số lượng tặng không được âm'),
        v.maxValue(100_000, 'Số lượng tặng quá lớn'),
      ),
      0,
    ),
  },
  'Bậc ưu đãi không hợp lệ',
);

/** The shape and the rules that need no database (contract-side checks, docs/promotions.md "The law"). */
export function tierProblems(kind: PromotionKind, tiers: readonly PromotionTier[]): Record<string, string> {
  const problems: Record<string, string> = {};
  if (tiers.length === 0) problems.tiers = 'Vui lòng nhập ít nhất một bậc ưu đãi';
  if ((kind === 'discount' || kind === 'buy_get') && tiers.length > 1)
    problems.tiers = `${PROMOTION_KIND_LABELS[kind]} chỉ có một mức ưu đãi`;
  const seen = new Set<number>();
  tiers.forEach((tier, index) => {
    const at = `tiers.${index}`;
    if (!KIND_REWARDS[kind].includes(tier.reward))
      problems[`${at}.reward`] = `${REWARD_TYPE_LABELS[tier.reward]} không dùng được cho loại "${PROMOTION_KIND_LABELS[kind]}"`;
    if (seen.has(tier.threshold)) problems[`${at}.threshold`] = 'Hai bậc trùng mốc áp dụng';
    seen.add(tier.threshold);
    if (tier.reward === 'percent' && tier.value > 50) problems[`${at}.value`] = 'Mức giảm tối đa 50% (Nghị định 81/2018, Điều 7)';
    if (tier.reward === 'percent' && tier.value <= 0) problems[`${at}.value`] = 'Vui lòng nhập mức giảm';
    if ((tier.reward === 'amount' || tier.reward === 'fixed_price') && (!Number.isInteger(tier.value) || tier.value <= 0))
      problems[`${at}.value`] = 'Vui lòng nhập số tiền (đồng, số nguyên)';
    if (tier.reward === 'amount' && kind === 'order_total' && tier.value * 2 > tier.threshold)
      problems[`${at}.value`] = 'Số tiền giảm không được quá 50% mốc tổng tiền (Nghị định 81/2018, Điều 7)';
    if (tier.reward === 'gift' && tier.gift_quantity <= 0) problems[`${at}.gift_quantity`] = 'Vui lòng nhập số lượng tặng';
    if (tier.reward === 'gift' && kind === 'order_total' && tier.gift_variant_id === null)
      problems[`${at}.gift_variant_id`] = 'Vui lòng chọn sản phẩm tặng';
  });
  // Tiers overlap when a higher threshold gives less: the customer would lose by buying more.
  const sorted = [...tiers]
    .filter((tier) => tier.reward === 'percent' || tier.reward === 'amount')
    .sort((a, b) => a.threshold - b.threshold);
  for (let index = 1; index < sorted.length; index += 1) {
    const [lower, higher] = [sorted[index - 1]!, sorted[index]!];
    if (lower.reward === higher.reward && higher.value < lower.value) {
      problems.tiers = `Bậc từ ${formatNumber(higher.threshold)} ưu đãi thấp hơn bậc dưới nó`;
    }
  }
  return problems;
}

export const PromotionInputSchema = v.pipe(
  bodyObject({
    company: companyBodyField,
    name: requiredText('tên chương trình', 200),
    description: optionalText('mô tả', 2000),
    kind: v.picklist(PROMOTION_KINDS, 'Loại chương trình không hợp lệ'),
    starts_on: day('Ngày bắt đầu'),
    ends_on: day('Ngày kết thúc'),
    hours_from: hour('Giờ bắt đầu'),
    hours_to: hour('Giờ kết thúc'),
    exclusive: v.optional(v.boolean('Cách kết hợp không hợp lệ'), false),
    priority: v.optional(
      v.pipe(
        v.number('Độ ưu tiên phải là số'),
        v.integer('Độ ưu tiên phải là số nguyên'),
        v.minValue(0, 'Độ ưu tiên không được âm'),
        v.maxValue(1000, 'Độ ưu tiên tối đa 1000'),
      ),
      0,
    ),
    variant_ids: ids('sản phẩm'),
    category_ids: ids('danh mục', 200),
    brand_ids: ids('thương hiệu', 200),
    customer_type_ids: ids('nhóm khách hàng', 200),
    level_ids: ids('cấp độ', 200),
    region_ids: ids('khu vực', 200),
    tiers: v.pipe(v.array(PromotionTierSchema, 'Danh sách bậc ưu đãi không hợp lệ'), v.maxLength(20, 'Tối đa 20 bậc ưu đãi')),
    cap_kind: v.optional(v.picklist(CAP_KINDS, 'Cách tính ngân sách không hợp lệ'), 'money'),
    cap_total: v.optional(v.nullable(money('Ngân sách')), null),
    cap_per_customer: v.optional(v.nullable(money('Giới hạn mỗi khách hàng')), null),
    notice_ref: optionalText('số thông báo', 100),
    notice_date: v.optional(v.nullable(day('Ngày thông báo')), null),
  }),
  v.check((input) => input.starts_on <= input.ends_on, 'Ngày kết thúc phải sau ngày bắt đầu'),
  v.check((input) => (input.hours_from === null) === (input.hours_to === null), 'Vui lòng nhập cả giờ bắt đầu và giờ kết thúc'),
  v.check(
    (input) => input.hours_from === null || input.hours_to === null || input.hours_from < input.hours_to,
    'Giờ kết thúc phải sau giờ bắt đầu',
  ),
  v.check(
    (input) => input.cap_total === null || input.cap_per_customer === null || input.cap_per_customer <= input.cap_total,
    'Giới hạn mỗi khách hàng không được lớn hơn ngân sách',
  ),
);
export type PromotionInput = v.InferOutput<typeof PromotionInputSchema>;
export type PromotionInputDraft = v.InferInput<typeof PromotionInputSchema>;

export const PromotionListQuery = v.object({
  company: companyQueryField,
  ...pagingFields(),
  search: v.optional(v.pipe(v.string(), v.maxLength(100, 'Từ khóa tìm kiếm quá dài'))),
  status: v.optional(
    v.pipe(
      v.string(),
      v.regex(/^[1-6]$/, 'Trạng thái không hợp lệ'),
      v.transform((value) => Number(value) as PromotionStatus),
      v.check((value) => PROMOTION_STATUSES.includes(value), 'Trạng thái không hợp lệ'),
    ),
  ),
  /** Programmes running on any day of [startDate, endDate]. */
  startDate: v.optional(v.pipe(v.string(), v.check(isIsoDate, 'Ngày bắt đầu không hợp lệ (YYYY-MM-DD)'))),
  endDate: v.optional(v.pipe(v.string(), v.check(isIsoDate, 'Ngày kết thúc không hợp lệ (YYYY-MM-DD)'))),
  kind: v.optional(v.picklist(PROMOTION_KINDS, 'Loại chương trình không hợp lệ')),
});

export const PromotionActionSchema = v.pipe(
  bodyObject({
    company: companyBodyField,
    action: v.picklist(PROMOTION_ACTIONS, 'Thao tác không hợp lệ'),
    reason: optionalText('lý do', 500),
  }),
  v.check((input) => input.action !== 'reject' || input.reason !== null, 'Vui lòng nhập lý do từ chối'),
);

export const PromotionTiersSchema = bodyObject({
  company: companyBodyField,
  promotion: idField('chương trình'),
  tiers: PromotionInputSchema.pipe[0].entries.tiers,
});

export const PromotionUsageQuery = v.object({ company: companyQueryField, ...pagingFields() });
export const PromotionVariantQuery = v.object({
  company: companyQueryField,
  promotion: idField('chương trình'),
  ...pagingFields(),
  search: v.optional(v.pipe(v.string(), v.maxLength(100, 'Từ khóa tìm kiếm quá dài'))),
});

/** statuspromotion/: each status with its count, for the list's tabs. */
export type PromotionStatusCount = { status: PromotionStatus; label: string; count: number };

/** One order that used a programme (the detail's usage tab). */
export type PromotionUsageRow = {
  order_id: string;
  order_code: string | null;
  customer_name: string;
  account_name: string;
  discount: number;
  gift_value: number;
  quantity: number;
  created_at: string;
};

/** A variant a programme covers (getpromotionvariant/), resolved from its variants, categories and brands. */
export type PromotionVariantRow = {
  variant_id: number;
  sku: string;
  product_name: string;
  variant_name: string;
  base_unit: string;
  price: number;
};

/** The programme-lines sheet: the goods a programme covers, one SKU a row (import/ and template/). */
export const PROMOTION_SHEET_COLUMNS = ['Mã SKU', 'Tên sản phẩm'] as const;

export const PromotionLinesImportSchema = bodyObject({
  company: companyBodyField,
  rows: v.pipe(
    v.array(
      v.record(v.string(), v.nullable(v.union([v.string(), v.number(), v.boolean()])), 'Dòng dữ liệu không hợp lệ'),
      'Danh sách dòng không hợp lệ',
    ),
    v.minLength(1, 'Tệp không có dòng dữ liệu nào'),
    v.maxLength(5000, 'Mỗi lần nhập tối đa 5000 dòng'),
  ),
});

/** Each row read: the variant found, or why not (row numbers as the sheet shows them). */
export type PromotionSheetRow = { row: number; sku: string; variant_id: number | null; name: string | null; problem: string | null };
export type PromotionLinesAnswer = { rows: PromotionSheetRow[]; variant_ids: number[] };

export const promotionPaths = {
  promotions: '/promotion/api/promotion/',
  promotion: (id: number | string) => `/promotion/api/promotion/${id}/`,
  copy: (id: number | string) => `/promotion/api/promotion/${id}/copy/`,
  usage: (id: number | string) => `/promotion/api/promotion/${id}/usage/`,
  exportData: '/promotion/api/promotion/export/',
  importLines: '/promotion/api/promotion/import/',
  template: '/promotion/api/promotion/template/',
  kinds: '/promotion/api/promotiontype/',
  rewards: '/promotion/api/typediscount/',
  tiers: '/promotion/api/promotionvalue/',
  statuses: '/promotion/api/statuspromotion/',
  action: (id: number | string) => `/promotion/api/statuspromotion/${id}/`,
  variants: '/promotion/api/getpromotionvariant/',
} as const;

export const PROMOTION_MESSAGES = {
  created: 'Đã tạo chương trình, đang chờ duyệt',
  updated: 'Đã lưu chương trình',
  deleted: 'Đã xóa chương trình',
  copied: 'Đã sao chép chương trình',
  notFound: 'Không tìm thấy chương trình khuyến mại',
  approved: 'Đã duyệt chương trình',
  rejected: 'Đã từ chối chương trình',
  stopped: 'Đã dừng chương trình',
} as const;

/** Programmes reach the phones so the cart applies them offline as the server will (promotions-engine.ts). */
export const promotionsSync = defineSyncDomain({
  name: 'promotions',
  entities: ['promotion'],
  // The cart applies the running programmes.
  reads: {
    promotion: {
      anyOf: [
        ['promotions', 'view'],
        ['orders', 'create'],
      ],
      requires: PROMOTION_SWITCH,
    },
  },
  ops: {},
});
