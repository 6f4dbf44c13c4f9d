/**
 * Regions from Excel (browser): the owner uploads a sheet on /area with a new region, a
 * row that renames an existing one and a row whose province is unknown; the report counts one
 * created, one updated and one refused row naming its column, and the list shows the new region.
 * On a desktop (1440x900); the sheet is a real .xlsx written with exceljs.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { VIEWPORTS } from '@tests/support/browser';
import { setupE2e, signInTo, waitForPath } from '@tests/support/e2e-app';

const app = setupE2e();

async function regionSheet(rows: (string | null)[][]): Promise<string> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Khu vực');
  sheet.addRow(['Mã khu vực', 'Tên khu vực', 'Mô tả', 'Tỉnh/thành']);
  for (const row of rows) sheet.addRow(row);
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'regions-')), 'khu-vuc.xlsx');
  await workbook.xlsx.writeFile(file);
  return file;
}

describe('regions from Excel (1440x900)', () => {
  it('imports a sheet and reports what was created, updated and refused, row by row', async () => {
    const file = await regionSheet([
      ['TN', 'Tây Nguyên', 'Đắk Lắk, Gia Lai, Lâm Đồng', 'Đắk Lắk, Gia Lai, Lâm Đồng'],
      ['MT', 'Miền Trung và Tây Nguyên', null, null],
      ['XX', 'Khu vực lạ', null, 'Tỉnh Không Có'],
    ]);
    const { page } = await app.open(VIEWPORTS.desktop);
    await signInTo(page);
    await page.goto('/area');
    await waitForPath(page, '/area');
    await page.getByTestId('region-import').click();
    const dialog = page.getByTestId('region-import-dialog');
    const chooser = page.waitForEvent('filechooser');
    await dialog.getByTestId('region-import-pick').click();
    await (await chooser).setFiles(file);

    const report = page.getByTestId('region-import-report');
    await report.waitFor();
    await expect(report.getByTestId('region-import-created').innerText()).resolves.toBe('1');
    await expect(report.getByTestId('region-import-updated').innerText()).resolves.toBe('1');
    await expect(report.getByTestId('region-import-error-count').innerText()).resolves.toBe('1');
    const refused = await report.getByTestId('region-import-errors').locator('tbody tr').allInnerTexts();
    expect(refused).toHaveLength(1);
    expect(refused[0]).toMatch(/^4\s+Tỉnh\/thành\s+.*Tỉnh Không Có/);

    await report.getByRole('button', { name: 'Xong', exact: true }).click();
    const created = page.locator('[data-testid="region-row"][data-code="TN"]');
    await created.waitFor();
    await expect(created.innerText()).resolves.toContain('Tây Nguyên');
    await expect(page.locator('[data-testid="region-row"][data-code="MT"]').innerText()).resolves.toContain('Miền Trung và Tây Nguyên');
  });
});
