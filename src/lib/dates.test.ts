import { describe, expect, it } from 'vitest';
import { dayjs, formatDate, formatDateTime, parseDisplayDate } from './dates';

describe('formatDate and formatDateTime', () => {
  // Local times (no zone suffix), so the tests hold in every time zone.
  it('write DD/MM/YYYY and DD/MM/YYYY HH:mm', () => {
    expect(formatDate('2026-11-21T08:05:00')).toBe('21/11/2026');
    expect(formatDate(new Date(2026, 0, 5))).toBe('05/01/2026');
    expect(formatDateTime('2026-11-21T08:05:00')).toBe('21/11/2026 08:05');
    expect(formatDateTime(new Date(2026, 0, 5, 17, 30))).toBe('05/01/2026 17:30');
  });

  it('leave empty or invalid input empty', () => {
    expect(formatDate('')).toBe('');
    expect(formatDate(null)).toBe('');
    expect(formatDate(undefined)).toBe('');
    expect(formatDateTime('not a date')).toBe('');
  });
});

describe('parseDisplayDate', () => {
  it('turns a typed DD/MM/YYYY date into an ISO calendar date', () => {
    expect(parseDisplayDate('21/11/2026')).toBe('2026-11-21');
    expect(parseDisplayDate(' 1/2/2026 ')).toBe('2026-02-01');
  });

  it('rejects dates that do not exist or are not in the display format', () => {
    expect(parseDisplayDate('31/02/2026')).toBeNull();
    expect(parseDisplayDate('2026-11-21')).toBeNull();
    expect(parseDisplayDate('11/21/2026')).toBeNull();
    expect(parseDisplayDate('')).toBeNull();
  });
});

describe('dayjs setup', () => {
  it('uses the Vietnamese locale', () => {
    expect(dayjs('2026-11-21').format('dddd')).toBe('thứ bảy');
  });
});
