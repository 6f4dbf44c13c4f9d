/**
 * Attendance (browser; docs/attendance.md): Lê Văn Trình files "Xin chấm công" for yesterday on his
 * phone with the network off; back online it reaches the server. Võ Minh Quân, his region manager,
 * approves it on the desktop's /attendance, the timesheet shows the day worked, and Trình's phone
 * shows the claim approved after its next pull.
 */
import { describe, expect, it } from 'vitest';
import { attendancePaths, type AttendanceClaimRecord } from '@contract/attendance';
import { addDays } from '@contract/calendar-days';
import { vietnamDay } from '@contract/price-policy';
import { VIEWPORTS } from '@tests/support/browser';
import { COMPANIES, WAIT_MS, eventually, setupE2e, signInAs, toast, waitForPath } from '@tests/support/e2e-app';
import { firstSyncDone } from '@tests/support/device-store';
import { apiCall, officeSignIn } from '@tests/support/office-api';
import { axeViolations } from '@tests/support/axe';

const app = setupE2e({ unpluggable: true });

const TRINH = '0912000001';
const QUAN = '0912000003';
const REASON = 'Điện thoại hỏng, không check-in được';

describe('a self-claim approved by the region manager', () => {
  it('is filed offline by the rep, approved by Quân on /attendance, and the timesheet counts the day', async () => {
    const yesterday = addDays(vietnamDay(), -1);
    const trinh = await officeSignIn(app.server.url, TRINH);
    const quan = await officeSignIn(app.server.url, QUAN);

    const { context, page } = await app.open(VIEWPORTS.phone, { serviceWorkers: 'allow' });
    await signInAs(page, TRINH, COMPANIES.anKhang);
    await page.goto('/attendance');
    await waitForPath(page, '/attendance');
    await eventually(() => firstSyncDone(page, trinh.companyId), 60_000).toBe(true);
    await page.getByTestId('my-month').waitFor();
    await app.unplug(context);

    const form = page.getByTestId('claim-form');
    await form.getByRole('radio', { name: 'Cả ngày' }).check();
    await form.getByRole('textbox', { name: /Lý do/ }).fill(REASON);
    await form.getByRole('button', { name: 'Gửi đơn' }).click();
    await toast(page, 'success', 'Đã lưu đơn xin chấm công').waitFor();
    const mine = form.getByTestId('my-claim').first();
    await expect(mine.innerText()).resolves.toContain('Chờ duyệt');
    await expect(axeViolations(page)).resolves.toEqual([]);

    await app.plugIn(context);
    const waiting = async () => {
      const answer = await apiCall<AttendanceClaimRecord[]>(
        app.server.url,
        `${attendancePaths.claims}?company=${quan.companyId}&status=waiting`,
        { token: quan.token },
      );
      return answer.body.data.find((claim) => claim.account_name === 'Lê Văn Trình' && claim.day === yesterday && claim.reason === REASON);
    };
    await eventually(async () => Boolean(await waiting()), WAIT_MS).toBe(true);
    const claim = (await waiting())!;

    const desk = await app.open(VIEWPORTS.desktop);
    await signInAs(desk.page, QUAN, COMPANIES.anKhang);
    await desk.page.goto('/attendance');
    await waitForPath(desk.page, '/attendance');
    const row = desk.page.locator(`[data-testid="waiting-claim"][data-claim="${claim.id}"]`);
    await row.waitFor();
    await desk.page.getByTestId('timesheet-grid').waitFor();
    await expect(axeViolations(desk.page)).resolves.toEqual([]);
    await row.getByRole('button', { name: /^Duyệt đơn của Lê Văn Trình/ }).click();
    await toast(desk.page, 'success', 'Đã duyệt đơn xin chấm công').waitFor();
    await row.waitFor({ state: 'detached' });
    const cell = desk.page.getByTestId('timesheet-rep').filter({ hasText: 'Lê Văn Trình' }).locator(`[data-day="${yesterday}"]`);
    await eventually(() => cell.getAttribute('data-status'), WAIT_MS).toBe('full');
    await expect(cell.getAttribute('aria-label')).resolves.toContain('đơn xin chấm công đã duyệt');

    // The phone pulls the decision (a reload starts a sync).
    await page.reload();
    await eventually(() => page.getByTestId('my-claim').first().innerText(), WAIT_MS).toContain('Đã duyệt');
  }, 300_000);
});
