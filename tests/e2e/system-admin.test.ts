/**
 * The system administrator's side (browser; docs/system.md): the system administrator lists accounts and locks one. Signed in
 * as the demo administrator (0909000000), the app opens their own area with its own menu; they find
 * the accountant by name typed without diacritics and lock the account, which then cannot sign in;
 * a company's owner who types /system is sent to /403.
 */
import { describe, expect, it } from 'vitest';
import { VIEWPORTS } from '@tests/support/browser';
import { COMPANIES, DEMO_ACCOUNT, eventually, setupE2e, signInTo, submitLogin, waitForPath } from '@tests/support/e2e-app';
import { api } from '@tests/support/orders-api';

const app = setupE2e();

const ADMIN_PHONE = '0909000000';
const ACCOUNTANT = { phone: '0912000004', name: 'Đặng Thu Hà' };

describe('the system administrator', () => {
  it('lists accounts, finds one without diacritics and locks it; the locked account cannot sign in', async () => {
    const { page } = await app.open(VIEWPORTS.desktop);
    await page.goto('/login');
    await waitForPath(page, '/login');
    await submitLogin(page, ADMIN_PHONE, DEMO_ACCOUNT.password);
    await waitForPath(page, '/system');
    // The area's layout is fetched when first opened (it is not in the offline precache).
    const menu = page.getByRole('navigation', { name: 'Menu quản trị hệ thống' });
    await menu.getByRole('link').first().waitFor();
    await expect(menu.getByRole('link').allInnerTexts()).resolves.toEqual([
      'Tổng quan',
      'Tài khoản',
      'Loại tài khoản',
      'Đơn gói dịch vụ',
      'Gói dịch vụ',
      'Cửa hàng',
      'Doanh số lịch sử',
    ]);
    await page.getByTestId('system-overview').waitFor();

    await menu.getByRole('link', { name: 'Tài khoản', exact: true }).click();
    await waitForPath(page, '/system/accounts');
    await page.getByTestId('account-table').waitFor();
    await page.getByRole('textbox', { name: 'Tìm tài khoản' }).fill('dang thu ha');
    const row = page.getByTestId('account-row').filter({ hasText: ACCOUNTANT.phone });
    await eventually(() => page.getByTestId('account-row').count()).toBe(1);
    await expect(row.getByTestId('account-name').innerText()).resolves.toBe(ACCOUNTANT.name);
    await expect(row.getByTestId('account-state').innerText()).resolves.toBe('Đang hoạt động');

    await row.getByTestId('account-lock').click();
    const dialog = page.getByRole('dialog', { name: 'Khóa tài khoản' });
    await expect(dialog.innerText()).resolves.toContain(`Khóa tài khoản ${ACCOUNTANT.name} (${ACCOUNTANT.phone})?`);
    await dialog.getByRole('button', { name: 'Khóa' }).click();
    await eventually(() => row.getByTestId('account-state').innerText()).toBe('Đã khóa');
    await expect(row.getByTestId('account-lock').innerText()).resolves.toBe('Mở khóa');

    const signIn = await api(app.server.url, '/account/api/login/', { body: { phone: ACCOUNTANT.phone, password: DEMO_ACCOUNT.password } });
    expect(signIn.status).not.toBe(200);
  });

  it('is an area a company’s owner cannot enter', async () => {
    const { page } = await app.open(VIEWPORTS.desktop);
    await page.goto('/login');
    await signInTo(page, COMPANIES.anKhang);
    await page.goto('/system/accounts');
    await waitForPath(page, '/403');
  });
});
