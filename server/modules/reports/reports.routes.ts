/**
 * The report calls (product-spec.md §7 "Reports", contract/reports.ts reportPaths), mounted under
 * /report/api; reportrevenuecustomer lives under /order/api as the spec lists it (reportRevenueRoutes).
 * Every call needs reports/view and the report's switch (REPORT_SWITCH), and answers within the
 * caller's data scope; the export needs reports/export.
 */
import { Hono, type Context } from 'hono';
import {
  CompanyQuery,
  CustomerReportSchema,
  CustomerTypeReportSchema,
  DrillOrdersSchema,
  ProductDetailSchema,
  ProductReportSchema,
  RegionReportSchema,
  ReportFilterSchema,
  RevenueCustomerSchema,
  TableViewQuery,
  TableViewSchema,
  type ReportFilter,
  type ReportKind,
} from '@contract/reports';
import { isReportTable, knownReportView, reportColumns, type ReportTable } from '@contract/reports-columns';
import type { AppDeps, AppEnv } from '@server/kernel/app-types';
import { authenticate } from '@server/kernel/authenticate';
import { badRequest } from '@server/kernel/errors';
import { requireMembership } from '@server/kernel/membership';
import { ok } from '@server/kernel/respond';
import { readTableView, saveTableView } from '@server/kernel/table-views';
import { parseBody, parseQuery } from '@server/kernel/validate';
import { reportContext } from './report-context';
import { filterOptions } from './report-options';
import { customerReport, customerTypeReport, revenueCustomer } from './report-customers';
import { drillOrders } from './report-drill';
import { exportReport } from './report-export';
import { businessAnalysis, companyOverview, dashboardOverview } from './report-orders';
import { bestSellingProducts, productDetail } from './report-products';
import { promotionReport } from './report-promotions';
import { regionReport } from './report-regions';
import { conversionRate, employeeKpi, staffReport } from './report-staff';

const unknownTable = () => badRequest('VALIDATION_FAILED', 'Bảng báo cáo không hợp lệ', { view: 'Bảng báo cáo không hợp lệ' });

export function reportRoutes(deps: AppDeps) {
  const { db } = deps;
  const app = new Hono<AppEnv>({ strict: false });
  app.use('*', authenticate(deps));

  const context = (c: Context<AppEnv>, query: ReportFilter, report: ReportKind) => reportContext(db, c.get('auth'), query, report);

  app.get('/company-overview', async (c) => ok(c, await companyOverview(await context(c, parseQuery(c, ReportFilterSchema), 'orders'))));
  app.get('/business-analysis', async (c) => ok(c, await businessAnalysis(await context(c, parseQuery(c, ReportFilterSchema), 'orders'))));
  // Today and this month at a glance: the staff report's header (a rep's own figures), behind its switch.
  app.get('/dashboard-overview', async (c) =>
    ok(c, await dashboardOverview(await context(c, parseQuery(c, ReportFilterSchema), 'employee'))),
  );

  app.get('/best-selling-products', async (c) => {
    const query = parseQuery(c, ProductReportSchema);
    const answer = await bestSellingProducts(await context(c, query, 'products'), query);
    return ok(c, answer, { count: answer.count });
  });
  app.get('/product-detail', async (c) => {
    const query = parseQuery(c, ProductDetailSchema);
    return ok(c, await productDetail(await context(c, query, 'products'), query));
  });

  app.get('/staff', async (c) => ok(c, await staffReport(await context(c, parseQuery(c, ReportFilterSchema), 'employee'))));
  app.get('/conversion-rate', async (c) => ok(c, await conversionRate(await context(c, parseQuery(c, ReportFilterSchema), 'employee'))));
  app.get('/employees', async (c) => ok(c, await employeeKpi(await context(c, parseQuery(c, ReportFilterSchema), 'employee'))));

  app.get('/regions', async (c) => {
    const query = parseQuery(c, RegionReportSchema);
    return ok(c, await regionReport(await context(c, query, 'region'), query.group_by));
  });

  app.get('/customers', async (c) => {
    const query = parseQuery(c, CustomerReportSchema);
    const answer = await customerReport(await context(c, query, 'customer'), query);
    return ok(c, answer, { count: answer.count });
  });
  app.get('/customer-types', async (c) => {
    const query = parseQuery(c, CustomerTypeReportSchema);
    return ok(c, await customerTypeReport(await context(c, query, 'customer'), query.group_by));
  });

  app.get('/promotions', async (c) => ok(c, await promotionReport(await context(c, parseQuery(c, ReportFilterSchema), 'promotions'))));

  /** The orders behind a figure; the report it was clicked in names its switch. */
  app.get('/orders', async (c) => {
    const query = parseQuery(c, DrillOrdersSchema);
    const answer = await drillOrders(await context(c, query, query.report), query);
    return ok(c, answer, { count: answer.count });
  });

  app.get('/filter-options', async (c) => ok(c, await filterOptions(db, c.get('auth'), parseQuery(c, CompanyQuery).company)));

  app.get('/export', (c) => exportReport(db, c, (error) => deps.logger.error({ err: error }, 'report export failed')));

  app.get('/table-view', async (c) => {
    const query = parseQuery(c, TableViewQuery);
    const auth = c.get('auth');
    await requireMembership(db, auth, query.company);
    if (!isReportTable(query.view)) throw unknownTable();
    return ok(c, {
      view: query.view,
      columns: knownReportView(query.view, await readTableView(db, query.company, auth.accountId, query.view)),
    });
  });

  app.put('/table-view', async (c) => {
    const input = await parseBody(c, TableViewSchema);
    const auth = c.get('auth');
    await requireMembership(db, auth, input.company);
    if (!isReportTable(input.view)) throw unknownTable();
    const keys = new Set(reportColumns(input.view as ReportTable).map((column) => column.key));
    const unknown = input.columns.find((column) => !keys.has(column));
    if (unknown) throw badRequest('VALIDATION_FAILED', `Cột "${unknown}" không có trong bảng này`, { columns: 'Cột không hợp lệ' });
    const columns = await saveTableView(db, input.company, auth.accountId, input.view, input.columns);
    return ok(c, { view: input.view, columns }, { message: 'Đã lưu cách hiển thị bảng' });
  });

  return app;
}

/** GET /order/api/reportrevenuecustomer/ (product-spec.md §7 "Order"): one customer's revenue per month. */
export function reportRevenueRoutes(deps: AppDeps) {
  const app = new Hono<AppEnv>({ strict: false });
  app.use('*', authenticate(deps));
  app.get('/reportrevenuecustomer', async (c) => {
    const query = parseQuery(c, RevenueCustomerSchema);
    const ctx = await reportContext(deps.db, c.get('auth'), query, 'customer');
    return ok(c, await revenueCustomer(ctx, query.customer));
  });
  return app;
}
