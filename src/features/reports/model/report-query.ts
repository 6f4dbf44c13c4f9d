/** What a report's filter in the URL (./report-search.ts) asks of the server: its days and the common filters. */
import { vietnamDay } from '@contract/price-policy';
import { DEFAULT_PERIOD, presetPeriod, type Period } from '@contract/report-periods';
import type { ReportSearch } from './report-search';

/** The days the filter covers: the preset's on `today`, a custom range, the last 30 days by default. */
export function searchPeriod(search: ReportSearch, today = vietnamDay()): Period {
  if (search.period === 'custom' && search.from && search.to) {
    return search.from <= search.to ? { from: search.from, to: search.to } : { from: search.to, to: search.from };
  }
  return presetPeriod(search.period && search.period !== 'custom' ? search.period : DEFAULT_PERIOD, today);
}

/** The query of a report call: the company, the period and the common filters. */
export function reportQuery(companyId: number, search: ReportSearch, today?: string): Record<string, string | number | undefined> {
  const period = searchPeriod(search, today);
  return {
    company: companyId,
    date_from: period.from,
    date_to: period.to,
    region: search.region,
    staff: search.staff,
    customer_type: search.customer_type,
    search: search.search,
  };
}
