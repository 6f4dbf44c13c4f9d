/**
 * Recall campaigns (docs/pharma.md "Recall campaigns"): a lot, or every lot of a registration number, recalled at a
 * legal level with its deadline; who received it, notices to each, returns booked against the
 * campaign (a return receipt into quarantine), returned against shipped per customer, what is
 * overdue, and a close-out report for the authority. The arithmetic lives here so the office screen
 * and the server say the same about what is overdue. Legal text: Luật Dược 2016 (levels and deadlines,
 * Công báo 343–344/2016) and TT 11/2018/TT-BYT Phụ lục II (what makes each level); docs/pharma.md "Recalls".
 */
import * as v from 'valibot';
import { addDays, daysBetween } from './calendar-days';
import {
  bodyObject,
  companyBodyField,
  companyQueryField,
  idField,
  isIsoDate,
  optionalText,
  pagingFields,
  requiredText,
  uuidField,
} from './validation';

// ---- levels and deadlines ------------------------------------------------------------------------

export const RECALL_LEVELS = [1, 2, 3] as const;
export type RecallLevel = (typeof RECALL_LEVELS)[number];

/**
 * Where the deadlines come from. The cases a drug is recalled in are Điều 62; the levels and the
 * days each allows are Điều 63 (khoản 2 the levels, khoản 3 the scope and deadline), as published
 * in Công báo 343–344/2016.
 */
export const RECALL_SOURCE = {
  law: 'Luật Dược 2016 (105/2016/QH13), Điều 62 (các trường hợp thu hồi) và Điều 63 khoản 2–3 (mức độ, phạm vi, thời hạn)',
  url: 'https://vi.wikisource.org/wiki/Trang:Cong_bao_Chinh_phu_343_344_nam_2016.pdf/48',
} as const;

export type RecallLevelRule = { level: RecallLevel; days: number; label: string; scope: string; source: string };

export const RECALL_LEVEL_RULES: Record<RecallLevel, RecallLevelRule> = {
  1: {
    level: 1,
    days: 3,
    label: 'Mức độ 1 (03 ngày)',
    scope: 'Thu hồi ở mọi cơ sở kinh doanh dược, cơ sở khám chữa bệnh và người sử dụng',
    source: `${RECALL_SOURCE.law}: điểm a khoản 3 Điều 63`,
  },
  2: {
    level: 2,
    days: 15,
    label: 'Mức độ 2 (15 ngày)',
    scope: 'Thu hồi ở mọi cơ sở kinh doanh dược, cơ sở khám chữa bệnh và người sử dụng',
    source: `${RECALL_SOURCE.law}: điểm b khoản 3 Điều 63`,
  },
  3: {
    level: 3,
    days: 30,
    label: 'Mức độ 3 (30 ngày)',
    scope: 'Thu hồi ở mọi cơ sở kinh doanh dược',
    source: `${RECALL_SOURCE.law}: điểm c khoản 3 Điều 63`,
  },
};

/** The last day the recall may finish: the decision date plus the level's days ("kể từ ngày có quyết định"). */
export function recallDeadline(decisionDate: string, level: RecallLevel): string {
  return addDays(decisionDate, RECALL_LEVEL_RULES[level].days);
}

/** Days left until the deadline (0 on the day, negative once past). */
export function recallDaysLeft(deadline: string, today: string): number {
  return daysBetween(today, deadline);
}

/** Overdue: the deadline has passed and less came back than was shipped. */
export function isRecallOverdue(input: { today: string; deadline: string; returned: number; shipped: number }): boolean {
  return input.today > input.deadline && input.returned < input.shipped;
}

// ---- returned against shipped --------------------------------------------------------------------

/** Base units of a lot a customer received (shipped) or sent back against the campaign (returned). */
export type RecallQuantity = { customer_id: string; lot_id: number; quantity: number };

export type RecallLotProgress = { lot_id: number; shipped: number; returned: number };
export type RecallCustomerProgress = {
  customer_id: string;
  shipped: number;
  returned: number;
  /** What is still at the customer: shipped less returned, never below zero. */
  outstanding: number;
  overdue: boolean;
  lots: RecallLotProgress[];
};

/** Per customer (in the order they first appear), per lot: shipped, returned, outstanding, overdue. */
export function recallProgress(
  shipments: readonly RecallQuantity[],
  returns: readonly RecallQuantity[],
  clock: { today: string; deadline: string },
): RecallCustomerProgress[] {
  const customers = new Map<string, Map<number, RecallLotProgress>>();
  const entry = (customerId: string, lotId: number) => {
    const lots = customers.get(customerId) ?? new Map<number, RecallLotProgress>();
    customers.set(customerId, lots);
    const lot = lots.get(lotId) ?? { lot_id: lotId, shipped: 0, returned: 0 };
    lots.set(lotId, lot);
    return lot;
  };
  for (const row of shipments) entry(row.customer_id, row.lot_id).shipped += row.quantity;
  for (const row of returns) entry(row.customer_id, row.lot_id).returned += row.quantity;
  return [...customers].map(([customerId, lots]) => {
    const list = [...lots.values()];
    const shipped = list.reduce((sum, lot) => sum + lot.shipped, 0);
    const returned = list.reduce((sum, lot) => sum + lot.returned, 0);
    return {
      customer_id: customerId,
      shipped,
      returned,
      outstanding: Math.max(0, shipped - returned),
      overdue: isRecallOverdue({ ...clock, returned, shipped }),
      lots: list,
    };
  });
}

/** Why a return of `quantity` cannot be booked for a customer's lot, or null. */
export function recallReturnProblem(progress: { shipped: number; returned: number }, quantity: number, unit = ''): string | null {
  if (progress.shipped <= 0) return 'Khách hàng này không nhận lô này nên không có hàng để thu hồi';
  const left = progress.shipped - progress.returned;
  const units = unit ? ` ${unit}` : '';
  if (left <= 0) return 'Khách hàng đã trả đủ số lượng đã nhận của lô này';
  if (quantity > left)
    return `Khách hàng chỉ còn ${left}${units} của lô này chưa trả (đã nhận ${progress.shipped}, đã trả ${progress.returned})`;
  return null;
}

// ---- records -------------------------------------------------------------------------------------

export const RECALL_SCOPES = ['lot', 'registration'] as const;
export type RecallScope = (typeof RECALL_SCOPES)[number];
export const RECALL_SCOPE_LABELS: Record<RecallScope, string> = { lot: 'Một lô', registration: 'Mọi lô của số đăng ký' };

export const RECALL_STATUSES = ['open', 'closed'] as const;
export type RecallStatus = (typeof RECALL_STATUSES)[number];
export const RECALL_STATUS_LABELS: Record<RecallStatus, string> = { open: 'Đang thu hồi', closed: 'Đã đóng' };

export const RECALL_NOTICE_CHANNELS = { app: 'Thông báo cho trình dược viên', zns: 'Zalo ZNS' } as const;
export type RecallNoticeChannel = keyof typeof RECALL_NOTICE_CHANNELS;
/** sent: written (in-app); queued: handed to the messaging queue (ZNS); not_sent: why is in `detail`. */
export type RecallNoticeStatus = 'sent' | 'queued' | 'not_sent';

export type RecallRecord = {
  id: number;
  company: number;
  code: string;
  level: RecallLevel;
  decision_number: string;
  decision_date: string;
  deadline: string;
  reason: string;
  scope: RecallScope;
  registration_number: string | null;
  product_name: string;
  lot_nos: string[];
  status: RecallStatus;
  created_by_name: string;
  created_at: string;
  closed_by_name: string | null;
  closed_at: string | null;
  close_note: string | null;
  /** Base units over every customer. */
  shipped: number;
  returned: number;
  customer_count: number;
  overdue_customers: number;
};

export type RecallLotRow = {
  lot_id: number;
  lot_no: string;
  product_name: string;
  base_unit: string;
  expires_on: string | null;
  shipped: number;
  returned: number;
  /** In the company's warehouses now (returns included, held in quarantine). */
  on_hand: number;
};

export type RecallCustomerRow = Omit<RecallCustomerProgress, 'lots'> & {
  customer_code: string;
  customer_name: string;
  customer_phone: string | null;
  rep_name: string | null;
  lots: (RecallLotProgress & { lot_no: string })[];
};

/** Exports of a lot to someone who is not a customer of an order (a manual export): listed, not counted. */
export type RecallOtherRecipient = {
  receipt_code: string;
  partner_name: string | null;
  lot_no: string;
  quantity: number;
  document_date: string;
};

export type RecallNoticeRow = {
  id: number;
  customer_id: string;
  customer_name: string;
  channel: RecallNoticeChannel;
  status: RecallNoticeStatus;
  detail: string;
  /** A queued ZNS: where the message stands now ("Đã gửi", "Gửi lỗi: …"); null otherwise. */
  message: string | null;
  created_at: string;
};

export type RecallReturnRow = {
  id: string;
  customer_id: string;
  customer_name: string;
  lot_id: number;
  lot_no: string;
  quantity: number;
  receipt_id: string;
  receipt_code: string;
  document_date: string;
  created_by_name: string;
  created_at: string;
};

export type RecallDetail = RecallRecord & {
  level_rule: RecallLevelRule;
  lots: RecallLotRow[];
  customers: RecallCustomerRow[];
  other_recipients: RecallOtherRecipient[];
  notices: RecallNoticeRow[];
  returns: RecallReturnRow[];
};

// ---- inputs --------------------------------------------------------------------------------------

const day = (label: string) =>
  v.pipe(
    v.string(`${label} không hợp lệ`),
    v.regex(/^\d{4}-\d{2}-\d{2}$/, `${label} không hợp lệ (YYYY-MM-DD)`),
    v.check(isIsoDate, `${label} không hợp lệ (YYYY-MM-DD)`),
  );

const levelField = v.union([v.literal(1), v.literal(2), v.literal(3)], 'Mức độ thu hồi phải là 1, 2 hoặc 3');

export const OpenRecallSchema = v.pipe(
  bodyObject({
    company: companyBodyField,
    scope: v.picklist(RECALL_SCOPES, 'Phạm vi thu hồi phải là một lô hoặc một số đăng ký'),
    lot_id: v.optional(v.nullable(idField('lô')), null),
    registration_number: optionalText('số đăng ký', 50),
    level: levelField,
    decision_number: requiredText('số quyết định thu hồi', 100),
    decision_date: day('Ngày quyết định'),
    reason: requiredText('lý do thu hồi', 1000),
    /** A ZNS template of the company's OA to send each customer; none: the notice says so. */
    zns_template: v.optional(v.nullable(idField('mẫu ZNS')), null),
  }),
  v.forward(
    v.check((input) => input.scope !== 'lot' || input.lot_id !== null, 'Vui lòng chọn lô cần thu hồi'),
    ['lot_id'],
  ),
  v.forward(
    v.check((input) => input.scope !== 'registration' || input.registration_number !== null, 'Vui lòng nhập số đăng ký cần thu hồi'),
    ['registration_number'],
  ),
);
export type OpenRecallInput = v.InferOutput<typeof OpenRecallSchema>;

export const RecallReturnSchema = bodyObject({
  company: companyBodyField,
  customer_id: uuidField('Khách hàng'),
  lot_id: idField('lô'),
  quantity: v.pipe(
    v.number('Số lượng trả phải là số'),
    v.integer('Số lượng trả phải là số nguyên'),
    v.minValue(1, 'Số lượng trả phải lớn hơn 0'),
    v.maxValue(1_000_000_000, 'Số lượng trả quá lớn'),
  ),
  document_date: day('Ngày nhập trả'),
  /** Where the goods come back; none: the warehouse the lot left from. */
  warehouse_id: v.optional(v.nullable(idField('kho')), null),
  note: optionalText('ghi chú', 500),
});
export type RecallReturnInput = v.InferOutput<typeof RecallReturnSchema>;

export const CloseRecallSchema = bodyObject({ company: companyBodyField, note: optionalText('ghi chú khi đóng đợt', 1000) });

export const RecallListQuery = v.object({
  ...pagingFields(100),
  company: companyQueryField,
  status: v.optional(v.picklist(RECALL_STATUSES, 'Trạng thái không hợp lệ')),
  search: v.optional(v.pipe(v.string(), v.maxLength(100, 'Từ khóa tìm kiếm quá dài'))),
});

export const RecallCompanyQuery = v.object({ company: companyQueryField });

export const recallPaths = {
  list: '/pharma/api/recalls/',
  one: (id: number | string) => `/pharma/api/recalls/${id}/`,
  returns: (id: number | string) => `/pharma/api/recalls/${id}/returns/`,
  close: (id: number | string) => `/pharma/api/recalls/${id}/close/`,
  export: (id: number | string) => `/pharma/api/recalls/${id}/export/`,
} as const;

/** The close-out file's name: the campaign's code and the day it was written. */
export function recallSheetFileName(code: string, today: string): string {
  return `dot-thu-hoi-${code}-${today}.xlsx`;
}
