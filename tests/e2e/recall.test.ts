/**
 * Recall campaigns (browser; docs/pharma.md "Recall campaigns"): the office runs a recall from lot to close-out, on the
 * real server (demo data, PGlite) in Debian's Chromium.
 * - Set up through the API: a fresh lot of Decolgen Forte is the only one orders may ship from (the
 *   variant's other lots held apart), and a confirmed order of 20 tablets to a pharmacy ships from it.
 * - The owner at a desk opens the lot in Kho → Quản lý kho → Lô hàng, presses "Mở đợt thu hồi",
 *   sees the level-2 deadline (15 days from the decision) before opening, opens the campaign and
 *   lands on it: the pharmacy is listed with 20 shipped, "Chưa trả".
 * - "Nhập trả" books the 20 back (the form offers what is still out); the row says "Đã trả đủ",
 *   and the server holds them in quarantine under a return receipt.
 * - "Đóng đợt" closes it without a note (nothing is out); the close-out report prints.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { RecallDetail } from '@contract/pharma-recalls';
import { addDays } from '@contract/calendar-days';
import { vietnamDay } from '@contract/price-policy';
import type { VariantRecord } from '@contract/products';
import type { LotRecord } from '@contract/warehouse';
import { orderPaths, type OrderRecord } from '@contract/orders';
import { uuidv7 } from '@contract/uuid';
import { VIEWPORTS } from '@tests/support/browser';
import { setupE2e, signInTo, toast, waitForPath } from '@tests/support/e2e-app';
import { api, customerIdByName, moveOnServer, officeSignIn, type Office } from '@tests/support/orders-api';

const app = setupE2e();

const TEST_TIMEOUT_MS = 180_000;
const LOT_NO = 'E2E-RC-01';
const CUSTOMER = 'Nhà thuốc Phúc An';
const TABLETS = 20;
const today = vietnamDay();
const dayText = (day: string) => day.split('-').reverse().join('/');

let office: Office;
let variant: VariantRecord;
let lot: LotRecord;

/** The variant's lots as the server lists them. */
async function lotsOf(variantId: number): Promise<LotRecord[]> {
  const answer = await api<LotRecord[]>(
    office.baseUrl,
    `/warehouse/api/shipments/?company=${office.companyId}&variant=${variantId}&limit=100`,
    {
      token: office.token,
    },
  );
  return answer.body.data;
}

beforeAll(async () => {
  office = await officeSignIn(app.server.url);
  const found = await api<VariantRecord[]>(office.baseUrl, `/product/api/variant/?company=${office.companyId}&search=Decolgen&limit=10`, {
    token: office.token,
  });
  variant = found.body.data.find((row) => row.product_name === 'Decolgen Forte')!;
  const base = variant.units.find((unit) => unit.factor === 1)!;
  const stocked = await api(office.baseUrl, '/warehouse/api/importreceipt/', {
    token: office.token,
    body: {
      company: office.companyId,
      document_date: today,
      status: 'completed',
      lines: [
        { variant_id: variant.id, unit: base.unit, quantity: 100, unit_price: 1_000, lot_no: LOT_NO, expires_on: addDays(today, 500) },
      ],
    },
  });
  expect(stocked.status, stocked.body.message).toBe(201);
  // Orders ship first-expiry-first-out: the demo's other lots are held apart so the order takes this one.
  for (const other of (await lotsOf(variant.id)).filter((row) => row.lot_no !== LOT_NO && row.status === 'usable')) {
    const held = await api(office.baseUrl, `/warehouse/api/shipments/${other.id}/status/`, {
      token: office.token,
      method: 'PUT',
      body: { company: office.companyId, status: 'quarantine', reason: 'Giữ riêng cho kiểm thử thu hồi' },
    });
    expect(held.status).toBe(200);
  }
  lot = (await lotsOf(variant.id)).find((row) => row.lot_no === LOT_NO)!;
  // An office order in tablets (POST ordercompany/), priced by the server.
  const placed = await api<OrderRecord>(office.baseUrl, orderPaths.orders, {
    token: office.token,
    body: {
      company: office.companyId,
      orderId: uuidv7(),
      localNo: 'VP-E2E0-901',
      customerId: await customerIdByName(office, CUSTOMER),
      note: null,
      lines: [{ lineId: uuidv7(), variantId: variant.id, unit: base.unit, quantity: TABLETS, quotedUnitPrice: base.price, discount: null }],
      quotedTotal: 0,
      createdAt: new Date().toISOString(),
    },
  });
  expect(placed.status, placed.body.message).toBe(201);
  const order = placed.body.data;
  await moveOnServer(office, order.id, 'confirmed');
  await moveOnServer(office, order.id, 'delivering');
});

describe('a recall from lot to close-out', () => {
  it(
    'opens a campaign from the lot, books the return into quarantine, closes it and prints the report',
    async () => {
      const { page } = await app.open(VIEWPORTS.desktop);
      await signInTo(page);
      await page.goto(`/warehouse?tab=lots&open=${lot.id}`);
      await page.getByTestId('lot-detail').waitFor();
      await page.getByTestId('lot-open-recall').click();
      await waitForPath(page, '/recall');

      const dialog = page.getByTestId('recall-open-dialog');
      await dialog.getByTestId('recall-open-lot').getByText(`lô ${LOT_NO}`, { exact: false }).waitFor();
      await expect.poll(() => dialog.getByTestId('recall-deadline-preview').innerText()).toContain(dayText(addDays(today, 15)));
      await dialog.getByTestId('recall-decision-number').fill('12345/QLD-CL');
      await dialog.getByTestId('recall-reason').fill('Không đạt chỉ tiêu độ hòa tan');
      await dialog.getByTestId('recall-open-submit').click();
      await toast(page, 'success', 'Đã mở đợt thu hồi').waitFor();

      const detail = page.getByTestId('recall-detail');
      await detail.waitFor();
      const id = Number(new URL(page.url()).pathname.split('/').at(-1));
      const row = page.locator(`[data-testid="recall-customer"]`).filter({ hasText: CUSTOMER });
      await row.getByText('Chưa trả').waitFor();
      await expect.poll(() => row.innerText()).toContain(String(TABLETS));

      await row.getByTestId('recall-book').click();
      const back = page.getByTestId('recall-return-dialog');
      await expect.poll(() => back.getByTestId('recall-return-quantity').inputValue()).toBe(String(TABLETS));
      await back.getByTestId('recall-return-submit').click();
      await toast(page, 'success', 'Đã nhập trả vào kho biệt trữ').waitFor();
      await row.getByText('Đã trả đủ').waitFor();

      const held = await api<RecallDetail>(office.baseUrl, `/pharma/api/recalls/${id}/?company=${office.companyId}`, {
        token: office.token,
      });
      expect(held.body.data.returns.map((entry) => entry.quantity)).toEqual([TABLETS]);
      const after = (await lotsOf(variant.id)).find((entry) => entry.id === lot.id)!;
      expect(after).toMatchObject({ status: 'recalled', quantity: 100 });

      await page.getByTestId('recall-close').click();
      await page.getByTestId('recall-close-submit').click();
      await toast(page, 'success', 'Đã đóng đợt thu hồi').waitFor();
      await expect.poll(() => detail.getAttribute('data-status')).toBe('closed');

      await page.getByTestId('recall-print').click();
      await waitForPath(page, `/recall/print/${id}`);
      const sheet = page.getByTestId('print-sheet');
      await sheet.getByText('BÁO CÁO KẾT QUẢ THU HỒI THUỐC').waitFor();
      await sheet.getByText(CUSTOMER, { exact: false }).waitFor();
    },
    TEST_TIMEOUT_MS,
  );
});
