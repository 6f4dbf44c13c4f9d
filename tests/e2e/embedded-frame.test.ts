/**
 * Spec §2 "Route guards" (last point) and "Layouts": the home layout listens for messages from an
 * embedded frame; a POST message's isCloseHeaderAndFooter hides or shows the header and footer
 * (on a phone: the mobile header and the bottom navbar).
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { VIEWPORTS } from '@tests/support/browser';
import { COMPANIES, setupE2e, signInTo } from '@tests/support/e2e-app';

const app = setupE2e();

async function post(page: Page, message: Record<string, unknown>): Promise<void> {
  await page.evaluate((data) => window.postMessage(data, location.origin), message);
}

describe('embedded-frame messages (390x844)', () => {
  it('hide the mobile header and bottom navbar with isCloseHeaderAndFooter: true, and show them again with false', async () => {
    const { page } = await app.open(VIEWPORTS.phone);
    await signInTo(page, COMPANIES.anKhang);
    const header = page.getByTestId('mobile-header');
    const navbar = page.getByTestId('bottom-navbar');
    await header.waitFor();
    await navbar.waitFor();

    await post(page, { type: 'POST', isCloseHeaderAndFooter: true });
    await header.waitFor({ state: 'hidden' });
    await navbar.waitFor({ state: 'hidden' });
    // The page itself stays.
    await expect(page.getByTestId('menu-grid').isVisible()).resolves.toBe(true);

    await post(page, { type: 'POST', isCloseHeaderAndFooter: false });
    await header.waitFor({ state: 'visible' });
    await navbar.waitFor({ state: 'visible' });
    await expect(page.getByTestId('mobile-title').innerText()).resolves.toBe('Tổng quan');
  });
});
