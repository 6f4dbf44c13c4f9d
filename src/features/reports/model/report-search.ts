/**
 * A report's filter in the URL (the spec's report `dataFilter` with search), so a reload, a shared
 * link and the back button keep it: the period (a preset, or `custom` with its days), region, rep,
 * customer group and search; and what the report page shows (grouping, slow movers, idle days,
 * sorting, page, tab). Read by every /reports route's validateSearch, so it stays small.
 */
import { vietnamDay } from '@contract/price-policy';
import { PERIOD_PRESETS, presetPeriod, type Period, type PeriodPreset } from '@contract/reports';

export type ReportSearch = {
  period?: PeriodPreset;
  from?: string;
  to?: string;
  region?: number;
  staff?: number;
  customer_type?: number;
  search?: string;
  /** The report's grouping (products: variant|category|brand|group; region: region|province; customer types: type|level). */
  by?: string;
  /** Products: slow movers. */
  slow?: boolean;
  /** Customers: no order for this many days. */
  idle?: number;
  sort?: string;
  order?: 'asc' | 'desc';
  page?: number;
  /** A report's second table (customer groups, employee KPI). */
  tab?: string;
};

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const id = (value: unknown) => {
  const n = Number(value);
  return Number.isInteger(n) && n > 0 && n < 2_147_483_648 ? n : undefined;
};
const word = (value: unknown, max = 40) =>
  typeof value === 'string' && /^[a-z_]+$/.test(value) && value.length <= max ? value : undefined;

export function parseReportSearch(raw: Record<string, unknown>): ReportSearch {
  const period = PERIOD_PRESETS.includes(raw.period as PeriodPreset) ? (raw.period as PeriodPreset) : undefined;
  const from = typeof raw.from === 'string' && DAY.test(raw.from) ? raw.from : undefined;
  const to = typeof raw.to === 'string' && DAY.test(raw.to) ? raw.to : undefined;
  const search = typeof raw.search === 'string' && raw.search.trim() ? raw.search.slice(0, 100) : undefined;
  const idle = id(raw.idle);
  const page = id(raw.page);
  return {
    period,
    from: period === 'custom' ? from : undefined,
    to: period === 'custom' ? to : undefined,
    region: id(raw.region),
    staff: id(raw.staff),
    customer_type: id(raw.customer_type),
    search,
    by: word(raw.by),
    slow: raw.slow === true || raw.slow === '1' || raw.slow === 1 ? true : undefined,
    idle: idle !== undefined && idle <= 3650 ? idle : undefined,
    sort: word(raw.sort),
    order: raw.order === 'asc' || raw.order === 'desc' ? raw.order : undefined,
    page: page !== undefined && page > 1 ? page : undefined,
    tab: word(raw.tab),
  };
}

/** The days the filter covers: the preset's on `today`, a custom range, this month by default. */
export function searchPeriod(search: ReportSearch, today = vietnamDay()): Period {
  if (search.period === 'custom' && search.from && search.to) {
    return search.from <= search.to ? { from: search.from, to: search.to } : { from: search.to, to: search.from };
  }
  return presetPeriod(search.period && search.period !== 'custom' ? search.period : 'this_month', today);
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
