/**
 * Reports (browser; docs/reports.md), on the real server with the demo's four months of history:
 * - The owner of An Khang at a desk (1440 px) opens each of the six reports from the Báo cáo menu and
 *   reads its figures as the server computes them; on the orders report changes the period (Tháng
 *   trước), hides a column (still hidden after a reload: saved on the server for them), drills into a
 *   figure (the orders behind a day's revenue, adding up to it, each opening its order) and exports
 *   the table (the sheet holds exactly the columns shown, in their order, and its rows).
 * - A rep (0912000001) on a phone (390 px) opens their own sales report online, then loses the
 *   network, reloads, and still reads their figures from the last fetch, with the time fetched.
 */
import fs from 'node:fs';
import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { formatMoney } from '@contract/money';
import { vietnamDay } from '@contract/price-policy';
import {
  DEFAULT_PERIOD,
  presetPeriod,
  reportPaths,
  type BusinessAnalysis,
  type PromotionReport,
  type StaffReport,
} from '@contract/reports';
import { VIEWPORTS } from '@tests/support/browser';
import {
  COMPANIES,
  eventually,
  openHeaderDropdown,
  setupE2e,
  signInAs,
  signInTo,
  waitForPath,
  waitForServiceWorker,
} from '@tests/support/e2e-app';
import { apiCall, officeSignIn, type Office } from '@tests/support/office-api';

const app = setupE2e({ unpluggable: true });
const TEST_TIMEOUT_MS = 240_000;
const REP_PHONE = '0912000001';

let office: Office;

beforeAll(async () => {
  office = await officeSignIn(app.server.url);
});

const REPORTS = [
  { label: 'Báo cáo sản phẩm', path: '/reports/products' },
  { label: 'Báo cáo nhân viên', path: '/reports/employee' },
  { label: 'Báo cáo đơn hàng', path: '/reports/orders' },
  { label: 'Báo cáo khu vực', path: '/reports/region' },
  { label: 'Báo cáo khách hàng', path: '/reports/customer' },
  { label: 'Báo cáo khuyến mại', path: '/reports/promotions' },
];

async function serverReport<T>(path: string, query: Record<string, string | number>, token = office.token): Promise<T> {
  const search = new URLSearchParams(Object.entries(query).map(([key, value]) => [key, String(value)]));
  const answer = await apiCall<T>(app.server.url, `${path}?${search.toString()}`, { token });
  expect(answer.status).toBe(200);
  return answer.body.data;
}

const text = (page: Page, testId: string) => page.getByTestId(testId).first().innerText();
const headers = async (page: Page) => (await page.getByTestId('report-table').locator('thead th').allInnerTexts()).map((h) => h.trim());

describe('reports at a desk', () => {
  it(
    'the owner opens each report, changes the period, hides a column for good, drills into a figure and exports the table',
    async () => {
      const { page } = await app.open(VIEWPORTS.desktop);
      await signInTo(page);
      await waitForPath(page, '/dashboard');

      // Each report from the menu, with its figures.
      for (const report of REPORTS) {
        const menu = await openHeaderDropdown(page, 'Báo cáo');
        await menu.getByRole('menuitem', { name: report.label }).click();
        await waitForPath(page, report.path);
        await eventually(() => page.getByTestId('page-title').innerText()).toBe(report.label);
        await page.getByTestId('report-table').or(page.getByTestId('report-empty')).first().waitFor();
        await page.getByTestId('report-chart').waitFor();
      }
      // The promotions report lists the programmes running in the default period with what they gave.
      const month = presetPeriod(DEFAULT_PERIOD, vietnamDay());
      const { rows: programmes } = await serverReport<PromotionReport>(reportPaths.promotions, {
        company: office.companyId,
        date_from: month.from,
        date_to: month.to,
      });
      expect(programmes.map((row) => row.name)).toContain('Giảm 5% đơn hàng từ 2.000.000 đ');
      await eventually(() => page.getByTestId('report-row').count()).toBe(programmes.length);
      await eventually(() => text(page, 'figure-discount-value')).toBe(
        formatMoney(programmes.reduce((total, row) => total + row.discount, 0)),
      );

      // The orders report: the default period (the last 30 days), then last month.
      await page.goto('/reports/orders');
      const today = vietnamDay();
      const company = office.companyId;
      const thisMonth = await serverReport<BusinessAnalysis>(reportPaths.businessAnalysis, {
        company,
        date_from: month.from,
        date_to: month.to,
      });
      const monthRevenue = thisMonth.series.reduce((sum, row) => sum + row.revenue, 0);
      await eventually(() => text(page, 'figure-revenue-value')).toBe(formatMoney(monthRevenue));
      await page.getByTestId('report-period').click();
      await page.getByRole('option', { name: 'Tháng trước' }).click();
      const last = presetPeriod('last_month', today);
      const lastMonth = await serverReport<BusinessAnalysis>(reportPaths.businessAnalysis, {
        company,
        date_from: last.from,
        date_to: last.to,
      });
      await eventually(() => text(page, 'figure-revenue-value')).toBe(
        formatMoney(lastMonth.series.reduce((sum, row) => sum + row.revenue, 0)),
      );
      await eventually(() => page.getByTestId('report-row').count()).toBe(lastMonth.series.length);
      expect(new URL(page.url()).searchParams.get('period')).toBe('last_month');

      // Hide "Tăng trưởng": gone at once, and after a reload (the view is the server's).
      expect(await headers(page)).toContain('Tăng trưởng');
      await page.getByTestId('report-columns').click();
      await page.getByTestId('report-column-growth').click();
      await page.keyboard.press('Escape');
      await eventually(() => headers(page)).not.toContain('Tăng trưởng');
      await eventually(
        async () => (await serverReport<{ columns: string[] }>(reportPaths.tableView, { company, view: 'report-orders' })).columns,
      ).not.toContain('growth');
      await page.reload();
      await page.getByTestId('report-table').waitFor();
      await eventually(() => headers(page)).toEqual(['Thời gian', 'Số đơn', 'Doanh thu', 'Doanh thu kỳ trước']);

      // Drill into the busiest day's revenue: its orders add up to it, and one opens.
      const busiest = [...lastMonth.series].sort((a, b) => b.revenue - a.revenue)[0]!;
      const row = page.getByTestId('report-row').filter({ hasText: busiest.label }).first();
      await row.getByTestId('drill-revenue').click();
      const drawer = page.getByTestId('drill-drawer');
      await eventually(() => drawer.getByTestId('drill-summary').innerText()).toContain(`tổng ${formatMoney(busiest.revenue)}`);
      const orderLink = drawer.getByTestId('drill-order').first().getByRole('link');
      const code = (await orderLink.innerText()).trim();
      await orderLink.click();
      await eventually(() => page.url()).toContain('/order/');
      await expect(page.getByText(code).first().isVisible()).resolves.toBe(true);
      await page.goBack();
      await page.getByTestId('report-table').waitFor();
      // Back from the order, the list of orders is where it was left; closed, the table is free again.
      await page.keyboard.press('Escape');
      await drawer.waitFor({ state: 'hidden' });

      // Export: exactly the columns shown, in their order, one row per line of the table.
      const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('report-export').click()]);
      expect(await download.failure()).toBe(null);
      const workbook = new ExcelJS.Workbook();
      const bytes = fs.readFileSync((await download.path())!);
      await workbook.xlsx.load(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength));
      const sheet = workbook.worksheets[0]!;
      expect((sheet.getRow(1).values as unknown[]).slice(1)).toEqual(['Thời gian', 'Số đơn', 'Doanh thu', 'Doanh thu kỳ trước']);
      expect(sheet.rowCount - 1).toBe(lastMonth.series.length);
      expect(sheet.getRow(2).getCell(3).value).toBe(lastMonth.series[0]!.revenue);

      // A period of one's own, typed as a clerk writes it (d/m/yyyy, no calendar): the first ten days
      // of last month; the figure is the server's for those days.
      await page.getByTestId('report-period').click();
      await page.getByRole('option', { name: 'Tùy chọn' }).click();
      const [year, month1] = last.from.split('-').map(Number);
      const tenth = `${last.from.slice(0, 8)}10`;
      const range = page.getByTestId('report-range');
      await range.fill(`1/${month1}/${year}-10/${month1}/${year}`);
      await range.press('Enter');
      await eventually(() => range.inputValue()).toBe(
        `01/${String(month1).padStart(2, '0')}/${year} – 10/${String(month1).padStart(2, '0')}/${year}`,
      );
      await eventually(() => [new URL(page.url()).searchParams.get('from'), new URL(page.url()).searchParams.get('to')]).toEqual([
        last.from,
        tenth,
      ]);
      const firstTen = await serverReport<BusinessAnalysis>(reportPaths.businessAnalysis, {
        company,
        date_from: last.from,
        date_to: tenth,
      });
      await eventually(() => text(page, 'figure-revenue-value')).toBe(
        formatMoney(firstTen.series.reduce((sum, row) => sum + row.revenue, 0)),
      );
    },
    TEST_TIMEOUT_MS,
  );
});

describe('a rep on a phone', () => {
  it(
    'reads their own sales report offline from the last fetch, with the time it was fetched',
    async () => {
      const { context, page } = await app.open(VIEWPORTS.phone, { serviceWorkers: 'allow' });
      await signInAs(page, REP_PHONE, COMPANIES.anKhang);
      await waitForServiceWorker(page);
      const rep = await officeSignIn(app.server.url, REP_PHONE);
      const month = presetPeriod(DEFAULT_PERIOD, vietnamDay());
      const own = await serverReport<StaffReport>(
        reportPaths.staff,
        { company: rep.companyId, date_from: month.from, date_to: month.to },
        rep.token,
      );
      expect(own.rows.map((row) => row.name)).toEqual(['Lê Văn Trình']);
      const revenue = formatMoney(own.rows[0]!.revenue);

      // Online: from the dashboard's shortcuts, the report of their own figures.
      await page.goto('/reports/employee');
      await eventually(() => page.getByTestId('report-row').innerText()).toContain(revenue);
      await expect(page.getByTestId('report-row').count()).resolves.toBe(1);
      await page.getByTestId('report-chart').waitFor();
      const fetched = await text(page, 'report-fetched-at');

      // Offline: the page comes back from the service worker with the same figures and when they were fetched.
      await app.unplug(context);
      const reloaded = await page.reload();
      expect(reloaded?.fromServiceWorker()).toBe(true);
      await eventually(() => text(page, 'report-offline')).toContain('Đang ngoại tuyến');
      expect(await text(page, 'report-offline')).toContain(fetched.replace(/^.*cập nhật lúc /, ''));
      await expect(page.getByTestId('report-row').innerText()).resolves.toContain(revenue);
      // Nothing on the page is wider than the phone.
      const width = await page.evaluate(() => document.documentElement.scrollWidth);
      expect(width).toBeLessThanOrEqual(VIEWPORTS.phone.width);
      await app.plugIn(context);
    },
    TEST_TIMEOUT_MS,
  );
});
