import { describe, expect, it } from 'vitest';
import { documentDate, formatDate, formatDateTime, parseDisplayDate } from './dates';
import { dayjs } from './dayjs';

describe('formatDate and formatDateTime', () => {
  // Local times (no zone suffix), so the tests hold in every time zone.
  it('write DD/MM/YYYY and DD/MM/YYYY HH:mm', () => {
    expect(formatDate('2026-11-21T08:05:00')).toBe('21/11/2026');
    expect(formatDate(new Date(2026, 0, 5))).toBe('05/01/2026');
    expect(formatDateTime('2026-11-21T08:05:00')).toBe('21/11/2026 08:05');
    expect(formatDateTime('2026-11-21 23:59:59.999')).toBe('21/11/2026 23:59');
    expect(formatDateTime(new Date(2026, 0, 5, 17, 30))).toBe('05/01/2026 17:30');
  });

  it('read a bare calendar date as that local day, as dayjs did', () => {
    expect(formatDate('2026-11-21')).toBe('21/11/2026');
    expect(formatDateTime('2026-01-05')).toBe('05/01/2026 00:00');
  });

  it('read a time with a zone as that instant, shown in local time', () => {
    const instant = '2026-11-21T08:05:00Z';
    expect(formatDateTime(instant)).toBe(dayjs(instant).format('DD/MM/YYYY HH:mm'));
    expect(formatDate(Date.parse(instant))).toBe(dayjs(instant).format('DD/MM/YYYY'));
  });

  it('leave empty or invalid input empty', () => {
    expect(formatDate('')).toBe('');
    expect(formatDate(null)).toBe('');
    expect(formatDate(undefined)).toBe('');
    expect(formatDateTime('not a date')).toBe('');
    expect(documentDate('nope')).toBe('');
  });

  it('write a document date in words', () => {
    expect(documentDate('2026-11-05')).toBe('Ngày 05 tháng 11 năm 2026');
  });
});

describe('parseDisplayDate', () => {
  it('turns a typed DD/MM/YYYY date into an ISO calendar date', () => {
    expect(parseDisplayDate('21/11/2026')).toBe('2026-11-21');
    expect(parseDisplayDate(' 1/2/2026 ')).toBe('2026-02-01');
    expect(parseDisplayDate('29/02/2028')).toBe('2028-02-29');
  });

  it('reads the shapes clerks type: digits only, dashes and dots', () => {
    expect(parseDisplayDate('01012025')).toBe('2025-01-01');
    expect(parseDisplayDate('21-11-2026')).toBe('2026-11-21');
    expect(parseDisplayDate('1.2.2026')).toBe('2026-02-01');
  });

  it('is no day while the digits are still being typed, so the picker never reads a five-digit year', () => {
    for (const partial of ['0', '01', '0101', '010120', '0101202', '01/01/20', '01/01/202']) expect(parseDisplayDate(partial)).toBeNull();
    expect(parseDisplayDate('010120255')).toBeNull();
    expect(parseDisplayDate('31022026')).toBeNull();
    expect(parseDisplayDate('1/2-2026')).toBeNull();
  });

  it('rejects dates that do not exist or are not in the display format', () => {
    expect(parseDisplayDate('31/02/2026')).toBeNull();
    expect(parseDisplayDate('29/02/2026')).toBeNull();
    expect(parseDisplayDate('2026-11-21')).toBeNull();
    expect(parseDisplayDate('11/21/2026')).toBeNull();
    expect(parseDisplayDate('')).toBeNull();
  });
});

// Every source that renders a Mantine date picker, read through Vite (no Node types here).
const pickers = Object.entries(
  import.meta.glob<string>(['../**/*.{ts,tsx}', '!../**/*.test.{ts,tsx}'], { query: '?raw', import: 'default', eager: true }),
).filter(([, text]) => text.includes("from '@mantine/dates'"));

describe('dayjs setup', () => {
  it('uses the Vietnamese locale', () => {
    expect(dayjs('2026-11-21').format('dddd')).toBe('thứ bảy');
  });

  it('is loaded by every file that renders a date picker', () => {
    // The pickers have one home each in src/ui: every date field of the app is one of these two.
    expect(pickers.map(([file]) => file).sort()).toEqual(['../ui/date-range-field.tsx', '../ui/day-field.tsx']);
    const without = pickers.filter(([, text]) => !/import (\{ dayjs \} from )?'@\/lib\/dayjs'/.test(text)).map(([file]) => file);
    expect(without).toEqual([]);
  });
});
