/**
 * People: the owner of An Khang adds a sales rep on /pharmacist (desktop); the rep signs
 * in on a phone, accepts the invitation from the workspace list and enters the company; the owner
 * deactivates the rep (after a confirmation) and the rep, signing in again, is refused the company
 * with a clear message; the owner reactivates them. And an Excel import of office staff reports
 * each row, the refused one with its column and reason.
 */
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { VIEWPORTS } from '@tests/support/browser';
import {
  COMPANIES,
  eventually,
  pathOf,
  setupE2e,
  signInTo,
  submitLogin,
  toast,
  waitForPath,
  workspaceEntry,
  workspaceList,
} from '@tests/support/e2e-app';

const app = setupE2e();

const REP = {
  phone: `097${String(Date.now()).slice(-7)}`,
  password: 'Trinh@duoc-2026',
  name: 'Trần Thị Thử Nghiệm',
};

const INACTIVE_WARNING = 'Tài khoản của bạn đã bị ngừng hoạt động tại công ty này. Vui lòng liên hệ quản trị công ty.';

function repRow(page: Page) {
  return page.getByTestId('employee-row').filter({ hasText: REP.name });
}

async function signInAs(page: Page, phone: string, password: string) {
  await page.goto('/login');
  await waitForPath(page, '/login');
  await submitLogin(page, phone, password);
  await waitForPath(page, '/');
  await workspaceList(page).waitFor();
}

describe('sales staff', () => {
  it('the owner adds a rep, the rep accepts and enters; once deactivated the rep is refused', async () => {
    const owner = (await app.open(VIEWPORTS.desktop)).page;
    await signInTo(owner, COMPANIES.anKhang);
    await owner.goto('/pharmacist');
    await owner.getByTestId('employee-table').waitFor();
    await expect(owner.getByTestId('employee-name').allInnerTexts()).resolves.toEqual(['Lê Văn Trình', 'Phạm Thị Hoa']);

    await owner.getByTestId('employee-create').click();
    const form = owner.getByTestId('employee-form');
    await form.waitFor();
    await owner.getByTestId('field-phone').fill(REP.phone);
    await owner.getByTestId('field-full-name').fill(REP.name);
    await owner.getByTestId('field-password').fill(REP.password);
    await owner.getByTestId('field-region').click();
    await owner.getByRole('option', { name: 'Miền Trung (MT)' }).click();
    await owner.getByTestId('employee-save').click();
    await toast(owner, 'success', `Đã tạo tài khoản và gửi lời mời cho ${REP.name}`).waitFor();
    await repRow(owner).waitFor();
    await expect(repRow(owner).getByTestId('employee-state').innerText()).resolves.toBe('Chờ chấp nhận lời mời');
    await expect(repRow(owner).innerText()).resolves.toContain('Miền Trung (MT)');

    // The rep signs in on a phone: An Khang is an invitation, which they accept, then they enter.
    const repContext = await app.open(VIEWPORTS.phone);
    const rep = repContext.page;
    await signInAs(rep, REP.phone, REP.password);
    await workspaceEntry(rep, COMPANIES.anKhang).click();
    await toast(rep, 'warning', 'Bạn được mời tham gia công ty này').waitFor();
    await rep.getByRole('button', { name: `Chấp nhận lời mời của ${COMPANIES.anKhang}` }).click();
    await toast(rep, 'success', `Đã tham gia ${COMPANIES.anKhang}`).waitFor();
    await workspaceEntry(rep, COMPANIES.anKhang).click();
    await waitForPath(rep, '/dashboard');

    await owner.reload();
    await repRow(owner).waitFor();
    await eventually(() => repRow(owner).getByTestId('employee-state').innerText()).toBe('Đang hoạt động');

    // The owner deactivates the rep, after confirming.
    await repRow(owner)
      .getByRole('button', { name: `Thao tác với ${REP.name}` })
      .click();
    await owner.getByRole('menuitem', { name: 'Ngừng hoạt động' }).click();
    const confirm = owner.getByRole('dialog', { name: 'Ngừng hoạt động nhân viên' });
    await confirm.waitFor();
    await expect(confirm.innerText()).resolves.toContain('khách hàng, đơn hàng và lịch sử ghé thăm của họ vẫn được giữ');
    await confirm.getByRole('button', { name: 'Ngừng hoạt động', exact: true }).click();
    await toast(owner, 'success', `Đã ngừng hoạt động ${REP.name}`).waitFor();
    await eventually(() => repRow(owner).getByTestId('employee-state').innerText()).toBe('Ngừng hoạt động');

    // Inside the company, the rep's next call is refused and sends them to /403.
    await rep.reload();
    await waitForPath(rep, '/403');

    // Signing in again, the company is marked and refused with a clear message.
    const again = (await app.open(VIEWPORTS.phone)).page;
    await signInAs(again, REP.phone, REP.password);
    await expect(workspaceEntry(again, COMPANIES.anKhang).textContent()).resolves.toContain('Ngừng hoạt động');
    await workspaceEntry(again, COMPANIES.anKhang).click();
    await toast(again, 'warning', INACTIVE_WARNING).waitFor();
    expect(pathOf(again)).toBe('/');

    // The status filter finds them; reactivation lets them back in.
    await owner.getByTestId('filter-status').click();
    await owner.getByRole('option', { name: 'Ngừng hoạt động' }).click();
    await eventually(() => owner.getByTestId('employee-name').allInnerTexts()).toEqual([REP.name]);
    expect(new URL(owner.url()).searchParams.get('status')).toBe('inactive');
    await repRow(owner)
      .getByRole('button', { name: `Thao tác với ${REP.name}` })
      .click();
    await owner.getByRole('menuitem', { name: 'Kích hoạt lại' }).click();
    await owner
      .getByRole('dialog', { name: 'Kích hoạt lại nhân viên' })
      .getByRole('button', { name: 'Kích hoạt lại', exact: true })
      .click();
    await toast(owner, 'success', `Đã kích hoạt lại ${REP.name}`).waitFor();
    await again.reload();
    await workspaceList(again).waitFor();
    // The list at '/' refreshes the memberships from the server.
    await eventually(() => workspaceEntry(again, COMPANIES.anKhang).textContent()).not.toContain('Ngừng hoạt động');
    await workspaceEntry(again, COMPANIES.anKhang).click();
    await waitForPath(again, '/dashboard');
  });
});

describe('importing staff from Excel', () => {
  it('uploads a sheet and shows the result of every row; the new person is in the list', async () => {
    const owner = (await app.open(VIEWPORTS.desktop)).page;
    await signInTo(owner, COMPANIES.anKhang);
    await owner.goto('/employees');
    await owner.getByTestId('employee-table').waitFor();

    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Nhân viên');
    sheet.addRow(['Mã NV', 'Họ tên', 'Số điện thoại', 'Email', 'Loại', 'Vai trò', 'Mã khu vực', 'SĐT quản lý', 'Ngày bắt đầu']);
    sheet.addRow(['KT002', 'Lâm Thị Sổ Sách', `096${String(Date.now()).slice(-7)}`, '', 'Văn phòng', 'Kế toán', '', '', '02/01/2026']);
    sheet.addRow(['', 'Sai Số', '12345', '', 'Văn phòng', '', '', '', '']);
    const buffer = Buffer.from(await workbook.xlsx.writeBuffer());

    await owner.getByTestId('employee-import').click();
    await owner.getByRole('menuitem', { name: 'Nhập danh sách nhân viên' }).click();
    const dialog = owner.getByTestId('employee-import-dialog');
    await dialog.waitFor();
    await dialog.getByTestId('import-password').fill('Khoi@dau2026');
    await owner.locator('input[type="file"]').setInputFiles({ name: 'nhan-vien.xlsx', mimeType: 'application/octet-stream', buffer });
    await dialog.getByTestId('import-report').waitFor();
    await expect(dialog.getByTestId('import-ok-count').innerText()).resolves.toBe('1');
    await expect(dialog.getByTestId('import-error-count').innerText()).resolves.toBe('1');
    const refused = dialog.getByTestId('import-row-error');
    await expect(refused.innerText()).resolves.toMatch(/^3\s+Lỗi\s+Số điện thoại\s+Số điện thoại: số điện thoại không hợp lệ$/);
    await dialog.getByRole('button', { name: 'Xong' }).click();
    await eventually(() => owner.getByTestId('employee-name').allInnerTexts()).toContain('Lâm Thị Sổ Sách');
  });
});
