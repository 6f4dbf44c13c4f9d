/**
 * Correcting a published e-invoice in the browser under NĐ 70/2025 (docs/invoices.md
 * "Corrections"), against the meInvoice simulator: the accountant (0912000004, role Kế toán) finds
 * no "Hủy hóa đơn" on a published invoice; after the buyer gave goods back through the warehouse's
 * return receipt, the adjust dialog fills the returned quantity from it, and she makes the decrease
 * adjustment with the agreement with the buyer, a business, and its scan (no other invoice of the
 * buyer that month to list), which is published with a negative total and listed on the original;
 * and she replaces the demo invoice whose buyer's tax code was wrong
 * (server/seed/demo-invoices.ts), which then reads "Đã bị thay thế".
 */
import { and, eq, isNull } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { invoicePaths, type InvoiceRecord } from '@contract/invoices';
import { vietnamDay } from '@contract/price-policy';
import { taxCodeProblem } from '@contract/tax-code';
import { warehousePaths } from '@contract/warehouse';
import { companies, customers, einvoices } from '@server/kernel/db/schema';
import { axeViolations } from '@tests/support/axe';
import { VIEWPORTS } from '@tests/support/browser';
import { COMPANIES, eventually, setupE2e, signInAs, toast, waitForPath } from '@tests/support/e2e-app';
import { api, createOrderOnServer, DEMO_BARCODES, moveOnServer, officeSignIn } from '@tests/support/orders-api';

const app = setupE2e({ simulators: true });
const ACCOUNTANT = '0912000004';
/** A demo invoiced pharmacy (server/seed/demo-invoices.ts BUYER_TAX_CODES). */
const REPLACED_BUYER = '0101243150';
const PUBLISH_MS = 30_000;

/** A tiny PDF, the agreement's scan. */
const SCAN_PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);

/** The demo's invoice for the buyer of `taxCode` (not a correction of another). */
async function demoInvoice(taxCode: string) {
  const { db } = app.server.deps;
  const [anKhang] = await db.select({ id: companies.id }).from(companies).where(eq(companies.title, COMPANIES.anKhang));
  const rows = await db
    .select({ id: einvoices.id, buyer: einvoices.buyer, lines: einvoices.lines })
    .from(einvoices)
    .where(and(eq(einvoices.companyId, anKhang!.id), isNull(einvoices.replacesId), isNull(einvoices.adjustsId)));
  const invoice = rows.find((row) => row.buyer.tax_code === taxCode);
  if (!invoice) throw new Error(`the demo has no invoice for ${taxCode}`);
  return invoice;
}

/** Today as the date field takes it (DD/MM/YYYY). */
function todayTyped(): string {
  const [year, month, day] = vietnamDay().split('-');
  return `${day}/${month}/${year}`;
}

/** A valid tax code other than `wrong`: the same first nine digits and another check digit that holds. */
function correctedTaxCode(wrong: string): string {
  for (let digit = 0; digit <= 9; digit += 1) {
    const code = `${wrong.slice(0, 9)}${digit}`;
    if (code !== wrong && taxCodeProblem(code) === null) return code;
  }
  for (let n = 100_000_000; n < 100_001_000; n += 1) {
    const code = `0${n}`;
    if (code !== wrong && taxCodeProblem(code) === null) return code;
  }
  throw new Error('no valid tax code found');
}

async function openPublished(page: Page, id: string) {
  await page.goto(`/invoices/${id}`);
  await waitForPath(page, `/invoices/${id}`);
  await eventually(() => page.getByTestId('invoice-detail').getAttribute('data-status'), PUBLISH_MS).toBe('issued');
}

/** Fills the agreement with the buyer in `dialog` and attaches its scan. */
async function fillAgreement(dialog: ReturnType<Page['getByTestId']>, error: string) {
  await dialog.getByTestId('agreement-signed-on').fill(todayTyped());
  // Leaves the date field, which closes its calendar.
  await dialog.getByTestId('agreement-signed-on').press('Tab');
  await dialog.getByTestId('agreement-representative').fill('Nguyễn Thị Mai');
  await dialog.getByTestId('agreement-error').fill(error);
  await dialog
    .getByTestId('agreement-fields')
    .locator('input[type="file"]')
    .setInputFiles({ name: 'bien-ban-thoa-thuan.pdf', mimeType: 'application/pdf', buffer: SCAN_PDF });
}

/** Waits for the page to move to another invoice than `from`, and answers its id. */
async function newInvoiceId(page: Page, from: string): Promise<string> {
  await page.waitForURL((url) => /^\/invoices\/[0-9a-f-]{36}$/.test(url.pathname) && !url.pathname.endsWith(from));
  return new URL(page.url()).pathname.split('/').pop()!;
}

/**
 * A business buyer with no other invoice (KH000003 given a tax code) buys 3 strips of Hapacol; the
 * order ships and completes, one strip comes back through the warehouse's return receipt, and the
 * order is invoiced and published. Answers the invoice and the order line given back.
 */
async function invoiceAfterReturn() {
  const { db } = app.server.deps;
  const office = await officeSignIn(app.server.url);
  const [buyer] = await db
    .update(customers)
    .set({ taxCode: correctedTaxCode('0100109106') })
    .where(and(eq(customers.companyId, office.companyId), eq(customers.code, 'KH000003')))
    .returning();
  const order = await createOrderOnServer(office, { customerId: buyer!.id, lines: [{ barcode: DEMO_BARCODES.hapacolStrip, quantity: 3 }] });
  for (const status of ['confirmed', 'delivering', 'completed'] as const) await moveOnServer(office, order.id, status);
  const returnedLineId = order.lines[0]!.id;
  const back = await api(app.server.url, warehousePaths.returnOrder, {
    token: office.token,
    body: { company: office.companyId, order: order.id, document_date: vietnamDay(), lines: [{ line_id: returnedLineId, quantity: 1 }] },
  });
  expect(back.status, back.body.message).toBe(201);
  const issued = await api<InvoiceRecord>(app.server.url, invoicePaths.invoices, {
    token: office.token,
    body: {
      company: office.companyId,
      order_ids: [order.id],
      buyer: {
        legal_name: buyer!.name,
        name: buyer!.ownerName,
        tax_code: buyer!.taxCode,
        address: order.customer_address,
        email: null,
        phone: null,
      },
      payment_method: 'TM/CK',
    },
  });
  expect(issued.status, issued.body.message).toBe(201);
  return { ...issued.body.data, returnedLineId };
}

describe('e-invoice corrections (NĐ 70/2025)', () => {
  it('the accountant cannot cancel a published invoice and adjusts it down after the goods came back to the warehouse, with the agreement and its scan', async () => {
    const original = await invoiceAfterReturn();
    const line = original.lines.find((row) => row.order_line_id === original.returnedLineId)!;
    const { page } = await app.open(VIEWPORTS.desktop);
    await signInAs(page, ACCOUNTANT, COMPANIES.anKhang);
    await openPublished(page, original.id);
    const number = (await page.getByTestId('invoice-title').innerText()).replace('Hóa đơn số ', '');
    await expect(page.getByTestId('invoice-cancel').count()).resolves.toBe(0);

    await page.getByTestId('invoice-adjust').click();
    const dialog = page.getByTestId('adjust-invoice-dialog');
    await dialog.waitFor();
    await expect(dialog.getByTestId('agreement-rule').innerText()).resolves.toContain(
      'Người mua là doanh nghiệp: bắt buộc lập biên bản thỏa thuận',
    );
    // The demo invoices this buyer once: nothing else of the month for the list (Mẫu 01/BK-ĐCTT).
    await eventually(() => dialog.getByTestId('adjust-listed-empty').innerText()).toBe(
      'Không có hóa đơn nào khác của người mua trong tháng',
    );
    await expect(axeViolations(page)).resolves.toEqual([]);

    // What the warehouse took back fills the returned quantity, naming its receipt.
    await eventually(() => dialog.getByTestId('adjust-returns-note').innerText()).toMatch(
      /^Theo phiếu nhập trả PN\d+ \(\d{2}\/\d{2}\/\d{4}\): đã điền số lượng hàng trả lại\.$/,
    );
    await expect(dialog.getByTestId(`adjust-return-qty-${line.line_no}`).inputValue()).resolves.toBe('1');
    await eventually(async () => Number(await dialog.getByTestId('adjust-total').getAttribute('data-total'))).toBeLessThan(0);
    await expect(dialog.getByTestId('adjust-words').innerText()).resolves.toMatch(/^Số tiền viết bằng chữ: Giảm /);
    await dialog.getByTestId('invoice-adjust-reason').fill(`Khách trả lại 1 ${line.unit} ${line.item_name}`);
    // A business buyer: refused until the agreement is filled in.
    await dialog.getByTestId('invoice-adjust-confirm').click();
    await expect(dialog.getByTestId('invoice-adjust-problem').innerText()).resolves.toContain('cần biên bản thỏa thuận');
    await fillAgreement(dialog, `Người mua trả lại 1 ${line.unit} ${line.item_name}`);
    await dialog.getByTestId('invoice-adjust-confirm').click();
    await toast(page, 'success', `Đã lập hóa đơn điều chỉnh cho hóa đơn số ${number}, đang phát hành qua meInvoice`).waitFor();

    const adjustingId = await newInvoiceId(page, original.id);
    await eventually(() => page.getByTestId('invoice-detail').getAttribute('data-status'), PUBLISH_MS).toBe('issued');
    await expect(page.getByTestId('invoice-adjusts').innerText()).resolves.toBe(`Điều chỉnh giảm · Điều chỉnh cho hóa đơn số ${number}`);
    await expect(page.getByTestId('invoice-total').innerText()).resolves.toMatch(/^Tổng tiền thanh toán: -[\d.]+\u00a0₫$/);
    await expect(page.getByTestId('invoice-words').innerText()).resolves.toMatch(/^Số tiền viết bằng chữ: Giảm /);
    await expect(page.getByTestId('invoice-agreement-representative').innerText()).resolves.toBe('Nguyễn Thị Mai');
    await eventually(() => page.getByTestId('invoice-agreement-scan').count()).toBe(1);
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('invoice-agreement-scan').click()]);
    expect(await download.failure()).toBe(null);
    await expect(page.getByTestId('invoice-cancel').count()).resolves.toBe(0);
    await expect(axeViolations(page)).resolves.toEqual([]);

    // The original lists its adjustment, published, with its signed total.
    await page.getByTestId('invoice-adjusts').getByRole('link').click();
    await waitForPath(page, `/invoices/${original.id}`);
    const row = page.getByTestId('invoice-adjusted-by').locator(`[data-id="${adjustingId}"]`);
    await eventually(() => row.getAttribute('data-status'), PUBLISH_MS).toBe('issued');
    await expect(row.innerText()).resolves.toMatch(/^Số \d+\s*· Điều chỉnh giảm ·\s*-[\d.]+\u00a0₫$/);
    await expect(axeViolations(page)).resolves.toEqual([]);
  }, 120_000);

  it('the accountant replaces an invoice whose buyer tax code was wrong: the replacement is published and the original reads "Đã bị thay thế"', async () => {
    const original = await demoInvoice(REPLACED_BUYER);
    const corrected = correctedTaxCode(REPLACED_BUYER);
    const { page } = await app.open(VIEWPORTS.desktop);
    await signInAs(page, ACCOUNTANT, COMPANIES.anKhang);
    await openPublished(page, original.id);
    const number = (await page.getByTestId('invoice-title').innerText()).replace('Hóa đơn số ', '');
    await expect(page.getByTestId('invoice-cancel').count()).resolves.toBe(0);

    await page.getByTestId('invoice-replace').click();
    const dialog = page.getByTestId('replace-invoice-dialog');
    await dialog.waitFor();
    await dialog.getByTestId('invoice-replace-reason').fill('Sai mã số thuế người mua');
    await dialog.getByTestId('buyer-tax-code').fill(corrected);
    await fillAgreement(dialog, `Mã số thuế người mua ghi sai ${REPLACED_BUYER}, đúng là ${corrected}`);
    await expect(axeViolations(page)).resolves.toEqual([]);
    await dialog.getByTestId('invoice-replace-confirm').click();
    await toast(page, 'success', `Đã lập hóa đơn thay thế cho hóa đơn số ${number}, đang phát hành qua meInvoice`).waitFor();

    await newInvoiceId(page, original.id);
    await eventually(() => page.getByTestId('invoice-detail').getAttribute('data-status'), PUBLISH_MS).toBe('issued');
    await expect(page.getByText('Mã số thuế người mua', { exact: true }).locator('..').innerText()).resolves.toContain(corrected);
    await expect(page.getByTestId('invoice-agreement-representative').innerText()).resolves.toBe('Nguyễn Thị Mai');

    await page.goto(`/invoices/${original.id}`);
    await waitForPath(page, `/invoices/${original.id}`);
    await eventually(() => page.getByTestId('invoice-status').first().innerText(), PUBLISH_MS).toBe('Đã bị thay thế');
    await expect(page.getByTestId('invoice-replace').count()).resolves.toBe(0);
    await expect(page.getByTestId('invoice-adjust').count()).resolves.toBe(0);
    await expect(axeViolations(page)).resolves.toEqual([]);
  }, 120_000);
});
