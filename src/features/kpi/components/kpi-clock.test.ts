import { describe, expect, it } from 'vitest';
import { monthClock } from '@contract/kpi';
import { clockText } from './kpi-bars';

describe('how far into the month the KPI verdicts are', () => {
  it('reads as a day of the month, not as a date like "2/31"', () => {
    // 2 December 2026, 09:00 in Vietnam.
    expect(clockText(monthClock('2026-12', new Date('2026-12-02T02:00:00Z')))).toBe('Ngày thứ 2/31 của tháng · còn 30 ngày');
    expect(clockText(monthClock('2026-11', new Date('2026-12-02T02:00:00Z')))).toBe('Tháng đã kết thúc');
  });
});
