/**
 * A rep's KPI moves after an order. The owner of An Khang (desktop) adds a
 * sales rep on /pharmacist with a region; the rep signs in on a phone and accepts the invitation;
 * the owner gives them two pharmacies (customer form, "Trình dược viên phụ trách") and a monthly
 * target on /kpi-area; the rep takes an order for one of them on the phone; the owner sees the
 * rep's bars on /kpi-area move, and the rep sees the same on their dashboard's KPI card.
 * Everything through the UI; figures as the user reads them (formatMoney, vi-VN percents).
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { formatMonth, vietnamMonth } from '@contract/kpi';
import { formatMoney } from '@contract/money';
import { VIEWPORTS } from '@tests/support/browser';
import {
  COMPANIES,
  eventually,
  setupE2e,
  signInTo,
  submitLogin,
  toast,
  waitForPath,
  workspaceEntry,
  workspaceList,
} from '@tests/support/e2e-app';
import { customerOption } from '@tests/support/order-screen';

const app = setupE2e();

/** Each file runs on a freshly seeded database: fixed values are safe. */
const REP = { phone: '0977123450', password: 'Trinh@duoc-2026', name: 'Hồ Thị Kiểm Thử', code: 'TDV090' };

/** Two demo pharmacies in Ho Chi Minh City that no demo rep looks after. */
const CUSTOMERS = ['Nhà thuốc Phúc An', 'Quầy thuốc Đức Hạnh'] as const;

/** One box of Efferalgan at list price (46.000 ₫) with An Khang's VAT on (5%). */
const PRODUCT = { search: 'efferalgan', unit: 'hộp', title: 'Efferalgan 500mg viên sủi' };
const ORDER_TOTAL = 48_300;

const TARGET = { revenue: 1_000_000, orders: 4, visits: 20 };

/** Text as read, whatever the line breaks between its pieces. */
const oneLine = (text: string) => text.replace(/\s+/g, ' ').trim();

const percent = (value: number) => `${(Math.round(value * 10) / 10).toLocaleString('vi-VN')}%`;

function repKpiRow(page: Page) {
  return page.locator(`[data-testid="kpi-rep-row"][data-code="${REP.code}"]`);
}

/** The owner gives one customer to the rep on the customer's edit form. */
async function assignCustomer(owner: Page, customer: string): Promise<void> {
  await owner.goto('/customers');
  await owner.getByTestId('customer-table').waitFor();
  await owner.getByTestId('customer-name').filter({ hasText: customer }).click();
  await eventually(() => owner.getByTestId('customer-detail-name').innerText()).toBe(customer);
  await owner.getByTestId('customer-edit').click();
  await waitForPath(owner, '/customers/create');
  const staff = owner.getByTestId('field-staff');
  await staff.click();
  await staff.fill('Kiểm Thử');
  await owner.getByRole('option', { name: REP.name, exact: true }).click();
  await expect(staff.inputValue()).resolves.toBe(REP.name);
  await owner.getByTestId('customer-save').click();
  await toast(owner, 'success', 'Đã lưu khách hàng').waitFor();
  await eventually(() => owner.getByTestId('customer-detail-name').innerText()).toBe(customer);
  await eventually(() => owner.getByTestId('customer-detail').innerText()).toContain(REP.name);
}

describe('a rep’s KPI moves after an order', () => {
  it('the owner adds a rep with a region, customers and a target; the rep’s order moves the bars for both', async () => {
    const owner = (await app.open(VIEWPORTS.desktop)).page;
    await signInTo(owner, COMPANIES.anKhang);

    // --- /pharmacist: the new rep, in Miền Nam.
    await owner.goto('/pharmacist');
    await owner.getByTestId('employee-table').waitFor();
    await owner.getByTestId('employee-create').click();
    await owner.getByTestId('employee-form').waitFor();
    await owner.getByTestId('field-phone').fill(REP.phone);
    await owner.getByTestId('field-full-name').fill(REP.name);
    await owner.getByTestId('field-password').fill(REP.password);
    await owner.getByTestId('field-code').fill(REP.code);
    await owner.getByTestId('field-region').click();
    await owner.getByRole('option', { name: 'Miền Nam (MN)' }).click();
    await owner.getByTestId('employee-save').click();
    await toast(owner, 'success', `Đã tạo tài khoản và gửi lời mời cho ${REP.name}`).waitFor();
    const repRow = owner.getByTestId('employee-row').filter({ hasText: REP.name });
    await repRow.waitFor();
    await expect(repRow.innerText()).resolves.toContain('Miền Nam (MN)');

    // --- The rep signs in on a phone, accepts the invitation and enters: no target yet.
    const rep = (await app.open(VIEWPORTS.phone)).page;
    await rep.goto('/login');
    await waitForPath(rep, '/login');
    await submitLogin(rep, REP.phone, REP.password);
    await waitForPath(rep, '/');
    await workspaceList(rep).waitFor();
    await workspaceEntry(rep, COMPANIES.anKhang).click();
    await toast(rep, 'warning', 'Bạn được mời tham gia công ty này').waitFor();
    await rep.getByRole('button', { name: `Chấp nhận lời mời của ${COMPANIES.anKhang}` }).click();
    await toast(rep, 'success', `Đã tham gia ${COMPANIES.anKhang}`).waitFor();
    await workspaceEntry(rep, COMPANIES.anKhang).click();
    await waitForPath(rep, '/dashboard');
    const myKpi = rep.getByTestId('my-kpi-card');
    await eventually(() => myKpi.innerText()).toContain(`KPI tháng ${formatMonth(vietnamMonth())}`);
    await expect(myKpi.innerText()).resolves.toContain('Chưa có chỉ tiêu tháng này');
    await expect(myKpi.getByTestId('kpi-bar-revenue').getByTestId('kpi-numbers').innerText()).resolves.toBe(formatMoney(0));

    // --- The owner gives the rep two pharmacies; the list shows who looks after them.
    for (const customer of CUSTOMERS) await assignCustomer(owner, customer);
    await owner.goto('/customers');
    for (const customer of CUSTOMERS) {
      const row = owner.getByTestId('customer-row').filter({ has: owner.getByTestId('customer-name').filter({ hasText: customer }) });
      await eventually(() => row.innerText()).toContain(REP.name);
    }

    // --- /kpi-area: the rep is listed with their region and no target; the owner sets one.
    await owner.goto('/kpi-area');
    await waitForPath(owner, '/kpi-area');
    await repKpiRow(owner).waitFor();
    expect(oneLine(await repKpiRow(owner).locator('td').first().innerText())).toBe(`${REP.name} ${REP.code} · Miền Nam`);
    await expect(repKpiRow(owner).getByTestId('kpi-pace').innerText()).resolves.toBe('Chưa có chỉ tiêu');
    await repKpiRow(owner)
      .getByRole('button', { name: `Đặt chỉ tiêu: ${REP.name}` })
      .click();
    const editor = owner.getByTestId('target-editor');
    await editor.getByTestId('target-revenue').fill(String(TARGET.revenue));
    await editor.getByTestId('target-orders').fill(String(TARGET.orders));
    await editor.getByTestId('target-visits').fill(String(TARGET.visits));
    // The field groups thousands as the user types (its suffix is typed text, a plain space).
    await expect(editor.getByTestId('target-revenue').inputValue()).resolves.toBe('1.000.000 ₫');
    await editor.getByTestId('target-save').click();
    await toast(owner, 'success', 'Đã lưu chỉ tiêu KPI').waitFor();
    const revenueCell = repKpiRow(owner).getByTestId('kpi-cell-revenue');
    await eventually(() => revenueCell.innerText()).toContain(`Chỉ tiêu ${formatMoney(TARGET.revenue)}`);
    expect(await revenueCell.innerText()).toMatch(new RegExp(`^${formatMoney(0)}\\s+0%`));
    await expect(
      repKpiRow(owner)
        .getByRole('progressbar', { name: /Doanh thu/ })
        .getAttribute('aria-valuenow'),
    ).resolves.toBe('0');

    // --- The rep takes an order on the phone: only their own pharmacies are offered.
    await rep.goto('/order/create');
    await waitForPath(rep, '/order/create');
    const options = rep.getByTestId('customer-option');
    await eventually(async () => (await options.allInnerTexts()).map((text) => text.split('\n')[0]).sort()).toEqual([...CUSTOMERS].sort());
    await customerOption(rep, rep, CUSTOMERS[0]).click();
    await eventually(() => rep.getByTestId('order-customer-name').innerText()).toBe(CUSTOMERS[0]);
    await rep.getByTestId('product-search').fill(PRODUCT.search);
    await rep.getByRole('button', { name: `Thêm 1 ${PRODUCT.unit} ${PRODUCT.title}`, exact: true }).click();
    await eventually(() => rep.getByTestId('cart-line').count()).toBe(1);
    await eventually(() => rep.getByTestId('submit-bar').innerText()).toContain(formatMoney(ORDER_TOTAL));
    await rep.getByTestId('submit-bar').getByRole('button', { name: 'Gửi đơn' }).click();
    await toast(rep, 'success', 'Đã gửi đơn hàng').waitFor();
    // Its chip turns to "Đã nhận DH…" once the server took it.
    await rep.getByTestId('bottom-navbar').getByRole('link', { name: 'Bán hàng' }).click();
    await waitForPath(rep, '/order');
    const myOrder = rep.getByTestId('my-order').filter({ hasText: CUSTOMERS[0] });
    await eventually(() => myOrder.getByTestId('order-chip').getAttribute('data-kind')).toBe('received');
    await expect(myOrder.getByTestId('my-order-total').innerText()).resolves.toBe(formatMoney(ORDER_TOTAL));

    // --- The owner's /kpi-area: the rep's revenue and orders moved.
    await owner.reload();
    await repKpiRow(owner).waitFor();
    await eventually(() => repKpiRow(owner).getByTestId('kpi-cell-revenue').innerText()).toContain(formatMoney(ORDER_TOTAL));
    const revenuePercent = (ORDER_TOTAL / TARGET.revenue) * 100;
    await expect(repKpiRow(owner).getByTestId('kpi-cell-revenue').innerText()).resolves.toContain(percent(revenuePercent));
    await expect(repKpiRow(owner).getByTestId('kpi-cell-orders').innerText()).resolves.toMatch(/^1 đơn\s+25%/);
    await expect(
      repKpiRow(owner)
        .getByRole('progressbar', { name: /Doanh thu/ })
        .getAttribute('aria-valuenow'),
    ).resolves.toBe(String(Math.round(revenuePercent * 10) / 10));

    // --- The rep's dashboard: the KPI card shows the same progress against their target.
    await rep.getByTestId('bottom-navbar').getByRole('link', { name: 'Trang chủ' }).click();
    await waitForPath(rep, '/dashboard');
    const revenueBar = rep.getByTestId('my-kpi-card').getByTestId('kpi-bar-revenue');
    await eventually(() => revenueBar.getByTestId('kpi-numbers').innerText()).toBe(
      `${formatMoney(ORDER_TOTAL)} / ${formatMoney(TARGET.revenue)}`,
    );
    await expect(revenueBar.getByTestId('kpi-percent').innerText()).resolves.toBe(percent(revenuePercent));
    const ordersBar = rep.getByTestId('my-kpi-card').getByTestId('kpi-bar-orders');
    await expect(ordersBar.getByTestId('kpi-numbers').innerText()).resolves.toBe('1 đơn / 4 đơn');
    await expect(ordersBar.getByTestId('kpi-percent').innerText()).resolves.toBe('25%');
    await expect(rep.getByTestId('my-kpi-card').innerText()).resolves.not.toContain('Chưa có chỉ tiêu tháng này');
  });
});
