/**
 * The phone never drops input: on a 360 px phone slowed four times (Chromium's CPU throttling, a
 * low-end Android), text typed at 30, 60 and 150 ms a key into the fields a rep and a storekeeper
 * use arrives whole, and is still whole once the page has gone idle (a field bound to a store that
 * reads the value back after each write lost letters, or brought back its old text, this way): the
 * customer search, a new customer's name, owner and phone, the order screen's customer and product
 * search, a cart quantity and the order note, a collection's amount and note, and the count screen's
 * search, figure and note. A "Gửi đơn" tapped right after adding a product sends that product too.
 */
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { groupDigits } from '@contract/money';
import { vietnamDay } from '@contract/price-policy';
import type { ReceiptDetail } from '@contract/warehouse-receipts';
import { DEMO_STAFF } from '@server/seed/demo-employees';
import { withSlowCpu } from '@tests/support/browser';
import { firstSyncDone, readStores } from '@tests/support/device-store';
import { COMPANIES, eventually, setupE2e, signInAs, waitForPath } from '@tests/support/e2e-app';
import { cartLines, findProduct, openedOrderId, pickCustomer, sendButton } from '@tests/support/order-screen';
import { api, customerIdByName, officeSignIn, type Office } from '@tests/support/orders-api';

const app = setupE2e();

/** Key delays, ms: a fast thumb, an ordinary one, a slow one. */
const SPEEDS = [30, 60, 150] as const;
const PHONE = { width: 360, height: 780 };
const CPU_SLOWDOWN = 4;

/** Resolves once the page's main thread has had nothing to do (late store writes and re-renders have run). */
const idle = (page: Page) => page.evaluate(() => new Promise<void>((resolve) => requestIdleCallback(() => resolve(), { timeout: 500 })));

/**
 * Types `text` into `field` at each speed, after clearing it, and reads back what the field shows
 * at once and once the page is idle; answers every reading that differs from `shown(text)`.
 */
async function typed(page: Page, name: string, field: Locator, text: string, shown: (text: string) => string = (value) => value) {
  const lost: string[] = [];
  await field.waitFor();
  await withSlowCpu(page, CPU_SLOWDOWN, async () => {
    for (const delay of SPEEDS) {
      await field.fill('');
      await field.pressSequentially(text, { delay });
      for (const when of ['at once', 'idle']) {
        if (when === 'idle') await idle(page);
        const value = await field.inputValue();
        if (value !== shown(text)) lost.push(`${name} at ${delay} ms a key (${when}): "${value}" instead of "${shown(text)}"`);
      }
    }
  });
  return lost;
}

const grouped = (digits: string) => groupDigits(Number(digits));

async function openAsPhone(phone: string, office: Office, path: string) {
  const { page } = await app.open(PHONE);
  await signInAs(page, phone, COMPANIES.anKhang);
  await eventually(() => firstSyncDone(page, office.companyId), 60_000).toBe(true);
  await page.goto(path);
  await waitForPath(page, path);
  return page;
}

describe('typing on a slow phone', () => {
  it('the rep: customers, a new customer, the order screen and a collection keep every key', async () => {
    const office = await officeSignIn(app.server.url);
    const page = await openAsPhone(DEMO_STAFF.repSouth, office, '/customers');
    const lost: string[] = [];
    lost.push(...(await typed(page, 'customer search', page.getByTestId('customer-search'), 'minh chau')));

    await page.goto('/customers/create');
    const form = page.getByTestId('customer-form');
    await form.waitFor();
    lost.push(...(await typed(page, 'customer name', form.getByTestId('field-name'), 'Nhà thuốc Hà')));
    lost.push(...(await typed(page, 'customer owner', form.getByTestId('field-owner'), 'Trần Thu Hà')));
    lost.push(...(await typed(page, 'customer phone', form.getByTestId('field-phone'), '0987654321')));

    // The order screen opens without moving under the rep's thumb: its customer list keeps its room
    // while it is read (it pushed the product search 420 px down, a layout shift of 0.39).
    await page.addInitScript(() => {
      const shifts: number[] = [];
      Object.assign(window, { __shifts: shifts });
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[])
          if (!entry.hadRecentInput) shifts.push(entry.value);
      }).observe({ type: 'layout-shift', buffered: true });
    });
    await page.goto('/order/create');
    await page.getByTestId('order-create').waitFor();
    await page.getByTestId('order-customer-results').getByTestId('customer-option').first().waitFor();
    await idle(page);
    const shifted = await page.evaluate(() =>
      (window as unknown as { __shifts: number[] }).__shifts.reduce((sum, value) => sum + value, 0),
    );
    expect(shifted).toBeLessThan(0.01);
    lost.push(...(await typed(page, 'order customer search', page.getByTestId('order-customer-search'), 'sai gon')));
    await pickCustomer(page, 'Phòng khám Đa khoa Sài Gòn');
    // The order's suggestions arrive after the customer is picked, below the product search: above
    // it, they pushed the field a screen down, under the bottom bars, while the rep typed into it.
    const productSearch = page.getByTestId('product-adder').getByTestId('product-search');
    const searchTop = async () => (await productSearch.boundingBox())!.y;
    const pickedAt = await searchTop();
    await page.getByTestId('order-suggestions').waitFor();
    expect(await searchTop()).toBe(pickedAt);
    expect(pickedAt).toBeLessThan(PHONE.height / 2);
    lost.push(...(await typed(page, 'product search', productSearch, 'hapacol')));
    const result = await findProduct(page, 'hapacol', 'Hapacol 500');
    await result
      .getByRole('button', { name: /^Thêm 1 / })
      .first()
      .click();
    await eventually(() => cartLines(page).count()).toBe(1);
    lost.push(...(await typed(page, 'cart quantity', cartLines(page).first().getByTestId('quantity-input'), '125')));
    lost.push(...(await typed(page, 'order note', page.getByTestId('order-note'), 'Giao trước 10h')));
    // A product added and "Gửi đơn" tapped straight after, on the slow phone: the cart is drawn after
    // the tap (a transition, 190–440 ms of work here), the second tap lands while it is drawn, and the
    // order sent still holds the line just added.
    const oresol = await findProduct(page, 'oresol', 'Oresol 245');
    const add = await oresol
      .getByRole('button', { name: /^Thêm 1 / })
      .first()
      .elementHandle();
    const send = await sendButton(page).elementHandle();
    await withSlowCpu(page, CPU_SLOWDOWN, () =>
      page.evaluate(
        ([adder, sender]) =>
          new Promise<void>((resolve) => {
            (adder as HTMLElement).click();
            setTimeout(() => {
              (sender as HTMLElement).click();
              resolve();
            }, 0);
          }),
        [add, send],
      ),
    );
    const orderId = await openedOrderId(page);
    const { orders } = await readStores(page, ['orders']);
    const sent = (orders as { id: string; lines: { product_name: string }[] }[]).find((order) => order.id === orderId);
    expect(sent?.lines.map((line) => line.product_name).sort()).toEqual(['Hapacol 500', 'Oresol 245']);

    // A collection at a customer of the rep's: amount (grouped as typed) and note.
    await page.goto(`/customers/${await customerIdByName(office, 'Phòng khám Đa khoa Sài Gòn')}`);
    await page.getByTestId('receivable-card').getByTestId('collect-open').click();
    const dialog = page.getByRole('dialog');
    lost.push(...(await typed(page, 'collection amount', dialog.getByTestId('collect-amount'), '1250000', grouped)));
    lost.push(...(await typed(page, 'collection note', dialog.getByLabel('Ghi chú'), 'Thu nợ T11')));
    expect(lost).toEqual([]);
  }, 240_000);

  it('the storekeeper: the count screen keeps every key', async () => {
    const office = await officeSignIn(app.server.url);
    const check = await api<ReceiptDetail>(app.server.url, '/warehouse/api/checkreceipt/', {
      token: office.token,
      body: { company: office.companyId, document_date: vietnamDay(), variants: [] },
    });
    expect(check.status, check.body.message).toBe(201);
    const page = await openAsPhone(DEMO_STAFF.storekeeper, office, `/inventory/count/${check.body.data.id}`);
    const view = page.getByTestId('count-view');
    await view.waitFor();
    const lost: string[] = [];
    // The figure first: the search below filters the lines, which moves the first one.
    lost.push(...(await typed(page, 'count figure', view.getByTestId('count-input').first(), '1250', grouped)));
    lost.push(...(await typed(page, 'count note', view.getByTestId('count-note'), 'Thieu 2 hop do vo')));
    lost.push(...(await typed(page, 'count search', view.getByTestId('count-search'), 'smecta')));
    expect(lost).toEqual([]);
  }, 180_000);
});
