import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import {
  AttendanceClaimSchema,
  AttendanceSettingsSchema,
  DEFAULT_ATTENDANCE_SETTINGS,
  attendanceDay,
  attendanceMonth,
  attendanceTotals,
  claimDayRefusal,
  isoWeekday,
  monthDays,
  type DayVisit,
} from './attendance';

const S = DEFAULT_ATTENDANCE_SETTINGS;
const TODAY = '2026-03-31';
/** A Vietnam wall-clock time on a day as an instant (UTC+7). */
const at = (day: string, hhmm: string) => new Date(`${day}T${hhmm}:00+07:00`).toISOString();
const visit = (day: string, checkIn: string, checkOut: string | null = null): DayVisit => ({
  check_in_at: at(day, checkIn),
  check_out_at: checkOut ? at(day, checkOut) : null,
});
const MONDAY = '2026-03-02';
const SUNDAY = '2026-03-08';

describe('attendanceDay: the rule', () => {
  it('is a full day with a check-in before noon and a check-in after it', () => {
    const day = attendanceDay(MONDAY, TODAY, S, [visit(MONDAY, '08:30', '09:00'), visit(MONDAY, '14:00')]);
    expect(day).toMatchObject({ status: 'full', first_in: at(MONDAY, '08:30'), last_out: at(MONDAY, '09:00') });
  });

  it('is a full day with a morning check-in checked out at or after noon', () => {
    expect(attendanceDay(MONDAY, TODAY, S, [visit(MONDAY, '11:00', '12:00')]).status).toBe('full');
    expect(attendanceDay(MONDAY, TODAY, S, [visit(MONDAY, '11:00', '11:59')]).status).toBe('half');
  });

  it('is half a day with visits only in the morning or only in the afternoon', () => {
    expect(attendanceDay(MONDAY, TODAY, S, [visit(MONDAY, '08:00'), visit(MONDAY, '10:00', '11:00')]).status).toBe('half');
    expect(attendanceDay(MONDAY, TODAY, S, [visit(MONDAY, '12:00', '17:00')]).status).toBe('half');
  });

  it('reads the times in Vietnam, not UTC: 07:30 in Vietnam is the previous day 00:30 UTC', () => {
    expect(attendanceDay(MONDAY, TODAY, S, [visit(MONDAY, '07:30'), visit(MONDAY, '15:00')]).status).toBe('full');
  });

  it('follows the company’s noon', () => {
    const later = { ...S, noon: '13:30' };
    expect(attendanceDay(MONDAY, TODAY, later, [visit(MONDAY, '09:00', '13:00')]).status).toBe('half');
    expect(attendanceDay(MONDAY, TODAY, later, [visit(MONDAY, '09:00', '13:30')]).status).toBe('full');
  });

  it('ignores a check-out on a later day', () => {
    const overnight = { check_in_at: at(MONDAY, '09:00'), check_out_at: at('2026-03-03', '08:00') };
    expect(attendanceDay(MONDAY, TODAY, S, [overnight])).toMatchObject({ status: 'half', last_out: null });
  });

  it('is absent on a workday without a visit, off on a day off, and a visit on a day off counts', () => {
    expect(attendanceDay(MONDAY, TODAY, S, []).status).toBe('absent');
    expect(attendanceDay(SUNDAY, TODAY, S, []).status).toBe('off');
    expect(attendanceDay(SUNDAY, TODAY, S, [visit(SUNDAY, '09:00', '13:00')]).status).toBe('full');
    expect(attendanceDay(MONDAY, TODAY, { ...S, workdays: [2, 3] }, []).status).toBe('off');
  });

  it('is future after today, whatever it holds', () => {
    expect(attendanceDay('2026-04-01', TODAY, S, []).status).toBe('future');
  });

  it('an approved claim raises the day to its kind, never lowers it; a waiting or rejected one does nothing', () => {
    const approved = (kind: 'full' | 'half') => ({ id: 'c', kind, status: 'approved' as const });
    expect(attendanceDay(MONDAY, TODAY, S, [], approved('full')).status).toBe('full');
    expect(attendanceDay(MONDAY, TODAY, S, [], approved('half')).status).toBe('half');
    expect(attendanceDay(MONDAY, TODAY, S, [visit(MONDAY, '14:00')], approved('full')).status).toBe('full');
    expect(attendanceDay(MONDAY, TODAY, S, [visit(MONDAY, '09:00', '15:00')], approved('half')).status).toBe('full');
    expect(attendanceDay(SUNDAY, TODAY, S, [], approved('half')).status).toBe('half');
    expect(attendanceDay(MONDAY, TODAY, S, [], { id: 'c', kind: 'full', status: 'waiting' }).status).toBe('absent');
    expect(attendanceDay(MONDAY, TODAY, S, [], { id: 'c', kind: 'full', status: 'rejected' }).status).toBe('absent');
  });
});

describe('a month', () => {
  it('lists every day and weekday', () => {
    expect(monthDays('2026-02')).toHaveLength(28);
    expect(monthDays('2024-02').at(-1)).toBe('2024-02-29');
    expect([isoWeekday(MONDAY), isoWeekday(SUNDAY)]).toEqual([1, 7]);
  });

  it('totals công, full, half and absent days, not counting days off and future days', () => {
    const month = attendanceMonth(
      '2026-03',
      '2026-03-04',
      S,
      [visit('2026-03-02', '08:00', '16:00'), visit('2026-03-03', '14:00')],
      [{ id: 'c1', day: '2026-03-01', kind: 'half', status: 'approved', created_at: '2026-03-02T00:00:00Z' }],
    );
    expect(month.days.slice(0, 5).map((day) => day.status)).toEqual(['half', 'full', 'half', 'absent', 'future']);
    expect(month.totals).toEqual({ cong: 2, full: 1, half: 2, absent: 1 });
    expect(attendanceTotals([])).toEqual({ cong: 0, full: 0, half: 0, absent: 0 });
  });

  it('keeps an approved claim as the day’s claim over a later rejected one', () => {
    const month = attendanceMonth(
      '2026-03',
      TODAY,
      S,
      [],
      [
        { id: 'a', day: MONDAY, kind: 'full', status: 'approved', created_at: '2026-03-02T00:00:00Z' },
        { id: 'b', day: MONDAY, kind: 'half', status: 'rejected', created_at: '2026-03-03T00:00:00Z' },
      ],
    );
    expect(month.days[1]).toMatchObject({ status: 'full', claim: { id: 'a' } });
  });
});

describe('claims and settings', () => {
  it('refuses a day in the future and one older than 31 days', () => {
    expect(claimDayRefusal('2026-04-01', TODAY)).toBe('Không thể xin chấm công cho ngày trong tương lai');
    expect(claimDayRefusal('2026-02-27', TODAY)).toBe('Chỉ xin chấm công được trong vòng 31 ngày gần đây');
    expect(claimDayRefusal('2026-02-28', TODAY)).toBeNull();
    expect(claimDayRefusal('2026-03-01', TODAY)).toBeNull();
    expect(claimDayRefusal(TODAY, TODAY)).toBeNull();
  });

  it('checks the claim’s payload with Vietnamese messages', () => {
    const good = { claimId: '0190f1a0-0000-7000-8000-000000000001', day: MONDAY, kind: 'half', reason: ' Máy hết pin ' };
    expect(v.parse(AttendanceClaimSchema, good).reason).toBe('Máy hết pin');
    const message = (input: unknown) => v.safeParse(AttendanceClaimSchema, input).issues?.[0]?.message;
    expect(message({ ...good, reason: '  ' })).toBe('Vui lòng nhập lý do');
    expect(message({ ...good, reason: 'x'.repeat(501) })).toBe('Lý do không được dài quá 500 ký tự');
    expect(message({ ...good, kind: 'double' })).toBe('Loại công phải là cả ngày hoặc nửa ngày');
    expect(message({ ...good, day: '2026-02-30' })).toBe('Ngày không hợp lệ (YYYY-MM-DD)');
  });

  it('checks the settings', () => {
    expect(v.parse(AttendanceSettingsSchema, { company: 1, noon: '13:30', workdays: [6, 1] }).workdays).toEqual([1, 6]);
    const message = (input: unknown) => v.safeParse(AttendanceSettingsSchema, input).issues?.[0]?.message;
    expect(message({ company: 1, noon: '25:00', workdays: [1] })).toBe('Mốc nửa ngày phải có dạng giờ:phút, ví dụ 12:00');
    expect(message({ company: 1, noon: '12:00', workdays: [8] })).toBe('Ngày làm việc không hợp lệ');
    expect(message({ company: 1, noon: '12:00', workdays: [1, 1] })).toBe('Ngày làm việc bị lặp');
  });
});
