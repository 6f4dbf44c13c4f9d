/**
 * Customers offline (browser): a rep creates a customer with no network, the app reloads from
 * the service worker and still holds it, and once the network is back the server holds it exactly
 * once, with its official code, assigned to the rep; the phone then shows that code.
 *
 * On a phone (390x844) in Chromium with the service worker allowed; "offline" is real for the page
 * and the worker (the unpluggable proxy of tests/support/offline-proxy.ts plus context offline).
 */
import { CONSENT_METHOD_LABELS, CONSENT_REQUIRED_MESSAGE } from '@contract/customers-privacy';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { CustomerRecord } from '@contract/customers';
import { VIEWPORTS } from '@tests/support/browser';
import { firstSyncDone, readStores } from '@tests/support/device-store';
import { COMPANIES, eventually, setupE2e, signInTo, toast, waitForPath, waitForServiceWorker } from '@tests/support/e2e-app';
import { apiCall, officeSignIn, type Office } from '@tests/support/office-api';

const app = setupE2e({ unpluggable: true });

async function serverCustomersNamed(office: Office, name: string): Promise<CustomerRecord[]> {
  const answer = await apiCall<CustomerRecord[]>(
    app.server.url,
    `/customer/api/customer/?company=${office.companyId}&limit=50&search=${encodeURIComponent(name)}`,
    { token: office.token },
  );
  expect(answer.status).toBe(200);
  return answer.body.data.filter((customer) => customer.name === name);
}

async function queuedOps(page: Page): Promise<{ type: string; state: string }[]> {
  return (await readStores(page, ['outbox'])).outbox as { type: string; state: string }[];
}

/** The chips of the customer page: the sync state of this record as the rep sees it. */
async function detailChips(page: Page): Promise<string[]> {
  return page
    .getByTestId('customer-detail')
    .getByTestId('sync-chip')
    .evaluateAll((elements) => elements.map((element) => `${element.getAttribute('data-state')} ${element.textContent?.trim()}`));
}

describe('customers offline', () => {
  it('creates a customer offline, keeps it across a reload, and the server holds it once after reconnecting', async () => {
    const office = await officeSignIn(app.server.url);
    const name = `Nhà thuốc Đồng Tâm ${Date.now().toString().slice(-6)}`;
    const { context, page } = await app.open(VIEWPORTS.phone, { serviceWorkers: 'allow' });
    await signInTo(page, COMPANIES.anKhang);
    await page.goto('/customers');
    await waitForPath(page, '/customers');
    await eventually(() => firstSyncDone(page, office.companyId), 30_000).toBe(true);
    await waitForServiceWorker(page);

    await app.unplug(context);
    const reloaded = await page.reload();
    expect(reloaded?.fromServiceWorker(), 'the page comes from the service worker').toBe(true);
    await page.getByTestId('customer-create').first().click();
    await waitForPath(page, '/customers/create');
    const form = page.getByTestId('customer-form');
    await form.getByTestId('field-name').fill(name);
    await form.getByTestId('field-phone').fill('0912345678');
    await form.getByTestId('field-owner').fill('Lê Thị Tâm');
    // A pharmacy is a household business: no save until its owner's consent is ticked and how it was given.
    await form.getByTestId('customer-save').click();
    await form.getByText(CONSENT_REQUIRED_MESSAGE).waitFor();
    await form.getByTestId('field-consent').check();
    await form.getByLabel(CONSENT_METHOD_LABELS.on_device).check();
    await form.getByTestId('customer-save').click();
    await toast(page, 'success', 'Đã lưu khách hàng (chờ đồng bộ)').waitFor();
    await page.waitForURL((url) => url.pathname.startsWith('/customers/') && url.pathname !== '/customers/create');
    const customerPath = new URL(page.url()).pathname;
    await expect(page.getByTestId('customer-detail-name').innerText()).resolves.toBe(name);
    await expect(page.getByTestId('customer-detail').innerText()).resolves.toContain('Chờ cấp mã');
    await eventually(() => detailChips(page)).toEqual(['pending Chờ đồng bộ']);

    // Still offline: the app boots from the worker and the customer is still there, still queued.
    const again = await page.reload();
    expect(again?.fromServiceWorker()).toBe(true);
    await waitForPath(page, customerPath);
    await expect(page.getByTestId('customer-detail-name').innerText()).resolves.toBe(name);
    expect((await queuedOps(page)).filter((op) => op.type === 'customer.create' && op.state !== 'done')).toHaveLength(1);
    expect(await serverCustomersNamed(office, name)).toEqual([]);

    await app.plugIn(context);
    await eventually(() => detailChips(page), 30_000).toEqual([]);
    const held = await serverCustomersNamed(office, name);
    expect(held).toHaveLength(1);
    expect(held[0]).toMatchObject({
      name,
      phone: '0912345678',
      owner_name: 'Lê Thị Tâm',
      staff_id: office.accountId,
      privacy: { person: true, consent_method: 'on_device', erased_at: null },
    });
    await eventually(() => page.getByTestId('privacy-state').getAttribute('data-state')).toBe('consented');
    expect(held[0]!.code).toMatch(/^KH\d{6}$/);
    await eventually(() => page.getByTestId('customer-detail').innerText()).toContain(held[0]!.code);
    await eventually(async () => (await queuedOps(page)).filter((op) => op.state !== 'done')).toEqual([]);
  }, 180_000);
});
