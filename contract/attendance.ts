/**
 * Attendance (chấm công) from visits (docs/attendance.md). A rep's Vietnam day is worked, half-worked
 * or absent by their first check-in and last check-out against the company's noon; a self-claim the
 * rep files when the phone could not check in raises the day once a manager approves it. The phone
 * (the rep's own month) and the server (the timesheet, the Excel sheet) run the same functions here.
 */
import * as v from 'valibot';
import { addDays, daysBetween } from './calendar-days';
import { vietnamDay } from './price-policy';
import { defineSyncDomain } from './sync';
import { bodyObject, companyBodyField, companyQueryField, isIsoDate, uuidField } from './validation';

export type AttendanceSettings = {
  /** 'HH:MM' in Vietnam: a full day has a check-in before it and a check-in or check-out at or after it. */
  noon: string;
  /** ISO weekdays (1 Monday … 7 Sunday) a rep is expected to work; a workday without a visit is absent. */
  workdays: number[];
};
export type AttendanceSettingsRecord = AttendanceSettings & { company: number };

/** Monday to Saturday: the six-day week of Vietnam's field sales (docs/attendance.md). */
export const DEFAULT_ATTENDANCE_SETTINGS: AttendanceSettings = { noon: '12:00', workdays: [1, 2, 3, 4, 5, 6] };

const NOON_MESSAGE = 'Mốc nửa ngày phải có dạng giờ:phút, ví dụ 12:00';
export const AttendanceSettingsSchema = bodyObject({
  company: companyBodyField,
  noon: v.pipe(v.string(NOON_MESSAGE), v.regex(/^([01]\d|2[0-3]):[0-5]\d$/, NOON_MESSAGE)),
  workdays: v.pipe(
    v.array(
      v.pipe(
        v.number('Ngày làm việc không hợp lệ'),
        v.integer('Ngày làm việc không hợp lệ'),
        v.minValue(1, 'Ngày làm việc không hợp lệ'),
        v.maxValue(7, 'Ngày làm việc không hợp lệ'),
      ),
      'Ngày làm việc không hợp lệ',
    ),
    v.check((days) => new Set(days).size === days.length, 'Ngày làm việc bị lặp'),
    v.transform((days) => [...days].sort((a, b) => a - b)),
  ),
});

export const CLAIM_KINDS = ['full', 'half'] as const;
export type ClaimKind = (typeof CLAIM_KINDS)[number];
export type ClaimStatus = 'waiting' | 'approved' | 'rejected';
export type DayStatus = 'full' | 'half' | 'absent' | 'off' | 'future';

export const DAY_STATUS_LABELS: Record<DayStatus, string> = {
  full: 'Đủ công',
  half: 'Nửa công',
  absent: 'Vắng',
  off: 'Nghỉ',
  future: 'Chưa đến',
};
export const CLAIM_KIND_LABELS: Record<ClaimKind, string> = { full: 'Cả ngày', half: 'Nửa ngày' };
export const CLAIM_STATUS_LABELS: Record<ClaimStatus, string> = { waiting: 'Chờ duyệt', approved: 'Đã duyệt', rejected: 'Từ chối' };

/** How far back a rep may claim: a month, so a claim lands before the month's timesheet is paid. */
export const CLAIM_MAX_AGE_DAYS = 31;

const DAY_MESSAGE = 'Ngày không hợp lệ (YYYY-MM-DD)';
const dayField = v.pipe(v.string(DAY_MESSAGE), v.regex(/^\d{4}-\d{2}-\d{2}$/, DAY_MESSAGE), v.check(isIsoDate, DAY_MESSAGE));

export const AttendanceClaimSchema = v.object(
  {
    claimId: uuidField('Mã đơn xin chấm công'),
    day: dayField,
    kind: v.picklist(CLAIM_KINDS, 'Loại công phải là cả ngày hoặc nửa ngày'),
    reason: v.pipe(
      v.string('Lý do phải là chuỗi ký tự'),
      v.trim(),
      v.nonEmpty('Vui lòng nhập lý do'),
      v.maxLength(500, 'Lý do không được dài quá 500 ký tự'),
    ),
  },
  'Dữ liệu xin chấm công không hợp lệ',
);
export type AttendanceClaimPayload = v.InferOutput<typeof AttendanceClaimSchema>;

/** Why a claim for `day` cannot be filed on `today` (both Vietnam days), or null. The server adds "already claimed". */
export function claimDayRefusal(day: string, today: string): string | null {
  if (day > today) return 'Không thể xin chấm công cho ngày trong tương lai';
  if (daysBetween(day, today) > CLAIM_MAX_AGE_DAYS) return `Chỉ xin chấm công được trong vòng ${CLAIM_MAX_AGE_DAYS} ngày gần đây`;
  return null;
}
export const CLAIM_TAKEN_MESSAGE = 'Ngày này đã có đơn xin chấm công đang chờ duyệt hoặc đã duyệt';

export type AttendanceClaimRecord = {
  id: string;
  company: number;
  account_id: number;
  account_name: string;
  day: string;
  kind: ClaimKind;
  reason: string;
  status: ClaimStatus;
  decided_by_name: string | null;
  decided_at: string | null;
  reject_reason: string | null;
  created_at: string;
};

export const ClaimDecisionSchema = bodyObject({
  company: companyBodyField,
  reason: v.optional(v.pipe(v.string('Lý do phải là chuỗi ký tự'), v.trim(), v.maxLength(500, 'Lý do không được dài quá 500 ký tự')), ''),
});

const MONTH_MESSAGE = 'Tháng không hợp lệ (YYYY-MM)';
export const monthField = v.pipe(
  v.string(MONTH_MESSAGE),
  v.regex(/^\d{4}-(0[1-9]|1[0-2])$/, MONTH_MESSAGE),
  v.check((month) => isIsoDate(`${month}-01`), MONTH_MESSAGE),
);
export const TimesheetQuery = v.object({
  company: companyQueryField,
  month: monthField,
  account: v.optional(v.pipe(v.string(), v.regex(/^\d{1,9}$/, 'Nhân viên không hợp lệ'), v.transform(Number))),
});
export const ClaimListQuery = v.object({
  company: companyQueryField,
  status: v.optional(v.picklist(['waiting', 'approved', 'rejected'] as const, 'Trạng thái không hợp lệ')),
});

/** The days of a month `YYYY-MM`, first to last. */
export function monthDays(month: string): string[] {
  const days: string[] = [];
  for (let day = `${month}-01`; day.startsWith(month); day = addDays(day, 1)) days.push(day);
  return days;
}

/** ISO weekday (1 Monday … 7 Sunday) of a `YYYY-MM-DD`. */
export function isoWeekday(day: string): number {
  return new Date(`${day}T00:00:00Z`).getUTCDay() || 7;
}

/** Minutes since midnight in Vietnam (UTC+7, no daylight saving) of an instant. */
function vietnamMinutes(at: string): number {
  const shifted = new Date(Date.parse(at) + 7 * 3600_000);
  return shifted.getUTCHours() * 60 + shifted.getUTCMinutes();
}

const noonMinutes = (noon: string) => Number(noon.slice(0, 2)) * 60 + Number(noon.slice(3, 5));

export type DayVisit = { check_in_at: string; check_out_at: string | null };

export type AttendanceDay = {
  day: string;
  status: DayStatus;
  /** The day's first check-in and last check-out (ISO instants), null without one. */
  first_in: string | null;
  last_out: string | null;
  /** The rep's latest claim for the day, whatever its status. */
  claim: { id: string; kind: ClaimKind; status: ClaimStatus } | null;
};

const WORTH: Record<DayStatus, number> = { full: 1, half: 0.5, absent: 0, off: 0, future: 0 };

/**
 * One rep's Vietnam day. `visits` are the rep's visits whose check-in falls on `day`; a check-out
 * on a later day does not count for this one. The approved claim raises the day, never lowers it.
 */
export function attendanceDay(
  day: string,
  today: string,
  settings: AttendanceSettings,
  visits: readonly DayVisit[],
  claim: AttendanceDay['claim'] = null,
): AttendanceDay {
  const ins = visits.map((visit) => visit.check_in_at).sort();
  const outs = visits
    .map((visit) => visit.check_out_at)
    .filter((at): at is string => at !== null && vietnamDay(new Date(at)) === day)
    .sort();
  const first_in = ins[0] ?? null;
  const last_out = outs.at(-1) ?? null;
  const base = { day, first_in, last_out, claim };
  if (day > today) return { ...base, status: 'future' };
  const noon = noonMinutes(settings.noon);
  const morning = ins.some((at) => vietnamMinutes(at) < noon);
  const afternoon = [...ins, ...outs].some((at) => vietnamMinutes(at) >= noon);
  let status: DayStatus;
  if (morning && afternoon) status = 'full';
  else if (ins.length > 0) status = 'half';
  else status = settings.workdays.includes(isoWeekday(day)) ? 'absent' : 'off';
  if (claim?.status === 'approved' && WORTH[claim.kind] > WORTH[status]) status = claim.kind;
  return { ...base, status };
}

export type AttendanceTotals = { cong: number; full: number; half: number; absent: number };

export function attendanceTotals(days: readonly AttendanceDay[]): AttendanceTotals {
  const totals: AttendanceTotals = { cong: 0, full: 0, half: 0, absent: 0 };
  for (const { status } of days) {
    totals.cong += WORTH[status];
    if (status === 'full' || status === 'half' || status === 'absent') totals[status] += 1;
  }
  return totals;
}

/** A rep's month: every day of it, judged, with the claims by day (the latest per day wins). */
export function attendanceMonth(
  month: string,
  today: string,
  settings: AttendanceSettings,
  visits: readonly DayVisit[],
  claims: readonly Pick<AttendanceClaimRecord, 'id' | 'day' | 'kind' | 'status' | 'created_at'>[],
): { days: AttendanceDay[]; totals: AttendanceTotals } {
  const byDay = new Map<string, DayVisit[]>();
  for (const visit of visits) {
    const day = vietnamDay(new Date(visit.check_in_at));
    byDay.set(day, [...(byDay.get(day) ?? []), visit]);
  }
  const claimOf = new Map<string, (typeof claims)[number]>();
  for (const claim of [...claims].sort((a, b) => a.created_at.localeCompare(b.created_at))) {
    // An approved claim stays the day's claim even when a later one was filed and refused.
    if (claimOf.get(claim.day)?.status !== 'approved' || claim.status === 'approved') claimOf.set(claim.day, claim);
  }
  const days = monthDays(month).map((day) => {
    const claim = claimOf.get(day);
    return attendanceDay(
      day,
      today,
      settings,
      byDay.get(day) ?? [],
      claim ? { id: claim.id, kind: claim.kind, status: claim.status } : null,
    );
  });
  return { days, totals: attendanceTotals(days) };
}

export type TimesheetRep = { account_id: number; account_name: string; days: AttendanceDay[]; totals: AttendanceTotals };
export type Timesheet = { month: string; today: string; reps: TimesheetRep[] };

export const attendancePaths = {
  timesheet: '/attendance/api/timesheet/',
  timesheetExport: '/attendance/api/timesheet/export/',
  claims: '/attendance/api/claims/',
  approve: (id: string) => `/attendance/api/claims/${id}/approve`,
  reject: (id: string) => `/attendance/api/claims/${id}/reject`,
  settings: '/attendance/api/settings/',
} as const;

/** What attendance syncs with the phones (contract/sync-domains.ts): the rep's own claims, and the rule's settings. */
export const attendanceSync = defineSyncDomain({
  name: 'attendance',
  entities: ['attendance_claim', 'attendance_settings'],
  reads: {
    // The claim's rep only (change_log owner), so the phone shows its status offline.
    attendance_claim: { anyOf: [['visits', 'create']] },
    attendance_settings: {
      anyOf: [
        ['visits', 'create'],
        ['visits', 'view'],
      ],
    },
  },
  ops: {
    'attendance.claim': { schema: AttendanceClaimSchema, label: 'Xin chấm công', permission: ['visits', 'create'] },
  },
});
