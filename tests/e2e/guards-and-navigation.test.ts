/**
 * Spec §2 "Route guards" rules 1 and 3, the mobile header's back behaviour, the scroll buttons (§2
 * "Layouts"), and logout (product-spec.md §4): what a signed-out person, a signed-in person without
 * a workspace, and one inside a workspace are let see; where the back arrow leads; and that logging
 * out really ends the session here.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { CustomerRecord } from '@contract/customers';
import { VIEWPORTS } from '@tests/support/browser';
import {
  COMPANIES,
  eventually,
  pathOf,
  setupE2e,
  signIn,
  signInTo,
  waitForPath,
  workspaceEntry,
  workspaceList,
} from '@tests/support/e2e-app';
import { apiCall, officeSignIn, pushPhoneOrder } from '@tests/support/office-api';

const app = setupE2e();

const LEAVE_CONFIRMATION = 'Bạn đang thực hiện thao tác, bạn có chắc muốn quay lại ?';

function mobileTitle(page: Page) {
  return page.getByTestId('mobile-title');
}

function backArrow(page: Page) {
  return page.getByTestId('mobile-header').getByRole('button', { name: 'Quay lại' });
}

describe('route guards', () => {
  it('sends a signed-out visitor of workspace pages to /login', async () => {
    const { page } = await app.open(VIEWPORTS.desktop);
    for (const path of ['/order', '/customers/12']) {
      await page.goto(path);
      await waitForPath(page, '/login');
      await page.getByRole('heading', { name: 'Đăng nhập' }).waitFor();
    }
  });

  it('sends a signed-in person without a chosen workspace to /, and a signed-in person away from /login', async () => {
    const { page } = await app.open(VIEWPORTS.desktop);
    await signIn(page);

    await page.goto('/order');
    await waitForPath(page, '/');
    await workspaceList(page).waitFor();

    await page.goto('/login');
    await waitForPath(page, '/');
    await workspaceList(page).waitFor();

    // With a workspace chosen the same page opens (the guard is not a blanket redirect).
    await workspaceEntry(page, COMPANIES.anKhang).click();
    await waitForPath(page, '/dashboard');
    await page.goto('/order');
    await waitForPath(page, '/order');
    await eventually(() => page.getByTestId('page-title').innerText()).toBe('Đơn hàng');

    // Rule 1 holds inside a workspace too.
    await page.goto('/login');
    await waitForPath(page, '/');
  });
});

describe('the mobile back arrow (390x844)', () => {
  it('goes back one step from /my-account/edit', async () => {
    const { page } = await app.open(VIEWPORTS.phone);
    await signInTo(page, COMPANIES.anKhang);

    await page.getByTestId('bottom-navbar').getByRole('link', { name: 'Cá nhân' }).click();
    await waitForPath(page, '/my-account');
    await page.getByTestId('mobile-header').getByRole('button', { name: 'Thao tác khác' }).click();
    await page.getByRole('menuitem', { name: 'Sửa thông tin', exact: true }).click();
    await waitForPath(page, '/my-account/edit');
    await eventually(() => mobileTitle(page).innerText()).toBe('Sửa thông tin');

    await backArrow(page).click();
    await waitForPath(page, '/my-account');
    await eventually(() => mobileTitle(page).innerText()).toBe('Tài khoản');

    // One step back is where the person came from, not the parent page.
    await page.getByTestId('bottom-navbar').getByRole('link', { name: 'Trang chủ' }).click();
    await waitForPath(page, '/dashboard');
    await page.goto('/my-account/edit');
    await eventually(() => mobileTitle(page).innerText()).toBe('Sửa thông tin');
    await backArrow(page).click();
    await waitForPath(page, '/dashboard');
    await eventually(() => mobileTitle(page).innerText()).toBe('Tổng quan');
  });

  it('asks before leaving a page opened with type=confirm: "Đóng lại" stays, "Xác nhận" goes back', async () => {
    const { page } = await app.open(VIEWPORTS.phone);
    await signInTo(page, COMPANIES.anKhang);
    await page.getByTestId('bottom-navbar').getByRole('link', { name: 'Bán hàng' }).click();
    await waitForPath(page, '/order');

    await page.goto('/order/create?type=confirm');
    await eventually(() => mobileTitle(page).innerText()).toBe('Tạo đơn hàng');

    await backArrow(page).click();
    const dialog = page.getByRole('dialog', { name: 'Thông báo' });
    await dialog.waitFor();
    await expect(dialog.getByText(LEAVE_CONFIRMATION, { exact: true }).isVisible()).resolves.toBe(true);
    await dialog.getByRole('button', { name: 'Đóng lại', exact: true }).click();
    await dialog.waitFor({ state: 'hidden' });
    expect(pathOf(page)).toBe('/order/create');
    expect(new URL(page.url()).search).toBe('?type=confirm');

    await backArrow(page).click();
    await dialog.waitFor();
    await dialog.getByRole('button', { name: 'Xác nhận', exact: true }).click();
    await waitForPath(page, '/order');
    await eventually(() => mobileTitle(page).innerText()).toBe('Đơn hàng');
  });

  it('goes to the order list from an order page opened with type=detail', async () => {
    const office = await officeSignIn(app.server.url);
    const customers = await apiCall<CustomerRecord[]>(app.server.url, `/customer/api/customer/?company=${office.companyId}&limit=50`, {
      token: office.token,
    });
    const customer = customers.body.data.find((candidate) => candidate.name === 'Nhà thuốc Minh Châu')!;
    const order = await pushPhoneOrder(app.server.url, office, { customerId: customer.id, quantity: 1, localNo: 'E2E-BACK-1' });
    const { page } = await app.open(VIEWPORTS.phone);
    await signInTo(page, COMPANIES.anKhang);
    // Where a sent order opens (the order page after "Gửi đơn"), reached here from the dashboard.
    await page.goto(`/order/${order.id}?type=detail`);
    await eventually(() => mobileTitle(page).innerText()).toBe('Chi tiết đơn hàng');

    await backArrow(page).click();
    await waitForPath(page, '/order');
    await eventually(() => mobileTitle(page).innerText()).toBe('Đơn hàng');
  });
});

/** The account id an access token (a JWT) was issued for. */
function accountIdOf(accessToken: string): string {
  const payload = JSON.parse(Buffer.from(accessToken.split('.')[1] ?? '', 'base64url').toString('utf8')) as { sub?: string };
  if (!payload.sub) throw new Error('the access token names no account');
  return payload.sub;
}

describe('the scroll buttons (390x844)', () => {
  it('offers "Xuống cuối trang" on a long dashboard, taking the page to its end even while its lists still arrive, then "Lên đầu trang" back', async () => {
    const { page } = await app.open(VIEWPORTS.phone);
    await signInTo(page, COMPANIES.anKhang);
    const toBottom = page.getByRole('button', { name: 'Xuống cuối trang' });
    const toTop = page.getByRole('button', { name: 'Lên đầu trang' });
    // The dashboard's lists, chart and KPI bars arrive after its first paint and make the page
    // taller than the screen. Pressed while content still arrives, the button follows the end as
    // it moves (src/app/layout/end-follower.ts): here the dashboard's own and a block added after
    // the press, so the end moves at least once during the scroll.
    await toBottom.waitFor();
    expect(await toTop.count()).toBe(0);
    await toBottom.click();
    await page.evaluate(() => {
      const late = document.createElement('div');
      late.style.height = '1500px';
      document.body.append(late);
    });
    let settled = -1;
    for (let same = 0; same < 3;) {
      await page.waitForTimeout(200);
      const now = await page.evaluate(() => document.documentElement.scrollHeight);
      same = now === settled ? same + 1 : 0;
      settled = now;
    }
    await toTop.waitFor();
    await toBottom.waitFor({ state: 'detached' });
    const atEnd = await page.evaluate(() => document.documentElement.scrollHeight - window.innerHeight - window.scrollY);
    expect(atEnd).toBeLessThanOrEqual(50);

    await toTop.click();
    await toTop.waitFor({ state: 'detached' });
    expect(await page.evaluate(() => window.scrollY)).toBeLessThanOrEqual(50);
    await toBottom.waitFor();
  });
});

describe('logout (1440x900)', () => {
  it('returns to /login from the user menu and clears the session', async () => {
    const { context, page } = await app.open(VIEWPORTS.desktop);
    await signInTo(page, COMPANIES.anKhang);
    const sessionCookies = ['accessToken', 'userAccount', 'companyData'];
    const before = await context.cookies();
    expect(before.map((cookie) => cookie.name)).toEqual(expect.arrayContaining([...sessionCookies, 'refreshToken']));
    const refreshToken = before.find((cookie) => cookie.name === 'refreshToken')?.value ?? '';
    const accessToken = decodeURIComponent(before.find((cookie) => cookie.name === 'accessToken')?.value ?? '');

    await page.getByTestId('user-menu').click();
    await page.getByRole('menuitem', { name: 'Đăng xuất', exact: true }).click();
    await waitForPath(page, '/login');
    await page.getByRole('heading', { name: 'Đăng nhập' }).waitFor();

    const namesAfter = (await context.cookies()).map((cookie) => cookie.name);
    for (const name of sessionCookies) expect(namesAfter, name).not.toContain(name);
    expect(namesAfter.filter((name) => name.startsWith('featureFlags_'))).toEqual([]);
    expect(namesAfter).not.toContain('refreshToken');
    await expect(page.evaluate(() => localStorage.length)).resolves.toBe(0);

    // The server ended the session too: neither the old access token nor the old refresh token works.
    const api = `${app.server.url}/api`;
    const me = await fetch(`${api}/account/api/account/${accountIdOf(accessToken)}/`, {
      headers: { authorization: `Bearer ${accessToken}` },
    });
    expect(me.status).toBe(401);
    const refreshed = await fetch(`${api}/micro-account-local/account/api/refresh_token`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ refresh: refreshToken }),
    });
    expect(refreshed.status).toBe(401);

    await page.goto('/dashboard');
    await waitForPath(page, '/login');
    await page.getByRole('heading', { name: 'Đăng nhập' }).waitFor();
  });
});
