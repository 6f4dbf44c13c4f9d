/** What the report calls answer (contract/reports.ts re-exports this file; what counts is said there). */
import type { KpiProgress } from './kpi';
import type { OrderStatus, PaymentStatus } from './orders-status';
import type { Period } from './report-periods';

/** How an order was taken: at a check-in, off the rep's route (docs/decisions.md), or otherwise. */
export const ORDER_TYPES = ['visit', 'off_route', 'direct'] as const;
export type OrderType = (typeof ORDER_TYPES)[number];
export const ORDER_TYPE_LABELS: Record<OrderType, string> = {
  visit: 'Đặt khi ghé thăm',
  off_route: 'Bán ngoài tuyến',
  direct: 'Đặt trực tiếp',
};

/** The headline figures of a period (company-overview). */
export type OverviewFigures = {
  revenue: number;
  orders: number;
  /** Orders counted in revenue: the divisor of the average order value. */
  sold_orders: number;
  customers: number;
  avg_order_value: number;
  sku_per_order: number;
  new_customers: number;
  visits: number;
  /** Visits with an order ÷ visits, in percent (one decimal); null without visits. */
  strike_rate: number | null;
};
export type CompanyOverview = { period: Period; previous: Period; current: OverviewFigures; before: OverviewFigures };

export type TimeBucket = 'day' | 'week' | 'month';
/** By status: every order and their total value; by type and payment: orders taken and revenue. */
export type BreakdownRow = { key: string; label: string; orders: number; value: number };
export type BusinessAnalysis = {
  period: Period;
  previous: Period;
  bucket: TimeBucket;
  /** One row per bucket of the period, the same bucket of the previous period beside it. */
  series: {
    key: string;
    label: string;
    from: string;
    to: string;
    revenue: number;
    orders: number;
    prev_revenue: number;
    prev_orders: number;
    /** Revenue against the same bucket of the previous period, percent; null when that had none. */
    growth: number | null;
  }[];
  by_status: (BreakdownRow & { key: OrderStatus })[];
  by_type: (BreakdownRow & { key: OrderType })[];
  by_payment: (BreakdownRow & { key: PaymentStatus })[];
};

export type DashboardOverview = {
  today: OverviewFigures;
  yesterday: OverviewFigures;
  month: OverviewFigures;
  /** The same days of last month (1st to today's date), to compare with. */
  last_month: OverviewFigures;
};

export type ProductRow = {
  key: string;
  code: string;
  name: string;
  unit: string;
  category: string;
  brand: string;
  quantity: number;
  revenue: number;
  orders: number;
  /** Share of the period's product revenue, percent (one decimal). */
  share: number;
};
export type ProductReport = { rows: ProductRow[]; count: number; total_revenue: number; total_quantity: number };

export type ProductDetail = {
  variant: { id: number; code: string; name: string; unit: string };
  totals: { quantity: number; revenue: number; orders: number; customers: number };
  customers: { customer_id: string; code: string; name: string; quantity: number; revenue: number; orders: number; last_day: string }[];
  provinces: { code: string; name: string; region: string; quantity: number; revenue: number; customers: number }[];
};

export type StaffRow = {
  account_id: number;
  code: string;
  name: string;
  region: string;
  revenue: number;
  orders: number;
  customers: number;
  visits: number;
  visits_with_order: number;
  strike_rate: number | null;
  /** Mean minutes between check-in and check-out of the visits that were closed. */
  minutes_per_visit: number | null;
  sku_per_order: number;
  avg_order_value: number;
  kpi_revenue_target: number;
  /** Revenue of the KPI month (the period's last month, as the KPI counts it) ÷ its target, percent. */
  kpi_attainment: number | null;
  /** Calls the rep's approved route plans made in the period up to today (server/modules/reports/report-route.ts). */
  planned_calls: number;
  /** Of those, the ones made: a planned visit per customer and day. */
  planned_done: number;
  /** planned_done ÷ planned_calls, percent; null without planned calls. */
  route_compliance: number | null;
  /** Visits off the day's plan (with the rep's reason). */
  unplanned_visits: number;
  /** Check-ins whose place was flagged (far from the pin, no or poor GPS, impossible speed, shared device, on the pin). */
  place_flagged: number;
};
export type StaffReport = { rows: StaffRow[]; kpi_month: string };

/** The KPI month of each employee (the month of the period's last day): targets against actuals (contract/kpi.ts). */
export type EmployeeKpiRow = { account_id: number; code: string; name: string; region: string; progress: KpiProgress };
export type EmployeeKpiReport = { month: string; rows: EmployeeKpiRow[] };

export type ConversionDay = { day: string; visits: number; visits_with_order: number; strike_rate: number | null };
export type ConversionReport = { days: ConversionDay[]; visits: number; visits_with_order: number; strike_rate: number | null };

export type RegionRow = {
  key: string;
  name: string;
  region: string;
  revenue: number;
  prev_revenue: number;
  /** Revenue against the previous period of the same length, percent; null when it had none. */
  growth: number | null;
  orders: number;
  customers: number;
  reps: number;
};
export type RegionReport = { rows: RegionRow[]; previous: Period };

export type CustomerRow = {
  customer_id: string;
  code: string;
  name: string;
  type: string;
  level: string;
  province: string;
  staff: string;
  revenue: number;
  orders: number;
  first_day: string | null;
  last_day: string | null;
  /** Days since the last order (any time); null when they never ordered. */
  days_since: number | null;
  /** Their first order ever is in the period. */
  is_new: boolean;
};
export type CustomerReport = { rows: CustomerRow[]; count: number };

export type CustomerTypeRow = {
  key: string;
  name: string;
  customers: number;
  buyers: number;
  new_buyers: number;
  returning_buyers: number;
  revenue: number;
  orders: number;
};

export type RevenueCustomer = {
  customer: { id: string; code: string; name: string };
  months: { month: string; revenue: number; orders: number }[];
  revenue: number;
  orders: number;
};

export type PromotionRow = {
  promotion_id: number;
  code: string;
  name: string;
  state: string;
  starts_on: string;
  ends_on: string;
  orders: number;
  customers: number;
  discount: number;
  gift_value: number;
  gift_quantity: number;
  /** Revenue of the orders it applied to. */
  revenue: number;
  /** Budget: money (đ) or quantity, by the programme's cap kind; null without one. */
  budget: number | null;
  budget_kind: 'money' | 'quantity';
  /** Spent against the budget since the programme began (cancelled orders give theirs back). */
  budget_used: number;
  budget_share: number | null;
};

/**
 * The promotions report's figures over every programme shown, each order counted once however many
 * programmes applied to it (a row's `orders` and `revenue` count it under each of them).
 */
export type PromotionTotals = {
  /** Orders at least one of the programmes applied to. */
  orders: number;
  customers: number;
  /** Revenue of those orders, each once. */
  revenue: number;
  discount: number;
  gift_value: number;
};
export type PromotionReport = { rows: PromotionRow[]; totals: PromotionTotals };

export type DrillOrder = {
  id: string;
  code: string | null;
  local_no: string;
  created_at: string;
  customer_name: string;
  account_name: string;
  status: OrderStatus;
  total: number;
};
export type DrillOrders = { rows: DrillOrder[]; count: number; total: number };

/** What the filter offers the caller (filter-options): within their data scope. */
export type ReportFilterOptions = {
  regions: { id: number; name: string }[];
  staff: { id: number; name: string }[];
  customer_types: { id: number; name: string }[];
};
