/**
 * Registration and onboarding (docs/accounts.md), as people do them:
 * - a new visitor on a phone (390 px) registers from /login with the code sent to the phone (read
 *   from the test sender), registers a company with its tax code and lands on its dashboard;
 * - another asks to join An Khang by its tax code; the owner's bell shows the waiting request
 *   without a reload, the owner accepts it from there, and the person opens An Khang.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { RegistrationStarted } from '@contract/auth-register';
import type { Envelope } from '@contract/envelope';
import { axeViolations } from '@tests/support/axe';
import { VIEWPORTS } from '@tests/support/browser';
import {
  COMPANIES,
  eventually,
  setupE2e,
  signInTo,
  STATUS,
  submitLogin,
  toast,
  waitForPath,
  workspaceEntry,
  workspaceList,
} from '@tests/support/e2e-app';

const app = setupE2e();

const AN_KHANG_TAX_CODE = '0312345673';

async function typeCode(page: Page, code: string) {
  const digits = page.getByRole('group', { name: 'Mã OTP' }).getByRole('textbox');
  await digits.first().click();
  await page.keyboard.type(code);
  await eventually(() => digits.evaluateAll((inputs) => inputs.map((input) => (input as HTMLInputElement).value).join(''))).toBe(code);
}

function codeSentTo(phone: string) {
  return eventually(
    () => app.server.sentCodes.filter((entry) => entry.to === phone && entry.purpose === 'registration').at(-1)?.code,
  ).toMatch(/^\d{6}$/);
}

/** How far the page is wider than the phone's window (the route walker covers the signed-in screens). */
function overflow(page: Page): Promise<number> {
  return page.evaluate(() => Math.max(0, document.documentElement.scrollWidth - window.innerWidth));
}

/** The number the bell shows (its label says it: "Thông báo: 3 chưa đọc"). */
async function unreadOnBell(page: Page): Promise<number> {
  const label = (await page.getByTestId('notification-bell').getAttribute('aria-label')) ?? '';
  return Number(/(\d+) chưa đọc/.exec(label)?.[1] ?? 0);
}

const lastCode = (phone: string) => app.server.sentCodes.filter((entry) => entry.to === phone).at(-1)!.code;

/** Registers an account through the API, as the form does, and returns its phone and password. */
async function registeredAccount(phone: string, fullName: string) {
  const post = async <T>(path: string, body: unknown) => {
    const response = await fetch(`${app.server.url}/api/account/api/${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    return ((await response.json()) as Envelope<T>).data;
  };
  const password = 'ThamGia@2026';
  const started = await post<RegistrationStarted>('register-v2', { phone, full_name: fullName, password, password_confirm: password });
  await post('verify-v2', { access_token: started.access_token, otp: lastCode(phone) });
  return { phone, password };
}

describe('registration and onboarding', () => {
  it('a new visitor on a phone registers with the code sent by SMS, registers a company and lands on its dashboard', async () => {
    const { page } = await app.open(VIEWPORTS.phone);
    await page.goto('/login');
    await page.getByRole('link', { name: 'Đăng ký', exact: true }).click();
    await waitForPath(page, '/register');
    await page.getByRole('heading', { name: 'Đăng ký tài khoản' }).waitFor();
    await expect(overflow(page)).resolves.toBe(0);

    const phone = '0386000101';
    await page.getByRole('textbox', { name: 'Số điện thoại' }).fill(phone);
    await page.getByRole('textbox', { name: 'Họ và tên' }).fill('Phan Thị Lan');
    await page.getByRole('textbox', { name: 'Email (không bắt buộc)' }).fill('lan.phan@example.vn');
    await page.getByRole('textbox', { name: 'Mật khẩu', exact: true }).fill('BinhMinh@2026');
    await page.getByRole('textbox', { name: 'Nhập lại mật khẩu' }).fill('BinhMinh@2025');
    await page.getByRole('button', { name: 'Đăng ký', exact: true }).click();
    await page.getByText('Mật khẩu không trùng khớp', { exact: true }).waitFor();
    expect(app.server.sentCodes.some((entry) => entry.to === phone)).toBe(false);

    await page.getByRole('textbox', { name: 'Nhập lại mật khẩu' }).fill('BinhMinh@2026');
    await page.getByRole('button', { name: 'Đăng ký', exact: true }).click();
    await page.getByText(`Mã OTP đã được gửi đến số 03•••••101`, { exact: false }).waitFor();
    await expect(overflow(page)).resolves.toBe(0);
    await codeSentTo(phone);
    // A wrong code first: the spec's text, and the account is not made.
    const code = lastCode(phone);
    await typeCode(page, String((Number(code) + 1) % 1_000_000).padStart(6, '0'));
    await page.getByRole('button', { name: 'Xác nhận', exact: true }).click();
    await page.getByText('Mã OTP không đúng hoặc đã hết hạn', { exact: true }).waitFor();
    await typeCode(page, code);
    await page.getByRole('button', { name: 'Xác nhận', exact: true }).click();

    await waitForPath(page, '/onboard');
    await page.getByRole('heading', { name: 'Xin chào, Phan Thị Lan' }).waitFor();
    await expect(overflow(page)).resolves.toBe(0);
    await page.getByRole('textbox', { name: 'Tên công ty' }).fill('Công ty TNHH Dược phẩm Bình Minh');
    await page
      .locator('label')
      .filter({ hasText: /^Khác$/ })
      .click();
    await expect(page.getByRole('radio', { name: 'Khác' }).isChecked()).resolves.toBe(true);
    const taxCode = page.getByRole('textbox', { name: 'Mã số thuế' });
    await taxCode.fill('0100109107');
    await taxCode.blur();
    await page.getByText('Mã số thuế không đúng (sai chữ số kiểm tra)').waitFor();
    await taxCode.fill('0100109106');
    await page.getByRole('textbox', { name: 'Địa chỉ' }).fill('25 Trần Phú, Phường Hà Đông, Hà Nội');
    await page.getByTestId('field-business-type').click();
    await page.getByRole('option', { name: 'Nhà thuốc, quầy thuốc' }).click();
    await page.getByRole('button', { name: 'Đăng ký công ty' }).click();

    await waitForPath(page, '/dashboard');
    await toast(page, 'success', 'Đã đăng ký Công ty TNHH Dược phẩm Bình Minh').waitFor();
    // A new company's dashboard says where to begin, and the card passes axe.
    const steps = page.getByTestId('first-steps');
    await steps.waitFor();
    await expect(steps.innerText()).resolves.toContain('Đã xong 0/4 bước');
    await expect(steps.getByRole('link', { name: 'Thêm sản phẩm đầu tiên' }).getAttribute('href')).resolves.toBe('/product/create');
    await expect(axeViolations(page)).resolves.toEqual([]);
    // The new company is the chosen workspace: the list at '/' marks it.
    await page.goto('/');
    const entry = workspaceEntry(page, 'Công ty TNHH Dược phẩm Bình Minh');
    await entry.waitFor();
    await expect(entry.getByText('Đang chọn').isVisible()).resolves.toBe(true);
    await expect(entry.getByText(STATUS.accepted).isVisible()).resolves.toBe(true);
  });

  it('another asks to join An Khang by its tax code; the owner’s bell shows the waiting request, the owner accepts it and the person opens An Khang', async () => {
    const owner = await app.open(VIEWPORTS.desktop);
    await signInTo(owner.page, COMPANIES.anKhang);
    const bell = owner.page.getByTestId('notification-bell');
    // Counted once the server's count is in (a notice made at the server's start, such as a licence
    // running out, was missed when read before, and the bell ended one above it).
    await owner.page.locator('[data-testid="notification-bell"][data-loaded="true"]').waitFor();
    const before = await unreadOnBell(owner.page);

    const joiner = await registeredAccount('0386000202', 'Vũ Đức Thịnh');
    const { page } = await app.open(VIEWPORTS.phone);
    await page.goto('/login');
    await submitLogin(page, joiner.phone, joiner.password);
    await waitForPath(page, '/onboard');
    await page.getByRole('tab', { name: 'Tham gia công ty' }).click();
    await page.getByRole('textbox', { name: 'Mã số thuế hoặc tên công ty' }).fill(AN_KHANG_TAX_CODE);
    await page.getByRole('button', { name: 'Tìm công ty' }).click();
    await page.getByTestId('company-found').getByText(COMPANIES.anKhang).waitFor();
    await page.getByRole('button', { name: 'Gửi yêu cầu tham gia' }).click();
    await waitForPath(page, '/');
    await workspaceEntry(page, COMPANIES.anKhang).getByText(STATUS.pending).waitFor();

    // The owner's open page hears of it without a reload when the person comes back to the tab
    // (and every 30 s, or at once by Web Push where the browser allows it).
    await owner.page.evaluate(() => window.dispatchEvent(new Event('visibilitychange')));
    await eventually(() => unreadOnBell(owner.page)).toBe(before + 1);
    await bell.click();
    const waiting = owner.page.getByTestId('notification-item').filter({ hasText: 'Vũ Đức Thịnh xin tham gia công ty' });
    await waiting.click();
    await waitForPath(owner.page, '/join-requests');
    const request = owner.page.getByTestId('join-request').filter({ hasText: 'Vũ Đức Thịnh' });
    await request.getByRole('button', { name: 'Chấp nhận' }).click();
    await toast(owner.page, 'success', 'Đã chấp nhận Vũ Đức Thịnh').waitFor();
    // Read and settled: the bell no longer counts it.
    await eventually(() => unreadOnBell(owner.page)).toBe(before);

    await page.reload();
    await workspaceList(page).waitFor();
    await workspaceEntry(page, COMPANIES.anKhang).getByText(STATUS.accepted).waitFor();
    await workspaceEntry(page, COMPANIES.anKhang).click();
    await waitForPath(page, '/dashboard');
  });
});
