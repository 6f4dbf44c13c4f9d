/**
 * The pharma rules (browser; docs/pharma.md), once per flow:
 * - a rep offline, on a phone, adds a prescription drug outside the essential list for a drug counter
 *   and reads under the line, and beside "Gửi đơn", why it cannot be sold, with the law; the order
 *   cannot be sent with it; a drug whose registration expired only warns; without the blocked line
 *   the order is queued and, back online, the server takes it; offline still, the rep changes the
 *   counter's business type with its papers and the cart sells it the drug;
 * - the office sets the company's rules and reads who holds expiring, expired or missing papers.
 * The demo's papers and drug master: server/seed/demo-pharma.ts.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { customerPaths } from '@contract/customers';
import { VIEWPORTS } from '@tests/support/browser';
import { firstSyncDone, readStores } from '@tests/support/device-store';
import { COMPANIES, eventually, setupE2e, signInTo, toast, waitForPath, waitForServiceWorker } from '@tests/support/e2e-app';
import { apiCall as api } from '@tests/support/office-api';
import { customerIdByName, officeSignIn, serverOrders, type Office } from '@tests/support/orders-api';
import { cartLines, findProduct, openedOrderId, pickCustomer, sendButton } from '@tests/support/order-screen';

const app = setupE2e({ unpluggable: true });
const TEST_TIMEOUT_MS = 240_000;
const COUNTER = 'Quầy thuốc Đức Hạnh';
const REFUSAL =
  'Không bán được: Quầy thuốc không được mua thuốc kê đơn ngoài danh mục thuốc thiết yếu (Luật Dược 2016 Điều 48 khoản 1, Điều 34)';

async function addUnit(page: Page, typed: string, title: string, unit: string): Promise<void> {
  const result = await findProduct(page, typed, title);
  await result.getByRole('button', { name: `Thêm 1 ${unit} ${title}`, exact: true }).click();
}

async function serverCustomerKind(office: Office, customerId: string): Promise<string> {
  const answer = await api<{ kind: string }>(office.baseUrl, `${customerPaths.customer(customerId)}?company=${office.companyId}`, {
    token: office.token,
  });
  return answer.body.data.kind;
}

async function queuedOrderOps(page: Page): Promise<number> {
  const { outbox } = await readStores(page, ['outbox']);
  return (outbox as { type: string }[]).filter((op) => op.type === 'order.submit').length;
}

describe('pharma rules', () => {
  it(
    'a rep offline sees why a drug counter cannot buy a prescription drug, cannot send it, and sends the rest; made a pharmacy offline, the counter buys it',
    async () => {
      const office = await officeSignIn(app.server.url);
      const customerId = await customerIdByName(office, COUNTER);
      const before = (await serverOrders(office, { customer: customerId })).count;
      const { context, page } = await app.open(VIEWPORTS.phone, { serviceWorkers: 'allow' });
      await page.goto('/login');
      await signInTo(page, COMPANIES.anKhang);
      await page.goto('/order/create');
      await page.getByTestId('order-create').waitFor();
      await eventually(() => firstSyncDone(page, office.companyId), 60_000).toBe(true);
      await waitForServiceWorker(page);
      await app.unplug(context);
      await page.reload();
      await page.getByTestId('order-create').waitFor();

      await pickCustomer(page, COUNTER);
      await addUnit(page, 'cefuroxim', 'Cefuroxim 500mg', 'hộp');
      const blocked = cartLines(page).filter({ hasText: 'Cefuroxim 500mg' });
      await eventually(() => blocked.getByTestId('line-problem').innerText()).toBe(REFUSAL);
      await eventually(() => page.getByTestId('submit-bar').getByTestId('submit-problem').innerText()).toBe(
        `Chưa gửi được: Cefuroxim 500mg: ${REFUSAL}`,
      );
      await expect(sendButton(page).isDisabled(), '"Gửi đơn" while a line is blocked').resolves.toBe(true);
      expect(await queuedOrderOps(page), 'nothing is queued while a line is blocked').toBe(0);

      // A registration that expired only warns (the company's default); the line can be sold.
      await addUnit(page, 'berberin', 'Berberin 100mg', 'lọ');
      const warned = cartLines(page).filter({ hasText: 'Berberin 100mg' });
      await eventually(() => warned.getByTestId('line-pharma-warning').innerText()).toMatch(
        /^Lưu ý: Số đăng ký VD-20543-14 hết hạn ngày \d\d\/\d\d\/\d{4}$/,
      );

      await blocked.getByTestId('line-remove').click();
      await eventually(() => cartLines(page).count()).toBe(1);
      await sendButton(page).click();
      await toast(page, 'success', 'Đã lưu đơn hàng, đang chờ đồng bộ').waitFor();
      await openedOrderId(page);
      await app.plugIn(context);
      await eventually(() => serverOrders(office, { customer: customerId }).then((found) => found.count), 45_000).toBe(before + 1);

      // The counter has become a pharmacy: offline, the rep changes its business type with its papers,
      // and the cart sells it the prescription drug at once; back online, the server holds the type.
      await app.unplug(context);
      await page.goto(`/customers/${customerId}`);
      const licence = page.getByTestId('customer-licence');
      await eventually(() => licence.getByTestId('licence-kind-value').innerText()).toBe('Quầy thuốc');
      await licence.getByTestId('licence-edit').click();
      await page.getByTestId('licence-kind').click();
      await page.getByRole('option', { name: 'Nhà thuốc', exact: true }).click();
      await page.getByTestId('licence-save').click();
      await toast(page, 'success', 'Đã lưu giấy phép (chờ đồng bộ)').waitFor();
      await eventually(() => licence.getByTestId('licence-kind-value').innerText()).toBe('Nhà thuốc');
      await page.goto('/order/create');
      await pickCustomer(page, COUNTER);
      await addUnit(page, 'cefuroxim', 'Cefuroxim 500mg', 'hộp');
      await eventually(() => sendButton(page).isEnabled()).toBe(true);
      await expect(cartLines(page).getByTestId('line-problem').count()).resolves.toBe(0);
      await app.plugIn(context);
      await eventually(() => serverCustomerKind(office, customerId), 45_000).toBe('Nhà thuốc');
    },
    TEST_TIMEOUT_MS,
  );

  it(
    'the office sets the rules and reads whose papers run out',
    async () => {
      const { page } = await app.open(VIEWPORTS.desktop);
      await page.goto('/login');
      await signInTo(page, COMPANIES.anKhang);
      await page.goto('/pharma-rules');
      await waitForPath(page, '/pharma-rules');
      await page.getByTestId('rule-licence-block').check();
      await page.getByTestId('pharma-rules-save').click();
      await toast(page, 'success', 'Đã lưu quy tắc bán thuốc').waitFor();
      await page.reload();
      await eventually(() => page.getByTestId('rule-licence-block').isChecked()).toBe(true);
      await expect(page.getByTestId('who-may-buy-counter').innerText()).resolves.toContain('Luật Dược 2016 Điều 48 khoản 1');

      await page.goto('/customers/licences');
      const rows = page.getByTestId('licence-row');
      await eventually(() => rows.filter({ hasText: 'Nhà thuốc Phúc An' }).textContent()).toContain('Còn 20 ngày');
      await page.getByText('Đã hết hạn', { exact: true }).click();
      await eventually(() => rows.filter({ hasText: 'Nhà thuốc Thủ Đức Xanh' }).textContent()).toContain('Quá hạn 15 ngày');
      await page.getByText('Chưa có giấy phép', { exact: true }).click();
      await eventually(() => rows.allInnerTexts().then((texts) => texts.some((text) => text.includes('Nhà thuốc Cửa Nam')))).toBe(true);
      await waitForPath(page, '/customers/licences', '?state=missing');
    },
    TEST_TIMEOUT_MS,
  );
});
