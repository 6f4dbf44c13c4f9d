/**
 * Order types (browser; docs/orders-types.md): an order type chosen on a phone offline reaches the server with
 * the order. The office first takes "Đổi trả" away from the rep (using_type_for_user); the phone
 * learns it with its first sync, offers only the types the rep may use, and keeps the choice with the
 * order queued offline; back online, the server holds the order once, of that type, at wholesale
 * prices, and the office's list filter by type finds it.
 *
 * "Offline" is real for the page and the worker: the browser reaches the server through a proxy that
 * is unplugged (tests/support/offline-proxy.ts), and the context is set offline too.
 */
import { describe, expect, it } from 'vitest';
import type { OrderRecord } from '@contract/orders';
import type { OrderTypeRecord } from '@contract/orders-types';
import { VIEWPORTS } from '@tests/support/browser';
import { firstSyncDone } from '@tests/support/device-store';
import { COMPANIES, eventually, setupE2e, signInAs, toast, waitForPath, waitForServiceWorker } from '@tests/support/e2e-app';
import { customerOption } from '@tests/support/order-screen';
import { api, customerIdByName, DEMO_BARCODES, officeSignIn, serverOrders } from '@tests/support/orders-api';
import { officeSignIn as signInPerson } from '@tests/support/office-api';

const app = setupE2e({ unpluggable: true });

const REP_PHONE = '0912000001';
const CUSTOMER = 'Nhà thuốc Thủ Đức Xanh';

describe('order types on a phone', () => {
  it('a type chosen offline, among those the rep may use, reaches the server with the order', async () => {
    const office = await officeSignIn(app.server.url);
    const rep = await signInPerson(app.server.url, REP_PHONE, COMPANIES.anKhang);
    const types = (
      await api<OrderTypeRecord[]>(app.server.url, `/service/api/type_list/?company=${office.companyId}`, { token: office.token })
    ).body.data;
    const code = (wanted: string) => types.find((type) => type.code === wanted)!;
    const granted = await api(app.server.url, '/service/api/using_type_for_user/', {
      token: office.token,
      method: 'PUT',
      body: { company: office.companyId, account: rep.accountId, type_ids: [code('BL').id, code('BS').id] },
    });
    expect(granted.status).toBe(200);
    const customerId = await customerIdByName(office, CUSTOMER);
    // The demo has orders of its own (receivables' history): this test's order is the one more.
    const before = (await serverOrders(office, { customer: customerId })).count;

    const { context, page } = await app.open(VIEWPORTS.phone, { serviceWorkers: 'allow' });
    await signInAs(page, REP_PHONE, COMPANIES.anKhang);
    await page.goto('/order/create');
    await waitForPath(page, '/order/create');
    await page.getByTestId('order-create').waitFor();
    await eventually(() => firstSyncDone(page, office.companyId), 60_000).toBe(true);
    await waitForServiceWorker(page);

    await app.unplug(context);
    const reloaded = await page.reload();
    expect(reloaded?.fromServiceWorker()).toBe(true);
    await page.getByTestId('order-create').waitFor();

    // The rep's types, default first; "Đổi trả" is not offered.
    const typeField = page.getByTestId('order-type');
    await expect(typeField.inputValue()).resolves.toBe('Bán lẻ');
    await typeField.click();
    await expect(page.getByRole('option').allInnerTexts()).resolves.toEqual(['Bán lẻ', 'Bán sỉ (giá sỉ)']);
    await page.getByRole('option', { name: 'Bán sỉ (giá sỉ)' }).click();
    await eventually(() => typeField.inputValue()).toBe('Bán sỉ (giá sỉ)');

    const section = page.getByTestId('order-customer');
    await section.getByTestId('order-customer-search').fill('thu duc xanh');
    await customerOption(page, section.getByTestId('order-customer-results'), CUSTOMER).click();
    await page.getByTestId('product-adder').getByTestId('product-search').click();
    await page.keyboard.type(DEMO_BARCODES.hapacolStrip, { delay: 5 });
    await page.keyboard.press('Enter');
    await eventually(() => page.getByTestId('cart-lines').getByTestId('cart-line').count()).toBe(1);
    // The choice is the cart's: once the screen says it is on the device, a reload offline keeps it.
    await eventually(() => page.getByTestId('cart-saved').innerText()).toBe('Đã lưu trên máy');
    await page.reload();
    await eventually(() => page.getByTestId('order-type').inputValue()).toBe('Bán sỉ (giá sỉ)');
    await eventually(() => page.getByTestId('cart-lines').getByTestId('cart-line').count()).toBe(1);

    await page.getByTestId('submit-bar').getByTestId('submit-order').click();
    await toast(page, 'success', 'Đã lưu đơn hàng, đang chờ đồng bộ').waitFor();
    await page.waitForURL((url) => /^\/order\/[0-9a-f-]{36}$/.test(url.pathname));
    const orderId = new URL(page.url()).pathname.split('/').pop()!;
    await expect(page.getByTestId('order-type-name').innerText()).resolves.toBe('Bán sỉ');
    await expect(serverOrders(office, { customer: customerId }).then((found) => found.count)).resolves.toBe(before);

    await app.plugIn(context);
    await eventually(() => serverOrders(office, { customer: customerId }).then((found) => found.count), 45_000).toBe(before + 1);
    const stored: OrderRecord = (await serverOrders(office, { customer: customerId })).rows.find((order) => order.id === orderId)!;
    expect(stored).toMatchObject({ id: orderId, order_type_id: code('BS').id, order_type_name: 'Bán sỉ' });
    // Hapacol 500 by the vỉ: 5.000 ₫ retail, 4.200 ₫ wholesale.
    expect(stored.lines.map((line) => [line.product_name, line.unit, line.list_price])).toEqual([['Hapacol 500', 'vỉ', 4_200]]);

    const filtered = await api<OrderRecord[]>(
      app.server.url,
      `/order/api/ordercompany/?company=${office.companyId}&order_type=${code('BS').id}&customer=${customerId}`,
      { token: office.token },
    );
    expect(filtered.body.data.map((order) => order.id)).toEqual([orderId]);
  }, 240_000);
});
