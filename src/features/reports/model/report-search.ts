/**
 * A report's filter in the URL (the spec's report `dataFilter` with search), so a reload, a shared
 * link and the back button keep it: the period (a preset, or `custom` with its days), region, rep,
 * customer group and search; and what the report page shows (grouping, slow movers, idle days,
 * sorting, page, tab). Read by every /reports route's validateSearch, so it stays small: what
 * the filter asks of the server is ./report-query.ts.
 */
// The presets alone, not contract/reports.ts nor contract/report-periods.ts: every route's search is
// parsed at start-up, so this file is on the sign-in page's path and brings only the list with it.
import { PERIOD_PRESETS, type PeriodPreset } from '@contract/report-period-presets';

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
