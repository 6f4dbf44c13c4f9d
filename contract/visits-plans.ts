/**
 * Route plans (tuyến / MCP): which customers a rep visits on which days. Each stop carries a visit
 * frequency in the codes Vietnamese distributors use (Imexco's 1.1–1.4, 2.1/2.2, 4, 8, 12, 24:
 * docs/visits.md "Route plans"), the weekdays it falls on and, for the monthly and fortnightly ones,
 * the weeks of the month. A plan is built in the office, approved by the region manager and takes
 * effect from a day; the phone reads the approved stops offline and lists the day's ("Hôm nay") in
 * the plan's order. The same functions decide on the server whether a check-in was planned.
 */
import * as v from 'valibot';
import { addDays } from './calendar-days';
import { bodyObject, companyBodyField, idField, isIsoDate, requiredText, uuidField } from './validation';

/** How often a customer is visited: the weekdays a stop needs and the weeks it may name. */
export const VISIT_FREQUENCIES = {
  F1: { label: 'F1 – tháng 1 lần', weekdays: 1, weeks: [[1], [2], [3], [4]] },
  F2: {
    label: 'F2 – 2 tuần 1 lần',
    weekdays: 1,
    weeks: [
      [1, 3],
      [2, 4],
    ],
  },
  F4: { label: 'F4 – tuần 1 lần', weekdays: 1, weeks: [] },
  F8: { label: 'F8 – tuần 2 lần', weekdays: 2, weeks: [] },
  F12: { label: 'F12 – tuần 3 lần', weekdays: 3, weeks: [] },
  F24: { label: 'F24 – tuần 6 lần', weekdays: 6, weeks: [] },
} as const satisfies Record<string, { label: string; weekdays: number; weeks: readonly (readonly number[])[] }>;
export type VisitFrequency = keyof typeof VISIT_FREQUENCIES;
export const FREQUENCY_CODES = Object.keys(VISIT_FREQUENCIES) as VisitFrequency[];

/** ISO weekdays: 1 Monday … 7 Sunday. */
export const WEEKDAY_LABELS: Record<number, string> = { 1: 'T2', 2: 'T3', 3: 'T4', 4: 'T5', 5: 'T6', 6: 'T7', 7: 'CN' };

export type RouteStop = {
  customer_id: string;
  frequency: VisitFrequency;
  /** ISO weekdays, as many as the frequency needs. */
  weekdays: number[];
  /** Weeks of the month (the n-th such weekday) for F1 and F2; empty for the weekly ones. */
  weeks: number[];
};

/** The stop's own rule, in words the office reads back: "F2 – 2 tuần 1 lần: T3, tuần 1 và 3". */
export function describeStop(stop: Pick<RouteStop, 'frequency' | 'weekdays' | 'weeks'>): string {
  const days = stop.weekdays.map((day) => WEEKDAY_LABELS[day]).join(', ');
  const weeks = stop.weeks.length ? `, tuần ${stop.weeks.join(' và ')}` : '';
  return `${VISIT_FREQUENCIES[stop.frequency].label}: ${days}${weeks}`;
}

/** Why a stop's days do not fit its frequency, or null. */
export function stopProblem(stop: Pick<RouteStop, 'frequency' | 'weekdays' | 'weeks'>): string | null {
  const rule = VISIT_FREQUENCIES[stop.frequency];
  const days = new Set(stop.weekdays);
  if (days.size !== stop.weekdays.length || stop.weekdays.some((day) => !Number.isInteger(day) || day < 1 || day > 7))
    return 'Ngày trong tuần không hợp lệ';
  if (days.size !== rule.weekdays) return `Tần suất ${stop.frequency} cần chọn ${rule.weekdays} ngày trong tuần`;
  const weeks = [...stop.weeks].sort().join(',');
  if (rule.weeks.length === 0) return stop.weeks.length ? `Tần suất ${stop.frequency} không chọn tuần trong tháng` : null;
  if (!rule.weeks.some((allowed) => allowed.join(',') === weeks))
    return stop.frequency === 'F1'
      ? 'Tần suất F1 cần chọn một tuần (1–4) trong tháng'
      : 'Tần suất F2 cần chọn tuần 1 và 3, hoặc tuần 2 và 4';
  return null;
}

/** ISO weekday and the week of the month (the n-th such weekday: days 1–7 are week 1) of a day YYYY-MM-DD. */
export function dayPlace(day: string): { weekday: number; week: number } {
  const date = new Date(`${day}T00:00:00Z`);
  return { weekday: ((date.getUTCDay() + 6) % 7) + 1, week: Math.ceil(date.getUTCDate() / 7) };
}

/** Whether a stop falls on a day (YYYY-MM-DD): its weekday, and its week for F1/F2 (a fifth such weekday is none). */
export function stopDueOn(stop: Pick<RouteStop, 'weekdays' | 'weeks'>, day: string): boolean {
  const { weekday, week } = dayPlace(day);
  return stop.weekdays.includes(weekday) && (stop.weeks.length === 0 || stop.weeks.includes(week));
}

/** The approved part of a plan the phone mirrors and the server checks check-ins against. */
export type ApprovedPlan = {
  id: string;
  name: string;
  account_id: number;
  approved_stops: RouteStop[] | null;
  approved_from: string | null;
};

export type PlannedStop = RouteStop & { plan_id: string; plan_name: string };

/**
 * A rep's planned customers on a day, in their plans' order (plans by name), each customer once:
 * the approved stops of the plans in effect on that day.
 */
export function plannedStops(plans: readonly ApprovedPlan[], accountId: number, day: string): PlannedStop[] {
  const seen = new Set<string>();
  const due: PlannedStop[] = [];
  const mine = plans
    .filter((plan) => plan.account_id === accountId && plan.approved_stops && plan.approved_from !== null && plan.approved_from <= day)
    .sort((a, b) => a.name.localeCompare(b.name, 'vi'));
  for (const plan of mine)
    for (const stop of plan.approved_stops!)
      if (!seen.has(stop.customer_id) && stopDueOn(stop, day)) {
        seen.add(stop.customer_id);
        due.push({ ...stop, plan_id: plan.id, plan_name: plan.name });
      }
  return due;
}

/**
 * Whether a check-in at a customer on a day was planned: null when the rep has no plan in effect
 * (nothing to compare with), otherwise planned or not.
 */
export function planStateOf(plans: readonly ApprovedPlan[], accountId: number, day: string, customerId: string): PlanState | null {
  const inEffect = plans.some(
    (plan) => plan.account_id === accountId && plan.approved_stops && plan.approved_from !== null && plan.approved_from <= day,
  );
  if (!inEffect) return null;
  return plannedStops(plans, accountId, day).some((stop) => stop.customer_id === customerId) ? 'planned' : 'unplanned';
}

/**
 * How many planned calls a rep's approved plans make over the days `from`..`to` (YYYY-MM-DD, both
 * included): the sum of each day's plannedStops. What route compliance divides by (the staff
 * report); the plans as approved now, applied from the day each took effect.
 */
export function plannedCalls(plans: readonly ApprovedPlan[], accountId: number, from: string, to: string): number {
  let calls = 0;
  for (let day = from; day <= to; day = addDays(day, 1)) calls += plannedStops(plans, accountId, day).length;
  return calls;
}

export type PlanState = 'planned' | 'unplanned';
export const PLAN_STATE_LABELS: Record<PlanState, string> = { planned: 'Trong tuyến hôm nay', unplanned: 'Ngoài tuyến hôm nay' };

/** Why a rep visits a customer who is not on today's plan: asked at check-in, counted apart. */
export const UNPLANNED_REASONS = {
  CUSTOMER_CALLED: 'Khách hàng gọi đặt hàng',
  COLLECT_OR_DELIVER: 'Thu tiền hoặc giao hàng',
  ROUTE_SWAPPED: 'Đổi ngày theo tuyến',
  NEW_CUSTOMER: 'Khách hàng mới',
  OTHER: 'Lý do khác',
} as const;
export type UnplannedReason = keyof typeof UNPLANNED_REASONS;
export const unplannedReasonField = v.optional(
  v.nullable(v.picklist(Object.keys(UNPLANNED_REASONS) as UnplannedReason[], 'Lý do ghé thăm ngoài tuyến không hợp lệ')),
  null,
);

export const PLAN_STATUS_LABELS = { waiting: 'Chờ duyệt', approved: 'Đã duyệt' } as const;
export type PlanStatus = keyof typeof PLAN_STATUS_LABELS;

/** A plan as the office and the phone see it: what is being edited (stops) and what is in effect (approved_stops). */
export type RoutePlanRecord = ApprovedPlan & {
  company: number;
  account_name: string;
  status: PlanStatus;
  stops: (RouteStop & { customer_name: string })[];
  effective_from: string;
  approved_by_name: string | null;
  approved_at: string | null;
  updated_at: string;
};

/** How many customers one plan holds: a rep's month of 300 customers fits with room. */
export const MAX_PLAN_STOPS = 500;

const dayField = (label: string) =>
  v.pipe(
    v.string(`${label} không hợp lệ`),
    v.regex(/^\d{4}-\d{2}-\d{2}$/, `${label} không hợp lệ (YYYY-MM-DD)`),
    v.check(isIsoDate, `${label} không hợp lệ`),
  );

export const RouteStopSchema = v.pipe(
  v.object(
    {
      customer_id: uuidField('Khách hàng'),
      frequency: v.picklist(FREQUENCY_CODES, 'Tần suất ghé thăm không hợp lệ'),
      weekdays: v.array(
        v.pipe(v.number('Ngày trong tuần không hợp lệ'), v.integer('Ngày trong tuần không hợp lệ')),
        'Ngày trong tuần không hợp lệ',
      ),
      weeks: v.optional(v.array(v.pipe(v.number('Tuần không hợp lệ'), v.integer('Tuần không hợp lệ')), 'Tuần không hợp lệ'), []),
    },
    'Điểm ghé thăm không hợp lệ',
  ),
  v.rawCheck(({ dataset, addIssue }) => {
    if (!dataset.typed) return;
    const problem = stopProblem(dataset.value);
    if (problem) addIssue({ message: problem });
  }),
);

export const RoutePlanSchema = bodyObject({
  company: companyBodyField,
  account_id: idField('nhân viên'),
  name: requiredText('tên tuyến', 100),
  effective_from: dayField('Ngày áp dụng'),
  stops: v.pipe(
    v.array(RouteStopSchema, 'Danh sách khách hàng của tuyến không hợp lệ'),
    v.maxLength(MAX_PLAN_STOPS, `Một tuyến có tối đa ${MAX_PLAN_STOPS} khách hàng`),
    v.check((stops) => new Set(stops.map((stop) => stop.customer_id)).size === stops.length, 'Một khách hàng chỉ có một dòng trong tuyến'),
  ),
});
export type RoutePlanInput = v.InferOutput<typeof RoutePlanSchema>;

/** Copy a plan to another rep: a new plan waiting for approval. */
export const RoutePlanCopySchema = bodyObject({ company: companyBodyField, account_id: idField('nhân viên') });

export const planPaths = {
  plans: '/visit/api/plans/',
  plan: (id: string) => `/visit/api/plans/${id}/`,
  approve: (id: string) => `/visit/api/plans/${id}/approve/`,
  copy: (id: string) => `/visit/api/plans/${id}/copy/`,
  /** The plans of the list's filter as an .xlsx, one row per stop (server/modules/visits/plans-sheet.ts). */
  export: '/visit/api/plans/export/',
  /** Plans from a sheet: all saved waiting for approval, or none when a row is wrong. */
  import: '/visit/api/plans/import/',
} as const;

/** The columns a plans import reads, as the export writes them (server/modules/visits/plans-sheet.ts) and the dialog maps them. */
export const PLAN_SHEET_COLUMNS = ['Mã NV', 'Tuyến', 'Thứ tự', 'Mã KH', 'Tần suất', 'Thứ', 'Tuần', 'Ngày áp dụng'] as const;
export type PlanSheetColumn = (typeof PLAN_SHEET_COLUMNS)[number];
