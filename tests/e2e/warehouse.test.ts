/**
 * The warehouse (browser; docs/warehouse.md): the warehouse and its stock, on the real server (demo data,
 * PGlite) in Debian's Chromium.
 * - The keeper (Thủ kho, 0912000005) at a desk writes and completes an import receipt with a new
 *   lot of Omeprazol, and the stock view shows the lot; then imports a purchase from Excel (the
 *   template downloaded, filled in): a sheet with refused rows names each row and column and writes
 *   nothing, the fixed sheet becomes a completed receipt, which opens.
 * - A rep (0912000001) on a phone (390 px) sees what the warehouse can sell of it on the order
 *   screen and orders three strips.
 * - The office (the demo owner) ships the order (Đang giao): the lot's balance falls by exactly the
 *   thirty tablets ordered; then strips come back through "Nhập hàng trả lại" on the order (asking
 *   for more than is left after a return made at another desk is refused with the server's words),
 *   and the return receipt is linked there.
 * - A count of Smecta made at the office is counted on the keeper's phone (390 px) by a scanner
 *   typing into the search box and onto the page, sent offline, delivered when the network returns;
 *   completed at the office, the stock view moves by the difference between the count and the books.
 *
 * The first three tests are one story (the lot, then the order of it, then its shipment): they
 * run in order and hand on what they made. What a page shows is checked against what the server
 * holds (tests/support/warehouse-api.ts). "Offline" is real for the page: the browser reaches the
 * server through a proxy that is unplugged (tests/support/offline-proxy.ts).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { formatMoney, groupDigits } from '@contract/money';
import { vietnamDay } from '@contract/price-policy';
import type { VariantRecord } from '@contract/products';
import { warehousePaths } from '@contract/warehouse';
import { STOCK_SHEET_COLUMNS } from '@contract/warehouse-sheet';
import { COUNT_MERGE_NOTES } from '@contract/warehouse-counts';
import { DEMO_STAFF } from '@server/seed/demo-employees';
import { VIEWPORTS, wedgeScan, withSlowCpu } from '@tests/support/browser';
import { firstSyncDone, readStores } from '@tests/support/device-store';
import { COMPANIES, eventually, setupE2e, signInAs, signInTo, toast, waitForPath, waitForServiceWorker } from '@tests/support/e2e-app';
import { cartLines, findProduct, openedOrderId, pickCustomer, sendButton, setQuantity } from '@tests/support/order-screen';
import { api, officeSignIn, scanOnServer, serverOrder, type Office } from '@tests/support/orders-api';
import { demoUnitBarcode, serverReceipt, serverStock, serverWarehouses } from '@tests/support/warehouse-api';

const app = setupE2e({ unpluggable: true });

const TEST_TIMEOUT_MS = 180_000;

/** How long a phone may take to send its queue once the network is back (the `online` event sends at once). */
const SYNC_MS = 45_000;

/** Demo units with a barcode (server/seed/demo-products.json, numbered in seed order). */
const UNITS = {
  omeprazolBox: demoUnitBarcode(31),
  loratadinBox: demoUnitBarcode(45),
  smectaSachet: demoUnitBarcode(23),
  smectaBox: demoUnitBarcode(24),
} as const;

/** The rep's own customer (server/seed/demo-employees.ts). */
const CUSTOMER = 'Phòng khám Đa khoa Sài Gòn';
const KEEPER_NAME = 'Bùi Văn Kiên';
/** What the keeper writes on the count (it lost letters when typed on a slow phone). */
const NOTE = 'Thieu 2 hop do vo';

/** The new lot of the first test: expiring before the demo's lots of Omeprazol, so shipping takes it first (FEFO). */
const LOT = { no: 'E2E-OME-01', boxes: 5, tablets: 500, price: 40_000, expiresOn: vietnamDay(new Date(Date.now() + 200 * 86_400_000)) };
const ORDER = { strips: 3, tablets: 30 };

let office: Office;
let mainWarehouse: number;
let omeprazol: VariantRecord;
/** What the first tests hand on: the order the rep placed. */
const story: { orderId?: string } = {};

beforeAll(async () => {
  office = await officeSignIn(app.server.url);
  mainWarehouse = (await serverWarehouses(office))[0]!.id;
  omeprazol = (await scanOnServer(office, UNITS.omeprazolBox)).variant;
  expect([omeprazol.product_name, omeprazol.units.map((unit) => `${unit.unit}:${unit.factor}`)]).toEqual([
    'Omeprazol 20mg',
    ['viên:1', 'vỉ:10', 'hộp:100'],
  ]);
});

/** 2026-07-01 → 01/07/2026, as people type a date. */
const typedDay = (iso: string) => iso.split('-').reverse().join('/');

/**
 * Types a day into a DD/MM/YYYY field as clerks do, digits only and key by key (01012025: the sixth
 * digit once froze the tab), and leaves it: the field shows the day written out.
 */
async function typeDay(field: Locator, iso: string): Promise<void> {
  await field.pressSequentially(typedDay(iso).replaceAll('/', ''), { delay: 20 });
  await field.blur();
  await eventually(() => field.inputValue()).toBe(typedDay(iso));
}

/** The texts of a table's body rows, cell by cell. */
function tableRows(table: Locator): Promise<string[][]> {
  return table
    .locator('tbody tr')
    .evaluateAll((rows) => rows.map((row) => [...row.querySelectorAll('td')].map((cell) => (cell as HTMLElement).innerText.trim())));
}

// ---- The stock view ---------------------------------------------------------------------------------

/** /warehouse's stock tab searched for one variant: its row in one warehouse. */
async function openStock(page: Page, variant: { id: number; code: string }, warehouseId: number): Promise<Locator> {
  await page.goto('/warehouse');
  await page.getByTestId('warehouse-hub').waitFor();
  await page.getByTestId('stock-search').fill(variant.code);
  await page.waitForURL((url) => url.searchParams.get('search') === variant.code);
  // The list of the search, not the first page it replaces (whose rows would re-render under a click).
  const variants = () =>
    page.getByTestId('stock-row').evaluateAll((rows) => [...new Set(rows.map((row) => row.getAttribute('data-variant')))]);
  await eventually(variants).toEqual([String(variant.id)]);
  const row = page.locator(`[data-testid="stock-row"][data-variant="${variant.id}"][data-warehouse="${warehouseId}"]`);
  await row.waitFor();
  return row;
}

/** A lot of the row as the stock view shows it, the row's lots opened: its base units (data-quantity). */
async function shownLot(page: Page, row: Locator, lotNo: string): Promise<number> {
  const toggle = row.getByTestId('stock-row-toggle');
  if ((await toggle.getAttribute('aria-expanded')) !== 'true') await toggle.click();
  const lot = page.locator(`[data-testid="stock-lot"][data-lot-no="${lotNo}"]`);
  await lot.waitFor();
  return Number(await lot.getAttribute('data-quantity'));
}

// ---- Excel ------------------------------------------------------------------------------------------

type SheetLine = (string | number | null)[];

/** The template the dialog downloaded, its example row replaced by `lines`, saved as a new .xlsx. */
async function fillTemplate(template: string, lines: SheetLine[], name: string): Promise<string> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile(template);
  const sheet = workbook.worksheets[0]!;
  sheet.spliceRows(2, sheet.rowCount - 1);
  for (const line of lines) sheet.addRow(line);
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'stock-sheet-')), name);
  await workbook.xlsx.writeFile(file);
  return file;
}

async function pickFile(page: Page, dialog: Locator, file: string): Promise<void> {
  const chooser = page.waitForEvent('filechooser');
  await dialog.getByTestId('stock-import-pick').click();
  await (await chooser).setFiles(file);
}

// ---- Tests ------------------------------------------------------------------------------------------

describe('warehouse and stock', () => {
  it(
    'a. the keeper completes an import receipt with a new lot and sees the lot in the stock view; a purchase from Excel names refused rows, then becomes a receipt',
    async () => {
      const { page } = await app.open(VIEWPORTS.desktop);
      await signInAs(page, DEMO_STAFF.storekeeper, COMPANIES.anKhang);
      await eventually(() => firstSyncDone(page, office.companyId), 60_000).toBe(true);
      const before = await serverStock(office, omeprazol, mainWarehouse);

      // Nhập kho → Tạo phiếu: five boxes of Omeprazol in a new lot, at 40.000 ₫ a box.
      await page.goto('/warehouse?tab=import');
      await page.getByTestId('warehouse-hub').waitFor();
      await page.getByTestId('receipt-create').click();
      await waitForPath(page, '/inventory/receipt/import/create');
      const form = page.getByTestId('receipt-form');
      await expect(form.getByTestId('receipt-warehouse').inputValue()).resolves.toBe('Kho chính TP. Hồ Chí Minh');
      await form.getByTestId('receipt-partner-name').fill('Công ty CP Dược Hậu Giang');
      await form.getByTestId('variant-search').fill('omepra');
      await form
        .getByTestId('variant-result')
        .filter({ hasText: 'Omeprazol 20mg' })
        .locator('[data-testid="variant-add-unit"][data-unit="hộp"]')
        .click();
      const line = form.getByTestId('receipt-line');
      await eventually(() => line.count()).toBe(1);
      await line.getByTestId('line-quantity').fill(String(LOT.boxes));
      await line.getByTestId('line-unit-price').fill(String(LOT.price));
      await line.getByTestId('line-lot-no').fill(LOT.no);
      await typeDay(line.getByTestId('line-expires-on'), LOT.expiresOn);
      // The manufacture day as d/m/yyyy, and the document's day picked from the calendar.
      const manufactured = line.getByTestId('line-manufactured-on');
      await manufactured.pressSequentially('5/3/2026', { delay: 20 });
      await manufactured.blur();
      await eventually(() => manufactured.inputValue()).toBe('05/03/2026');
      const firstOfMonth = `${vietnamDay().slice(0, 8)}01`;
      const [year, month] = firstOfMonth.split('-').map(Number);
      await form.getByTestId('receipt-document-date').click();
      await page.getByRole('button', { name: `1 tháng ${month} ${year}`, exact: true }).click();
      await eventually(() => form.getByTestId('receipt-document-date').inputValue()).toBe(typedDay(firstOfMonth));
      await eventually(() => form.getByTestId('receipt-form-amount').innerText()).toBe(formatMoney(LOT.boxes * LOT.price));
      await form.getByTestId('receipt-complete').click();

      await page.waitForURL((url) => /^\/inventory\/receipt\/import\/[0-9a-f-]{36}$/.test(url.pathname));
      const detail = page.getByTestId('receipt-detail');
      await eventually(() => detail.getAttribute('data-status')).toBe('completed');
      const receiptRow = detail.locator(`[data-testid="receipt-line-row"][data-lot-no="${LOT.no}"]`);
      await expect(receiptRow.innerText()).resolves.toContain('Omeprazol 20mg');
      const stored = await serverReceipt(office, 'import', new URL(page.url()).pathname.split('/').pop()!);
      expect([stored.document_date, stored.lines.map((entry) => [entry.manufactured_on, entry.expires_on])]).toEqual([
        firstOfMonth,
        [['2026-03-05', LOT.expiresOn]],
      ]);

      // The stock view: the row grew by the five boxes and the lot is there with its 500 tablets.
      const row = await openStock(page, omeprazol, mainWarehouse);
      await eventually(() => row.getAttribute('data-on-hand')).toBe(String((before?.on_hand ?? 0) + LOT.tablets));
      await expect(shownLot(page, row, LOT.no)).resolves.toBe(LOT.tablets);
      const lot = page.locator(`[data-testid="stock-lot"][data-lot-no="${LOT.no}"]`);
      await expect(lot.innerText()).resolves.toContain(typedDay(LOT.expiresOn));

      // Nhập từ Excel: the template, filled with one good row and two bad ones: nothing is written.
      const loratadin = (await scanOnServer(office, UNITS.loratadinBox)).variant;
      const loratadinBefore = await serverStock(office, loratadin, mainWarehouse);
      await page.goto('/warehouse?tab=import');
      await page.getByTestId('stock-import-open').click();
      const dialog = page.getByTestId('stock-import-dialog');
      await dialog.waitFor();
      const [download] = await Promise.all([page.waitForEvent('download'), dialog.getByTestId('stock-import-template').click()]);
      expect(download.suggestedFilename()).toBe('mau-nhap-kho.xlsx');
      const template = await download.path();
      const read = new ExcelJS.Workbook();
      await read.xlsx.readFile(template);
      expect((read.worksheets[0]!.getRow(1).values as unknown[]).slice(1)).toEqual([...STOCK_SHEET_COLUMNS]);

      const expiry = typedDay(vietnamDay(new Date(Date.now() + 400 * 86_400_000)));
      const good: SheetLine = [loratadin.code, 'hộp', 2, 30_000, 'E2E-LOR-01', null, expiry];
      const refused = await fillTemplate(
        template,
        [good, ['KHONGCO', 'hộp', 1, 1_000, 'X1', null, expiry], [loratadin.code, 'hộp', 1, 30_000, 'E2E-LOR-02', null, '31/02/2030']],
        'nhap-kho-loi.xlsx',
      );
      await dialog.getByTestId('stock-import-partner').fill('Công ty TNHH Zuellig Pharma Việt Nam');
      await pickFile(page, dialog, refused);
      const report = dialog.getByTestId('stock-import-report');
      await report.waitFor();
      await toast(page, 'warning', '2 dòng lỗi: chưa nhập gì').waitFor();
      await expect(report.getByTestId('stock-import-error-count').innerText()).resolves.toBe('2');
      await expect(tableRows(report.getByTestId('stock-import-errors'))).resolves.toEqual([
        ['3', 'Mã hàng', 'Không có sản phẩm mã KHONGCO'],
        ['4', 'Hạn dùng', 'Hạn dùng không hợp lệ (DD/MM/YYYY)'],
      ]);
      await expect(serverStock(office, loratadin, mainWarehouse)).resolves.toEqual(loratadinBefore);

      // The fixed sheet: one completed receipt, which opens, with the lot of the sheet.
      const fixed = await fillTemplate(template, [good], 'nhap-kho.xlsx');
      await report.getByRole('button', { name: 'Nhập tệp khác', exact: true }).click();
      await pickFile(page, dialog, fixed);
      await toast(page, 'success', 'Đã nhập 1 dòng vào phiếu PN').waitFor();
      await page.waitForURL((url) => /^\/inventory\/receipt\/import\/[0-9a-f-]{36}$/.test(url.pathname));
      await eventually(() => detail.getAttribute('data-status')).toBe('completed');
      await expect(detail.locator('[data-testid="receipt-line-row"][data-lot-no="E2E-LOR-01"]').innerText()).resolves.toContain(
        'Loratadin 10mg',
      );
      const imported = await serverReceipt(office, 'import', new URL(page.url()).pathname.split('/').pop()!);
      expect([imported.partner_name, imported.lines.map((entry) => [entry.lot_no, entry.base_quantity, entry.expires_on])]).toEqual([
        'Công ty TNHH Zuellig Pharma Việt Nam',
        [['E2E-LOR-01', 200, expiry.split('/').reverse().join('-')]],
      ]);
      await expect(serverStock(office, loratadin, mainWarehouse).then((stock) => stock?.on_hand)).resolves.toBe(
        (loratadinBefore?.on_hand ?? 0) + 200,
      );
    },
    TEST_TIMEOUT_MS,
  );

  it(
    'b. a rep on a phone sees what the warehouse can sell of the product on the order screen and orders some of it',
    async () => {
      const stock = await serverStock(office, omeprazol, mainWarehouse);
      expect(stock?.lots.find((lot) => lot.lot_no === LOT.no)?.quantity, 'the lot of test a').toBe(LOT.tablets);
      const available = stock!.available;

      const { page } = await app.open(VIEWPORTS.phone);
      await signInAs(page, DEMO_STAFF.repSouth, COMPANIES.anKhang);
      await page.goto('/order/create');
      await page.getByTestId('order-create').waitFor();
      await eventually(() => firstSyncDone(page, office.companyId), 60_000).toBe(true);

      await pickCustomer(page, CUSTOMER);
      const result = await findProduct(page, 'omeprazol', 'Omeprazol 20mg');
      // Thousands grouped with dots, as everywhere (docs/vietnam.md "Numbers, money and dates").
      await eventually(() => result.getByTestId('result-stock').innerText()).toBe(`Còn ${groupDigits(available)} viên`);
      await result.getByRole('button', { name: 'Thêm 1 vỉ Omeprazol 20mg' }).click();
      await eventually(() => cartLines(page).count()).toBe(1);
      const line = cartLines(page).first();
      await setQuantity(line, ORDER.strips);
      await expect(line.getByTestId('line-available').innerText()).resolves.toBe(`Còn ${groupDigits(available)} viên`);
      await expect(line.getByTestId('line-stock-warning').count()).resolves.toBe(0);

      await sendButton(page).click();
      await toast(page, 'success', 'Đã gửi đơn hàng').waitFor();
      const orderId = await openedOrderId(page);
      await eventually(() => page.getByTestId('order-code').innerText(), 30_000).toMatch(/^DH\d{6}$/);
      const stored = await serverOrder(office, orderId);
      expect([stored.status, stored.customer_name, stored.lines.map((entry) => [entry.product_name, entry.unit, entry.quantity])]).toEqual([
        'pending',
        CUSTOMER,
        [['Omeprazol 20mg', 'vỉ', ORDER.strips]],
      ]);
      // The order holds its tablets: the warehouse can sell that much less.
      await expect(serverStock(office, omeprazol, mainWarehouse).then((row) => row?.available)).resolves.toBe(available - ORDER.tablets);
      story.orderId = orderId;
    },
    TEST_TIMEOUT_MS,
  );

  it(
    'c. the office ships the order and the lot falls by exactly what was ordered; a strip comes back through the return on the order',
    async () => {
      const orderId = story.orderId;
      if (!orderId) throw new Error('no order from test b (this test continues the story of tests a and b: run the whole file)');
      const { page } = await app.open(VIEWPORTS.desktop);
      await signInTo(page, COMPANIES.anKhang);
      const before = await shownLot(page, await openStock(page, omeprazol, mainWarehouse), LOT.no);
      expect(before).toBe(LOT.tablets);

      // Xác nhận, then Bắt đầu giao: shipping issues the export receipt, linked on the order.
      await page.goto(`/order/${orderId}`);
      const detail = page.getByTestId('order-detail');
      await eventually(() => detail.getAttribute('data-status')).toBe('pending');
      for (const [status, title] of [
        ['confirmed', 'Xác nhận'],
        ['delivering', 'Bắt đầu giao'],
      ] as const) {
        await detail.getByTestId(`order-move-${status}`).click();
        const dialog = page.getByRole('dialog', { name: title });
        await dialog.getByTestId('status-confirm').click();
        await eventually(() => detail.getAttribute('data-status')).toBe(status);
        await dialog.waitFor({ state: 'hidden' });
      }
      const card = page.getByTestId('order-stock');
      const shipment = card.getByTestId('order-shipment-receipt');
      await eventually(() => shipment.getAttribute('data-status')).toBe('completed');
      await expect(shipment.innerText()).resolves.toMatch(/^PX\d{6}/);

      // The lot the shipment took (first expiry first) fell by exactly the thirty tablets.
      const row = await openStock(page, omeprazol, mainWarehouse);
      await expect(shownLot(page, row, LOT.no)).resolves.toBe(before - ORDER.tablets);

      // Nhập hàng trả lại: the dialog offers the three strips back. Meanwhile someone at another desk
      // takes one strip back; sending all three is then refused with the server's words, and one goes.
      await page.goto(`/order/${orderId}`);
      await page.getByTestId('order-return-open').click();
      const dialog = page.getByTestId('order-return-dialog');
      const returned = dialog.getByTestId('order-return-line');
      await eventually(() => returned.getAttribute('data-max')).toBe(String(ORDER.strips));
      const quantity = returned.getByTestId('order-return-quantity');
      await expect(quantity.inputValue()).resolves.toBe(String(ORDER.strips));
      const order = await serverOrder(office, orderId);
      const elsewhere = await api<{ id: string }>(office.baseUrl, warehousePaths.returnOrder, {
        token: office.token,
        body: {
          company: office.companyId,
          order: orderId,
          document_date: vietnamDay(),
          lines: [{ line_id: order.lines[0]!.id, quantity: 1 }],
        },
      });
      expect(elsewhere.status, elsewhere.body.message).toBe(201);
      await dialog.getByTestId('order-return-submit').click();
      await eventually(() => dialog.getByTestId('order-return-error').innerText()).toBe('Omeprazol 20mg: chỉ còn 2 vỉ chưa nhập trả');
      await quantity.fill('1');
      await dialog.getByTestId('order-return-note').fill('Khách trả lại một vỉ móp hộp');
      await dialog.getByTestId('order-return-submit').click();
      await toast(page, 'success', 'Đã nhập kho hàng trả về (đang biệt trữ)').waitFor();
      await dialog.waitFor({ state: 'hidden' });

      // Both returns are linked on the order; the one made here opens as a completed return receipt.
      const otherCode = (await serverReceipt(office, 'import', elsewhere.body.data.id)).code;
      const backs = card.getByTestId('order-return-receipt');
      await eventually(() => backs.evaluateAll((rows) => rows.length)).toBe(2);
      const back = backs.filter({ hasNot: page.getByRole('link', { name: otherCode, exact: true }) });
      const code = await back.getAttribute('data-code');
      expect(code).toMatch(/^PN\d{6}$/);
      await back.getByRole('link', { name: code!, exact: true }).click();
      await page.waitForURL((url) => /^\/inventory\/receipt\/import\/[0-9a-f-]{36}$/.test(url.pathname));
      const receipt = page.getByTestId('receipt-detail');
      await eventually(() => receipt.getAttribute('data-code')).toBe(code);
      await expect(receipt.getAttribute('data-status')).resolves.toBe('completed');
      await expect(receipt.getByTestId('receipt-facts').innerText()).resolves.toContain(`Hàng trả về của đơn ${order.code}`);
      await expect(receipt.locator(`[data-testid="receipt-line-row"][data-lot-no="${LOT.no}"]`).innerText()).resolves.toMatch(/\b10\b/);
      // Two strips back in the lot they left from (held apart until released).
      const stock = await serverStock(office, omeprazol, mainWarehouse);
      expect(stock?.lots.find((lot) => lot.lot_no === LOT.no)?.quantity).toBe(before - ORDER.tablets + 2 * 10);
    },
    TEST_TIMEOUT_MS,
  );

  it(
    'd. a count made at the office is counted on a phone by scanning, sent offline, and its difference posts when the office completes it',
    async () => {
      const smecta = (await scanOnServer(office, UNITS.smectaBox)).variant;
      const book = await serverStock(office, smecta, mainWarehouse);
      expect(book?.lots.map((lot) => lot.lot_no)).toEqual(['AK2510']);

      // The office: Kiểm kho → Tạo phiếu kiểm, Smecta only.
      const desk = await app.open(VIEWPORTS.desktop);
      const officePage = desk.page;
      await signInTo(officePage, COMPANIES.anKhang);
      await eventually(() => firstSyncDone(officePage, office.companyId), 60_000).toBe(true);
      await officePage.goto('/warehouse?tab=check');
      await officePage.getByTestId('receipt-create').click();
      const create = officePage.getByTestId('check-create');
      await create.getByText('Chọn sản phẩm', { exact: true }).click();
      await create.getByTestId('variant-search').fill('smecta');
      await create.getByTestId('variant-result').filter({ hasText: 'Smecta' }).getByTestId('variant-add-unit').click();
      await eventually(() => create.getByTestId('check-chosen').innerText()).toContain('Smecta');
      // Several people may count the same shelf: the last figure anyone sends is the count.
      await create.getByTestId('check-merge-latest').click();
      await create.getByTestId('check-create-submit').click();
      await officePage.waitForURL((url) => /^\/inventory\/receipt\/check\/[0-9a-f-]{36}$/.test(url.pathname));
      const check = officePage.getByTestId('receipt-detail');
      const code = await check.getAttribute('data-code');
      expect(code).toMatch(/^KK\d{6}$/);

      // The keeper's phone: the count is on the device; offline, two boxes scanned into the search
      // box and a sachet scanned with nothing focused (a wedge scanner types wherever the focus is).
      const phone = await app.open(VIEWPORTS.phone, { serviceWorkers: 'allow' });
      const page = phone.page;
      await signInAs(page, DEMO_STAFF.storekeeper, COMPANIES.anKhang);
      await eventually(() => firstSyncDone(page, office.companyId), 60_000).toBe(true);
      await waitForServiceWorker(page);
      // The way to the count screen: the phone's menu grid (Kho → Đếm kho).
      await page.goto('/dashboard');
      await page.getByTestId('menu-grid').getByRole('link', { name: 'Đếm kho', exact: true }).click();
      await waitForPath(page, '/inventory/count');
      await page.getByTestId('open-count').filter({ hasText: code! }).click();
      const view = page.getByTestId('count-view');
      await view.waitFor();
      await expect(view.getByTestId('count-merge-note').innerText()).resolves.toBe(COUNT_MERGE_NOTES.latest);
      await app.unplug(phone.context);
      const counted = view.locator(`[data-testid="count-line"][data-variant="${smecta.id}"]`).getByTestId('count-input');
      const search = view.getByTestId('count-search');
      for (const expected of ['30', '60']) {
        await search.click();
        await page.keyboard.type(UNITS.smectaBox, { delay: 5 });
        await page.keyboard.press('Enter');
        await eventually(() => counted.inputValue()).toBe(expected);
        await expect(search.inputValue()).resolves.toBe('');
      }
      await toast(page, 'success', '+30 gói Smecta lô AK2510').first().waitFor();
      await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
      await wedgeScan(page, UNITS.smectaSachet);
      await eventually(() => counted.inputValue()).toBe('61');
      // A note typed on a slow phone (4× CPU) keeps every letter: the field shows what was typed.
      const note = view.getByTestId('count-note');
      await withSlowCpu(page, 4, async () => {
        await note.pressSequentially(NOTE, { delay: 30 });
        await expect(note.inputValue()).resolves.toBe(NOTE);
      });
      await view.getByTestId('count-send').click();
      await toast(page, 'success', 'Đã lưu số đếm trên máy, sẽ gửi khi có mạng').waitFor();
      // The sheet sent stays on the screen with its figures, waiting for signal; the draft is empty again.
      const sent = view.getByTestId('count-sent-sheet');
      await eventually(() => sent.count()).toBe(1);
      await expect(sent.getByTestId('count-sent-lines').innerText()).resolves.toBe('Smecta lô AK2510: 61 gói');
      await expect(sent.getByTestId('sync-chip').getAttribute('data-state')).resolves.toBe('pending');
      await expect(counted.inputValue()).resolves.toBe('');
      await expect(note.inputValue()).resolves.toBe('');
      const countOps = async () =>
        ((await readStores(page, ['outbox'])).outbox as { type: string; state: string }[])
          .filter((op) => op.type === 'stock.count')
          .map((op) => (op.state === 'sending' ? 'pending' : op.state));
      await expect(countOps()).resolves.toEqual(['pending']);

      // Back online, the sheet goes. The keeper recounts the lot (58) and sends again: a recount
      // replaces the keeper's 61, it is not 119 sachets.
      await app.plugIn(phone.context);
      await eventually(countOps, SYNC_MS).toEqual(['done']);
      await eventually(() => sent.getByTestId('sync-chip').getAttribute('data-state')).toBe('synced');
      await counted.fill('58');
      await view.getByTestId('count-send').click();
      await eventually(countOps, SYNC_MS).toEqual(['done', 'done']);
      await eventually(() => sent.count()).toBe(2);
      await expect(sent.first().getByTestId('count-sent-lines').innerText()).resolves.toBe('Smecta lô AK2510: 58 gói');

      // The office sees the keeper among the counters and, before completing, what was counted.
      await officePage.reload();
      await eventually(() => check.getByTestId('check-counters').innerText()).toContain(KEEPER_NAME);
      await expect(check.getByTestId('check-open-note').innerText()).resolves.toContain('Mỗi lô lấy lần đếm mới nhất, của bất kỳ ai.');
      const lotRow = check.locator('[data-testid="check-line-row"][data-lot-no="AK2510"]');
      await eventually(() => lotRow.innerText()).toContain('58');
      await expect(check.getByTestId('check-shortage').innerText()).resolves.toMatch(/^Thiếu: /);
      await check.getByTestId('receipt-move-completed').click();
      await officePage.getByRole('dialog').getByRole('button', { name: 'Xác nhận', exact: true }).click();
      await eventually(() => check.getAttribute('data-status')).toBe('completed');
      // Books against the count: 61 sachets counted, the rest short.
      const shortage = await check.getByTestId('check-shortage').innerText();
      const short = Number(/^Thiếu: ([\d.]+)/.exec(shortage)?.[1]?.replace(/\./g, ''));
      expect(short, shortage).toBe(book!.on_hand - 58);

      // The difference is posted: the stock view moved by exactly the shortage shown.
      const row = await openStock(officePage, smecta, mainWarehouse);
      await eventually(() => row.getAttribute('data-on-hand')).toBe(String(book!.on_hand - short));
      await expect(shownLot(officePage, row, 'AK2510')).resolves.toBe(58);
    },
    TEST_TIMEOUT_MS,
  );
});
