/**
 * Delivery (browser, 1440x900; docs/delivery.md): the owner of An Khang connects GHN on /connect-dlo (the
 * simulator environment), GHTK and Viettel Post being connected already; on a confirmed order's
 * page compares the three carriers' quotes, books GHN and prints its label (GHN's own page opens
 * with the shipment's code); the simulator walks the shipment to delivered by webhooks, the order
 * completes, and /transport shows the delivery delivered, printed and its COD collected; the COD
 * is a payment against the order, which is paid, and the customer owes what they owed before it.
 */
import { describe, expect, it } from 'vitest';
import { deliveryPaths, type DeliveryRecord } from '@contract/delivery';
import { receivablePaths, type ReceivableRecord } from '@contract/receivables';
import { VIEWPORTS } from '@tests/support/browser';
import { COMPANIES, eventually, openHeaderDropdown, setupE2e, signInTo, toast, waitForPath } from '@tests/support/e2e-app';
import { apiCall } from '@tests/support/office-api';
import { createOrderOnServer, customerIdByName, DEMO_BARCODES, moveOnServer, officeSignIn, serverOrder } from '@tests/support/orders-api';

const app = setupE2e({ simulators: true });

const SENDER = {
  name: 'Kho An Khang',
  phone: '0901234567',
  address: '123 Nguyễn Trãi',
  province: 'Thành phố Hồ Chí Minh',
  ward: 'Phường Bến Thành',
};

describe('delivery with carriers', () => {
  it('compares three quotes, books GHN, prints its label, and the order completes when delivered', async () => {
    const office = await officeSignIn(app.server.url);
    for (const [carrier, key] of [
      ['ghtk', 'S22925'],
      ['vtp', 'ankhang@vtp.vn'],
    ] as const) {
      const connected = await apiCall(app.server.url, deliveryPaths.accounts, {
        token: office.token,
        body: {
          company: office.companyId,
          carrier,
          environment: 'simulator',
          account_key: key,
          token: `${carrier}-token-e2e-0001`,
          sender: SENDER,
        },
      });
      expect(connected.status, connected.body.message).toBe(201);
    }
    const customerId = await customerIdByName(office, 'Nhà thuốc Phúc An');
    const balance = async () => {
      const answer = await apiCall<ReceivableRecord>(
        app.server.url,
        `${receivablePaths.info}?company=${office.companyId}&customer=${customerId}`,
        {
          token: office.token,
        },
      );
      expect(answer.status, answer.body.message).toBe(200);
      return answer.body.data.balance;
    };
    const owedBefore = await balance();
    const order = await createOrderOnServer(office, { customerId, lines: [{ barcode: DEMO_BARCODES.hapacolStrip, quantity: 4 }] });
    await moveOnServer(office, order.id, 'confirmed');

    const { page, context } = await app.open(VIEWPORTS.desktop);
    await signInTo(page, COMPANIES.anKhang);

    // GHN through the form, in the simulator environment: checked at GHN before it is kept.
    await page.goto(`${app.server.url}/connect-dlo`);
    await page.getByTestId('carrier-connect-ghn').click();
    const form = page.getByTestId('carrier-form');
    await form.getByTestId('carrier-environment').click();
    await page.getByRole('option', { name: /Trình giả lập/ }).click();
    await form.getByTestId('carrier-account-key').fill('885');
    await form.getByTestId('carrier-token').fill('ghn-token-e2e-0001');
    await form.getByTestId('sender-name').fill(SENDER.name);
    await form.getByTestId('sender-phone').fill(SENDER.phone);
    await form.getByTestId('sender-address').fill(SENDER.address);
    await form.getByTestId('sender-ward').fill(SENDER.ward);
    await form.getByTestId('sender-province').fill(SENDER.province);
    await form.getByTestId('carrier-save').click();
    await toast(page, 'success', 'Kết nối thành công').waitFor();
    const ghnAccount = page.getByTestId('carrier-card-ghn').getByTestId('carrier-account');
    await expect(ghnAccount.getAttribute('data-status')).resolves.toBe('connected');
    await expect(ghnAccount.innerText()).resolves.toContain('••••0001');
    await expect(page.locator('body').innerText()).resolves.not.toContain('ghn-token-e2e-0001');

    // The order's page: quotes side by side, GHN booked.
    await page.goto(`${app.server.url}/order/${order.id}`);
    await page.getByTestId('order-book-delivery').click();
    const dialog = page.getByTestId('book-delivery');
    await dialog.getByTestId('book-quote').click();
    const rows = dialog.getByTestId('book-quote-row');
    await rows.first().waitFor();
    const carriers = new Set(await rows.evaluateAll((elements) => elements.map((element) => element.getAttribute('data-carrier'))));
    expect(carriers).toEqual(new Set(['ghn', 'ghtk', 'vtp']));
    await dialog.locator('[data-testid="book-quote-row"][data-carrier="ghn"]').first().click();
    await dialog.getByTestId('book-method-cho_thu').click();
    await dialog.getByTestId('book-submit').click();
    await toast(page, 'success', 'Đã gửi đơn sang hãng vận chuyển').waitFor();
    const card = page.getByTestId('order-delivery-card');
    await eventually(() => card.getByTestId('order-delivery').getAttribute('data-status')).toBe('waiting_pickup');

    // Its label: GHN's own print page, opened with the shipment's code.
    await card.getByTestId('order-delivery').click();
    const detail = page.getByTestId('delivery-detail');
    const tracking = (await detail.getByTestId('delivery-tracking').innerText()).trim();
    expect(tracking).toMatch(/^GHN\d+VN$/);
    const [labelPage] = await Promise.all([context.waitForEvent('page'), detail.getByTestId('delivery-print').click()]);
    await labelPage.waitForLoadState();
    await expect(labelPage.locator('body').innerText()).resolves.toContain(tracking);
    await labelPage.close();
    await page.keyboard.press('Escape');
    await detail.waitFor({ state: 'hidden' });

    // The simulator walks it to delivered; its webhooks complete the order.
    const walked = await fetch(`${app.server.sims!.url}/ghn/__sim/advance`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ code: tracking, steps: 6 }),
    });
    expect(walked.status).toBe(200);
    await eventually(async () => (await serverOrder(office, order.id)).status).toBe('completed');

    const orders = await openHeaderDropdown(page, 'Đơn hàng');
    await orders.getByRole('menuitem', { name: 'Đơn vận chuyển' }).click();
    await waitForPath(page, '/transport');
    const row = page.locator('[data-testid="transport-row"]').filter({ hasText: tracking });
    await eventually(() => row.getAttribute('data-status')).toBe('delivered');
    await expect(row.innerText()).resolves.toContain('Đã in');
    const delivery = (
      await apiCall<DeliveryRecord[]>(app.server.url, `${deliveryPaths.deliveries}?company=${office.companyId}&search=${tracking}`, {
        token: office.token,
      })
    ).body.data[0]!;
    expect(delivery).toMatchObject({ status: 'delivered', receiver_method: 'cho_thu', print_status: 'printed' });
    expect(delivery.cod.collected).toBe(order.total);
    // The carrier's word alone settles nothing: the COD payment waits and the customer still owes the order.
    await expect(serverOrder(office, order.id).then((stored) => stored.payment_status)).resolves.not.toBe('paid');
    await expect(balance()).resolves.toBe(owedBefore + order.total);

    // The carrier's statement, entered by the office, confirms it: the order is paid, the debt as before it.
    await row.getByTestId('transport-code').click();
    const shipped = page.getByTestId('delivery-detail');
    await shipped.getByTestId('delivery-reconcile-open').click();
    await shipped.getByTestId('delivery-reconcile-amount').fill(String(order.total));
    await shipped.getByTestId('delivery-reconcile-save').click();
    await eventually(async () => (await serverOrder(office, order.id)).payment_status).toBe('paid');
    await expect(balance()).resolves.toBe(owedBefore);
  });
});
