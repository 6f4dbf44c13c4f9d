/**
 * Issue 18 in the browser, against the providers' simulators: the accountant (0912000004, role Kế
 * toán) opens a completed order at a desk (1440x900), issues its e-invoice through meInvoice (the
 * dialog shows the lines, the total and the amount in words, the buyer's tax code from the
 * customer) and downloads its PDF once published.
 */
import fs from 'node:fs';
import { and, eq, like } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { einvoiceOrders, orders } from '@server/kernel/db/schema';
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
    await expect(dialog.getByTestId('invoice-total').innerText()).resolves.toBe(`Tổng tiền thanh toán: ${order.total.toLocaleString('vi-VN')}\u00a0₫`);
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
    expect(fs.readFileSync((await download.path())!).subarray(0, 5).toString()).toBe('%PDF-');
    // One invoice for the order at meInvoice, for the order's total.
    const atSimulator = app.server.sims!.simulators.meinvoice.invoices().filter((invoice) => invoice.TotalAmount === order.total);
    expect(atSimulator).toHaveLength(1);
  });
});
