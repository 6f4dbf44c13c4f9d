/**
 * How the dashboard shows its figures: compact numbers on tiles and chart axes (product-spec.md §9: k, m) with
 * the full value at hand (tooltip, chart tooltip), the days of the chart, the share of each status,
 * and the dashboard's own state in the URL (whose figures, which days).
 */
import type { DashboardSummary } from '@contract/dashboard';
import { ORDER_STATUSES, type OrderStatus } from '@contract/orders-status';
import { compactNumber } from '@/lib/compact-number';
import { formatMoney, formatNumber } from '@/lib/money';
import type { DashboardScope, DashboardSearch } from './dashboard-search';

export type Shown = { short: string; full: string };

/** Revenue on a tile: `1.3m ₫` (money carries its ₫ everywhere in the app) with `1.250.000 ₫` in the tooltip. */
export function revenueShown(value: number): Shown {
  return { short: `${compactNumber(value)}\u00a0₫`, full: formatMoney(value) };
}

/** An order count: `1.2k` with `1.234 đơn`; small counts are shown whole. */
export function countShown(value: number): Shown {
  return { short: compactNumber(value), full: `${formatNumber(value, 0)} đơn` };
}

export type ChartDay = { day: string; date: string; revenue: number; orders: number };

/** `2026-11-05` → `05/11`, the chart's x axis. */
export function shortDay(isoDay: string): string {
  const [, month = '', day = ''] = isoDay.split('-');
  return `${day}/${month}`;
}

export function chartDays(byDay: DashboardSummary['by_day']): ChartDay[] {
  return byDay.map((entry) => ({ day: shortDay(entry.day), date: entry.day, revenue: entry.revenue, orders: entry.orders }));
}

export type StatusShare = { status: OrderStatus; count: number; percent: number };

/** Orders by status in the table's order, with each one's share of the range's orders (whole percent). */
export function statusShares(byStatus: DashboardSummary['by_status']): { total: number; shares: StatusShare[] } {
  const total = ORDER_STATUSES.reduce((sum, status) => sum + (byStatus[status] ?? 0), 0);
  return {
    total,
    shares: ORDER_STATUSES.map((status) => {
      const count = byStatus[status] ?? 0;
      return { status, count, percent: total > 0 ? Math.round((count * 100) / total) : 0 };
    }),
  };
}

/** The range's revenue and orders, from the chart's days. */
export function rangeTotals(byDay: DashboardSummary['by_day']): { revenue: number; orders: number } {
  return byDay.reduce((sum, day) => ({ revenue: sum.revenue + day.revenue, orders: sum.orders + day.orders }), { revenue: 0, orders: 0 });
}

// ---- State in the URL (model/dashboard-search.ts) -------------------------------------------------

export { DASHBOARD_SCOPES, parseDashboardSearch, SCOPE_LABELS, type DashboardScope, type DashboardSearch } from './dashboard-search';

/** Query of GET getdashboard/: the person's own orders for "Của tôi", a reversed range put in order. */
export function dashboardQuery(companyId: number, scope: DashboardScope, accountId: number | null, search: DashboardSearch) {
  let { from, to } = search;
  if (from && to && from > to) [from, to] = [to, from];
  return {
    company: companyId,
    account: scope === 'mine' && accountId ? accountId : undefined,
    date_from: from,
    date_to: to,
  };
}

// ---- Chart axes ----------------------------------------------------------------------------------

/** Round steps for a value axis from 0 to at least `max`: 0, 2m, 4m, 6m… (about `count` steps). */
export function axisTicks(max: number, count = 4): number[] {
  if (!(max > 0) || !Number.isFinite(max)) return [0, 1];
  const raw = max / count;
  const magnitude = 10 ** Math.floor(Math.log10(raw));
  const residual = raw / magnitude;
  const step = (residual > 5 ? 10 : residual > 2 ? 5 : residual > 1 ? 2 : 1) * magnitude;
  const ticks: number[] = [];
  for (let tick = 0; tick < max + step; tick += step) {
    ticks.push(tick);
    if (tick >= max) break;
  }
  return ticks;
}

/** Label every n-th day so labels of `labelWidth` px never overlap across `width` px. */
export function labelEvery(days: number, width: number, labelWidth: number): number {
  if (days <= 0 || width <= 0) return 1;
  return Math.max(1, Math.ceil((days * labelWidth) / width));
}
