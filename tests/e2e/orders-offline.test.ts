/**
 * Orders offline (browser), on a phone (390x844) with the service worker allowed:
 * - offline, an order for a customer with a line added by a barcode scan survives reloads; back
 *   online, the server holds it exactly once with the same lines and total, and the phone shows the
 *   official code (DH…) on the order;
 * - a price the office raises on the server while the phone is offline comes back, on the order, as
 *   a refusal naming the raise (from → to) in Vietnamese; the rep confirms the new price and sends
 *   again, and the server then holds exactly one order, at the new price;
 * - a refused order the customer no longer wants is set aside with a reason: the alarm
 *   ends, /diagnostics keeps the op with the reason, nothing reaches the server.
 *
 * "Offline" is real for the page and for the worker: the browser reaches the server through a proxy
 * that is unplugged (tests/support/offline-proxy.ts), and the context is set offline too, so the page
 * sees navigator.onLine === false and gets its `online` event when the network returns. The office's
 * side is the real API (tests/support/orders-api.ts). Each test orders for its own customer and its
 * own product, so that customer's orders on the server are exactly the ones the test made.
 */
import { describe, expect, it } from 'vitest';
import type { BrowserContext, Locator, Page } from 'playwright-core';
import { formatMoney } from '@contract/money';
import { lineAmounts, orderTotals, type OrderTotals } from '@contract/orders-totals';
import { VIEWPORTS } from '@tests/support/browser';
import { firstSyncDone, readStores } from '@tests/support/device-store';
import { COMPANIES, eventually, setupE2e, signInTo, toast, waitForPath, waitForServiceWorker } from '@tests/support/e2e-app';
import { pickCustomer } from '@tests/support/order-screen';
import {
  customerIdByName,
  DEMO_BARCODES,
  officeSignIn,
  scanOnServer,
  serverOrders,
  setUnitPrice,
  type Office,
} from '@tests/support/orders-api';

const app = setupE2e({ unpluggable: true });

const TEST_TIMEOUT_MS = 240_000;

/**
 * How long the phone may take to send its queue once the network is back: the `online` event sends
 * at once (src/sync/drain.ts releaseNetworkWaits); the margin is for a machine busy with other work.
 */
const SYNC_MS = 45_000;

/** The toasts after "Gửi đơn" (src/features/orders/components/order-create-view.tsx). */
const SAVED_OFFLINE = 'Đã lưu đơn hàng, đang chờ đồng bộ';
const SENT_ONLINE = 'Đã gửi đơn hàng';

const LOCAL_NO = /^[A-Z0-9]{1,6}-[A-Z0-9]{4}-\d{1,6}$/;
const OFFICIAL_CODE = /^DH\d{6}$/;

// ---- The device ---------------------------------------------------------------------------------

type DeviceOp = { seq: number; type: string; entity: { type: string; id: string } | null; state: string };

/** The type and state of each op the device queued about the order, oldest first. */
async function orderOps(page: Page, orderId: string): Promise<string[]> {
  const { outbox } = await readStores(page, ['outbox']);
  return (outbox as DeviceOp[])
    .filter((op) => op.entity?.id === orderId)
    .sort((a, b) => a.seq - b.seq)
    .map((op) => `${op.type} ${op.state === 'sending' ? 'pending' : op.state}`);
}

/** The status pill's tone and sentence (its aria-label: on a phone the pill shows only a count). */
async function pillState(page: Page): Promise<string> {
  const pill = page.getByTestId('mobile-header').getByTestId('sync-status');
  if ((await pill.count()) === 0) return '(no status pill)';
  return `${await pill.getAttribute('data-tone')}: ${await pill.getAttribute('aria-label')}`;
}

/** A fresh phone, signed in online to An Khang on /order/create, first sync done, the worker in control. */
async function openOrderScreenOnline(office: Office): Promise<{ context: BrowserContext; page: Page }> {
  const { context, page } = await app.open(VIEWPORTS.phone, { serviceWorkers: 'allow' });
  await page.goto('/login');
  await page.getByRole('heading', { name: 'Đăng nhập' }).waitFor();
  await signInTo(page, COMPANIES.anKhang);
  await page.goto('/order/create');
  await waitForPath(page, '/order/create');
  await page.getByTestId('order-create').waitFor();
  await eventually(() => firstSyncDone(page, office.companyId), 60_000).toBe(true);
  await eventually(() => pillState(page)).toMatch(/^synced: Đã đồng bộ \d\d:\d\d$/);
  await waitForServiceWorker(page);
  return { context, page };
}

/** Reloads with the network off: the document must come from the service worker. */
async function reloadOffline(page: Page): Promise<void> {
  const reloaded = await page.reload();
  expect(reloaded?.fromServiceWorker(), 'the reloaded page comes from the service worker').toBe(true);
}

/** Unplugs the phone and reloads /order/create from the service worker. */
async function goOffline(context: BrowserContext, page: Page): Promise<void> {
  await app.unplug(context);
  await reloadOffline(page);
  await page.getByTestId('order-create').waitFor();
  await eventually(() => pillState(page)).toBe('offline: Ngoại tuyến');
}

/** A scanner in keyboard mode, aimed at the "Thêm sản phẩm" box: the code's digits, then Enter. */
async function scanIntoOrder(page: Page, barcode: string): Promise<void> {
  await page.getByTestId('product-adder').getByTestId('product-search').click();
  await page.keyboard.type(barcode, { delay: 5 });
  await page.keyboard.press('Enter');
}

function cartLines(page: Page): Locator {
  return page.getByTestId('cart-lines').getByTestId('cart-line');
}

/** Types the quantity of a cart line, as a rep does after the scan added one. */
async function setQuantity(line: Locator, quantity: number): Promise<void> {
  const input = line.getByTestId('quantity-input');
  await input.fill(String(quantity));
  await input.blur();
  await eventually(() => input.inputValue()).toBe(String(quantity));
}

/** The send button of the phone layout (the bar above the bottom navigation). */
function sendButton(page: Page): Locator {
  return page.getByTestId('submit-bar').getByTestId('submit-order');
}

/** Waits for /order/{id} and returns the id. */
async function openedOrderId(page: Page): Promise<string> {
  const shape = /^\/order\/([0-9a-f-]{36})$/;
  await page.waitForURL((url) => shape.test(url.pathname));
  return shape.exec(new URL(page.url()).pathname)![1]!;
}

/** What the order page shows of the order: its number, its chip (if any), its lines and its total. */
async function orderPage(page: Page): Promise<{ code: string; chip: string | null; lines: string[]; total: string }> {
  const detail = page.getByTestId('order-detail');
  const chip = detail.getByTestId('order-chip');
  return {
    code: await detail.getByTestId('order-code').innerText(),
    chip: (await chip.count()) > 0 ? await chip.innerText() : null,
    lines: (await detail.getByTestId('order-line').allInnerTexts()).map((text) => text.replace(/\s*\n+\s*/g, ' | ')),
    total: await detail.getByTestId('order-total').innerText(),
  };
}

/** An order of one line of `quantity` units at `unitPrice`, with the An Khang VAT switch on. */
function totalsOf(unitPrice: number, quantity: number, vatRate: number): OrderTotals {
  return orderTotals([lineAmounts({ unitPrice, quantity, discount: null, vatRate, vatOn: true })]);
}

/** How the phone shows one line of an order (src/features/orders/components/order-detail-parts.tsx OrderLineCards). */
function shownLine(product: string, quantity: number, unit: string, unitPrice: number, vatRate: number): string {
  const amounts = lineAmounts({ unitPrice, quantity, discount: null, vatRate, vatOn: true });
  return `1. ${product} | ${quantity} ${unit} × ${formatMoney(unitPrice)} | ${formatMoney(amounts.total)} | VAT ${vatRate}%: ${formatMoney(amounts.vat)}`;
}

// ---- Tests --------------------------------------------------------------------------------------

describe('orders offline, on a phone, with the service worker', () => {
  it(
    'takes an order with a scanned line offline, across reloads; back online, the server holds it once with the same lines and total',
    async () => {
      const customer = 'Nhà thuốc Minh Châu';
      const office = await officeSignIn(app.server.url);
      const customerId = await customerIdByName(office, customer);
      const { variant, unit } = await scanOnServer(office, DEMO_BARCODES.hapacolStrip);
      expect([variant.product_name, unit.unit, unit.price]).toEqual(['Hapacol 500', 'vỉ', 5_000]);
      const totals = totalsOf(unit.price, 3, variant.vat_rate);
      const before = await serverOrders(office);
      // The demo's history (server/seed/demo-history.ts) has orders at every pharmacy already.
      const beforeAtCustomer = (await serverOrders(office, { customer: customerId })).count;

      const { context, page } = await openOrderScreenOnline(office);
      // Online, the app keeps the company's bank accounts on the device for the VietQR code.
      await eventually(() => page.evaluate(() => Object.keys(localStorage).some((key) => key.includes('/bank/api/card/')))).toBe(true);
      await goOffline(context, page);

      // Customer, then the scan adds one vỉ; the rep makes it three.
      await pickCustomer(page, customer);
      await scanIntoOrder(page, DEMO_BARCODES.hapacolStrip);
      await toast(page, 'success', 'Đã thêm 1 vỉ Hapacol 500').waitFor();
      await eventually(() => cartLines(page).count()).toBe(1);
      await expect(cartLines(page).first().getByTestId('line-title').innerText()).resolves.toBe('Hapacol 500');
      await setQuantity(cartLines(page).first(), 3);
      await eventually(() => page.getByTestId('total-total').innerText()).toBe(formatMoney(totals.total));

      // The half-made order is the cart saved on the phone: a reload brings it all back.
      await reloadOffline(page);
      await eventually(() => page.getByTestId('order-customer-name').innerText()).toBe(customer);
      await eventually(() => cartLines(page).count()).toBe(1);
      await expect(cartLines(page).first().getByTestId('quantity-input').inputValue()).resolves.toBe('3');
      await eventually(() => page.getByTestId('total-total').innerText()).toBe(formatMoney(totals.total));

      // Sent while offline: saved on the phone, waiting, under the phone's own number.
      await sendButton(page).click();
      await toast(page, 'success', SAVED_OFFLINE).waitFor();
      const orderId = await openedOrderId(page);
      const line = shownLine('Hapacol 500', 3, 'vỉ', 5_000, variant.vat_rate);
      await eventually(() => orderPage(page).then((shown) => ({ ...shown, code: LOCAL_NO.test(shown.code) }))).toEqual({
        code: true,
        chip: 'Chờ gửi',
        lines: [line],
        total: formatMoney(totals.total),
      });
      const localNo = (await orderPage(page)).code;

      // Reloaded offline, the order is still there and still waiting; nothing reached the server.
      await reloadOffline(page);
      await eventually(() => orderPage(page)).toEqual({ code: localNo, chip: 'Chờ gửi', lines: [line], total: formatMoney(totals.total) });
      await expect(orderOps(page, orderId)).resolves.toEqual(['order.submit pending']);
      await expect(serverOrders(office).then((all) => all.count)).resolves.toBe(before.count);
      // Offline, the order's page still lets the rep collect for it: "Thu tiền" is there, and the
      // VietQR code for the order's total to the company's account the device kept.
      const payments = page.getByTestId('order-payments-offline');
      await eventually(() => payments.getByTestId('collect-open').isVisible()).toBe(true);
      const qr = payments.getByTestId('viet-qr');
      await eventually(() => qr.isVisible()).toBe(true);
      await expect(qr.getByRole('img').getAttribute('alt')).resolves.toMatch(/^Mã VietQR chuyển khoản .+ \d+$/);
      await expect(qr.innerText()).resolves.toContain(formatMoney(totals.total));

      // Back online: sent at once, and the order's page shows the official code, without a reload.
      await app.plugIn(context);
      await eventually(() => orderPage(page).then((shown) => OFFICIAL_CODE.test(shown.code)), SYNC_MS).toBe(true);
      const shown = await orderPage(page);
      expect(shown).toMatchObject({ chip: null, total: formatMoney(totals.total) });
      await expect(page.getByTestId('order-detail').innerText()).resolves.toContain(`Số trên máy: ${localNo}`);
      await eventually(() => pillState(page)).toMatch(/^synced: Đã đồng bộ \d\d:\d\d$/);
      await expect(orderOps(page, orderId)).resolves.toEqual(['order.submit done']);

      // The server holds it exactly once, with the phone's lines and total.
      const all = await serverOrders(office);
      expect(all.count, 'orders of the company on the server').toBe(before.count + 1);
      const atCustomer = await serverOrders(office, { customer: customerId });
      expect(atCustomer.count, `orders of ${customer} on the server`).toBe(beforeAtCustomer + 1);
      const stored = atCustomer.rows.find((row) => row.id === orderId)!;
      expect(stored).toMatchObject({
        id: orderId,
        code: shown.code,
        local_no: localNo,
        status: 'pending',
        customer_name: customer,
        subtotal: totals.subtotal,
        vat_total: totals.vat,
        total: totals.total,
      });
      expect(stored.lines.map((entry) => [entry.product_name, entry.unit, entry.quantity, entry.unit_price, entry.line_total])).toEqual([
        ['Hapacol 500', 'vỉ', 3, 5_000, totals.total],
      ]);

      // The rep's own list says so too, once.
      await page.goto('/order');
      const mine = page.locator(`[data-testid="my-order"][data-order-id="${orderId}"]`);
      await eventually(() => mine.getByTestId('order-chip').allInnerTexts()).toEqual([`Đã nhận ${shown.code}`]);
      await expect(page.getByTestId('my-order').filter({ hasText: shown.code }).count()).resolves.toBe(1);
      await expect(mine.getByTestId('my-order-total').innerText()).resolves.toBe(formatMoney(totals.total));
    },
    TEST_TIMEOUT_MS,
  );

  it(
    'a price raised on the server while the phone is offline comes back as a refusal the rep confirms; the server then holds one order at the new price',
    async () => {
      const customer = 'Nhà thuốc Phúc An';
      const office = await officeSignIn(app.server.url);
      const customerId = await customerIdByName(office, customer);
      const { variant, unit } = await scanOnServer(office, DEMO_BARCODES.panadolStrip);
      expect([variant.product_name, unit.unit, unit.price]).toEqual(['Panadol Extra', 'vỉ', 18_000]);
      const raisedPrice = 19_500;
      const quoted = totalsOf(unit.price, 2, variant.vat_rate);
      const raised = totalsOf(raisedPrice, 2, variant.vat_rate);
      const before = await serverOrders(office);
      // The demo's history (server/seed/demo-history.ts) has orders at every pharmacy already.
      const beforeAtCustomer = (await serverOrders(office, { customer: customerId })).count;

      const { context, page } = await openOrderScreenOnline(office);
      await goOffline(context, page);
      await pickCustomer(page, customer);
      await scanIntoOrder(page, DEMO_BARCODES.panadolStrip);
      await toast(page, 'success', 'Đã thêm 1 vỉ Panadol Extra').waitFor();
      await eventually(() => cartLines(page).count()).toBe(1);
      await setQuantity(cartLines(page).first(), 2);
      await eventually(() => page.getByTestId('total-total').innerText()).toBe(formatMoney(quoted.total));
      await sendButton(page).click();
      await toast(page, 'success', SAVED_OFFLINE).waitFor();
      const orderId = await openedOrderId(page);
      await eventually(() => orderPage(page).then((shown) => [shown.chip, shown.total])).toEqual(['Chờ gửi', formatMoney(quoted.total)]);
      const localNo = (await orderPage(page)).code;
      expect(localNo).toMatch(LOCAL_NO);

      // Meanwhile the office raises the price of the vỉ.
      await setUnitPrice(office, variant, unit.unit, raisedPrice);
      await expect(scanOnServer(office, DEMO_BARCODES.panadolStrip).then((found) => found.unit.price)).resolves.toBe(raisedPrice);

      // Back online: the server refuses the order with the raise, and the order's page says so.
      await app.plugIn(context);
      const refused = page.getByTestId('order-detail').getByTestId('refused-order');
      await refused.waitFor({ timeout: SYNC_MS });
      // One answer: the raise, and the total the order comes to.
      const raise = [
        `Giá Panadol Extra (vỉ) đã tăng: ${formatMoney(unit.price)} → ${formatMoney(raisedPrice)}`,
        `Tổng tiền: ${formatMoney(quoted.total)} → ${formatMoney(raised.total)}`,
      ].join('\n');
      await expect(refused.getByTestId('refusal-reason').innerText()).resolves.toBe(
        'Đơn hàng đã thay đổi trên hệ thống. Vui lòng xác nhận các thay đổi dưới đây và tổng tiền mới với khách hàng rồi gửi lại.',
      );
      await expect(refused.getByTestId('order-changes').innerText()).resolves.toBe(raise);
      await eventually(() => orderPage(page).then((shown) => [shown.code, shown.chip])).toEqual([localNo, 'Bị từ chối – Sửa']);
      await expect(orderOps(page, orderId)).resolves.toEqual(['order.submit rejected']);
      await expect(serverOrders(office, { customer: customerId }).then((found) => found.count)).resolves.toBe(beforeAtCustomer);

      // The rep confirms the new price: the order is back on the order screen at that price.
      await refused.getByRole('button', { name: 'Xác nhận giá mới và gửi lại' }).click();
      await waitForPath(page, '/order/create');
      const fixing = page.getByTestId('fixing-order');
      await eventually(() => fixing.innerText()).toContain(`Đang sửa đơn ${localNo} bị từ chối`);
      await expect(fixing.getByTestId('order-changes').innerText()).resolves.toBe(raise);
      await eventually(() => page.getByTestId('order-customer-name').innerText()).toBe(customer);
      await eventually(() => cartLines(page).count()).toBe(1);
      await eventually(() => page.getByTestId('total-total').innerText()).toBe(formatMoney(raised.total));
      await expect(sendButton(page).innerText()).resolves.toBe('Gửi lại đơn');

      // Sent again, online: accepted, the same order, now with its official code.
      await sendButton(page).click();
      await toast(page, 'success', SENT_ONLINE).waitFor();
      await expect(openedOrderId(page)).resolves.toBe(orderId);
      await eventually(() => orderPage(page).then((shown) => OFFICIAL_CODE.test(shown.code)), SYNC_MS).toBe(true);
      const shown = await orderPage(page);
      expect(shown).toMatchObject({
        chip: null,
        lines: [shownLine('Panadol Extra', 2, 'vỉ', raisedPrice, variant.vat_rate)],
        total: formatMoney(raised.total),
      });
      await expect(page.getByTestId('refused-order').count()).resolves.toBe(0);
      await expect(orderOps(page, orderId)).resolves.toEqual(['order.submit done', 'order.submit done']);

      // The server holds exactly one order, at the new price.
      expect((await serverOrders(office)).count, 'orders of the company on the server').toBe(before.count + 1);
      const atCustomer = await serverOrders(office, { customer: customerId });
      expect(atCustomer.count, `orders of ${customer} on the server`).toBe(beforeAtCustomer + 1);
      const stored = atCustomer.rows.find((row) => row.id === orderId)!;
      expect(stored).toMatchObject({ id: orderId, code: shown.code, local_no: localNo, status: 'pending', total: raised.total });
      expect(stored.lines.map((entry) => [entry.product_name, entry.unit, entry.quantity, entry.unit_price, entry.line_total])).toEqual([
        ['Panadol Extra', 'vỉ', 2, raisedPrice, raised.total],
      ]);
    },
    TEST_TIMEOUT_MS,
  );
  it(
    'a refused order the customer no longer wants is set aside with a reason: it leaves the device, the alarm ends, /diagnostics keeps why',
    async () => {
      const customer = 'Quầy thuốc Đức Hạnh';
      const office = await officeSignIn(app.server.url);
      const customerId = await customerIdByName(office, customer);
      const { variant, unit } = await scanOnServer(office, DEMO_BARCODES.efferalganStrip);
      expect([variant.product_name, unit.unit, unit.price]).toEqual(['Efferalgan 500mg viên sủi', 'vỉ', 12_000]);
      const beforeAtCustomer = (await serverOrders(office, { customer: customerId })).count;

      const { context, page } = await openOrderScreenOnline(office);
      await goOffline(context, page);
      await pickCustomer(page, customer);
      await scanIntoOrder(page, DEMO_BARCODES.efferalganStrip);
      await eventually(() => cartLines(page).count()).toBe(1);
      await sendButton(page).click();
      await toast(page, 'success', SAVED_OFFLINE).waitFor();
      const orderId = await openedOrderId(page);
      await setUnitPrice(office, variant, unit.unit, 13_500);

      // Refused on reconnect: the pill asks for attention, the order page offers what can be done.
      await app.plugIn(context);
      const refused = page.getByTestId('order-detail').getByTestId('refused-order');
      await refused.waitFor({ timeout: SYNC_MS });
      await eventually(() => pillState(page), SYNC_MS).toBe('attention: Cần xử lý: 1 thao tác bị từ chối');

      // "Bỏ đơn này", with a reason: back on the order list, the order gone, the alarm ended.
      await refused.getByTestId('discard-refused-order').click();
      const form = refused.getByTestId('discard-form');
      await expect(form.getByTestId('discard-confirm').isDisabled()).resolves.toBe(true);
      await form.getByTestId('discard-reason').click();
      await page.getByRole('option', { name: 'Khách không đặt nữa' }).click();
      await form.getByTestId('discard-confirm').click();
      await waitForPath(page, '/order');
      await toast(page, 'success', 'Đã bỏ đơn ').waitFor();
      await eventually(() => pillState(page)).not.toMatch(/^attention/);
      await expect(
        readStores(page, ['orders']).then((stores) => (stores.orders as { id: string }[]).some((order) => order.id === orderId)),
      ).resolves.toBe(false);

      // /diagnostics keeps the op, set aside with its reason and the server's words.
      await page.goto('/diagnostics');
      const row = page.getByTestId('outbox-row').filter({ hasText: 'Lý do bỏ: Khách không đặt nữa' });
      await eventually(() => row.count()).toBe(1);
      await expect(row.getByTestId('outbox-op-state').textContent()).resolves.toBe('Đã bỏ');
      await expect(row.innerText()).resolves.toContain('Số lần gửi: 1');
      await expect(row.getByTestId('outbox-op-error').innerText()).resolves.toContain('Giá đã thay đổi');
      // Nothing reached the server.
      await expect(serverOrders(office, { customer: customerId }).then((found) => found.count)).resolves.toBe(beforeAtCustomer);
    },
    TEST_TIMEOUT_MS,
  );
});
