/**
 * E-invoices and accounting in the browser (docs/invoices.md), against the providers' simulators: the accountant (0912000004, role Kế
 * toán) opens a completed order at a desk (1440x900), issues its e-invoice through meInvoice (the
 * dialog shows the lines, the total and the amount in words, the buyer's tax code from the
 * customer) and downloads its PDF once published. Then she sends the dictionary to MISA AMIS and
 * synchronises 50 more completed orders (with the demo history's, some 200) with a progress bar while the AMIS simulator holds its
 * answer past our timeout and calls back twice: the simulator ends with one voucher per order.
 */
import fs from 'node:fs';
import { and, eq, like } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { accounts, companies, einvoiceOrders, orders } from '@server/kernel/db/schema';
import { completedOrder } from '@server/seed/demo-invoices';
import { axeViolations } from '@tests/support/axe';
import { VIEWPORTS } from '@tests/support/browser';
import { COMPANIES, eventually, setupE2e, signInAs, toast, waitForPath } from '@tests/support/e2e-app';

const app = setupE2e({ simulators: true });
const ACCOUNTANT = '0912000004';

/** The demo's completed order that has no invoice yet (server/seed/demo-invoices.ts). */
async function orderWithoutInvoice() {
  const { db } = app.server.deps;
  const rows = await db
    .select({ id: orders.id, code: orders.code, total: orders.total, invoice: einvoiceOrders.invoiceId })
    .from(orders)
    .leftJoin(einvoiceOrders, and(eq(einvoiceOrders.orderId, orders.id), eq(einvoiceOrders.active, true)))
    .where(and(like(orders.localNo, 'DEMO-HD-%'), eq(orders.status, 'completed')));
  const free = rows.find((row) => row.invoice === null);
  if (!free) throw new Error('the demo has no completed order without an invoice');
  return free;
}

describe('e-invoices and accounting', () => {
  it('the accountant issues an e-invoice for a completed order and downloads its PDF (1440x900)', async () => {
    const order = await orderWithoutInvoice();
    const { page } = await app.open(VIEWPORTS.desktop);
    await signInAs(page, ACCOUNTANT, COMPANIES.anKhang);
    await page.goto(`/order/${order.id}`);
    await waitForPath(page, `/order/${order.id}`);

    const card = page.getByTestId('order-invoice-card');
    await card.getByText('Đơn hàng chưa có hóa đơn điện tử.').waitFor();
    await card.getByTestId('order-issue-invoice').click();
    const dialog = page.getByTestId('issue-invoice-dialog');
    await expect(dialog.getByTestId('invoice-total').innerText()).resolves.toBe(
      `Tổng tiền thanh toán: ${order.total.toLocaleString('vi-VN')}\u00a0₫`,
    );
    await expect(dialog.getByTestId('invoice-words').innerText()).resolves.toMatch(/^Số tiền viết bằng chữ: [A-ZÀ-Ỹ].* đồng$/u);
    await eventually(() => dialog.getByTestId('buyer-tax-code').inputValue()).toBe('0100109106');
    await dialog.getByTestId('buyer-tax-code').fill('0100109107');
    await dialog.getByText('Mã số thuế không đúng (sai chữ số kiểm tra)').waitFor();
    await dialog.getByTestId('buyer-tax-code').fill('0100109106');
    await dialog.getByTestId('issue-invoice-confirm').click();
    await toast(page, 'success', 'Đã lập hóa đơn, đang phát hành qua meInvoice').waitFor();

    const issued = card.getByTestId('order-invoice').first();
    await eventually(() => issued.getAttribute('data-status'), 20_000).toBe('issued');
    await expect(issued.getByTestId('order-invoice-link').innerText()).resolves.toMatch(/^Số \d{8} · 1C\d{2}TAA$/);
    const [download] = await Promise.all([page.waitForEvent('download'), issued.getByTestId('invoice-pdf').click()]);
    expect(download.suggestedFilename()).toMatch(/^HD_1C\d{2}TAA_\d{8}\.pdf$/);
    expect(await download.failure()).toBe(null);
    expect(
      fs
        .readFileSync((await download.path())!)
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-');
    // One invoice for the order at meInvoice, for the order's total.
    const atSimulator = app.server.sims!.simulators.meinvoice.invoices().filter((invoice) => invoice.TotalAmount === order.total);
    expect(atSimulator).toHaveLength(1);

    // The invoice's own screen meets WCAG 2.1 AA (the demo has no invoice for tests/e2e/accessibility.test.ts to open).
    await issued.getByTestId('order-invoice-link').click();
    await page.waitForURL((url) => /^\/invoices\/[0-9a-f-]{36}$/.test(url.pathname));
    await page.getByTestId('invoice-detail').waitFor();
    await expect(axeViolations(page)).resolves.toEqual([]);
  });
});

describe('accounting with MISA AMIS', () => {
  it('the accountant sends the dictionary, then synchronises 50 orders with a progress bar while AMIS times out and calls back twice: one voucher per order', async () => {
    const { deps } = app.server;
    const sims = app.server.sims!;
    const [anKhang] = await deps.db.select({ id: companies.id }).from(companies).where(eq(companies.title, COMPANIES.anKhang));
    const [owner] = await deps.db.select({ id: accounts.id }).from(accounts).where(eq(accounts.phone, '0901234567'));
    const customerCodes = ['KH000001', 'KH000002', 'KH000003', 'KH000004', 'KH000005'];
    for (let n = 0; n < 50; n += 1) {
      const id = await completedOrder(deps.db, anKhang!.id, owner!.id, {
        customerCode: customerCodes[n % customerCodes.length]!,
        daysAgo: 1 + (n % 7),
        items: [{ product: n % 2 ? 'Hapacol 500' : 'Panadol Extra', quantity: 1 + (n % 9) }],
      });
      if (!id) throw new Error('no order made');
    }

    const { page } = await app.open(VIEWPORTS.desktop);
    await signInAs(page, ACCOUNTANT, COMPANIES.anKhang);
    await page.goto('/accounting');
    await waitForPath(page, '/accounting');
    await page.getByTestId('accounting-tab-mapping').click();
    for (const kind of ['Khách hàng', 'Hàng hóa', 'Kho']) {
      await page.getByTestId('mapping-kind').getByText(kind, { exact: true }).click();
      const [pushed] = await Promise.all([
        page.waitForResponse((response) => response.url().includes('/amis/dictionary/push/') && response.request().method() === 'POST'),
        page.getByTestId('mapping-push').click(),
      ]);
      expect(pushed.status()).toBe(200);
      // Each record now shows its code on AMIS.
      await eventually(() => page.getByTestId('mapping-row').first().locator('input').inputValue()).not.toBe('');
    }

    // AMIS holds its answer to the first push past our timeout, and sends every callback twice.
    sims.faults.amis.push({ kind: 'timeout', path: '/actopen/save', delayMs: 5_000 });
    sims.simulators.amis.duplicateNextCallbacks(1_000);
    await page.getByTestId('accounting-tab-sync').click();
    const start = page.getByTestId('sync-start');
    // Every completed order not pushed yet: this test's 50 and the demo's history (server/seed/demo-history.ts).
    const completed = await deps.db
      .select({ code: orders.code })
      .from(orders)
      .where(and(eq(orders.companyId, anKhang!.id), eq(orders.status, 'completed')));
    expect(completed.length).toBeGreaterThanOrEqual(50);
    await eventually(() => start.innerText()).toMatch(new RegExp(`\\(${completed.length}\\)$`));
    const total = completed.length;
    await start.click();
    const progress = page.getByTestId('sync-progress');
    await progress.waitFor();
    await expect(progress.getAttribute('data-total')).resolves.toBe(String(total));
    await eventually(() => progress.getAttribute('data-done'), 120_000).toBe(String(total));
    await expect(progress.getAttribute('data-failed')).resolves.toBe('0');
    await expect(page.getByTestId('sync-progress-count').innerText()).resolves.toBe(`${total}/${total}`);
    await eventually(() => page.getByTestId('sync-row-status').first().getAttribute('data-status')).toBe('synced');

    // The simulator holds exactly one voucher per order, though it was sent some twice and called back twice.
    const held = [...sims.simulators.amis.companies().get('ANKHANG')!.vouchers.values()];
    expect(held).toHaveLength(total);
    expect(held.map((voucher) => voucher.refno_finance).sort()).toEqual(completed.map((order) => order.code).sort());
  }, 240_000);
});
