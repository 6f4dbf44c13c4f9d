/**
 * The month's timesheet (contract/attendance.ts attendanceMonth) for the reps a member may see: a
 * rep their own month, a region manager the region's reps, the office every sales member. Visits
 * and claims are read once for the month and judged by the same functions as the phone's.
 */
import { and, eq, gte, inArray, lt, or, type SQL } from 'drizzle-orm';
import type * as v from 'valibot';
import {
  attendanceMonth,
  CLAIM_STATUS_LABELS,
  DAY_STATUS_LABELS,
  type Timesheet,
  type TimesheetQuery,
  type TimesheetRep,
} from '@contract/attendance';
import { addDays } from '@contract/calendar-days';
import { vietnamDay } from '@contract/price-policy';
import type { Db } from '@server/kernel/db/client';
import { accountCompanies, accounts, attendanceClaims, visits } from '@server/kernel/db/schema';
import { excelDay, excelMoment, xlsxResponse, type SheetColumn } from '@server/kernel/xlsx';
import type { Access } from '@server/modules/roles';
import { repScope } from '@server/modules/visits';
import { claimRecords } from './claims';
import { attendanceSettingsOf } from './settings';

type Query = v.InferOutput<typeof TimesheetQuery>;

/** The sales members in the caller's reach, by name; the caller themselves too when they are one. */
async function repsOf(db: Db, access: Access, account: number | undefined) {
  const scope = repScope(db, access, accountCompanies.accountId);
  const where: SQL[] = [
    eq(accountCompanies.companyId, access.membership.companyId),
    eq(accountCompanies.status, 'accept'),
    eq(accountCompanies.isActive, true),
    or(eq(accountCompanies.staffKind, 'sales'), eq(accountCompanies.accountId, access.accountId))!,
  ];
  if (scope) where.push(scope);
  if (account !== undefined) where.push(eq(accountCompanies.accountId, account));
  return db
    .select({ id: accounts.id, name: accounts.fullName })
    .from(accountCompanies)
    .innerJoin(accounts, eq(accounts.id, accountCompanies.accountId))
    .where(and(...where))
    .orderBy(accounts.fullName);
}

export async function timesheetOf(db: Db, access: Access, query: Query, now = new Date()): Promise<Timesheet> {
  const companyId = query.company;
  const reps = await repsOf(db, access, query.account);
  const today = vietnamDay(now);
  const ids = reps.map((rep) => rep.id);
  if (ids.length === 0) return { month: query.month, today, reps: [] };
  const first = `${query.month}-01`;
  const next = `${addDays(first, 32).slice(0, 7)}-01`;
  const [settings, visitRows, claims] = await Promise.all([
    attendanceSettingsOf(db, companyId),
    db
      .select({ account: visits.accountId, checkInAt: visits.checkInAt, checkOutAt: visits.checkOutAt })
      .from(visits)
      .where(
        and(
          eq(visits.companyId, companyId),
          inArray(visits.accountId, ids),
          gte(visits.checkInAt, new Date(`${first}T00:00:00+07:00`)),
          lt(visits.checkInAt, new Date(`${next}T00:00:00+07:00`)),
        ),
      ),
    claimRecords(db, companyId, [
      inArray(attendanceClaims.accountId, ids),
      gte(attendanceClaims.day, first),
      lt(attendanceClaims.day, next),
    ]),
  ]);
  const sheetReps: TimesheetRep[] = reps.map((rep) => {
    const own = visitRows
      .filter((row) => row.account === rep.id)
      .map((row) => ({ check_in_at: row.checkInAt.toISOString(), check_out_at: row.checkOutAt?.toISOString() ?? null }));
    const month = attendanceMonth(
      query.month,
      today,
      settings,
      own,
      claims.filter((claim) => claim.account_id === rep.id),
    );
    return { account_id: rep.id, account_name: rep.name, ...month };
  });
  return { month: query.month, today, reps: sheetReps };
}

const COLUMNS: SheetColumn[] = [
  { header: 'Nhân viên', key: 'rep', width: 24 },
  { header: 'Ngày', key: 'day', width: 12, date: 'day' },
  { header: 'Chấm công', key: 'status', width: 12 },
  { header: 'Công', key: 'worth', width: 8 },
  { header: 'Check-in đầu', key: 'first_in', width: 18, date: 'moment' },
  { header: 'Check-out cuối', key: 'last_out', width: 18, date: 'moment' },
  { header: 'Xin chấm công', key: 'claim', width: 16 },
];
const WORTH = { full: 1, half: 0.5, absent: 0, off: 0, future: 0 } as const;

/** One row per rep and day, then the rep's totals: numbers as numbers, days and times as date cells. */
export function timesheetSheet(sheet: Timesheet, onError: (error: unknown) => void): Response {
  return xlsxResponse(
    `cham-cong-${sheet.month.replace('-', '')}.xlsx`,
    'Chấm công',
    COLUMNS,
    async function* () {
      for (const rep of sheet.reps) {
        for (const day of rep.days) {
          yield {
            rep: rep.account_name,
            day: excelDay(day.day),
            status: DAY_STATUS_LABELS[day.status],
            worth: WORTH[day.status],
            first_in: day.first_in ? excelMoment(day.first_in) : null,
            last_out: day.last_out ? excelMoment(day.last_out) : null,
            claim: day.claim ? CLAIM_STATUS_LABELS[day.claim.status] : null,
          };
        }
        const { cong, full, half, absent } = rep.totals;
        yield { rep: rep.account_name, status: `Tổng: ${full} đủ, ${half} nửa, ${absent} vắng`, worth: cong };
      }
    },
    onError,
  );
}
