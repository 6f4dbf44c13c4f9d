import { describe, expect, it } from 'vitest';
import { reportQuery, searchPeriod } from './report-query';
import { parseReportSearch } from './report-search';

describe('a report filter in the URL', () => {
  it('keeps what it understands and drops the rest', () => {
    expect(
      parseReportSearch({ period: 'last_month', region: '3', staff: 'x', search: ' ho ', slow: '1', page: '1', sort: 'DROP TABLE' }),
    ).toEqual({
      period: 'last_month',
      from: undefined,
      to: undefined,
      region: 3,
      staff: undefined,
      customer_type: undefined,
      search: ' ho ',
      by: undefined,
      slow: true,
      idle: undefined,
      sort: undefined,
      order: undefined,
      page: undefined,
      tab: undefined,
    });
    // A range picked by hand counts only with the custom period.
    expect(parseReportSearch({ from: '2026-01-01', to: '2026-01-31' }).from).toBeUndefined();
    expect(parseReportSearch({ period: 'custom', from: '2026-01-01', to: '2026-01-31' })).toMatchObject({
      from: '2026-01-01',
      to: '2026-01-31',
    });
  });

  it('asks for the last 30 days by default (on the 2nd of a month too), a preset on its day, a range picked by hand as given', () => {
    expect(searchPeriod({}, '2026-12-02')).toEqual({ from: '2026-11-03', to: '2026-12-02' });
    expect(searchPeriod({ period: 'this_month' }, '2026-11-27')).toEqual({ from: '2026-11-01', to: '2026-11-27' });
    expect(searchPeriod({ period: 'this_year' }, '2026-11-27')).toEqual({ from: '2026-01-01', to: '2026-11-27' });
    expect(searchPeriod({ period: 'custom', from: '2026-03-10', to: '2026-03-01' }, '2026-11-27')).toEqual({
      from: '2026-03-01',
      to: '2026-03-10',
    });
    expect(reportQuery(4, { period: 'yesterday', staff: 9 }, '2026-11-27')).toMatchObject({
      company: 4,
      date_from: '2026-11-26',
      date_to: '2026-11-26',
      staff: 9,
    });
  });
});
