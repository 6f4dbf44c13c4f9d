/**
 * The signed-in state tests/bench/lighthouse.ts measures the rep's screens in: signed in through the
 * real form, in the browser Lighthouse will use, as the demo account in An Khang (the account
 * tests/bench/support/bench-app.ts offers), with the first sync finished.
 */
import { chromium } from 'playwright-core';
import { DEMO_SIGN_IN } from './bench-app';

/** The demo customer whose page is measured (server/seed/demo-customers.ts, KH000001). */
export const MEASURED_CUSTOMER = 'Nhà thuốc Minh Châu';

export type Session = { customerId: string; customerName: string };

/**
 * Signs in, waits for the dashboard's figures and the first sync, and reads the measured customer's
 * id from the customer list (ids are made at seeding, so they differ on every start).
 */
export async function signIn(origin: string, port: number): Promise<Session> {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`);
  try {
    const context = browser.contexts()[0]!;
    const page = await context.newPage();
    await page.goto(`${origin}/login`);
    await page.getByPlaceholder('Nhập số điện thoại').fill(DEMO_SIGN_IN.phone);
    await page.getByPlaceholder('Nhập mật khẩu').fill(DEMO_SIGN_IN.password);
    await page.getByRole('button', { name: 'Đăng nhập', exact: true }).click();
    // The company's button is named by all it shows (its kind and status too), so not exactly.
    await page.getByRole('button', { name: DEMO_SIGN_IN.company }).click();
    await page.waitForURL('**/dashboard', { timeout: 30_000 });
    // A signed-in user has seen their figures and has the workspace on the device: the figures are
    // kept (src/api/kept-answers.ts) and the first sync has finished, as on any later visit. (The
    // first sync has its own measure: tests/bench/local-data.ts.)
    await page.getByTestId('figure-today-revenue').waitFor({ timeout: 30_000 });
    await page.locator('[data-testid="sync-status"][data-tone="synced"]').waitFor({ timeout: 120_000 });
    await page.goto(`${origin}/customers`);
    const link = page.getByTestId('customer-name').filter({ hasText: MEASURED_CUSTOMER }).first();
    // On a busy machine the list now and then stays empty past the wait: opened again once, it shows.
    await link.waitFor({ timeout: 30_000 }).catch(async () => {
      await page.reload();
      await link.waitFor({ timeout: 60_000 });
    });
    const href = await link.getAttribute('href');
    const customerId = /\/customers\/([^/?#]+)/.exec(href ?? '')?.[1];
    if (!customerId) throw new Error(`no link to ${MEASURED_CUSTOMER}'s page on /customers (href ${href})`);
    await page.close();
    return { customerId, customerName: MEASURED_CUSTOMER };
  } finally {
    // Over CDP this only detaches playwright; the browser (and its cookies) stays for Lighthouse.
    await browser.close();
  }
}
