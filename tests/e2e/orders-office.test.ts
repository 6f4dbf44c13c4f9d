/**
 * Orders at the office (browser): office staff at a desktop (1440x900), the demo owner in An Khang,
 * confirm an order on its page, bulk-update two orders from the list (each order's result shown),
 * export the list to Excel and open the print view.
 *
 * The orders are taken through the real API first (POST ordercompany/, priced by the server the way
 * a rep's order is), each test its own, and what the office does on screen is checked against what
 * the server then holds (tests/support/orders-api.ts).
 */
import fs from 'node:fs';
import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { formatMoney } from '@contract/money';
import type { OrderRecord } from '@contract/orders';
import { ORDER_STATUS_LABELS } from '@contract/orders-status';
import { VIEWPORTS } from '@tests/support/browser';
import { COMPANIES, eventually, setupE2e, signInTo, toast, waitForPath } from '@tests/support/e2e-app';
import {
  createOrderOnServer,
  customerIdByName,
  DEMO_BARCODES,
  moveOnServer,
  officeSignIn,
  serverOrder,
  serverOrders,
  type Office,
} from '@tests/support/orders-api';

const app = setupE2e();

const TEST_TIMEOUT_MS = 120_000;

const CUSTOMERS = {
  minhChau: 'Nhà thuốc Minh Châu',
  phucAn: 'Nhà thuốc Phúc An',
  ducHanh: 'Quầy thuốc Đức Hạnh',
  thuDuc: 'Nhà thuốc Thủ Đức Xanh',
} as const;

let office: Office;
const customerIds = new Map<string, string>();

beforeAll(async () => {
  office = await officeSignIn(app.server.url);
  for (const name of Object.values(CUSTOMERS)) customerIds.set(name, await customerIdByName(office, name));
});

/** An order of the office for a customer: `strips` vỉ of Hapacol 500 (5.000 ₫ each, VAT 5 %). */
function orderFor(customer: string, strips: number): Promise<OrderRecord> {
  return createOrderOnServer(office, {
    customerId: customerIds.get(customer)!,
    lines: [{ barcode: DEMO_BARCODES.hapacolStrip, quantity: strips }],
  });
}

/** Signs in at a desktop and opens the company's order list. */
async function openOrderList(): Promise<Page> {
  const { page } = await app.open(VIEWPORTS.desktop);
  await signInTo(page, COMPANIES.anKhang);
  await page.goto('/order');
  await waitForPath(page, '/order');
  await page.getByTestId('order-table').waitFor();
  return page;
}

function orderRow(page: Page, order: OrderRecord): Locator {
  return page.locator(`[data-testid="order-row"][data-id="${order.id}"]`);
}

/** The status an order's row is in (its data-status; the badge shows its label). */
function rowStatus(page: Page, order: OrderRecord): Promise<string | null> {
  return orderRow(page, order).getAttribute('data-status');
}

async function select(page: Page, order: OrderRecord): Promise<void> {
  await orderRow(page, order)
    .getByRole('checkbox', { name: `Chọn đơn ${order.code}` })
    .check();
}

/** Each line of the bulk result: the order's code and customer, and what happened to it. */
async function bulkResults(page: Page): Promise<string[]> {
  return (await page.getByTestId('bulk-result').getByTestId('bulk-result-row').allInnerTexts())
    .map((text) =>
      text
        .split('\n')
        .map((part) => part.trim())
        .filter(Boolean)
        .join(' | '),
    )
    .sort();
}

/** Moves the selected orders to a status with the bulk bar and returns the result dialog. */
async function bulkMove(page: Page, status: 'confirmed' | 'delivering', selectedText: string): Promise<Locator> {
  await expect(page.getByTestId('order-bulk-count').innerText()).resolves.toBe('Đã chọn 2 đơn');
  await page.getByTestId('order-bulk-move').click();
  await page.getByTestId(`order-bulk-target-${status}`).click();
  const dialog = page.getByRole('dialog', { name: status === 'confirmed' ? 'Xác nhận' : 'Bắt đầu giao' });
  await expect(dialog.innerText()).resolves.toContain(`Chuyển ${selectedText} sang trạng thái “${ORDER_STATUS_LABELS[status]}”?`);
  await dialog.getByTestId('status-confirm').click();
  const result = page.getByTestId('bulk-result');
  await result.waitFor();
  return result;
}

describe('orders at the office, on a desktop', () => {
  it(
    'confirms an order on its page and opens its print view with the code, customer, lines and total in figures and words',
    async () => {
      const order = await createOrderOnServer(office, {
        customerId: customerIds.get(CUSTOMERS.minhChau)!,
        lines: [
          { barcode: DEMO_BARCODES.hapacolStrip, quantity: 4 },
          { barcode: DEMO_BARCODES.efferalganStrip, quantity: 2 },
        ],
      });
      // 4 vỉ × 5.000 ₫ and 2 vỉ × 12.000 ₫, each with 5 % VAT: 21.000 ₫ + 25.200 ₫.
      expect([order.status, order.total, order.lines.map((line) => line.line_total)]).toEqual(['pending', 46_200, [21_000, 25_200]]);

      const page = await openOrderList();
      await expect(orderRow(page, order).innerText()).resolves.toContain(formatMoney(order.total));
      await orderRow(page, order).getByTestId('order-link').click();
      await waitForPath(page, `/order/${order.id}`, '?type=detail');
      const detail = page.getByTestId('order-detail');
      await expect(detail.getByTestId('order-code').innerText()).resolves.toBe(order.code);
      await expect(detail.getAttribute('data-status')).resolves.toBe('pending');

      // Xác nhận: asked once, then done.
      await detail.getByTestId('order-move-confirmed').click();
      const dialog = page.getByRole('dialog', { name: 'Xác nhận' });
      await expect(dialog.innerText()).resolves.toContain(`Chuyển đơn ${order.code} sang trạng thái “Đã xác nhận”?`);
      await dialog.getByTestId('status-confirm').click();
      await toast(page, 'success', 'Đã chuyển đơn hàng sang "Đã xác nhận"').waitFor();
      await eventually(() => detail.getAttribute('data-status')).toBe('confirmed');
      await dialog.waitFor({ state: 'hidden' });
      await expect(detail.getByTestId('order-move-confirmed').count()).resolves.toBe(0);
      await expect(serverOrder(office, order.id).then((stored) => stored.status)).resolves.toBe('confirmed');

      // The A4 sheet: code, company, customer, each line in figures, total in figures and words.
      await detail.getByTestId('order-print-a4').click();
      await waitForPath(page, `/order/print/${order.id}`, '?format=a4');
      const sheet = page.getByTestId('print-sheet');
      await sheet.waitFor();
      await expect(sheet.getByTestId('print-code').innerText()).resolves.toBe(order.code);
      // The sheet sets the company's name in capitals.
      await expect(sheet.getByTestId('print-company').innerText()).resolves.toBe(COMPANIES.anKhang.toLocaleUpperCase('vi-VN'));
      await expect(sheet.getByTestId('print-customer').innerText()).resolves.toBe(`${CUSTOMERS.minhChau} (${order.customer_code})`);
      const rows = await sheet
        .getByTestId('print-lines')
        .locator('tbody tr')
        .evaluateAll((trs) => trs.map((tr) => [...tr.querySelectorAll('td')].map((td) => (td as HTMLElement).innerText.trim())));
      // STT, Tên hàng hóa (with its code on A4), ĐVT, SL, Đơn giá, Chiết khấu, VAT, Thành tiền.
      expect(rows).toEqual([
        ['1', `Hapacol 500\n${order.lines[0]!.sku}`, 'vỉ', '4', '5.000', '', '5%', '21.000'],
        ['2', `Efferalgan 500mg viên sủi\n${order.lines[1]!.sku}`, 'vỉ', '2', '12.000', '', '5%', '25.200'],
      ]);
      await expect(sheet.getByTestId('print-total').innerText()).resolves.toBe(formatMoney(46_200));
      await expect(sheet.getByTestId('print-words').innerText()).resolves.toBe('Bằng chữ: Bốn mươi sáu nghìn hai trăm đồng');

      // The 80 mm receipt of the same order.
      await page.getByTestId('print-format').getByText('80mm', { exact: true }).click();
      await waitForPath(page, `/order/print/${order.id}`, '?format=receipt80');
      await eventually(() => sheet.getAttribute('data-format')).toBe('receipt80');
      await expect(sheet.getByTestId('print-code').innerText()).resolves.toBe(order.code);
      await expect(sheet.getByTestId('print-customer').innerText()).resolves.toBe(`KH: ${CUSTOMERS.minhChau}`);
      await expect(sheet.getByTestId('print-total').innerText()).resolves.toBe(formatMoney(46_200));
      await expect(sheet.getByTestId('print-words').innerText()).resolves.toBe('Bằng chữ: Bốn mươi sáu nghìn hai trăm đồng');
    },
    TEST_TIMEOUT_MS,
  );

  it(
    'bulk-updates two selected orders, each reported; then a move only one of two may make moves that one and reports the other',
    async () => {
      const first = await orderFor(CUSTOMERS.phucAn, 1);
      const second = await orderFor(CUSTOMERS.ducHanh, 2);
      const page = await openOrderList();

      // Both waiting: both confirmed.
      await select(page, first);
      await select(page, second);
      const result = await bulkMove(page, 'confirmed', '2 đơn đã chọn');
      await expect(result.innerText()).resolves.toContain('Đã cập nhật 2/2 đơn hàng sang “Đã xác nhận”.');
      await expect(result.getByTestId('bulk-moved').innerText()).resolves.toBe('Thành công: 2');
      await expect(result.getByTestId('bulk-refused').innerText()).resolves.toBe('Không chuyển được: 0');
      await expect(bulkResults(page)).resolves.toEqual(
        [
          `${first.code} | ${CUSTOMERS.phucAn} | Đã chuyển sang “Đã xác nhận”`,
          `${second.code} | ${CUSTOMERS.ducHanh} | Đã chuyển sang “Đã xác nhận”`,
        ].sort(),
      );
      await result.getByRole('button', { name: 'Đóng lại' }).click();
      await result.waitFor({ state: 'hidden' });
      await eventually(() => Promise.all([rowStatus(page, first), rowStatus(page, second)])).toEqual(['confirmed', 'confirmed']);
      await expect(orderRow(page, first).innerText()).resolves.toContain('Đã xác nhận');
      await expect(page.getByTestId('order-bulk-bar').count()).resolves.toBe(0);
      await expect(
        Promise.all([serverOrder(office, first.id), serverOrder(office, second.id)]).then((all) => all.map((o) => o.status)),
      ).resolves.toEqual(['confirmed', 'confirmed']);

      // A confirmed order and a waiting one to "Đang giao": only the confirmed one may go.
      const waiting = await orderFor(CUSTOMERS.thuDuc, 1);
      await page.reload();
      await orderRow(page, waiting).waitFor();
      await select(page, first);
      await select(page, waiting);
      const partial = await bulkMove(page, 'delivering', '1/2 đơn đã chọn (các đơn còn lại không chuyển được và sẽ được báo lại)');
      await expect(partial.innerText()).resolves.toContain('Đã cập nhật 1/2 đơn hàng sang “Đang giao”.');
      await expect(partial.getByTestId('bulk-moved').innerText()).resolves.toBe('Thành công: 1');
      await expect(partial.getByTestId('bulk-refused').innerText()).resolves.toBe('Không chuyển được: 1');
      await expect(bulkResults(page)).resolves.toEqual(
        [
          `${first.code} | ${CUSTOMERS.phucAn} | Đã chuyển sang “Đang giao”`,
          `${waiting.code} | ${CUSTOMERS.thuDuc} | Không thể chuyển đơn hàng từ "Chờ xác nhận" sang "Đang giao"`,
        ].sort(),
      );
      await partial.getByRole('button', { name: 'Đóng lại' }).click();
      await eventually(() => Promise.all([rowStatus(page, first), rowStatus(page, waiting)])).toEqual(['delivering', 'pending']);
      await expect(
        Promise.all([serverOrder(office, first.id), serverOrder(office, waiting.id)]).then((all) => all.map((o) => o.status)),
      ).resolves.toEqual(['delivering', 'pending']);
    },
    TEST_TIMEOUT_MS,
  );

  it(
    'exports the orders of the chosen status to an Excel file, one row per order as the server lists them',
    async () => {
      const confirmed = await orderFor(CUSTOMERS.minhChau, 3);
      await moveOnServer(office, confirmed.id, 'confirmed');
      await orderFor(CUSTOMERS.phucAn, 2);
      const expected = (await serverOrders(office)).rows.filter((order) => order.status === 'confirmed');
      expect(expected.map((order) => order.id)).toContain(confirmed.id);

      const page = await openOrderList();
      await page.getByTestId('order-tab-confirmed').click();
      await page.waitForURL((url) => url.pathname === '/order' && url.searchParams.get('statusOrder') === 'confirmed');
      await eventually(async () =>
        (await page.getByTestId('order-row').evaluateAll((rows) => rows.map((row) => row.getAttribute('data-id')))).sort(),
      ).toEqual(expected.map((order) => order.id).sort());

      const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('order-export').click()]);
      const name = download.suggestedFilename();
      expect(name).toMatch(/^don-hang-\d{8}\.xlsx$/);
      await toast(page, 'success', `Đã tải về ${name}`).waitFor();
      expect(await download.failure()).toBe(null);
      const file = await download.path();
      expect(fs.readFileSync(file).subarray(0, 2).toString('latin1'), 'an .xlsx is a zip file').toBe('PK');

      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.readFile(file);
      const sheet = workbook.getWorksheet('Đơn hàng');
      if (!sheet) throw new Error('the export has no sheet "Đơn hàng"');
      const header = (sheet.getRow(1).values as unknown[]).slice(1);
      expect(header.slice(0, 5)).toEqual(['Mã đơn', 'Số đơn trên máy', 'Ngày tạo', 'Loại đơn', 'Khách hàng']);
      const column = (title: string) => header.indexOf(title) + 1;
      const rows: string[][] = [];
      sheet.eachRow((row, number) => {
        if (number === 1) return;
        rows.push([
          String(row.getCell(column('Mã đơn')).value),
          String(row.getCell(column('Khách hàng')).value),
          String(row.getCell(column('Trạng thái')).value),
          String(row.getCell(column('Tổng tiền')).value),
        ]);
      });
      expect(rows.sort()).toEqual(
        expected.map((order) => [order.code!, order.customer_name, ORDER_STATUS_LABELS.confirmed, String(order.total)]).sort(),
      );
    },
    TEST_TIMEOUT_MS,
  );
});
