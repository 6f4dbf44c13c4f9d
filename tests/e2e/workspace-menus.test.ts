/**
 * Spec §2 "Desktop header menu": the menu follows the chosen workspace's feature
 * switches and type. An Khang ('Dược phẩm', every switch and report on) and Minh Phát ('Khác',
 * every switch off, no report config) differ in the Orders entry, the warehouse menu, the reports
 * dropdown, the service entries of the config menu and the sales-staff label; the phone's menu
 * grid on /dashboard changes the same way. On top of the switches the menu follows the member's
 * role: An runs An Khang (Quản trị) but only sells for Minh Phát (Trình dược viên), so
 * Minh Phát's full menu is read as its owner, Trần Thị Bình.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { VIEWPORTS } from '@tests/support/browser';
import {
  COMPANIES,
  closeDropdown,
  desktopMenu,
  dropdownEntries,
  eventually,
  openHeaderDropdown,
  openWorkspace,
  openWorkspaceSwitcher,
  setupE2e,
  signInAs,
  signInTo,
  waitForPath,
  workspaceList,
} from '@tests/support/e2e-app';

const app = setupE2e();

/** Trần Thị Bình, owner of Minh Phát (README demo data). */
const BINH_PHONE = '0907654321';

const REPORT_ROUTES = [
  '/reports/products',
  '/reports/employee',
  '/reports/orders',
  '/reports/region',
  '/reports/customer',
  '/reports/promotions',
];
const SERVICE_CONFIG = [
  { label: 'Chính sách giá', href: '/price-policy' },
  { label: 'Kết nối giao vận', href: '/connect-dlo' },
  { label: 'Zalo OA', href: '/zalo-oa' },
  { label: 'Kết nối hóa đơn điện tử', href: '/invoices/settings' },
];
/** What every company's configuration menu holds for its owner (the report configuration, docs/reports.md). */
const CONFIG_ROUTES = ['/area', '/kpi-area', '/role', '/order-types', '/service-package', '/reports/settings'];
const INVENTORY = [
  { label: 'Phiếu nhập kho', href: '/inventory/warehouse' },
  { label: 'Phiếu xuất kho', href: '/inventory/delivery' },
  { label: 'Tồn kho', href: '/inventory' },
];

const sorted = (values: string[]) => [...values].sort();

/** The entries of one header dropdown, read with it open and closed again afterwards. */
async function dropdown(page: Page, label: string) {
  const opened = await openHeaderDropdown(page, label);
  const entries = await dropdownEntries(opened);
  await closeDropdown(page, opened);
  return { entries, labels: entries.map((entry) => entry.label), hrefs: entries.map((entry) => entry.href) };
}

async function expectPageTitle(page: Page, title: string): Promise<void> {
  await eventually(() => page.getByTestId('page-title').innerText()).toBe(title);
  await eventually(() => page.title()).toContain(title);
}

describe('the header menu follows the workspace (1440x900)', () => {
  it('shows every service of An Khang, then a rep’s entries of Minh Phát after switching', async () => {
    const { page } = await app.open(VIEWPORTS.desktop);
    await signInTo(page, COMPANIES.anKhang);
    const menu = desktopMenu(page);
    await menu.getByRole('button', { name: 'Đơn hàng', exact: true }).waitFor();

    // --- An Khang: every switch on, every report on.
    await expect(menu.getByRole('link', { name: 'Đơn hàng', exact: true }).count()).resolves.toBe(0);
    const orders = await dropdown(page, 'Đơn hàng');
    expect(orders.entries).toEqual(
      expect.arrayContaining([
        { label: 'Đơn hàng gộp', href: '/order-groups' },
        { label: 'Đơn vận chuyển', href: '/transport' },
        { label: 'Hóa đơn điện tử', href: '/invoices' },
        { label: 'Đồng bộ kế toán MISA', href: '/accounting' },
      ]),
    );
    expect(orders.hrefs).toContain('/order');

    const warehouseAnKhang = await dropdown(page, 'Kho');
    expect(warehouseAnKhang.entries).toEqual([
      { label: 'Quản lý kho', href: '/warehouse' },
      { label: 'Đếm kho', href: '/inventory/count' },
      { label: 'Thu hồi thuốc', href: '/recall' },
    ]);

    const reports = await dropdown(page, 'Báo cáo');
    expect(reports.entries).toHaveLength(6);
    expect(sorted(reports.hrefs)).toEqual(sorted(REPORT_ROUTES));

    const configAnKhang = await dropdown(page, 'Cấu hình');
    expect(configAnKhang.entries).toEqual(expect.arrayContaining(SERVICE_CONFIG));
    // A pharmaceutical company also sets its rules of selling medicines (docs/pharma.md).
    expect(sorted(configAnKhang.hrefs)).toEqual(sorted([...CONFIG_ROUTES, '/pharma-rules', ...SERVICE_CONFIG.map((entry) => entry.href)]));

    const staffAnKhang = await dropdown(page, 'Nhân viên');
    expect(staffAnKhang.entries).toContainEqual({ label: 'Trình dược viên', href: '/pharmacist' });
    expect(staffAnKhang.labels).not.toContain('Nhân viên bán hàng');

    // --- Switch to Minh Phát through the header's workspace dropdown.
    const switcher = await openWorkspaceSwitcher(page);
    await switcher.getByRole('menuitem', { name: COMPANIES.minhPhat }).click();
    await eventually(() => page.getByTestId('workspace-switcher').innerText()).toContain(COMPANIES.minhPhat);
    await waitForPath(page, '/dashboard');

    // Orders is a plain link to /order once neither delivery nor group orders is on.
    const ordersLink = menu.getByRole('link', { name: 'Đơn hàng', exact: true });
    await ordersLink.waitFor();
    await expect(ordersLink.getAttribute('href')).resolves.toBe('/order');
    await expect(menu.getByRole('button', { name: 'Đơn hàng', exact: true }).count()).resolves.toBe(0);
    // A rep there: no warehouse, staff or reports (Minh Phát has no report configuration); of the
    // configuration only their own KPI.
    for (const label of ['Kho', 'Nhân viên', 'Báo cáo']) {
      await expect(menu.getByText(label, { exact: true }).count(), label).resolves.toBe(0);
    }
    expect((await dropdown(page, 'Cấu hình')).hrefs).toEqual(['/kpi-area']);
  });

  it('shows Minh Phát’s owner the basic entries of a company with every switch off, and its sales-staff label', async () => {
    const { page } = await app.open(VIEWPORTS.desktop);
    await signInAs(page, BINH_PHONE, COMPANIES.minhPhat);
    const menu = desktopMenu(page);
    const ordersLink = menu.getByRole('link', { name: 'Đơn hàng', exact: true });
    await ordersLink.waitFor();
    await expect(ordersLink.getAttribute('href')).resolves.toBe('/order');

    const warehouseMinhPhat = await dropdown(page, 'Kho');
    expect(warehouseMinhPhat.entries).toEqual(INVENTORY);

    // No report config: no reports entry at all.
    await expect(menu.getByText('Báo cáo', { exact: true }).count()).resolves.toBe(0);

    const configMinhPhat = await dropdown(page, 'Cấu hình');
    expect(sorted(configMinhPhat.hrefs)).toEqual(sorted(CONFIG_ROUTES));
    for (const service of SERVICE_CONFIG) expect(configMinhPhat.labels).not.toContain(service.label);

    const staffMenu = await openHeaderDropdown(page, 'Nhân viên');
    const staffMinhPhat = await dropdownEntries(staffMenu);
    expect(staffMinhPhat).toContainEqual({ label: 'Nhân viên bán hàng', href: '/pharmacist' });
    expect(staffMinhPhat.map((entry) => entry.label)).not.toContain('Trình dược viên');

    // The sales-staff page is titled by the company type as well.
    await staffMenu.getByRole('menuitem', { name: 'Nhân viên bán hàng', exact: true }).click();
    await waitForPath(page, '/pharmacist');
    await expectPageTitle(page, 'Nhân viên bán hàng');
  });

  it('titles the sales-staff page "Trình dược viên" in An Khang', async () => {
    const { page } = await app.open(VIEWPORTS.desktop);
    await signInTo(page, COMPANIES.anKhang);
    const staffMenu = await openHeaderDropdown(page, 'Nhân viên');
    await staffMenu.getByRole('menuitem', { name: 'Trình dược viên', exact: true }).click();
    await waitForPath(page, '/pharmacist');
    await expectPageTitle(page, 'Trình dược viên');
  });
});

describe('the menu grid on the phone dashboard follows the workspace (390x844)', () => {
  type Shortcut = { label: string; href: string };

  async function shortcuts(page: Page): Promise<Shortcut[]> {
    const grid = page.getByTestId('menu-grid');
    await grid.getByRole('link').first().waitFor();
    return grid
      .getByRole('link')
      .evaluateAll((links) => links.map((link) => ({ label: (link.textContent ?? '').trim(), href: link.getAttribute('href') ?? '' })));
  }

  it('lists An Khang’s services, then a rep’s entries in Minh Phát', async () => {
    const { page } = await app.open(VIEWPORTS.phone);
    await signInTo(page, COMPANIES.anKhang);

    const anKhang = await shortcuts(page);
    const anKhangHrefs = anKhang.map((entry) => entry.href);
    expect(anKhang).toEqual(
      expect.arrayContaining([
        { label: 'Đơn hàng gộp', href: '/order-groups' },
        { label: 'Đơn vận chuyển', href: '/transport' },
        { label: 'Quản lý kho', href: '/warehouse' },
        { label: 'Trình dược viên', href: '/pharmacist' },
        ...SERVICE_CONFIG,
      ]),
    );
    expect(anKhangHrefs).toEqual(expect.arrayContaining(REPORT_ROUTES));
    for (const entry of INVENTORY) expect(anKhangHrefs).not.toContain(entry.href);
    expect(anKhang.map((entry) => entry.label)).not.toContain('Nhân viên bán hàng');

    // The phone has no header dropdown: switch through the workspace list at '/'.
    await page.goto('/');
    await workspaceList(page).waitFor();
    await openWorkspace(page, COMPANIES.minhPhat);
    // An sells for Minh Phát: the orders of a company without services, and nothing of the office.
    await eventually(async () => (await shortcuts(page)).map((entry) => entry.href)).not.toContain('/order-groups');
    const asRep = (await shortcuts(page)).map((entry) => entry.href);
    expect(asRep).toContain('/order');
    for (const href of ['/transport', '/warehouse', '/pharmacist', ...REPORT_ROUTES, ...SERVICE_CONFIG.map((entry) => entry.href)]) {
      expect(asRep, href).not.toContain(href);
    }
  });

  it('lists Minh Phát’s basic entries and sales-staff label to its owner', async () => {
    const { page } = await app.open(VIEWPORTS.phone);
    await signInAs(page, BINH_PHONE, COMPANIES.minhPhat);
    await eventually(async () => (await shortcuts(page)).map((entry) => entry.label)).toContain('Nhân viên bán hàng');

    const minhPhat = await shortcuts(page);
    const minhPhatHrefs = minhPhat.map((entry) => entry.href);
    expect(minhPhat).toEqual(
      expect.arrayContaining([{ label: 'Đơn hàng', href: '/order' }, { label: 'Nhân viên bán hàng', href: '/pharmacist' }, ...INVENTORY]),
    );
    for (const href of ['/order-groups', '/transport', '/warehouse', ...REPORT_ROUTES, ...SERVICE_CONFIG.map((entry) => entry.href)]) {
      expect(minhPhatHrefs, href).not.toContain(href);
    }
    expect(minhPhat.map((entry) => entry.label)).not.toContain('Trình dược viên');

    await page.getByTestId('menu-grid').getByRole('link', { name: 'Nhân viên bán hàng', exact: true }).click();
    await waitForPath(page, '/pharmacist');
    await eventually(() => page.getByTestId('mobile-title').innerText()).toBe('Nhân viên bán hàng');
  });
});
