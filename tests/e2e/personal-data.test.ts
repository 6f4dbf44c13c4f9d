/**
 * A customer's personal data from the office (browser; docs/personal-data.md), on the real server
 * in Debian's Chromium, the dialogs checked by axe as they open:
 * - KH000009 (Nhà thuốc Bến Nghé) was taken on before the rule: "Chưa ghi nhận đồng ý". The owner
 *   records the consent (signed paper), exports what is held (a workbook holding the shop's phone),
 *   then withdraws the consent; the log lists each step.
 * - A customer made for the test is erased once its code is typed: "Đã xóa dữ liệu cá nhân", its
 *   phone gone, and no "Chỉnh sửa" any more.
 */
import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { CustomerRecord } from '@contract/customers';
import { CONSENT_METHOD_LABELS, ERASED_NAME } from '@contract/customers-privacy';
import { axeViolations } from '@tests/support/axe';
import { VIEWPORTS } from '@tests/support/browser';
import { eventually, setupE2e, signInTo, toast, waitForPath } from '@tests/support/e2e-app';
import { apiCall, officeSignIn, type Office } from '@tests/support/office-api';

const app = setupE2e();

let office: Office;
let legacy: CustomerRecord;
let fresh: CustomerRecord;

beforeAll(async () => {
  office = await officeSignIn(app.server.url);
  const found = await apiCall<CustomerRecord[]>(app.server.url, `/customer/api/customer/?company=${office.companyId}&search=KH000009`, {
    token: office.token,
  });
  legacy = found.body.data.find((customer) => customer.code === 'KH000009')!;
  const made = await apiCall<CustomerRecord>(app.server.url, '/customer/api/customer/', {
    token: office.token,
    body: {
      company: office.companyId,
      name: 'Quầy thuốc Thử Xóa',
      kind: 'Quầy thuốc',
      phone: '0909555111',
      owner_name: 'Ngô Văn Xóa',
      person: true,
      consent: { method: 'message', given_at: new Date().toISOString() },
    },
  });
  expect(made.status, made.body.message).toBe(201);
  fresh = made.body.data;
});

const state = (page: Page) => page.getByTestId('privacy-state').getAttribute('data-state');

/** The open dialog, once it shows, with no serious WCAG finding. */
async function dialog(page: Page, title: string) {
  const opened = page.getByRole('dialog', { name: title });
  await opened.waitFor();
  expect(await axeViolations(page)).toEqual([]);
  return opened;
}

describe('personal data on the customer page', () => {
  it('records consent, exports what is held and withdraws consent for a customer taken on before the rule', async () => {
    const { page } = await app.open(VIEWPORTS.desktop);
    await signInTo(page);
    await page.goto(`/customers/${legacy.id}`);
    await waitForPath(page, `/customers/${legacy.id}`);
    await eventually(() => state(page)).toBe('missing');

    await page.getByRole('button', { name: 'Ghi nhận đồng ý' }).click();
    const consent = await dialog(page, 'Ghi nhận sự đồng ý');
    await consent.getByTestId('privacy-consent-save').click();
    await consent.getByText('Chọn cách chủ cửa hàng đồng ý').waitFor();
    await consent.getByLabel(CONSENT_METHOD_LABELS.paper).check();
    await consent.getByTestId('privacy-consent-save').click();
    await toast(page, 'success', 'Đã ghi nhận sự đồng ý của chủ cửa hàng').waitFor();
    await eventually(() => state(page)).toBe('consented');

    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Xuất dữ liệu' }).click()]);
    expect(download.suggestedFilename()).toMatch(/^du-lieu-ca-nhan-KH000009-\d{4}-\d{2}-\d{2}\.xlsx$/);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile(await download.path());
    const cells = workbook.worksheets[0]!.getSheetValues().flat().map(String);
    expect(cells).toEqual(expect.arrayContaining([legacy.phone!, 'Ghi nhận đồng ý']));
    await eventually(() => page.getByTestId('privacy-log').innerText()).toContain('Xuất dữ liệu theo yêu cầu xem');

    await page.getByRole('button', { name: 'Rút lại đồng ý' }).click();
    const withdraw = await dialog(page, 'Rút lại sự đồng ý');
    await withdraw.getByTestId('privacy-withdraw-save').click();
    await eventually(() => state(page)).toBe('missing');
    await expect(page.getByTestId('privacy-log').innerText()).resolves.toContain('Rút lại đồng ý');
  }, 180_000);

  it('erases a customer’s personal data once its code is typed', async () => {
    const { page } = await app.open(VIEWPORTS.desktop);
    await signInTo(page);
    await page.goto(`/customers/${fresh.id}`);
    await waitForPath(page, `/customers/${fresh.id}`);
    await eventually(() => state(page)).toBe('consented');
    await page.getByTestId('customer-edit').waitFor();

    await page.getByRole('button', { name: 'Xóa dữ liệu cá nhân' }).click();
    const erase = await dialog(page, 'Xóa dữ liệu cá nhân');
    const save = erase.getByTestId('privacy-erase-save');
    expect(await save.isDisabled()).toBe(true);
    await erase.getByTestId('privacy-erase-code').fill(fresh.code);
    await save.click();
    await toast(page, 'success', 'Đã xóa dữ liệu cá nhân của khách hàng').waitFor();
    await eventually(() => state(page)).toBe('erased');
    await eventually(() => page.getByTestId('customer-detail-name').innerText()).toBe(ERASED_NAME);
    expect(await page.getByTestId('customer-detail').innerText()).not.toContain('0909555111');
    expect(await page.getByTestId('customer-edit').count()).toBe(0);
  }, 180_000);
});
