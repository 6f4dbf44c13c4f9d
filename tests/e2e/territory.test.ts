/**
 * Territory (browser): the owner creates a region with provinces on /area (a province
 * already in another region cannot be picked), opens it and sees the customers whose address is in
 * it, sets the region's KPI on /kpi-area, and sees the progress bars — and sees them move after an
 * order is submitted for one of its customers. Then deletes a region from the list after confirming.
 * On a desktop (1440x900); the customer and the order come through the real API.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { CustomerRecord } from '@contract/customers';
import { formatMoney } from '@contract/money';
import { VIEWPORTS } from '@tests/support/browser';
import { eventually, setupE2e, signInTo, toast, waitForPath } from '@tests/support/e2e-app';
import { apiCall, officeSignIn, pushPhoneOrder, type Office } from '@tests/support/office-api';

const app = setupE2e();

const api = <T>(path: string, token?: string, body?: unknown) => apiCall<T>(app.server.url, path, { token, body });

/** A pharmacy in Nghệ An, a province no demo region holds. */
async function addCustomer(office: Office): Promise<CustomerRecord> {
  const answer = await api<CustomerRecord>('/customer/api/customer/', office.token, {
    company: office.companyId,
    name: 'Nhà thuốc Thành Vinh',
    phone: '0238384123',
    address: { scheme: 'VN2025', province_code: '40', province_name: 'Nghệ An', street: '15 Quang Trung' },
  });
  expect(answer.status, answer.body.message).toBe(201);
  return answer.body.data;
}

function regionRow(page: Page, code: string) {
  return page.locator(`[data-testid="region-row"][data-code="${code}"]`);
}

function kpiRegionRow(page: Page, code: string) {
  return page.locator(`[data-testid="kpi-region-row"][data-code="${code}"]`);
}

describe('territory (1440x900)', () => {
  it('creates a region with provinces, sees its customers, sets its KPI and sees the progress move after an order', async () => {
    const office = await officeSignIn(app.server.url);
    const customer = await addCustomer(office);
    const { page } = await app.open(VIEWPORTS.desktop);
    await signInTo(page);

    // --- /area: the demo regions, then a new one.
    await page.goto('/area');
    await waitForPath(page, '/area');
    await eventually(() => page.getByTestId('page-title').innerText()).toBe('Khu vực');
    await regionRow(page, 'MN').waitFor();
    await expect(regionRow(page, 'MN').innerText()).resolves.toContain('An Giang');

    await page.getByTestId('region-create').click();
    const form = page.getByTestId('region-form');
    await form.getByRole('textbox', { name: 'Mã khu vực' }).fill('btb');
    await form.getByRole('textbox', { name: 'Tên khu vực' }).fill('Bắc Trung Bộ');
    const provinces = form.getByTestId('region-provinces');
    // A province of another region is shown with it and cannot be picked.
    await provinces.click();
    await provinces.fill('hcm');
    const taken = page.getByRole('option', { name: 'Thành phố Hồ Chí Minh (thuộc Miền Nam)' });
    await taken.waitFor();
    await expect(taken.getAttribute('data-combobox-disabled')).resolves.toBe('true');
    await provinces.fill('nghe an');
    await page.getByRole('option', { name: 'Nghệ An', exact: true }).click();
    await provinces.fill('thanh hoa');
    await page.getByRole('option', { name: 'Thanh Hóa', exact: true }).click();
    await page.keyboard.press('Escape');
    await expect(form.getByRole('textbox', { name: 'Mã khu vực' }).inputValue()).resolves.toBe('BTB');
    await form.getByTestId('region-save').click();
    await toast(page, 'success', 'Thêm khu vực thành công').waitFor();

    // --- Its detail opens: provinces, and the customers whose address is in it.
    const detail = page.getByTestId('region-detail');
    await eventually(() => detail.getByTestId('region-title').innerText()).toBe('Bắc Trung Bộ');
    await expect(detail.getByTestId('region-provinces-list').innerText()).resolves.toMatch(/Nghệ An[\s\S]*Thanh Hóa/);
    await detail.getByRole('tab', { name: 'Khách hàng' }).click();
    const customerRow = detail.getByTestId('region-customer-row');
    await eventually(() => customerRow.count()).toBe(1);
    await expect(customerRow.innerText()).resolves.toContain('Nhà thuốc Thành Vinh');
    await expect(customerRow.innerText()).resolves.toContain('15 Quang Trung, Nghệ An');
    await detail.getByRole('tab', { name: 'Nhân viên' }).click();
    await detail.getByText('Chưa có nhân viên nào thuộc khu vực này').waitFor();

    // --- /kpi-area: the new region has no target yet; set one.
    await page.goto('/kpi-area');
    await waitForPath(page, '/kpi-area');
    const row = kpiRegionRow(page, 'BTB');
    await row.waitFor();
    await expect(row.getByTestId('kpi-pace').innerText()).resolves.toBe('Chưa có chỉ tiêu');
    await row.getByRole('button', { name: 'Đặt chỉ tiêu: Bắc Trung Bộ' }).click();
    const editor = page.getByTestId('target-editor');
    await editor.getByTestId('target-revenue').fill('10000000');
    await editor.getByTestId('target-orders').fill('4');
    await editor.getByTestId('target-new_customers').fill('2');
    await editor.getByTestId('target-visits').fill('10');
    await expect(editor.getByTestId('target-revenue').inputValue()).resolves.toBe('10.000.000 ₫');
    await editor.getByTestId('target-save').click();
    await toast(page, 'success', 'Đã lưu chỉ tiêu KPI').waitFor();

    // The customer made this month is one of two new customers: 50%; nothing sold yet.
    const newCustomers = row.getByTestId('kpi-cell-new_customers');
    await eventually(() => newCustomers.innerText()).toContain('50%');
    await expect(row.getByTestId('kpi-cell-revenue').innerText()).resolves.toContain('0%');
    await expect(row.getByTestId('kpi-cell-revenue').innerText()).resolves.toContain(`Chỉ tiêu ${formatMoney(10_000_000)}`);
    await expect(row.getByRole('progressbar', { name: /Khách hàng mới/ }).getAttribute('aria-valuenow')).resolves.toBe('50');

    // --- An order for the region's customer moves its bars.
    const { total } = await pushPhoneOrder(app.server.url, office, { customerId: customer.id, quantity: 2, localNo: 'E2E-KPI1-1' });
    const percent = Math.round((total / 10_000_000) * 1000) / 10;
    await page.reload();
    await kpiRegionRow(page, 'BTB').waitFor();
    const revenue = kpiRegionRow(page, 'BTB').getByTestId('kpi-cell-revenue');
    await eventually(() => revenue.innerText()).toContain(formatMoney(total));
    await expect(revenue.innerText()).resolves.toContain(`${percent.toLocaleString('vi-VN')}%`);
    await expect(kpiRegionRow(page, 'BTB').getByTestId('kpi-cell-orders').innerText()).resolves.toContain('25%');

    // --- Back on /area: the order is listed under the region, and an empty region is deleted after confirming.
    await page.goto('/area?region=' + (await regionIdOf(office, 'BTB')) + '&tab=orders');
    await eventually(() => page.getByTestId('region-order-row').count()).toBe(1);
    await expect(page.getByTestId('region-order-row').innerText()).resolves.toContain(formatMoney(total));

    await page.goto('/area');
    await regionRow(page, 'MT').waitFor();
    await regionRow(page, 'MT').getByRole('button', { name: 'Xóa khu vực Miền Trung' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Xác nhận' }).click();
    await toast(page, 'success', 'Đã xóa khu vực').waitFor();
    await eventually(() => regionRow(page, 'MT').count()).toBe(0);
    // One with staff is refused with the server's reason.
    await regionRow(page, 'HN').getByRole('button', { name: 'Xóa khu vực Hà Nội và phụ cận' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Xác nhận' }).click();
    await toast(page, 'error', 'Không thể xóa: khu vực đang có 1 nhân viên (Phạm Thị Hoa)').waitFor();
    await expect(regionRow(page, 'HN').count()).resolves.toBe(1);
  });
});

async function regionIdOf(office: Office, code: string): Promise<number> {
  const answer = await api<{ id: number; code: string }[]>(`/region/api/regions/?company=${office.companyId}&search=${code}`, office.token);
  return answer.body.data.find((region) => region.code === code)!.id;
}
