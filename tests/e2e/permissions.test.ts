/**
 * Permissions: a member without the export permission neither sees nor reaches export.
 * The demo storekeeper of An Khang (role "Thủ kho": orders view/edit, order groups, products,
 * warehouse; no export of orders, no customers, no roles) signs in on a desktop: the menu has no
 * "Khách hàng" and no "Phân quyền", /order has no "Xuất Excel", /customers and /role typed in the
 * address bar are refused, and the export call with their own token answers 403 with the reason.
 * The demo accountant (role "Kế toán": orders view/edit/approve/export, customers view/export, no
 * roles) sees "Xuất Excel" and downloads the .xlsx, which holds the company's order.
 */
import fs from 'node:fs';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { CustomerRecord } from '@contract/customers';
import { formatMoney } from '@contract/money';
import { orderPaths } from '@contract/orders';
import { DEMO_STAFF } from '@server/seed/demo-employees';
import { VIEWPORTS } from '@tests/support/browser';
import { apiCall, officeSignIn, pushPhoneOrder, type Office } from '@tests/support/office-api';
import {
  COMPANIES,
  desktopMenu,
  dropdownEntries,
  closeDropdown,
  eventually,
  openHeaderDropdown,
  setupE2e,
  toast,
  waitForPath,
  signInAs,
} from '@tests/support/e2e-app';

const app = setupE2e();

const EXPORT_REFUSED = 'Bạn không có quyền xuất dữ liệu mục Đơn hàng';
const PAGE_REFUSED = 'Bạn không có quyền truy cập trang này';

/** One order in An Khang, submitted by the owner the way a phone does (sync push). */
async function submitOrder(owner: Office): Promise<PlacedOrder> {
  const customers = await apiCall<CustomerRecord[]>(app.server.url, `/customer/api/customer/?company=${owner.companyId}&limit=50`, {
    token: owner.token,
  });
  const customer = customers.body.data.find((candidate) => candidate.name === 'Nhà thuốc Minh Châu')!;
  const order = await pushPhoneOrder(app.server.url, owner, { customerId: customer.id, quantity: 3, localNo: 'E2E-PERM-1' });
  return { ...order, customer: customer.name };
}

/** Every entry of the desktop header menu: top-level labels, and the label and target of each dropdown entry. */
async function readMenu(page: Page): Promise<{ top: string[]; entries: { label: string; href: string }[] }> {
  const menu = desktopMenu(page);
  await menu.getByText('Tổng quan', { exact: true }).waitFor();
  const top = (await menu.locator(':scope > *').allInnerTexts()).map((text) => text.trim());
  const entries: { label: string; href: string }[] = [];
  for (const link of await menu.getByRole('link').all()) {
    entries.push({ label: (await link.innerText()).trim(), href: (await link.getAttribute('href')) ?? '' });
  }
  for (const label of await menu.getByRole('button').allInnerTexts()) {
    const dropdown = await openHeaderDropdown(page, label.trim());
    entries.push(...(await dropdownEntries(dropdown)));
    await closeDropdown(page, dropdown);
  }
  return { top, entries };
}

/** /order through the menu ("Đơn hàng" → "Đơn hàng bán lẻ"), once its list has loaded. */
async function openOrderList(page: Page, code: string): Promise<void> {
  const orders = await openHeaderDropdown(page, 'Đơn hàng');
  await orders.getByRole('menuitem', { name: 'Đơn hàng bán lẻ' }).click();
  await waitForPath(page, '/order');
  await eventually(() => page.getByTestId('order-summary').innerText()).toMatch(/\d+ đơn hàng/);
  // Newest first: the order just placed heads the list, above the demo's history.
  await eventually(() => page.getByRole('main').innerText()).toContain(code);
}

type PlacedOrder = { code: string; total: number; customer: string };
let placed: Promise<PlacedOrder> | null = null;

/** An order placed by the owner the first time a test asks for it. */
function companyOrder(): Promise<PlacedOrder> {
  placed ??= officeSignIn(app.server.url).then(submitOrder);
  return placed;
}

describe('export needs the export permission (1440x900)', () => {
  it('the storekeeper sees no export, no customers and no roles, and is refused them by address and by the API', async () => {
    const order = await companyOrder();
    const { page } = await app.open(VIEWPORTS.desktop);
    await signInAs(page, DEMO_STAFF.storekeeper, COMPANIES.anKhang);

    // The menu: orders, products and the warehouse; nothing of customers, staff or configuration.
    const menu = await readMenu(page);
    expect(menu.top).toEqual(['Tổng quan', 'Đơn hàng', 'Sản phẩm', 'Kho']);
    const labels = menu.entries.map((entry) => entry.label);
    expect(labels).not.toContain('Khách hàng');
    expect(labels).not.toContain('Danh sách khách hàng');
    expect(labels).not.toContain('Phân quyền');
    expect(menu.entries.filter((entry) => entry.href.startsWith('/customers') || entry.href.startsWith('/role'))).toEqual([]);

    // /order lists the company's order, with no "Xuất Excel".
    await openOrderList(page, order.code);
    await expect(page.getByRole('button', { name: 'Xuất Excel' }).count()).resolves.toBe(0);
    await expect(page.getByTestId('order-export').count()).resolves.toBe(0);

    // Nor a customer filter: the role may not search customers.
    await expect(page.getByTestId('order-filter-customer').count()).resolves.toBe(0);

    // Typed in the address bar, /customers and /role are refused with the reason.
    for (const path of ['/customers', '/role']) {
      await page.goto(path);
      await waitForPath(page, path);
      await page.getByText(PAGE_REFUSED).waitFor();
      await expect(page.getByRole('main').getByRole('table').count()).resolves.toBe(0);
    }

    // The export call itself, with the storekeeper's own token: 403 and the reason in Vietnamese.
    const storekeeper = await officeSignIn(app.server.url, DEMO_STAFF.storekeeper);
    const refused = await apiCall<null>(app.server.url, `${orderPaths.exportData}?company=${storekeeper.companyId}`, {
      token: storekeeper.token,
    });
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe(EXPORT_REFUSED);
  });

  it('the accountant sees "Xuất Excel" on /order and downloads the orders as .xlsx', async () => {
    const order = await companyOrder();
    const { page } = await app.open(VIEWPORTS.desktop);
    await signInAs(page, DEMO_STAFF.accountant, COMPANIES.anKhang);

    // Customers are there for the accountant; roles are not.
    const menu = await readMenu(page);
    expect(menu.top).toContain('Khách hàng');
    expect(menu.entries).toContainEqual({ label: 'Danh sách khách hàng', href: '/customers' });
    expect(menu.entries.map((entry) => entry.label)).not.toContain('Phân quyền');

    await openOrderList(page, order.code);
    const exportButton = page.getByRole('button', { name: 'Xuất Excel' });
    await exportButton.waitFor();
    const [download] = await Promise.all([page.waitForEvent('download'), exportButton.click()]);
    expect(download.suggestedFilename()).toMatch(/^don-hang-\d{8}\.xlsx$/);
    await toast(page, 'success', `Đã tải về ${download.suggestedFilename()}`).waitFor();

    const file = await download.path();
    const workbook = new ExcelJS.Workbook();
    const bytes = fs.readFileSync(file);
    await workbook.xlsx.load(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength));
    const sheet = workbook.getWorksheet('Đơn hàng')!;
    const header = (sheet.getRow(1).values as unknown[]).slice(1);
    expect(header[0]).toBe('Mã đơn');
    const column = (title: string) => header.indexOf(title) + 1;
    // One row per order the list counts, the one just placed among them with its customer and total.
    const listed = Number(/([\d.]+) đơn hàng/.exec(await page.getByTestId('order-summary').innerText())![1]!.replace(/\./g, ''));
    const rows = Array.from({ length: sheet.rowCount - 1 }, (_, index) => sheet.getRow(index + 2));
    expect(rows).toHaveLength(listed);
    const row = rows.find((candidate) => candidate.getCell(1).text === order.code)!;
    expect(row.getCell(column('Khách hàng')).text).toBe(order.customer);
    expect(row.getCell(column('Tổng tiền')).value).toBe(order.total);
    // The list shows the same total the sheet holds.
    const sum = rows.reduce((total, candidate) => total + Number(candidate.getCell(column('Tổng tiền')).value), 0);
    await expect(page.getByTestId('order-total-amount').innerText()).resolves.toBe(formatMoney(sum));
  });
});
