import crypto from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companyPaths } from '@contract/api-paths';
import {
  reportPaths,
  type BusinessAnalysis,
  type CompanyOverview,
  type ConversionReport,
  type CustomerReport,
  type CustomerTypeRow,
  type DashboardOverview,
  type DrillOrders,
  type EmployeeKpiReport,
  type ProductDetail,
  type ProductReport,
  type PromotionReport,
  type RegionReport,
  type ReportFilterOptions,
  type RevenueCustomer,
  type StaffReport,
} from '@contract/reports';
import { defaultReportView } from '@contract/reports-columns';
import { vietnamDay } from '@contract/price-policy';
import { customerTypes, historicalSales } from '@server/kernel/db/schema';
import { DEMO } from '@server/seed/demo';
import { rowsOf } from '@server/kernel/sql';
import { addAccount } from '@server/testing/fixtures';
import { startRegionKit, type RegionKit } from '@server/testing/regions.kit';

let kit: RegionKit;
const today = vietnamDay();
// The demo's history (server/seed/demo-history.ts) covers the last four months.
const from = new Date(Date.now() - 110 * 86_400_000).toISOString().slice(0, 10);
const period = () => ({ company: kit.anKhang, date_from: from, date_to: today });

beforeAll(async () => {
  kit = await startRegionKit();
}, 120_000);
afterAll(async () => {
  await kit?.stop();
});

const accountOf = (login: { account: { id: number } }) => login.account.id;

describe('the report calls', () => {
  it('answers every report of the demo company with its figures', async () => {
    const overview = await kit.get<CompanyOverview>(reportPaths.companyOverview, period());
    expect(overview.status).toBe(200);
    const figures = overview.body.data.current;
    expect(figures.revenue).toBeGreaterThan(0);
    expect(figures.orders).toBeGreaterThanOrEqual(figures.sold_orders);
    expect(figures.avg_order_value).toBe(Math.round(figures.revenue / figures.sold_orders));
    expect(figures.strike_rate).toBeGreaterThan(0);
    expect(overview.body.data.previous.to < from).toBe(true);

    const analysis = await kit.get<BusinessAnalysis>(reportPaths.businessAnalysis, period());
    expect(analysis.body.data.bucket).toBe('month');
    expect(analysis.body.data.series.reduce((sum, row) => sum + row.revenue, 0)).toBe(figures.revenue);
    expect(analysis.body.data.by_status.reduce((sum, row) => sum + row.orders, 0)).toBeGreaterThanOrEqual(figures.orders);
    expect(analysis.body.data.by_type.reduce((sum, row) => sum + row.orders, 0)).toBe(figures.orders);
    expect(analysis.body.data.by_payment.reduce((sum, row) => sum + row.value, 0)).toBe(figures.revenue);
    const week = await kit.get<BusinessAnalysis>(reportPaths.businessAnalysis, { ...period(), date_from: today.slice(0, 8) + '01' });
    expect(week.body.data.bucket).toBe('day');

    const dashboard = await kit.get<DashboardOverview>(reportPaths.dashboardOverview, { company: kit.anKhang });
    expect(dashboard.status).toBe(200);
    expect(dashboard.body.data.month.orders).toBeGreaterThanOrEqual(dashboard.body.data.today.orders);

    const products = await kit.get<ProductReport>(reportPaths.bestSellingProducts, { ...period(), limit: 5 });
    expect(products.body.data.rows).toHaveLength(5);
    expect(products.body.count).toBe(products.body.data.count);
    const revenues = products.body.data.rows.map((row) => row.revenue);
    expect(revenues).toEqual([...revenues].sort((a, b) => b - a));
    const byQuantity = await kit.get<ProductReport>(reportPaths.bestSellingProducts, { ...period(), sort: 'quantity', limit: 5 });
    const quantities = byQuantity.body.data.rows.map((row) => row.quantity);
    expect(quantities).toEqual([...quantities].sort((a, b) => b - a));
    const categories = await kit.get<ProductReport>(reportPaths.bestSellingProducts, { ...period(), group_by: 'category', limit: 100 });
    expect(categories.body.data.total_revenue).toBe(products.body.data.total_revenue);
    const slow = await kit.get<ProductReport>(reportPaths.bestSellingProducts, { ...period(), slow: '1', limit: 100 });
    expect(slow.body.data.count).toBeGreaterThanOrEqual(products.body.data.count);
    expect(slow.body.data.rows[0]!.quantity).toBeLessThanOrEqual(slow.body.data.rows.at(-1)!.quantity);
    const searched = await kit.get<ProductReport>(reportPaths.bestSellingProducts, { ...period(), search: 'betadine', limit: 100 });
    expect(searched.body.data.rows.length).toBeGreaterThan(0);
    expect(searched.body.data.rows.every((row) => row.name.toLowerCase().includes('betadine'))).toBe(true);

    const best = products.body.data.rows[0]!;
    const detail = await kit.get<ProductDetail>(reportPaths.productDetail, { ...period(), variant: best.key });
    expect(detail.body.data.totals).toMatchObject({ quantity: best.quantity, revenue: best.revenue, orders: best.orders });
    expect(detail.body.data.customers.reduce((sum, row) => sum + row.revenue, 0)).toBe(best.revenue);
    expect(detail.body.data.provinces.reduce((sum, row) => sum + row.revenue, 0)).toBe(best.revenue);

    const staff = await kit.get<StaffReport>(reportPaths.staff, period());
    expect(staff.body.data.rows.reduce((sum, row) => sum + row.revenue, 0)).toBe(figures.revenue);
    expect(staff.body.data.rows.map((row) => row.name)).toEqual(expect.arrayContaining(['Lê Văn Trình', 'Phạm Thị Hoa', 'Nguyễn Văn An']));
    const conversion = await kit.get<ConversionReport>(reportPaths.conversionRate, period());
    expect(conversion.body.data.visits).toBe(figures.visits);
    expect(conversion.body.data.strike_rate).toBe(figures.strike_rate);
    const kpi = await kit.get<EmployeeKpiReport>(reportPaths.employees, period());
    expect(kpi.body.data.month).toBe(today.slice(0, 7));
    expect(kpi.body.data.rows.find((row) => row.code === 'TDV001')!.progress.metrics.revenue.target).toBe(150_000_000);

    const regions = await kit.get<RegionReport>(reportPaths.regions, period());
    expect(regions.body.data.rows.map((row) => row.name)).toEqual(expect.arrayContaining(['Miền Nam', 'Hà Nội và phụ cận', 'Miền Trung']));
    expect(regions.body.data.rows.reduce((sum, row) => sum + row.revenue, 0)).toBe(figures.revenue);
    const provinces = await kit.get<RegionReport>(reportPaths.regions, { ...period(), group_by: 'province' });
    expect(provinces.body.data.rows.map((row) => row.name)).toEqual(expect.arrayContaining(['Thành phố Hồ Chí Minh', 'Thành phố Hà Nội']));

    const customers = await kit.get<CustomerReport>(reportPaths.customers, { ...period(), limit: 100 });
    expect(customers.body.data.rows.reduce((sum, row) => sum + row.revenue, 0)).toBe(figures.revenue);
    expect(customers.body.data.count).toBe(figures.customers);
    const idle = await kit.get<CustomerReport>(reportPaths.customers, { ...period(), inactive_days: 3, limit: 100 });
    expect(idle.status).toBe(200);
    for (const row of idle.body.data.rows) expect(row.days_since === null || row.days_since >= 3).toBe(true);
    const types = await kit.get<CustomerTypeRow[]>(reportPaths.customerTypes, period());
    expect(types.body.data.reduce((sum, row) => sum + row.buyers, 0)).toBe(figures.customers);
    const levels = await kit.get<CustomerTypeRow[]>(reportPaths.customerTypes, { ...period(), group_by: 'level' });
    expect(levels.body.data.reduce((sum, row) => sum + row.revenue, 0)).toBe(figures.revenue);

    const promotions = await kit.get<PromotionReport>(reportPaths.promotions, period());
    const tiers = promotions.body.data.rows.find((row) => row.name === 'Khuyến mại tháng trước: mua nhiều giảm nhiều')!;
    expect(tiers.orders).toBeGreaterThan(0);
    expect(tiers.discount).toBeGreaterThan(0);

    const customer = customers.body.data.rows[0]!;
    const monthly = await kit.get<RevenueCustomer>(reportPaths.revenueCustomer, { ...period(), customer: customer.customer_id });
    expect(monthly.body.data.revenue).toBe(customer.revenue);
    expect(monthly.body.data.orders).toBe(customer.orders);
  });

  it('lists the orders behind a figure, adding up to it', async () => {
    const staff = await kit.get<StaffReport>(reportPaths.staff, period());
    const trinh = staff.body.data.rows.find((row) => row.code === 'TDV001')!;
    const drill = await kit.get<DrillOrders>(reportPaths.orders, {
      ...period(),
      report: 'employee',
      dimension: 'staff',
      key: trinh.account_id,
      measure: 'revenue',
      limit: 50,
    });
    expect(drill.status).toBe(200);
    expect(drill.body.data.total).toBe(trinh.revenue);
    expect(drill.body.data.rows.every((row) => row.account_name === 'Lê Văn Trình')).toBe(true);
    const completed = await kit.get<BusinessAnalysis>(reportPaths.businessAnalysis, period());
    const done = completed.body.data.by_status.find((row) => row.key === 'completed')!;
    const orders = await kit.get<DrillOrders>(reportPaths.orders, {
      ...period(),
      report: 'orders',
      dimension: 'status',
      key: 'completed',
      measure: 'all',
    });
    expect([orders.body.data.count, orders.body.data.total]).toEqual([done.orders, done.value]);
    expect(orders.body.data.rows.every((row) => row.status === 'completed')).toBe(true);
  });

  it('counts a searched grouping over the products the search finds: their revenue and their orders', async () => {
    const db = kit.server.deps.db;
    const [word] = rowsOf<{ word: string }>(
      await db.execute(sql`select split_part(v.search_text, ' ', 1) as word from report_line_facts l join variants v on v.id = l.variant_id
                           where l.company_id = ${kit.anKhang} group by 1 order by count(*) desc limit 1`),
    );
    const search = word!.word;
    const expected = rowsOf<{ key: string; revenue: string; orders: string }>(
      await db.execute(sql`
        select coalesce(p.category_id::text, 'none') as key, sum(l.line_total) as revenue, count(distinct l.order_id) as orders
        from order_lines l join orders o on o.id = l.order_id join variants v on v.id = l.variant_id join products p on p.id = v.product_id
        where l.company_id = ${kit.anKhang} and not l.is_gift and o.status in ('confirmed', 'delivering', 'completed')
          and (o.created_at at time zone 'UTC' + interval '7 hours')::date between ${from} and ${today}
          and v.search_text like ${`%${search}%`}
        group by 1`),
    );
    const searched = await kit.get<ProductReport>(reportPaths.bestSellingProducts, {
      ...period(),
      group_by: 'category',
      search,
      limit: 100,
    });
    expect(searched.status).toBe(200);
    expect(Object.fromEntries(searched.body.data.rows.map((row) => [row.key, [row.revenue, row.orders]]))).toEqual(
      Object.fromEntries(expected.map((row) => [row.key, [Number(row.revenue), Number(row.orders)]])),
    );
  });

  it('refuses bad filters with a Vietnamese message and no 500', async () => {
    const backwards = await kit.get(reportPaths.companyOverview, { company: kit.anKhang, date_from: '2026-11-10', date_to: '2026-11-01' });
    expect([backwards.status, backwards.body.fields?.date_from]).toEqual([400, 'Ngày bắt đầu phải trước ngày kết thúc']);
    const long = await kit.get(reportPaths.staff, { company: kit.anKhang, date_from: '2024-01-01', date_to: '2026-01-01' });
    expect([long.status, long.body.fields?.date_from]).toEqual([400, 'Mỗi báo cáo xem tối đa 400 ngày']);
    expect((await kit.get(reportPaths.regions, { ...period(), group_by: 'city' })).body.fields?.group_by).toBe('Cách nhóm không hợp lệ');
    expect((await kit.get(reportPaths.staff, { ...period(), date_to: '2026-13-45' })).status).toBe(400);
    expect((await kit.get(reportPaths.productDetail, { ...period(), variant: 999_999 })).status).toBe(404);
    expect((await kit.get(reportPaths.orders, { ...period(), report: 'nothing' })).status).toBe(400);
  });
});

describe('the report configuration', () => {
  const setSwitch = (code: string, on: boolean, token = kit.an.access) =>
    kit.send('PUT', companyPaths.functionOnOff, { company: kit.anKhang, code, is_enabled: on }, token);

  it('refuses a report that is switched off, and only the owner switches it', async () => {
    expect((await setSwitch('REPORT-PRODUCT', false, kit.manager.access)).status).toBe(403);
    expect((await setSwitch('REPORT-PRODUCT', false)).status).toBe(200);
    try {
      const off = await kit.get(reportPaths.bestSellingProducts, period());
      expect([off.status, off.body.error, off.body.message]).toEqual([403, 'FEATURE_OFF', 'Công ty chưa bật chức năng Báo cáo sản phẩm']);
      expect((await kit.get(reportPaths.productDetail, { ...period(), variant: 1 })).status).toBe(403);
      expect((await kit.get(reportPaths.export, { ...period(), table: 'report-products', columns: 'name' })).status).toBe(403);
      expect((await kit.get(reportPaths.orders, { ...period(), report: 'products', dimension: 'variant', key: 1 })).status).toBe(403);
      // The other reports stay.
      expect((await kit.get(reportPaths.staff, period())).status).toBe(200);
      const flags = await kit.get<{ is_enabled: boolean }>(companyPaths.functionOnOff, { company: kit.anKhang, code: 'REPORT-PRODUCT' });
      expect(flags.body.data.is_enabled).toBe(false);
    } finally {
      expect((await setSwitch('REPORT-PRODUCT', true)).status).toBe(200);
    }
    expect((await kit.get(reportPaths.bestSellingProducts, period())).status).toBe(200);
  });

  it('refuses every report of a company without report configuration', async () => {
    const minhPhat = await kit.get(reportPaths.staff, { company: kit.minhPhat });
    expect([minhPhat.status, minhPhat.body.error]).toEqual([403, 'FEATURE_OFF']);
  });
});

describe('data scopes and companies', () => {
  it('counts sales imported from before the app for the days before the first order, as the baseline of the orders report', async () => {
    const { db } = kit.server.deps;
    const monthsAgo = (n: number) => {
      const date = new Date(`${today.slice(0, 7)}-15T00:00:00Z`);
      date.setUTCMonth(date.getUTCMonth() - n);
      return date.toISOString().slice(0, 7);
    };
    const early = monthsAgo(10);
    const monthEnd = new Date(Date.UTC(Number(early.slice(0, 4)), Number(early.slice(5, 7)), 0)).toISOString().slice(0, 10);
    const earlyPeriod = { company: kit.anKhang, date_from: `${early}-01`, date_to: monthEnd };
    const thisMonth = { company: kit.anKhang, date_from: `${today.slice(0, 7)}-01`, date_to: today };
    const nowBefore = (await kit.get<CompanyOverview>(reportPaths.companyOverview, thisMonth)).body.data.current;
    const batchId = crypto.randomUUID();
    const row = (values: Partial<typeof historicalSales.$inferInsert>) => ({
      id: crypto.randomUUID(),
      batchId,
      companyId: kit.anKhang,
      month: early,
      revenue: 0,
      ...values,
    });
    await db.insert(historicalSales).values([
      row({ revenue: 5_000_000, orders: 6, accountId: accountOf(kit.rep) }),
      row({ day: `${early}-10`, revenue: 2_000_000, orders: 3 }),
      // Once the app holds orders, its own figures count, not the sheet's.
      row({ month: today.slice(0, 7), revenue: 9_000_000, orders: 9 }),
    ]);
    try {
      const overview = (await kit.get<CompanyOverview>(reportPaths.companyOverview, earlyPeriod)).body.data.current;
      expect(overview).toMatchObject({ revenue: 7_000_000, orders: 9, sold_orders: 9, avg_order_value: Math.round(7_000_000 / 9) });
      const analysis = (await kit.get<BusinessAnalysis>(reportPaths.businessAnalysis, earlyPeriod)).body.data;
      expect(analysis.series.find((slot) => slot.from === `${early}-01`)).toMatchObject({ revenue: 5_000_000, orders: 6 });
      expect(analysis.series.find((slot) => slot.from <= `${early}-10` && slot.to >= `${early}-10`)).toMatchObject({
        revenue: 2_000_000,
        orders: 3,
      });
      expect(analysis.series.reduce((sum, slot) => sum + slot.revenue, 0)).toBe(7_000_000);
      expect((await kit.get<CompanyOverview>(reportPaths.companyOverview, thisMonth)).body.data.current).toEqual(nowBefore);
      // A rep sees the rows that name them; a customer group, which the sheet does not know, leaves them out.
      expect((await kit.get<CompanyOverview>(reportPaths.companyOverview, earlyPeriod, kit.rep.access)).body.data.current.revenue).toBe(
        5_000_000,
      );
      const [group] = await db
        .select({ id: customerTypes.id })
        .from(customerTypes)
        .where(eq(customerTypes.companyId, kit.anKhang))
        .limit(1);
      const grouped = await kit.get<CompanyOverview>(reportPaths.companyOverview, { ...earlyPeriod, customer_type: group!.id });
      expect(grouped.body.data.current.revenue).toBe(0);
    } finally {
      await db.delete(historicalSales).where(eq(historicalSales.batchId, batchId));
    }
  });

  it('keeps a rep to their own figures, whatever they ask for', async () => {
    const trinh = accountOf(kit.rep);
    const own = await kit.get<StaffReport>(reportPaths.staff, period(), kit.rep.access);
    expect(own.status).toBe(200);
    expect(own.body.data.rows.map((row) => row.account_id)).toEqual([trinh]);
    const company = await kit.get<StaffReport>(reportPaths.staff, period());
    expect(own.body.data.rows[0]).toEqual(company.body.data.rows.find((row) => row.account_id === trinh));
    const overview = await kit.get<CompanyOverview>(reportPaths.companyOverview, period(), kit.rep.access);
    expect(overview.body.data.current.revenue).toBe(own.body.data.rows[0]!.revenue);
    // Asking for another rep's figures gives nothing rather than theirs.
    const other = await kit.get<CompanyOverview>(reportPaths.companyOverview, { ...period(), staff: accountOf(kit.rep2) }, kit.rep.access);
    expect(other.body.data.current).toMatchObject({ revenue: 0, orders: 0 });
    const drill = await kit.get<DrillOrders>(
      reportPaths.orders,
      { ...period(), report: 'orders', measure: 'all', limit: 50 },
      kit.rep.access,
    );
    expect(drill.body.data.rows.length).toBeGreaterThan(0);
    expect(drill.body.data.rows.every((row) => row.account_name === 'Lê Văn Trình')).toBe(true);
    const options = await kit.get<ReportFilterOptions>(reportPaths.filterOptions, { company: kit.anKhang }, kit.rep.access);
    expect(options.body.data.regions).toEqual([]);
    expect(options.body.data.staff.map((person) => person.id)).toEqual([trinh]);
    // Reading is theirs; exporting is not in the rep's role.
    expect((await kit.get(reportPaths.export, { ...period(), table: 'report-employee', columns: 'name' }, kit.rep.access)).status).toBe(
      403,
    );
  });

  it('keeps a region manager to their region and their own orders', async () => {
    const all = await kit.get<RegionReport>(reportPaths.regions, period());
    const south = all.body.data.rows.find((row) => row.region === 'MN')!;
    const managed = await kit.get<RegionReport>(reportPaths.regions, period(), kit.manager.access);
    expect(managed.status).toBe(200);
    expect(managed.body.data.rows.find((row) => row.region === 'MN')!.revenue).toBe(south.revenue);
    // Elsewhere only what they sold themselves (the demo's manager takes orders in Hà Nội too).
    const theirOwn = await kit.get<RegionReport>(reportPaths.regions, { ...period(), staff: accountOf(kit.manager) });
    const elsewhere = (answer: RegionReport) => answer.rows.filter((row) => row.region !== 'MN').map((row) => [row.name, row.revenue]);
    expect(elsewhere(managed.body.data)).toEqual(elsewhere(theirOwn.body.data));
    expect(elsewhere(managed.body.data).some(([, revenue]) => Number(revenue) > 0)).toBe(true);
    const options = await kit.get<ReportFilterOptions>(reportPaths.filterOptions, { company: kit.anKhang }, kit.manager.access);
    expect(options.body.data.regions.map((region) => region.name)).toEqual(['Miền Nam']);
  });

  it('refuses another company’s people, pending members and callers without a token', async () => {
    const binh = await kit.server.login(DEMO.binh.phone);
    for (const path of [
      reportPaths.companyOverview,
      reportPaths.staff,
      reportPaths.customers,
      reportPaths.filterOptions,
      reportPaths.tableView,
    ]) {
      const answer = await kit.get(path, { ...period(), view: 'report-products' }, binh.access);
      expect([path, answer.status]).toEqual([path, 403]);
    }
    const pending = await addAccount(kit.server.deps.db, { memberships: [{ companyId: kit.anKhang, status: 'pending' }] });
    const signedIn = await kit.server.login(pending.phone, pending.password);
    expect((await kit.get(reportPaths.staff, period(), signedIn.access)).status).toBe(403);
    expect((await kit.server.call(`${reportPaths.staff}?company=${kit.anKhang}`)).status).toBe(401);
    const customer = (await kit.get<CustomerReport>(reportPaths.customers, period())).body.data.rows[0]!;
    const foreign = await kit.get(reportPaths.revenueCustomer, { company: kit.minhPhat, customer: customer.customer_id });
    expect(foreign.status).toBe(403);
  });

  it('hides the accountant nothing of the company and lets them export', async () => {
    const answer = await kit.get<StaffReport>(reportPaths.staff, period(), kit.accountant.access);
    expect(answer.body.data.rows.length).toBeGreaterThanOrEqual(3);
    const sheet = await fetch(
      `${kit.server.url}/api${reportPaths.export}?company=${kit.anKhang}&table=report-employee&columns=name,revenue`,
      {
        headers: { authorization: `Bearer ${kit.accountant.access}` },
      },
    );
    expect(sheet.status).toBe(200);
  });
});

describe('table views and the export', () => {
  it('keeps each person’s columns, in their order, and refuses columns a table does not have', async () => {
    const read = (token = kit.an.access) =>
      kit.get<{ columns: string[] }>(reportPaths.tableView, { company: kit.anKhang, view: 'report-products' }, token);
    expect((await read()).body.data.columns).toEqual(defaultReportView('report-products'));
    const saved = await kit.send('PUT', reportPaths.tableView, {
      company: kit.anKhang,
      view: 'report-products',
      columns: ['revenue', 'name', 'quantity'],
    });
    expect(saved.status).toBe(200);
    expect((await read()).body.data.columns).toEqual(['revenue', 'name', 'quantity']);
    expect((await read(kit.accountant.access)).body.data.columns).toEqual(defaultReportView('report-products'));
    const bad = await kit.send('PUT', reportPaths.tableView, { company: kit.anKhang, view: 'report-products', columns: ['password'] });
    expect([bad.status, bad.body.message]).toEqual([400, 'Cột "password" không có trong bảng này']);
    const unknown = await kit.send('PUT', reportPaths.tableView, { company: kit.anKhang, view: 'salary-table', columns: ['name'] });
    expect(unknown.status).toBe(400);
    const empty = await kit.send('PUT', reportPaths.tableView, { company: kit.anKhang, view: 'report-products', columns: [] });
    expect(empty.body.fields?.columns).toBe('Cần ít nhất một cột');
  });

  it('exports exactly the columns shown, in their order, with every row of the filter', async () => {
    const query = `company=${kit.anKhang}&date_from=${from}&date_to=${today}`;
    const response = await fetch(`${kit.server.url}/api${reportPaths.export}?${query}&table=report-products&columns=revenue,name,share`, {
      headers: { authorization: `Bearer ${kit.an.access}` },
    });
    expect(response.status).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(await response.arrayBuffer());
    const sheet = workbook.worksheets[0]!;
    expect((sheet.getRow(1).values as unknown[]).slice(1)).toEqual(['Doanh thu', 'Tên', 'Tỷ trọng (%)']);
    const all = await kit.get<ProductReport>(reportPaths.bestSellingProducts, { ...period(), limit: 100 });
    expect(sheet.rowCount - 1).toBe(all.body.data.count);
    expect(sheet.getRow(2).getCell(1).value).toBe(all.body.data.rows[0]!.revenue);
    expect(sheet.getRow(2).getCell(2).value).toBe(all.body.data.rows[0]!.name);
    const bad = await kit.server.call(`${reportPaths.export}?${query}&table=report-products&columns=name,salary`, { token: kit.an.access });
    expect([bad.status, bad.body.fields?.columns]).toEqual([400, 'Cột không hợp lệ']);
  });
});
