/**
 * Security in the browser: the app is served with a Content-Security-Policy and runs under it —
 * opening /login, signing in and opening the dashboard trips no CSP violation and logs no CSP error.
 */
import { describe, expect, it } from 'vitest';
import { VIEWPORTS } from '@tests/support/browser';
import { COMPANIES, desktopMenu, setupE2e, signInTo, watchPageProblems } from '@tests/support/e2e-app';

const app = setupE2e();

describe('Content-Security-Policy', () => {
  it('comes with the document at / and the app runs under it while signing in and opening /dashboard', async () => {
    const { page } = await app.open(VIEWPORTS.desktop);
    const problems = await watchPageProblems(page);

    const response = await page.goto('/');
    expect(response?.status()).toBe(200);
    const csp = response?.headers()['content-security-policy'] ?? '';
    expect(csp, 'Content-Security-Policy header of /').not.toBe('');
    const directives = new Map(
      csp
        .split(';')
        .map((part) => part.trim().split(/\s+/))
        .filter((words) => words[0])
        .map(([name, ...values]) => [name, values] as const),
    );
    expect(directives.get('default-src')).toEqual(["'self'"]);
    // Scripts only from the app itself: no inline script but by its hash, no eval.
    const scriptSrc = directives.get('script-src') ?? directives.get('default-src') ?? [];
    expect(scriptSrc).toContain("'self'");
    expect(scriptSrc).not.toContain("'unsafe-inline'");
    expect(scriptSrc).not.toContain("'unsafe-eval'");
    expect(directives.get('object-src')).toEqual(["'none'"]);
    // One inline script, allowed by its hash: the sign-in page's loader (server/login-shell.ts).
    expect(scriptSrc.filter((source) => source.startsWith("'sha256-"))).toHaveLength(1);

    // Opened directly, /login paints its frame from the HTML and loads the app through that loader.
    await page.goto('/login');
    await page.locator('#login-shell').waitFor({ state: 'detached' });
    await signInTo(page, COMPANIES.anKhang);
    await desktopMenu(page).getByRole('link', { name: 'Tổng quan', exact: true }).waitFor();
    await page.getByTestId('page-title').waitFor();

    expect(problems.cspViolations).toEqual([]);
    expect(problems.consoleErrors.filter((text) => /content security policy/i.test(text))).toEqual([]);
    expect(problems.pageErrors).toEqual([]);
  });
});
