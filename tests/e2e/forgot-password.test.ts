/**
 * Spec §2 "Login and forgot password", on a phone (390x844): from /login, "Quên mật khẩu?" leads
 * to three steps: verify information (phone, then the code the server sent), create a new
 * password, done; then the new password signs in and the old one no longer does.
 * The page's address has already asked for two codes, so the server asks for a proof-of-work
 * challenge first (docs/security.md): the page solves it and sends the request again by itself.
 * This file has a server of its own: it resets the demo account's password.
 */
import { describe, expect, it } from 'vitest';
import { VIEWPORTS } from '@tests/support/browser';
import { DEMO_ACCOUNT, eventually, setupE2e, submitLogin, waitForPath, workspaceList } from '@tests/support/e2e-app';

const app = setupE2e();

const NEW_PASSWORD = 'Quen#MatKhau2026';

describe('forgot password (390x844)', () => {
  it('resets the password in three steps with the code sent to the phone', async () => {
    const { page } = await app.open(VIEWPORTS.phone);
    await page.goto('/login');
    await page.getByRole('link', { name: 'Quên mật khẩu?' }).click();
    await waitForPath(page, '/forgot-password');
    await page.getByRole('heading', { name: 'Quên mật khẩu' }).waitFor();

    // Two code requests from this address (numbers without an account: nothing is sent) reach the
    // challenge's threshold: the page's own request is answered 428, solved, and sent again.
    for (const phone of ['0399000001', '0399000002']) {
      const asked = await fetch(new URL('/api/account/api/forgot_password/', app.server.url), {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ phone }),
      });
      expect(asked.status).toBe(200);
    }
    const codeRequests: { status: number; solved: boolean }[] = [];
    page.on('response', (response) => {
      if (!response.url().includes('/forgot_password')) return;
      const body = response.request().postDataJSON() as { challenge?: { number?: unknown } } | null;
      codeRequests.push({ status: response.status(), solved: typeof body?.challenge?.number === 'number' });
    });

    // Step 1: verify information — the phone, then the 6-digit code sent to it.
    expect(app.server.sentCodes).toHaveLength(0);
    await page.getByRole('textbox', { name: 'Số điện thoại đã đăng ký' }).fill(DEMO_ACCOUNT.phone);
    await page.getByRole('button', { name: 'Gửi mã xác minh' }).click();
    const codeGroup = page.getByRole('group', { name: 'Mã xác minh' });
    await codeGroup.waitFor();
    await eventually(() => app.server.sentCodes.length).toBe(1);
    const [sent] = app.server.sentCodes;
    expect(sent?.to).toBe(DEMO_ACCOUNT.phone);
    expect(sent?.code).toMatch(/^\d{6}$/);
    expect(codeRequests).toEqual([
      { status: 428, solved: false },
      { status: 200, solved: true },
    ]);
    const digits = codeGroup.getByRole('textbox');
    await expect(digits.count()).resolves.toBe(6);
    await digits.first().click();
    await page.keyboard.type(sent?.code ?? '');
    await eventually(() => digits.evaluateAll((inputs) => inputs.map((input) => (input as HTMLInputElement).value).join(''))).toBe(
      sent?.code,
    );
    await page.getByRole('button', { name: 'Xác minh', exact: true }).click();

    // Step 2: create a new password, twice.
    const newPassword = page.getByRole('textbox', { name: 'Mật khẩu mới', exact: true });
    await newPassword.waitFor();
    await newPassword.fill(NEW_PASSWORD);
    await page.getByRole('textbox', { name: 'Nhập lại mật khẩu mới', exact: true }).fill(NEW_PASSWORD);
    await page.getByRole('button', { name: 'Đặt mật khẩu mới' }).click();

    // Step 3: done.
    const done = page.getByRole('paragraph').filter({ hasText: /^Hoàn tất$/ });
    await done.waitFor();
    await expect(page.getByText('Mật khẩu đã được đặt lại', { exact: false }).isVisible()).resolves.toBe(true);
    await page.getByRole('link', { name: 'Đăng nhập', exact: true }).click();
    await waitForPath(page, '/login');

    // The old password no longer works; the new one does.
    await page.getByRole('heading', { name: 'Đăng nhập' }).waitFor();
    await submitLogin(page, DEMO_ACCOUNT.phone, DEMO_ACCOUNT.password);
    await page.getByRole('alert').filter({ hasText: 'Số điện thoại hoặc mật khẩu không đúng' }).waitFor();
    await submitLogin(page, DEMO_ACCOUNT.phone, NEW_PASSWORD);
    await waitForPath(page, '/');
    await workspaceList(page).waitFor();
  });
});
