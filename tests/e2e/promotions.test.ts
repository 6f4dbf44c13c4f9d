/**
 * Promotions (browser; docs/promotions.md): promotions the office runs reach a rep's phone (390 px) and the
 * cart applies them offline: the gift, the discount and the hint for the next tier; the server holds
 * the same totals. A programme the office stops while the phone is offline comes back as a refusal
 * naming it, with old and new totals; the rep confirms and the server holds the order once. When
 * the office also raises the price and blocks the customer's credit, one refusal names all of it;
 * the rep keeps the order as a draft for later, the alarm ends, and the draft sent later against a
 * stock cut is taken with the cut, shown on the order's page with the old and new totals.
 *
 * The office's side is the real API (the office screens have their own test); the phone reaches the
 * server through an unpluggable proxy (tests/support/offline-proxy.ts), as in orders-offline.test.ts.
 */
import { describe, expect, it } from 'vitest';
import type { BrowserContext, Locator, Page } from 'playwright-core';
import { formatMoney } from '@contract/money';
import type { OrderRecord } from '@contract/orders';
import { promotionPaths, type PromotionRecord } from '@contract/promotions';
import type { VariantRecord } from '@contract/products';
import { receivablePaths, type ReceivableSettings } from '@contract/receivables';
import { vietnamDay } from '@contract/price-policy';
import { receiptPaths } from '@contract/warehouse-receipts';
import { VIEWPORTS } from '@tests/support/browser';
import { firstSyncDone, readStores } from '@tests/support/device-store';
import {
  COMPANIES,
  eventually,
  setupE2e,
  signInAs,
  toast,
  TOAST_EXIT_MS,
  uncovered,
  waitForPath,
  waitForServiceWorker,
} from '@tests/support/e2e-app';
import { customerOption } from '@tests/support/order-screen';
import { apiCall, officeSignIn, type Office } from '@tests/support/office-api';
import { customerIdByName, setUnitPrice } from '@tests/support/orders-api';
import { serverStock, serverWarehouses } from '@tests/support/warehouse-api';

const app = setupE2e({ unpluggable: true });

const REP = '0912000001';
const CUSTOMER = 'Nhà thuốc Thủ Đức Xanh';
const PRODUCT = { name: 'Siro ho Prospan', unit: 'chai', price: 85_000, vat: 5 };
const SYNC_MS = 45_000;

const day = (offset: number) => new Date(Date.now() + 7 * 3_600_000 + offset * 86_400_000).toISOString().slice(0, 10);

async function call<T>(office: Office, path: string, options: { method?: string; body?: Record<string, unknown> } = {}) {
  const separator = path.includes('?') ? '&' : '?';
  const url = options.body ? path : `${path}${separator}company=${office.companyId}`;
  const answer = await apiCall<T>(app.server.url, url, {
    token: office.token,
    method: options.method,
    body: options.body ? { company: office.companyId, ...options.body } : undefined,
  });
  expect(answer.status, `${options.method ?? 'GET'} ${path}: ${answer.body.message}`).toBeLessThan(300);
  return answer.body.data;
}

/** The office runs a programme: created (waiting for approval), then approved. */
async function run(office: Office, input: Record<string, unknown>): Promise<PromotionRecord> {
  const made = await call<PromotionRecord>(office, promotionPaths.promotions, { body: { starts_on: day(-1), ends_on: day(30), ...input } });
  return call<PromotionRecord>(office, promotionPaths.action(made.id), { body: { action: 'approve' } });
}

const stop = (office: Office, id: number) => call<PromotionRecord>(office, promotionPaths.action(id), { body: { action: 'stop' } });

function cartLines(page: Page): Locator {
  return page.getByTestId('cart-lines').getByTestId('cart-line');
}

async function setQuantity(line: Locator, quantity: number): Promise<void> {
  const input = line.getByTestId('quantity-input');
  await input.fill(String(quantity));
  await input.blur();
  await eventually(() => input.inputValue()).toBe(String(quantity));
}

const promotionsCard = (page: Page) => page.getByTestId('cart-promotions');
const hints = (page: Page) => promotionsCard(page).getByTestId('promotion-hint').allInnerTexts();
const gifts = async (page: Page) =>
  (await promotionsCard(page).getByTestId('gift-line').allInnerTexts()).map((text) => text.replace(/\s*\n+\s*/g, ' | '));

/** The demo's own running programmes make way for the ones a test runs; answers the Prospan variant. */
async function clearProgrammes(office: Office): Promise<VariantRecord> {
  for (const record of await call<PromotionRecord[]>(office, `${promotionPaths.promotions}?status=3`)) await stop(office, record.id);
  return (await call<VariantRecord[]>(office, `/product/api/variant/?search=prospan`)).find(
    (variant) => variant.product_name === PRODUCT.name,
  )!;
}

/**
 * The rep's phone, synced and then offline, on the order screen with the customer picked and one
 * chai of Prospan in the cart.
 */
async function offlineCart(office: Office): Promise<{ context: BrowserContext; page: Page }> {
  const { context, page } = await app.open(VIEWPORTS.phone, { serviceWorkers: 'allow' });
  await signInAs(page, REP, COMPANIES.anKhang);
  await page.goto('/order/create');
  await waitForPath(page, '/order/create');
  await page.getByTestId('order-create').waitFor();
  await eventually(() => firstSyncDone(page, office.companyId), 60_000).toBe(true);
  await waitForServiceWorker(page);
  await app.unplug(context);
  await page.reload();
  await page.getByTestId('order-create').waitFor();
  await customerOption(page, page, CUSTOMER).click();
  await eventually(() => page.getByTestId('order-customer-name').innerText()).toBe(CUSTOMER);
  await page.getByTestId('product-search').fill('prospan');
  await page.getByRole('button', { name: `Thêm 1 ${PRODUCT.unit} ${PRODUCT.name}`, exact: true }).click();
  await eventually(() => cartLines(page).count()).toBe(1);
  return { context, page };
}

describe('promotions on a phone', () => {
  it('applies buy-10-get-1 and the 5 % tier offline with hints; a tier stopped meanwhile comes back to confirm; the server holds the same totals', async () => {
    const office = await officeSignIn(app.server.url);
    const prospan = await clearProgrammes(office);
    const buyTen = await run(office, {
      name: 'Mua 10 chai Prospan tặng 1 chai – thử nghiệm',
      kind: 'buy_get',
      variant_ids: [prospan.id],
      tiers: [{ threshold: 10, reward: 'gift', gift_variant_id: null, gift_quantity: 1 }],
    });
    const tier = await run(office, {
      name: 'Giảm 5% đơn từ 2.000.000 đ – thử nghiệm',
      kind: 'order_total',
      tiers: [{ threshold: 2_000_000, reward: 'percent', value: 5 }],
    });
    expect([buyTen.status, tier.status]).toEqual([3, 3]);

    const { context, page } = await offlineCart(office);

    // Nine chai: no gift yet, one more for it.
    await setQuantity(cartLines(page).first(), 9);
    await eventually(() => hints(page)).toEqual([
      `${buyTen.name}: mua thêm 1 chai để được tặng 1 chai ${PRODUCT.name}`,
      `${tier.name}: mua thêm ${formatMoney(2_000_000 - 9 * PRODUCT.price)} để được giảm 5% đơn hàng`,
    ]);
    await expect(gifts(page)).resolves.toEqual([]);

    // Twenty-five: two chai free, 5 % off the 2.125.000 đ, and the next gift five chai away.
    await setQuantity(cartLines(page).first(), 25);
    const subtotal = 25 * PRODUCT.price;
    const promotion = Math.round(subtotal * 0.05);
    const total = subtotal - promotion + Math.round(((subtotal - promotion) * PRODUCT.vat) / 100);
    await eventually(() => gifts(page)).toEqual([`Tặng 2 chai ${PRODUCT.name} | 0 ₫`]);
    await eventually(() => hints(page)).toEqual([`${buyTen.name}: mua thêm 5 chai để được tặng thêm 1 chai ${PRODUCT.name}`]);
    await expect(page.getByTestId('total-promotion').innerText()).resolves.toBe(formatMoney(-promotion));
    await eventually(() => page.getByTestId('total-total').innerText()).toBe(formatMoney(total));

    await page.getByTestId('submit-bar').getByTestId('submit-order').click();
    await toast(page, 'success', 'Đã lưu đơn hàng, đang chờ đồng bộ').waitFor();
    await page.waitForURL((url) => /^\/order\/[0-9a-f-]{36}$/.test(url.pathname));
    const orderId = new URL(page.url()).pathname.split('/')[2]!;

    // Meanwhile the office stops the tier.
    await stop(office, tier.id);
    await app.plugIn(context);
    const refused = page.getByTestId('order-detail').getByTestId('refused-order');
    await refused.waitFor({ timeout: SYNC_MS });
    await expect(refused.getByTestId('refusal-reason').innerText()).resolves.toBe(
      'Đơn hàng đã thay đổi trên hệ thống. Vui lòng xác nhận các thay đổi dưới đây và tổng tiền mới với khách hàng rồi gửi lại.',
    );
    const changes = await refused.getByTestId('order-changes').innerText();
    expect(changes).toContain(`Chương trình ${tier.name} đã dừng`);
    const withoutTier = subtotal + Math.round((subtotal * PRODUCT.vat) / 100);
    expect(changes).toContain(`Tổng tiền: ${formatMoney(total)} → ${formatMoney(withoutTier)}`);

    // The rep confirms: back in the cart, priced with what runs now, sent again.
    await refused.getByRole('button', { name: 'Xác nhận khuyến mại mới và gửi lại' }).click();
    await waitForPath(page, '/order/create');
    await eventually(() => page.getByTestId('total-total').innerText()).toBe(formatMoney(withoutTier));
    await eventually(() => gifts(page)).toEqual([`Tặng 2 chai ${PRODUCT.name} | 0 ₫`]);
    await page.getByTestId('submit-bar').getByTestId('submit-order').click();
    await toast(page, 'success', 'Đã gửi đơn hàng').waitFor();

    // The server holds it once, with the phone's totals and the gift as a 0 đ line.
    const fetchOrder = async () =>
      (
        await apiCall<OrderRecord>(app.server.url, `/order/api/ordercompany/${orderId}/?company=${office.companyId}`, {
          token: office.token,
        })
      ).body.data;
    await eventually(async () => (await fetchOrder())?.status ?? null, SYNC_MS).toBe('pending');
    const order = await fetchOrder();
    expect(order).toMatchObject({ subtotal, promotion_total: 0, total: withoutTier });
    expect(order.lines.map((line) => [line.product_name, line.quantity, line.is_gift, line.line_total])).toEqual([
      [PRODUCT.name, 25, false, withoutTier],
      [PRODUCT.name, 2, true, 0],
    ]);
    const usage = await call<{ order_id: string; quantity: number }[]>(office, promotionPaths.usage(buyTen.id));
    expect(usage.map((row) => [row.order_id, row.quantity])).toEqual([[orderId, 2]]);
  }, 300_000);

  it('a raised price, a stopped gift and a credit block come back in one refusal; kept as a draft, sent later and cut by the stock, the order is taken with its changes shown', async () => {
    const office = await officeSignIn(app.server.url);
    const officeAt = { baseUrl: app.server.url, ...office };
    const prospan = await clearProgrammes(office);
    const buyTen = await run(office, {
      name: 'Mua 10 chai Prospan tặng 1 chai – đợt 2',
      kind: 'buy_get',
      variant_ids: [prospan.id],
      tiers: [{ threshold: 10, reward: 'gift', gift_variant_id: null, gift_quantity: 1 }],
    });
    const customerId = await customerIdByName(officeAt, CUSTOMER);
    const [warehouse] = await serverWarehouses(officeAt);
    /** The office completes a receipt so that orders may take exactly `available` chai more. */
    const availableTo = async (available: number) => {
      const now = (await serverStock(officeAt, prospan, warehouse!.id))!;
      const delta = available - now.available;
      const kind = delta > 0 ? 'import' : 'export';
      const line = { variant_id: prospan.id, unit: PRODUCT.unit, quantity: Math.abs(delta), unit_price: 60_000 };
      await call(office, receiptPaths(kind).list, {
        body: {
          document_date: vietnamDay(),
          status: 'completed',
          lines: [kind === 'import' ? { ...line, lot_no: 'E2E-PROSPAN', expires_on: day(700) } : line],
        },
      });
      await expect(serverStock(officeAt, prospan, warehouse!.id).then((row) => row!.available)).resolves.toBe(available);
    };
    await availableTo(50);
    const quoted = Math.round(10 * PRODUCT.price * (1 + PRODUCT.vat / 100));
    const raisedPrice = 90_000;
    const raised = Math.round(10 * raisedPrice * (1 + PRODUCT.vat / 100));

    // Offline: ten chai and the free one.
    const { context, page } = await offlineCart(office);
    await setQuantity(cartLines(page).first(), 10);
    await eventually(() => gifts(page)).toEqual([`Tặng 1 chai ${PRODUCT.name} | 0 ₫`]);
    await eventually(() => page.getByTestId('total-total').innerText()).toBe(formatMoney(quoted));

    // Meanwhile the office raises the price, stops the programme and blocks the customer's credit.
    const settings = await call<ReceivableSettings>(office, receivablePaths.settings);
    await setUnitPrice(officeAt, prospan, PRODUCT.unit, raisedPrice);
    await stop(office, buyTen.id);
    await call(office, receivablePaths.creditLimit(customerId), { method: 'PUT', body: { credit_limit: 1_000, credit_days: null } });
    await call(office, receivablePaths.settings, { method: 'PUT', body: { ...settings, credit_policy: 'block' } });
    let refusedId: string | undefined;
    try {
      await page.getByTestId('submit-bar').getByTestId('submit-order').click();
      await toast(page, 'success', 'Đã lưu đơn hàng, đang chờ đồng bộ').waitFor();
      await page.waitForURL((url) => /^\/order\/[0-9a-f-]{36}$/.test(url.pathname));
      refusedId = new URL(page.url()).pathname.split('/')[2]!;

      // One refusal names every change, with the old and new totals; the toast of the send, still
      // up when the refusal lands, leaves the panel's heading in view.
      await app.plugIn(context);
      const refused = page.getByTestId('order-detail').getByTestId('refused-order');
      await refused.waitFor({ timeout: SYNC_MS });
      await eventually(() => uncovered(refused.locator('.mantine-Alert-title')), TOAST_EXIT_MS).toBe(true);
      const changes = await refused.getByTestId('order-changes').innerText();
      expect(changes).toContain(
        `Giá ${PRODUCT.name} (${PRODUCT.unit}) đã tăng: ${formatMoney(PRODUCT.price)} → ${formatMoney(raisedPrice)}`,
      );
      expect(changes).toContain(`Chương trình ${buyTen.name} đã dừng`);
      expect(changes).toContain(`Hàng tặng ${PRODUCT.name}: từ 1 chai còn 0`);
      expect(changes).toMatch(/vượt hạn mức công nợ/);
      expect(changes).toContain(`Tổng tiền: ${formatMoney(quoted)} → ${formatMoney(raised)}`);
      const pill = page.getByTestId('mobile-header').getByTestId('sync-status');
      await eventually(() => pill.getAttribute('data-tone')).toBe('attention');

      // The credit will lift: the rep keeps the order as a draft. The cart holds it at the new price, the alarm ends.
      await refused.getByTestId('keep-refused-as-draft').click();
      await waitForPath(page, '/order/create');
      await toast(page, 'success', 'thành đơn nháp').waitFor();
      await eventually(() => page.getByTestId('order-customer-name').innerText()).toBe(CUSTOMER);
      await eventually(() => cartLines(page).count()).toBe(1);
      await eventually(() => page.getByTestId('total-total').innerText()).toBe(formatMoney(raised));
      await eventually(() => pill.getAttribute('data-tone')).not.toBe('attention');
    } finally {
      await call(office, receivablePaths.creditLimit(customerId), { method: 'PUT', body: { credit_limit: null, credit_days: null } });
      await call(office, receivablePaths.settings, { method: 'PUT', body: settings });
    }

    // The phone hears that the block is lifted (the send waits until it has), then goes offline
    // again and the draft is sent; meanwhile the warehouse has only four chai left for orders.
    const send = page.getByTestId('submit-bar').getByTestId('submit-order');
    // Enabled, or what the bar says stands in the way.
    const sendable = async () => (await send.isEnabled()) || (await page.getByTestId('submit-bar').innerText());
    await page.reload();
    await eventually(sendable, SYNC_MS).toBe(true);
    // What the phone decides offline with: the customer's record, pulled with the limit and policy lifted.
    const heard = async () => {
      const { receivables } = await readStores(page, ['receivables']);
      const row = (receivables as { id: string; credit_limit: number | null; policy: string }[]).find((entry) => entry.id === customerId);
      return row ? [row.credit_limit, row.policy] : null;
    };
    await eventually(heard, SYNC_MS).toEqual([null, settings.credit_policy]);
    await app.unplug(context);
    await page.reload();
    await eventually(() => cartLines(page).count()).toBe(1);
    await eventually(sendable).toBe(true);
    await send.click();
    await toast(page, 'success', 'Đã lưu đơn hàng, đang chờ đồng bộ').waitFor();
    await page.waitForURL((url) => /^\/order\/[0-9a-f-]{36}$/.test(url.pathname));
    const sentId = new URL(page.url()).pathname.split('/')[2]!;
    expect(sentId).not.toBe(refusedId);
    await availableTo(4);
    await app.plugIn(context);
    const taken = page.getByTestId('order-detail').getByTestId('order-applied-changes');
    await taken.waitFor({ timeout: SYNC_MS });
    const cut = Math.round(4 * raisedPrice * (1 + PRODUCT.vat / 100));
    await expect(taken.innerText()).resolves.toContain(`${PRODUCT.name} chỉ còn 4 chai`);
    await expect(taken.innerText()).resolves.toContain(`Tổng tiền: ${formatMoney(raised)} → ${formatMoney(cut)}`);
    const order = await call<OrderRecord>(office, `/order/api/ordercompany/${sentId}/`);
    expect([order.total, order.lines.map((line) => [line.quantity, line.unit_price])]).toEqual([cut, [[4, raisedPrice]]]);

    // /diagnostics keeps the refused op, turned into the draft.
    await page.goto('/diagnostics');
    await eventually(() => page.getByTestId('outbox-row').filter({ hasText: 'Chuyển thành đơn nháp' }).count()).toBe(1);
  }, 300_000);
});
