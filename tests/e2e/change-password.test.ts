/**
 * Spec §2 "Change-password dialog", §5 and §8, on a phone (390x844): reached from the account
 * page's dots menu; empty fields and a mismatching confirmation are refused with the spec's texts;
 * a wrong current password shows the server's message; a correct change shows the success toast
 * and signs out, after which only the new password works.
 * This file has a server of its own: it changes the demo account's password.
 */
import { describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { VIEWPORTS } from '@tests/support/browser';
import {
  COMPANIES,
  DEMO_ACCOUNT,
  eventually,
  setupE2e,
  signInTo,
  submitLogin,
  toast,
  waitForPath,
  workspaceList,
} from '@tests/support/e2e-app';

const app = setupE2e();

const NEW_PASSWORD = 'AnKhang#Moi2026';

function field(dialog: Locator, label: string): Locator {
  return dialog.getByRole('textbox', { name: label, exact: true });
}

/** The error message a field announces (the element its aria-describedby names), or null. */
function errorOf(input: Locator): Promise<string | null> {
  return input.evaluate((element) => {
    const ids = (element.getAttribute('aria-describedby') ?? '').split(/\s+/).filter(Boolean);
    const texts = ids.map((id) => document.getElementById(id)?.textContent?.trim() ?? '').filter(Boolean);
    return texts.length > 0 ? texts.join(' ') : null;
  });
}

async function fillDialog(dialog: Locator, current: string, next: string, confirmation: string): Promise<void> {
  await field(dialog, 'Mật khẩu hiện tại').fill(current);
  await field(dialog, 'Mật khẩu mới').fill(next);
  await field(dialog, 'Nhập lại mật khẩu mới').fill(confirmation);
}

async function openChangePassword(page: Page): Promise<Locator> {
  const header = page.getByTestId('mobile-header');
  await header.getByRole('button', { name: 'Thao tác khác' }).click();
  const menu = page.getByRole('menu');
  await expect(menu.getByRole('menuitem').allInnerTexts()).resolves.toEqual(['Sửa thông tin', 'Đổi mật khẩu', 'Đăng xuất']);
  await menu.getByRole('menuitem', { name: 'Đổi mật khẩu', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Đổi mật khẩu' });
  await dialog.waitFor();
  return dialog;
}

describe('changing the password (390x844)', () => {
  it('validates, reports a wrong current password, then changes it, signs out, and only the new password works', async () => {
    const { page } = await app.open(VIEWPORTS.phone);
    await signInTo(page, COMPANIES.anKhang);

    await page.getByTestId('bottom-navbar').getByRole('link', { name: 'Cá nhân' }).click();
    await waitForPath(page, '/my-account');
    await page.getByTestId('account-name').waitFor();
    await expect(page.getByTestId('account-name').innerText()).resolves.toBe(DEMO_ACCOUNT.fullName);

    const dialog = await openChangePassword(page);
    const submit = dialog.getByRole('button', { name: 'Xác nhận', exact: true });

    // Empty: every field asks to be filled.
    await submit.click();
    await dialog.getByText('Vui lòng nhập', { exact: true }).first().waitFor();
    await expect(dialog.getByText('Vui lòng nhập', { exact: true }).count()).resolves.toBe(3);
    for (const label of ['Mật khẩu hiện tại', 'Mật khẩu mới', 'Nhập lại mật khẩu mới']) {
      await expect(errorOf(field(dialog, label)), label).resolves.toBe('Vui lòng nhập');
    }

    // The confirmation differs from the new password.
    await fillDialog(dialog, DEMO_ACCOUNT.password, NEW_PASSWORD, `${NEW_PASSWORD}x`);
    await submit.click();
    await dialog.getByText('Mật khẩu mới không giống nhau', { exact: true }).waitFor();
    await expect(errorOf(field(dialog, 'Nhập lại mật khẩu mới'))).resolves.toBe('Mật khẩu mới không giống nhau');
    await expect(dialog.getByText('Vui lòng nhập', { exact: true }).count()).resolves.toBe(0);

    // A wrong current password: the server's message, and the dialog stays open.
    await fillDialog(dialog, 'Sai@MatKhau2026', NEW_PASSWORD, NEW_PASSWORD);
    await eventually(() => dialog.getByText('Mật khẩu mới không giống nhau', { exact: true }).count()).toBe(0);
    await submit.click();
    await toast(page, 'error', 'Mật khẩu hiện tại không đúng').waitFor();
    expect(new URL(page.url()).pathname).toBe('/my-account');
    await expect(dialog.isVisible()).resolves.toBe(true);

    // The right one: success toast, signed out to /login.
    await fillDialog(dialog, DEMO_ACCOUNT.password, NEW_PASSWORD, NEW_PASSWORD);
    await submit.click();
    await toast(page, 'success', 'Đổi mật khẩu thành công !!!').waitFor();
    await waitForPath(page, '/login');
    await page.getByRole('heading', { name: 'Đăng nhập' }).waitFor();

    // The old password no longer works...
    await submitLogin(page, DEMO_ACCOUNT.phone, DEMO_ACCOUNT.password);
    await page.getByRole('alert').filter({ hasText: 'Số điện thoại hoặc mật khẩu không đúng' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/login');

    // ...the new one does.
    await submitLogin(page, DEMO_ACCOUNT.phone, NEW_PASSWORD);
    await waitForPath(page, '/');
    await workspaceList(page).waitFor();
  });
});
