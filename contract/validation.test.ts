import { describe, expect, it } from 'vitest';
import * as v from 'valibot';
import { isoInstantField } from './validation';

describe('isoInstantField', () => {
  const field = isoInstantField('Thời điểm check-in');
  const ok = (value: string) => v.safeParse(field, value).success;

  it('takes what toISOString writes and zoned times, in the years 2000–2099', () => {
    expect(ok('2026-12-04T08:30:00.000Z')).toBe(true);
    expect(ok('2026-12-04T15:30:00+07:00')).toBe(true);
    expect(ok('2000-01-01T00:00:00Z')).toBe(true);
    expect(ok('2099-12-31T23:59:59Z')).toBe(true);
  });

  it('refuses instants no phone clock gives, which the database then refused (a check-in retried for ever)', () => {
    for (const value of ['0001-01-01T00:00:00Z', '1999-12-31T23:59:59Z', '2100-01-01T00:00:00Z', '9999-12-31T23:59:59Z'])
      expect(v.safeParse(field, value).issues?.[0]?.message, value).toBe('Thời điểm check-in không hợp lệ');
    expect(ok('2026-13-01T00:00:00Z')).toBe(false);
    expect(ok('2026-12-04')).toBe(false);
  });
});
