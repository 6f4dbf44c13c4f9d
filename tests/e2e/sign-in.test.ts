/**
 * Sign in at 390x844 and at 1440x900 with the demo account, see the
 * workspace list with each membership's status, open An Khang, and find the layout of that size
 * (product-spec.md §2: bottom navbar and mobile header under 768 px, the header menu above).
 */
import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { BrowserContext, Page, Route } from 'playwright-core';
import { VIEWPORTS } from '@tests/support/browser';
import {
  COMPANIES,
  DEMO_ACCOUNT,
  STATUS,
  desktopMenu,
  openWorkspace,
  setupE2e,
  signInTo,
  submitLogin,
  waitForPath,
  workspaceEntry,
  workspaceList,
} from '@tests/support/e2e-app';

const app = setupE2e();

/** Signed out, a workspace page sends to /login; signing in there shows the three workspaces. */
async function signInFromDashboard(page: Page): Promise<void> {
  await page.goto('/dashboard');
  await waitForPath(page, '/login');
  await page.getByRole('heading', { name: 'Đăng nhập' }).waitFor();

  await submitLogin(page, DEMO_ACCOUNT.phone, DEMO_ACCOUNT.password);
  await waitForPath(page, '/');
  await workspaceList(page).waitFor();
  await page.getByRole('heading', { name: `Xin chào, ${DEMO_ACCOUNT.fullName}` }).waitFor();

  await expect(workspaceList(page).getByRole('button').count()).resolves.toBe(3);
  const expected: [string, string][] = [
    [COMPANIES.anKhang, STATUS.accepted],
    [COMPANIES.minhPhat, STATUS.accepted],
    [COMPANIES.hoaBinh, STATUS.pending],
  ];
  for (const [title, status] of expected) {
    // The badge's text (its CSS shows it in capitals).
    const other = status === STATUS.accepted ? STATUS.pending : STATUS.accepted;
    await expect(workspaceEntry(page, title).getByText(status, { exact: true }).count(), `${title}: ${status}`).resolves.toBe(1);
    await expect(workspaceEntry(page, title).getByText(other, { exact: true }).count(), `${title}: not ${other}`).resolves.toBe(0);
  }
}

describe('signing in with the demo account', () => {
  it('works on a phone (390x844): workspace list, then the dashboard with bottom navbar and mobile header', async () => {
    const { page } = await app.open(VIEWPORTS.phone);
    await signInFromDashboard(page);

    await openWorkspace(page, COMPANIES.anKhang);

    const navbar = page.getByTestId('bottom-navbar');
    await navbar.waitFor();
    await expect(navbar.getByRole('link').allInnerTexts()).resolves.toEqual([
      'Trang chủ',
      'Khách hàng',
      'Bán hàng',
      'Nhân viên',
      'Cá nhân',
    ]);
    await expect(navbar.getByRole('link').evaluateAll((links) => links.map((link) => link.getAttribute('href')))).resolves.toEqual([
      '/dashboard',
      '/customers',
      '/order',
      '/employees',
      '/my-account',
    ]);
    await expect(page.getByTestId('mobile-header').isVisible()).resolves.toBe(true);
    await expect(page.getByTestId('mobile-title').innerText()).resolves.toBe('Tổng quan');
    // The top-level dashboard has no back arrow, and the desktop header is not shown on a phone.
    await expect(page.getByTestId('mobile-header').getByRole('button', { name: 'Quay lại' }).count()).resolves.toBe(0);
    await expect(page.getByTestId('desktop-header').count()).resolves.toBe(0);
  });

  it('works on a desktop (1440x900): workspace list, then the dashboard under the header menu', async () => {
    const { page } = await app.open(VIEWPORTS.desktop);
    await signInFromDashboard(page);

    await openWorkspace(page, COMPANIES.anKhang);

    const header = page.getByTestId('desktop-header');
    await header.waitFor();
    await desktopMenu(page).getByRole('link', { name: 'Tổng quan', exact: true }).waitFor();
    await expect(page.getByTestId('workspace-switcher').innerText()).resolves.toContain(COMPANIES.anKhang);
    await expect(page.getByTestId('page-title').innerText()).resolves.toBe('Tổng quan');
    for (const entry of ['Đơn hàng', 'Sản phẩm', 'Kho', 'Khách hàng', 'Nhân viên', 'Cấu hình']) {
      await expect(desktopMenu(page).getByRole('button', { name: entry, exact: true }).isVisible(), entry).resolves.toBe(true);
    }
    await expect(desktopMenu(page).getByRole('link', { name: 'Khuyến mại', exact: true }).isVisible()).resolves.toBe(true);
    await expect(page.getByTestId('bottom-navbar').count()).resolves.toBe(0);
    await expect(page.getByTestId('mobile-header').count()).resolves.toBe(0);
  });

  it('paints the sign-in frame from the HTML on a first visit to /login, then the real form takes over', async () => {
    const { page } = await app.open(VIEWPORTS.phone);
    const response = await page.goto('/login');
    const html = (await response?.text()) ?? '';
    expect(html).toContain('<div id="login-shell" inert aria-hidden="true">');
    await page.locator('#login-shell').waitFor({ state: 'detached' });
    // The frame says what the real screen says (server/login-shell.ts follows the layout's texts).
    const paragraph = /<p class="ls-dim">([^<]+)<\/p>/.exec(html)?.[1];
    await expect(page.getByTestId('help-desk').innerText()).resolves.toContain(paragraph);
    await submitLogin(page, DEMO_ACCOUNT.phone, DEMO_ACCOUNT.password);
    await waitForPath(page, '/');
  });
});

/** Which of @mantine/core's sheets defines each of its class names (m_xxxxxxxx). */
function mantineSheets(): Map<string, string> {
  const folder = 'node_modules/@mantine/core/styles';
  const sheetOf = new Map<string, string>();
  for (const file of fs.readdirSync(folder).filter((name) => name.endsWith('.layer.css'))) {
    for (const match of fs.readFileSync(`${folder}/${file}`, 'utf8').matchAll(/\.(m_[0-9a-f]{8})/g)) sheetOf.set(match[1]!, file);
  }
  return sheetOf;
}

/** Holds every request for the later styles (src/ui/mantine-styles-later.ts) until released. */
async function holdLaterStyles(context: BrowserContext) {
  const held: Route[] = [];
  const pattern = /\/assets\/mantine-styles-later-[\w-]+\.css$/;
  await context.route(pattern, (route) => void held.push(route));
  return {
    count: () => held.length,
    release: async () => {
      await Promise.all(held.splice(0).map((route) => route.continue()));
      await context.unroute(pattern);
    },
  };
}

/** The sheets of the Mantine parts on screen whose rules the page has not loaded. */
async function unstyledParts(page: Page, sheetOf: Map<string, string>): Promise<string[]> {
  const missing = await page.evaluate(
    (known) => {
      const loaded = new Set<string>();
      const walk = (rules: CSSRuleList) => {
        for (const rule of rules) {
          if (rule instanceof CSSStyleRule) for (const match of rule.selectorText.matchAll(/\.(m_[0-9a-f]{8})/g)) loaded.add(match[1]!);
          if ('cssRules' in rule) walk((rule as CSSGroupingRule).cssRules);
        }
      };
      for (const sheet of document.styleSheets) walk(sheet.cssRules);
      const drawn = new Set([...document.querySelectorAll('*')].flatMap((element) => [...element.classList]));
      return known.filter((name) => drawn.has(name) && !loaded.has(name));
    },
    [...sheetOf.keys()],
  );
  return [...new Set(missing.map((name) => sheetOf.get(name)!))].sort();
}

describe('a cold start paints sign-in and the dashboard with the first-paint styles alone', () => {
  // src/ui/mantine-styles.ts: a component drawn there whose sheet is in the later list would show
  // unstyled until the later sheets arrive (the CSS a cold start waits for is this list).
  it('draws no Mantine part whose sheet comes later, on a phone and on a desktop', async () => {
    const sheetOf = mantineSheets();
    for (const viewport of [VIEWPORTS.phone, VIEWPORTS.desktop]) {
      const { page, context } = await app.open(viewport);
      let later = await holdLaterStyles(context);
      await page.goto('/login');
      await page.getByRole('heading', { name: 'Đăng nhập' }).waitFor();
      await expect(unstyledParts(page, sheetOf), `/login at ${viewport.width}px`).resolves.toEqual([]);
      // Asked for once the frame was painted, and held: what was checked is the first paint's styles.
      await expect.poll(later.count).toBeGreaterThan(0);
      await later.release();
      await signInTo(page);
      await page.getByTestId('figure-today-revenue').waitFor();

      later = await holdLaterStyles(context);
      const dashboard = await context.newPage();
      await dashboard.goto('/dashboard');
      await dashboard.getByTestId('figure-today-revenue').waitFor();
      await expect(unstyledParts(dashboard, sheetOf), `/dashboard at ${viewport.width}px`).resolves.toEqual([]);
      await expect.poll(later.count).toBeGreaterThan(0);
      // What waits for the later styles (the sync status, src/ui/after-first-paint.tsx) comes with them.
      await expect(dashboard.getByTestId('sync-status').count()).resolves.toBe(0);
      await later.release();
      await dashboard.getByTestId('sync-status').first().waitFor();
      await expect(unstyledParts(dashboard, sheetOf)).resolves.toEqual([]);
    }
  });
});
