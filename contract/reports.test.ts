import { describe, expect, it } from 'vitest';
import { growth, percent, presetPeriod, previousPeriod, ReportFilterSchema } from './reports';
import { defaultReportView, knownReportView } from './reports-columns';
import * as v from 'valibot';

describe('report periods', () => {
  it('names the Vietnamese presets as offices read them', () => {
    const today = '2026-05-14';
    expect(presetPeriod('today', today)).toEqual({ from: '2026-05-14', to: '2026-05-14' });
    expect(presetPeriod('yesterday', today)).toEqual({ from: '2026-05-13', to: '2026-05-13' });
    expect(presetPeriod('last_7_days', today)).toEqual({ from: '2026-05-08', to: '2026-05-14' });
    expect(presetPeriod('last_30_days', today)).toEqual({ from: '2026-04-15', to: '2026-05-14' });
    expect(presetPeriod('this_month', today)).toEqual({ from: '2026-05-01', to: '2026-05-14' });
    expect(presetPeriod('last_month', today)).toEqual({ from: '2026-04-01', to: '2026-04-30' });
    expect(presetPeriod('this_quarter', today)).toEqual({ from: '2026-04-01', to: '2026-05-14' });
    expect(presetPeriod('this_year', today)).toEqual({ from: '2026-01-01', to: '2026-05-14' });
    expect(presetPeriod('last_month', '2026-03-31')).toEqual({ from: '2026-02-01', to: '2026-02-28' });
    expect(presetPeriod('this_quarter', '2026-12-31').from).toBe('2026-10-01');
  });

  it('compares with the period of the same length just before', () => {
    expect(previousPeriod({ from: '2026-05-01', to: '2026-05-14' })).toEqual({ from: '2026-04-17', to: '2026-04-30' });
    expect(previousPeriod({ from: '2026-03-01', to: '2026-03-01' })).toEqual({ from: '2026-02-28', to: '2026-02-28' });
    expect(growth(150, 100)).toBe(50);
    expect(growth(0, 100)).toBe(-100);
    expect(growth(10, 0)).toBeNull();
    expect(percent(1, 3)).toBe(33.3);
    expect(percent(1, 0)).toBeNull();
  });

  it('refuses a period backwards or longer than 400 days, in Vietnamese', () => {
    const issue = (input: Record<string, string>) => v.safeParse(ReportFilterSchema, { company: '1', ...input }).issues?.[0]?.message;
    expect(issue({ date_from: '2026-05-02', date_to: '2026-05-01' })).toBe('Ngày bắt đầu phải trước ngày kết thúc');
    expect(issue({ date_from: '2025-01-01', date_to: '2026-05-01' })).toBe('Mỗi báo cáo xem tối đa 400 ngày');
    expect(issue({ date_from: '2026-02-30' })).toBe('Ngày bắt đầu không hợp lệ (YYYY-MM-DD)');
    expect(issue({ date_from: '2025-05-01', date_to: '2026-05-01' })).toBeUndefined();
  });
});

describe('report table views', () => {
  it('keeps a saved view to the columns that still exist, in its order; nothing left gives the defaults', () => {
    expect(defaultReportView('report-orders')).toEqual(['label', 'orders', 'revenue', 'prev_revenue', 'growth']);
    expect(knownReportView('report-orders', ['revenue', 'gone', 'label', 'revenue'])).toEqual(['revenue', 'label']);
    expect(knownReportView('report-orders', ['gone'])).toEqual(defaultReportView('report-orders'));
    expect(knownReportView('report-orders', null)).toEqual(defaultReportView('report-orders'));
  });
});
