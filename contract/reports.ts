/**
 * Reports (issue 15, product-spec.md §7 "Reports"; decisions in docs/reports.md): the filter every
 * report takes (the spec's report `dataFilter` with search), the answers of the report calls, and
 * their paths under /report/api.
 *
 * What counts, everywhere: an order belongs to the Vietnam day its rep took it (created_at, UTC+7);
 * **revenue** is the total of orders in REVENUE_STATUSES (accepted by the office and not undone, as
 * on the dashboard); **orders** counts the orders taken (TAKEN_STATUSES: submitted and not refused or
 * cancelled); a product's quantity is in its base unit, gifts left out (the promotions report counts
 * them). Figures are within the caller's data scope (a rep their own orders, a region manager those
 * delivered into their region or taken by them).
 */
import * as v from 'valibot';
import type { ReportConfigKey } from './company-switches';
import type { KpiProgress } from './kpi';
import { REVENUE_STATUSES, TAKEN_STATUSES } from './dashboard';
import type { OrderStatus, PaymentStatus } from './orders-status';
import { companyBodyField, companyQueryField, isIsoDate, pagingFields } from './validation';

export { REVENUE_STATUSES, TAKEN_STATUSES };

/** How an order was taken: at a check-in, off the rep's route (README "Decisions"), or otherwise. */
export const ORDER_TYPES = ['visit', 'off_route', 'direct'] as const;
export type OrderType = (typeof ORDER_TYPES)[number];
export const ORDER_TYPE_LABELS: Record<OrderType, string> = {
  visit: 'Đặt khi ghé thăm',
  off_route: 'Bán ngoài tuyến',
  direct: 'Đặt trực tiếp',
};

/** The six report pages (/reports/<kind>), each behind its switch (REPORT_SWITCH). */
export const REPORT_KINDS = ['orders', 'products', 'employee', 'region', 'customer', 'promotions'] as const;

// ---- The filter -----------------------------------------------------------------------------------

const day = (label: string) =>
  v.optional(
    v.pipe(
      v.string(`${label} không hợp lệ (YYYY-MM-DD)`),
      v.regex(/^\d{4}-\d{2}-\d{2}$/, `${label} không hợp lệ (YYYY-MM-DD)`),
      v.check(isIsoDate, `${label} không hợp lệ (YYYY-MM-DD)`),
    ),
  );

const queryId = (label: string) =>
  v.optional(v.pipe(v.string(`${label} không hợp lệ`), v.regex(/^[1-9]\d{0,8}$/, `${label} không hợp lệ`), v.transform(Number)));

/** The longest period a report covers in one answer (a year and a bit: "Năm nay" and the year before it). */
export const MAX_REPORT_DAYS = 400;

const filterEntries = {
  company: companyQueryField,
  date_from: day('Ngày bắt đầu'),
  date_to: day('Ngày kết thúc'),
  region: queryId('Khu vực'),
  staff: queryId('Nhân viên'),
  customer_type: queryId('Nhóm khách hàng'),
  /** The spec's report dataFilter `search`: words of the rows' names and codes (diacritics ignored). */
  search: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(100, 'Từ khóa tìm kiếm tối đa 100 ký tự'))),
};

const periodChecks = <T extends { date_from?: string; date_to?: string }>(schema: v.GenericSchema<unknown, T>) =>
  v.pipe(
    schema,
    v.forward(
      v.check(
        (query: T) => !query.date_from || !query.date_to || query.date_from <= query.date_to,
        'Ngày bắt đầu phải trước ngày kết thúc',
      ),
      ['date_from'] as never,
    ),
    v.forward(
      v.check(
        (query: T) => !query.date_from || !query.date_to || daysBetween(query.date_from, query.date_to) < MAX_REPORT_DAYS,
        `Mỗi báo cáo xem tối đa ${MAX_REPORT_DAYS} ngày`,
      ),
      ['date_from'] as never,
    ),
  );

export const ReportFilterSchema = periodChecks(v.object(filterEntries));
export type ReportFilter = v.InferOutput<typeof ReportFilterSchema>;

const SORT = v.optional(v.pipe(v.string(), v.regex(/^[a-z_]{1,40}$/, 'Cột sắp xếp không hợp lệ')));
const DIRECTION = v.optional(v.picklist(['asc', 'desc'], 'Chiều sắp xếp không hợp lệ'));

/** A report with many rows (customers, products): paged and sorted on the server. */
export const ReportPageSchema = periodChecks(v.object({ ...filterEntries, ...pagingFields(100), sort: SORT, order: DIRECTION }));

export const PRODUCT_GROUPINGS = ['variant', 'category', 'brand', 'group'] as const;
export type ProductGrouping = (typeof PRODUCT_GROUPINGS)[number];
export const PRODUCT_GROUPING_LABELS: Record<ProductGrouping, string> = {
  variant: 'Sản phẩm',
  category: 'Danh mục',
  brand: 'Thương hiệu',
  group: 'Nhóm sản phẩm',
};

export const ProductReportSchema = periodChecks(
  v.object({
    ...filterEntries,
    ...pagingFields(100),
    sort: SORT,
    order: DIRECTION,
    group_by: v.optional(v.picklist(PRODUCT_GROUPINGS, 'Cách nhóm không hợp lệ'), 'variant'),
    /** Slow movers: every active product, the least sold first (none sold included). */
    slow: v.optional(v.picklist(['0', '1'], 'Giá trị không hợp lệ'), '0'),
  }),
);

export const ProductDetailSchema = periodChecks(
  v.object({
    ...filterEntries,
    variant: v.pipe(v.string('Sản phẩm không hợp lệ'), v.regex(/^[1-9]\d{0,8}$/, 'Sản phẩm không hợp lệ'), v.transform(Number)),
  }),
);

export const REGION_GROUPINGS = ['region', 'province'] as const;
export type RegionGrouping = (typeof REGION_GROUPINGS)[number];
export const RegionReportSchema = periodChecks(
  v.object({ ...filterEntries, group_by: v.optional(v.picklist(REGION_GROUPINGS, 'Cách nhóm không hợp lệ'), 'region') }),
);

export const CUSTOMER_GROUPINGS = ['type', 'level'] as const;
export type CustomerGrouping = (typeof CUSTOMER_GROUPINGS)[number];
export const CustomerTypeReportSchema = periodChecks(
  v.object({ ...filterEntries, group_by: v.optional(v.picklist(CUSTOMER_GROUPINGS, 'Cách nhóm không hợp lệ'), 'type') }),
);

export const CustomerReportSchema = periodChecks(
  v.object({
    ...filterEntries,
    ...pagingFields(100),
    sort: SORT,
    order: DIRECTION,
    /** Customers with no order for this many days (none at all included), instead of the period's buyers. */
    inactive_days: v.optional(
      v.pipe(v.string(), v.regex(/^\d{1,4}$/, 'Số ngày không hợp lệ'), v.transform(Number), v.minValue(1, 'Số ngày phải lớn hơn 0')),
    ),
  }),
);

export const RevenueCustomerSchema = periodChecks(
  v.object({ ...filterEntries, customer: v.pipe(v.string('Khách hàng không hợp lệ'), v.uuid('Khách hàng không hợp lệ')) }),
);

/** What a drill-down narrows to: the dimension of the figure clicked and its key. */
export const DRILL_DIMENSIONS = [
  'status',
  'order_type',
  'payment_status',
  'staff',
  'province',
  'region',
  'customer',
  'customer_type',
  'level',
  'variant',
  'category',
  'brand',
  'group',
  'promotion',
] as const;
export type DrillDimension = (typeof DRILL_DIMENSIONS)[number];

export const DrillOrdersSchema = periodChecks(
  v.object({
    ...filterEntries,
    /** The report the figure is in (its switch decides). */
    report: v.picklist(REPORT_KINDS, 'Báo cáo không hợp lệ'),
    ...pagingFields(50),
    dimension: v.optional(v.picklist(DRILL_DIMENSIONS, 'Chiều dữ liệu không hợp lệ')),
    key: v.optional(v.pipe(v.string(), v.maxLength(60, 'Giá trị không hợp lệ'))),
    /** Which orders a figure counts: revenue (accepted orders), taken (orders), or all of them (a status figure). */
    measure: v.optional(v.picklist(['revenue', 'taken', 'all'], 'Giá trị không hợp lệ'), 'taken'),
  }),
);

// ---- Answers --------------------------------------------------------------------------------------

export type Period = { from: string; to: string };

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

// ---- Table views -----------------------------------------------------------------------------------

export const CompanyQuery = v.object({ company: companyQueryField });

/** A saved table view: the columns shown, in the order shown. */
export const TableViewQuery = v.object({
  company: companyQueryField,
  view: v.pipe(v.string(), v.regex(/^[a-z-]{3,40}$/, 'Bảng không hợp lệ')),
});
export const TableViewSchema = v.object(
  {
    company: companyBodyField,
    view: v.pipe(v.string('Bảng không hợp lệ'), v.regex(/^[a-z-]{3,40}$/, 'Bảng không hợp lệ')),
    columns: v.pipe(
      v.array(v.pipe(v.string('Cột không hợp lệ'), v.regex(/^[a-z_]{1,40}$/, 'Cột không hợp lệ')), 'Danh sách cột không hợp lệ'),
      v.minLength(1, 'Cần ít nhất một cột'),
      v.maxLength(40, 'Quá nhiều cột'),
    ),
  },
  'Dữ liệu gửi lên phải là một đối tượng JSON',
);

// ---- The pages -------------------------------------------------------------------------------------

export type ReportKind = (typeof REPORT_KINDS)[number];
export const REPORT_SWITCH: Record<ReportKind, ReportConfigKey> = {
  orders: 'REPORT-ORDER-REVENUA',
  products: 'REPORT-PRODUCT',
  employee: 'REPORT-STAFF',
  region: 'REPORT-REGION',
  customer: 'REPORT-CUSTOMER',
  promotions: 'REPORT-PROMOTION',
};

export const reportPaths = {
  businessAnalysis: '/report/api/business-analysis/',
  companyOverview: '/report/api/company-overview/',
  dashboardOverview: '/report/api/dashboard-overview/',
  bestSellingProducts: '/report/api/best-selling-products/',
  productDetail: '/report/api/product-detail/',
  staff: '/report/api/staff/',
  conversionRate: '/report/api/conversion-rate/',
  employees: '/report/api/employees/',
  regions: '/report/api/regions/',
  customers: '/report/api/customers/',
  customerTypes: '/report/api/customer-types/',
  promotions: '/report/api/promotions/',
  orders: '/report/api/orders/',
  filterOptions: '/report/api/filter-options/',
  tableView: '/report/api/table-view/',
  export: '/report/api/export/',
  revenueCustomer: '/order/api/reportrevenuecustomer/',
} as const;

// ---- Periods ---------------------------------------------------------------------------------------

/** The filter's periods as Vietnamese offices name them; `custom` is a range picked by hand. */
export const PERIOD_PRESETS = ['today', 'yesterday', 'last_7_days', 'this_month', 'last_month', 'this_quarter', 'this_year', 'custom'] as const;
export type PeriodPreset = (typeof PERIOD_PRESETS)[number];
export const PERIOD_PRESET_LABELS: Record<PeriodPreset, string> = {
  today: 'Hôm nay',
  yesterday: 'Hôm qua',
  last_7_days: '7 ngày qua',
  this_month: 'Tháng này',
  last_month: 'Tháng trước',
  this_quarter: 'Quý này',
  this_year: 'Năm nay',
  custom: 'Tùy chọn',
};

const monthStart = (day: string) => `${day.slice(0, 8)}01`;

/** The days of a preset on `today` (a Vietnam day, YYYY-MM-DD); `custom` has none of its own. */
export function presetPeriod(preset: Exclude<PeriodPreset, 'custom'>, today: string): Period {
  switch (preset) {
    case 'today':
      return { from: today, to: today };
    case 'yesterday':
      return { from: addDays(today, -1), to: addDays(today, -1) };
    case 'last_7_days':
      return { from: addDays(today, -6), to: today };
    case 'this_month':
      return { from: monthStart(today), to: today };
    case 'last_month': {
      const end = addDays(monthStart(today), -1);
      return { from: monthStart(end), to: end };
    }
    case 'this_quarter': {
      const quarterMonth = Math.floor((Number(today.slice(5, 7)) - 1) / 3) * 3 + 1;
      return { from: `${today.slice(0, 4)}-${String(quarterMonth).padStart(2, '0')}-01`, to: today };
    }
    case 'this_year':
      return { from: `${today.slice(0, 4)}-01-01`, to: today };
  }
}

// ---- Helpers both sides use -------------------------------------------------------------------------

export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

export function addDays(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

/** The period of the same length just before `period` ("kỳ trước"). */
export function previousPeriod(period: Period): Period {
  const length = daysBetween(period.from, period.to) + 1;
  return { from: addDays(period.from, -length), to: addDays(period.from, -1) };
}

/** How much `now` grew over `before`, percent with one decimal; null when there was nothing before. */
export function growth(now: number, before: number): number | null {
  return before > 0 ? Math.round(((now - before) / before) * 1000) / 10 : null;
}

/** A share in percent with one decimal; null when there is nothing to divide by. */
export function percent(part: number, whole: number): number | null {
  return whole > 0 ? Math.round((part / whole) * 1000) / 10 : null;
}
