/**
 * Reports (product-spec.md §7 "Reports"; decisions in docs/reports.md): the filter every
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
import { REVENUE_STATUSES, TAKEN_STATUSES } from './dashboard';
import { companyBodyField, companyQueryField, isIsoDate, pagingFields } from './validation';
import { daysBetween } from './calendar-days';

export { REVENUE_STATUSES, TAKEN_STATUSES };
export * from './report-periods';
export * from './report-answers';
export { addDays, daysBetween } from './calendar-days';

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
