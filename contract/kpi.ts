/**
 * KPI by area: monthly targets for revenue, order count, new customers and visits, and
 * the progress against them. Pure functions both sides run: the server builds `views/` and
 * `my-kpi/` with them, the client shows the bars with the same rules.
 *
 * Decisions:
 * - **Months** are Vietnam calendar months (UTC+7, no daylight saving): `2026-05` runs from
 *   2026-05-01 00:00 +07:00 to 2026-06-01 00:00 +07:00.
 * - **What counts** (the server's actuals): revenue is the sum of the totals of orders created in
 *   the month whose status is in KPI_ORDER_STATUSES (submitted and not cancelled or refused; a
 *   draft is not submitted yet), plus the sales imported for that month (staff_sales); orders are
 *   their count plus the imported count; new customers are customers created in the month (by the
 *   rep, or with an address in the region); visits are check-ins in the month (by the rep, or at
 *   customers of the region). A region's imported sales are those of the reps assigned to it.
 * - **A zero target means "no target"** for that metric: it has no percent and is neither on nor
 *   off track. A target whose four values are all zero is not stored (configkpi deletes it).
 * - **On track**: the actual has reached the target's share of the month's days already passed
 *   (`expected = ⌈target × (day − 1) / days⌉` during the month, the whole target once the month is
 *   over, nothing before it starts). Today is not yet counted as passed, so the first day of a
 *   month is never behind. A progress is on track when every metric with a target is.
 * - **Roll-up**: a region without its own target is judged against the sum of its reps' targets
 *   (source 'sum'); the company without its own target against the sum of the regions' targets
 *   (own or summed) plus the targets of reps in no region. Actuals never roll up this way: a
 *   region's actuals are what happened at its addresses, so a rep selling outside their region
 *   does not move it.
 * - **Score**: the mean of the metrics' percents, each capped at 100, over the metrics with a
 *   target; null without any.
 */
import { ORDER_STATUSES, type OrderStatus } from './orders-status';

/** KPI's calls, under the regions' API (product-spec.md §7 "Region"); paths are relative to /api. */
export const kpiPaths = {
  /** GET (company, month) the month's targets — POST upsert targets of regions and reps. */
  configKpi: '/region/api/configkpi/',
  /** GET (company, month, region?) progress of the month per region and per rep. */
  views: '/region/api/views/',
  /** GET (company, month?) the caller's own progress. */
  myKpi: '/region/api/my-kpi/',
} as const;

export const KPI_METRICS = ['revenue', 'orders', 'new_customers', 'visits'] as const;
export type KpiMetric = (typeof KPI_METRICS)[number];

export const KPI_METRIC_LABELS: Record<KpiMetric, string> = {
  revenue: 'Doanh thu',
  orders: 'Số đơn hàng',
  new_customers: 'Khách hàng mới',
  visits: 'Lượt ghé thăm',
};

/** Units shown after a count ("12 / 40 đơn"); revenue is shown as money. */
export const KPI_METRIC_UNITS: Record<KpiMetric, string> = {
  revenue: '₫',
  orders: 'đơn',
  new_customers: 'khách',
  visits: 'lượt',
};

export type KpiValues = Record<KpiMetric, number>;

export const ZERO_KPI: Readonly<KpiValues> = Object.freeze({ revenue: 0, orders: 0, new_customers: 0, visits: 0 });

const EXCLUDED: readonly OrderStatus[] = ['draft', 'rejected', 'cancelled', 'returned'];
/** Orders that count towards revenue and order targets: submitted, not cancelled or refused. */
export const KPI_ORDER_STATUSES: readonly OrderStatus[] = ORDER_STATUSES.filter((status) => !EXCLUDED.includes(status));

// ---- Months (Vietnam time) ------------------------------------------------------------------------

export const MONTH_PATTERN = /^(\d{4})-(0[1-9]|1[0-2])$/;
export const MONTH_MESSAGE = 'Tháng không hợp lệ (định dạng YYYY-MM, ví dụ 2026-05)';

const VIETNAM_OFFSET_MS = 7 * 3600_000;

export function isMonth(text: unknown): text is string {
  if (typeof text !== 'string') return false;
  const match = MONTH_PATTERN.exec(text);
  return match !== null && Number(match[1]) >= 2000 && Number(match[1]) <= 2100;
}

/** The Vietnam calendar month of an instant: `2026-05`. */
export function vietnamMonth(at: Date = new Date()): string {
  return new Date(at.getTime() + VIETNAM_OFFSET_MS).toISOString().slice(0, 7);
}

function parts(month: string): [number, number] {
  if (!isMonth(month)) throw new RangeError(`not a month: ${month}`);
  return [Number(month.slice(0, 4)), Number(month.slice(5, 7))];
}

/** `2026-05` + 1 → `2026-06`; `2026-01` − 1 → `2025-12`. */
export function shiftMonth(month: string, delta: number): string {
  const [year, number] = parts(month);
  const index = year * 12 + (number - 1) + delta;
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`;
}

export function daysInMonth(month: string): number {
  const [year, number] = parts(month);
  return new Date(Date.UTC(year, number, 0)).getUTCDate();
}

/** The month's instants: from its first midnight in Vietnam to the next month's (exclusive). */
export function monthBounds(month: string): { start: Date; end: Date } {
  parts(month);
  return { start: new Date(`${month}-01T00:00:00+07:00`), end: new Date(`${shiftMonth(month, 1)}-01T00:00:00+07:00`) };
}

/** `2026-05` → `05/2026`, as Vietnamese people write a month. */
export function formatMonth(month: string): string {
  return `${month.slice(5, 7)}/${month.slice(0, 4)}`;
}

export type MonthState = 'past' | 'current' | 'future';

/** Where a month stands at `now`: how many of its days have passed, and how many are left (today included). */
export type MonthClock = {
  month: string;
  state: MonthState;
  days: number;
  /** Today's day of the month (Vietnam time) in the current month; null otherwise. */
  today: number | null;
  /** Whole days already passed: today is not counted until it is over. */
  elapsed: number;
  /** elapsed / days. */
  fraction: number;
  /** Days still to work, today included; 0 once the month is over. */
  days_left: number;
};

export function monthClock(month: string, now: Date = new Date()): MonthClock {
  const days = daysInMonth(month);
  const current = vietnamMonth(now);
  if (month < current) return { month, state: 'past', days, today: null, elapsed: days, fraction: 1, days_left: 0 };
  if (month > current) return { month, state: 'future', days, today: null, elapsed: 0, fraction: 0, days_left: days };
  const today = Number(new Date(now.getTime() + VIETNAM_OFFSET_MS).toISOString().slice(8, 10));
  return { month, state: 'current', days, today, elapsed: today - 1, fraction: (today - 1) / days, days_left: days - today + 1 };
}

// ---- Progress -------------------------------------------------------------------------------------

export type MetricProgress = {
  target: number;
  actual: number;
  /** actual / target in percent, one decimal, may pass 100; null without a target. */
  percent: number | null;
  /** What is still missing to reach the target (never negative). */
  remaining: number;
  /** What should have been reached by now (the target's share of the days passed). */
  expected: number;
  /** null without a target. */
  on_track: boolean | null;
  /** What is needed per remaining day (today included) to reach the target; null without a target or once the month is over. */
  per_day: number | null;
};

export type KpiProgress = {
  metrics: Record<KpiMetric, MetricProgress>;
  /** Mean of the percents (each capped at 100) of the metrics with a target; null without any. */
  score: number | null;
  /** Every metric with a target is on track; null without any target. */
  on_track: boolean | null;
};

const oneDecimal = (value: number) => Math.round(value * 10) / 10;

function clean(value: number | null | undefined): number {
  return typeof value === 'number' && Number.isFinite(value) && value > 0 ? value : 0;
}

export function metricProgress(target: number, actual: number, clock: MonthClock): MetricProgress {
  const goal = clean(target);
  const done = clean(actual);
  const remaining = Math.max(0, goal - done);
  if (goal === 0) return { target: 0, actual: done, percent: null, remaining: 0, expected: 0, on_track: null, per_day: null };
  // The small epsilon keeps 40 × 0.3 = 12.000000000000002 from asking for 13.
  const expected = Math.max(0, Math.min(goal, Math.ceil(goal * clock.fraction - 1e-9)));
  return {
    target: goal,
    actual: done,
    percent: oneDecimal((done / goal) * 100),
    remaining,
    expected,
    on_track: done >= expected,
    per_day: clock.days_left > 0 ? Math.ceil(remaining / clock.days_left) : null,
  };
}

export function kpiProgress(target: KpiValues | null, actual: KpiValues, clock: MonthClock): KpiProgress {
  const metrics = Object.fromEntries(
    KPI_METRICS.map((metric) => [metric, metricProgress(target?.[metric] ?? 0, actual[metric], clock)]),
  ) as Record<KpiMetric, MetricProgress>;
  const targeted = KPI_METRICS.map((metric) => metrics[metric]).filter((metric) => metric.percent !== null);
  if (targeted.length === 0) return { metrics, score: null, on_track: null };
  const score = oneDecimal(targeted.reduce((sum, metric) => sum + Math.min(100, metric.percent!), 0) / targeted.length);
  return { metrics, score, on_track: targeted.every((metric) => metric.on_track) };
}

// ---- Sums and roll-up -----------------------------------------------------------------------------

export function addValues(a: KpiValues, b: KpiValues): KpiValues {
  return {
    revenue: a.revenue + b.revenue,
    orders: a.orders + b.orders,
    new_customers: a.new_customers + b.new_customers,
    visits: a.visits + b.visits,
  };
}

export function sumValues(list: readonly KpiValues[]): KpiValues {
  return list.reduce<KpiValues>((total, values) => addValues(total, values), { ...ZERO_KPI });
}

/** A target with nothing in it is no target. */
export function isEmptyTarget(values: KpiValues | null | undefined): boolean {
  return !values || KPI_METRICS.every((metric) => clean(values[metric]) === 0);
}

export type TargetSource = 'own' | 'sum' | 'none';

/** Its own target when it has one; else the sum of the parts that have one; else none. */
export function rollupTarget(
  own: KpiValues | null,
  parts: readonly (KpiValues | null)[],
): { target: KpiValues | null; source: TargetSource } {
  if (!isEmptyTarget(own)) return { target: own, source: 'own' };
  const present = parts.filter((part): part is KpiValues => !isEmptyTarget(part));
  if (present.length === 0) return { target: null, source: 'none' };
  return { target: sumValues(present), source: 'sum' };
}

export type KpiUnit = { target: KpiValues | null; actual: KpiValues };
export type KpiRegionUnit = KpiUnit & { id: number };
export type KpiRepUnit = KpiUnit & { id: number; regionId: number | null };

export type Judged<T> = T & { effective_target: KpiValues | null; target_source: TargetSource; progress: KpiProgress };

/**
 * The whole month at once: reps against their own targets, regions against theirs (or their reps'
 * sum), the company against its own (or the regions' and unassigned reps' sum).
 */
export function judgeMonth<R extends KpiRegionUnit, P extends KpiRepUnit>(input: {
  clock: MonthClock;
  company: KpiUnit;
  regions: readonly R[];
  reps: readonly P[];
}): { company: Judged<KpiUnit>; regions: Judged<R>[]; reps: Judged<P>[] } {
  const { clock } = input;
  const reps = input.reps.map((rep) => {
    const target = isEmptyTarget(rep.target) ? null : rep.target;
    return {
      ...rep,
      effective_target: target,
      target_source: target ? ('own' as const) : ('none' as const),
      progress: kpiProgress(target, rep.actual, clock),
    };
  });
  const regionIds = new Set(input.regions.map((region) => region.id));
  const regions = input.regions.map((region) => {
    const { target, source } = rollupTarget(
      region.target,
      input.reps.filter((rep) => rep.regionId === region.id).map((rep) => rep.target),
    );
    return { ...region, effective_target: target, target_source: source, progress: kpiProgress(target, region.actual, clock) };
  });
  const unassigned = input.reps.filter((rep) => rep.regionId === null || !regionIds.has(rep.regionId)).map((rep) => rep.target);
  const companyTarget = rollupTarget(input.company.target, [...regions.map((region) => region.effective_target), ...unassigned]);
  return {
    company: {
      ...input.company,
      effective_target: companyTarget.target,
      target_source: companyTarget.source,
      progress: kpiProgress(companyTarget.target, input.company.actual, clock),
    },
    regions,
    reps,
  };
}
