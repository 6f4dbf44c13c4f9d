/**
 * What the browser tests share: one server and one browser per test file, a fresh browser context
 * per test, the demo data's exact values (server/seed/demo.ts), and helpers that act as a user would (type,
 * click, wait for what appears) without sleeping. A file may ask for push faults on its server and
 * for a network it can unplug (tests/support/offline-proxy.ts).
 */
import { afterAll, afterEach, beforeAll, expect } from 'vitest';
import type { Browser, BrowserContext, Cookie, Locator, Page } from 'playwright-core';
import { API_PREFIX, companyPaths } from '@contract/api-paths';
import type { FaultInjector } from '@server/kernel/app-types';
import { launchBrowser, newPage } from './browser';
import { startE2eServer, type E2eServer } from './e2e-server';
import { startOfflineProxy, type OfflineProxy } from './offline-proxy';

/** The demo data seeded on first start; tests and people rely on these exact values. */
export const DEMO_ACCOUNT = { phone: '0901234567', password: 'Demo@2026', fullName: 'Nguyễn Văn An' } as const;

export const COMPANIES = {
  anKhang: 'Công ty Dược phẩm An Khang',
  minhPhat: 'Công ty TNHH Thương mại Minh Phát',
  hoaBinh: 'Nhà thuốc Hòa Bình',
} as const;

export const STATUS = { accepted: 'Đã xác nhận', pending: 'Chờ xác nhận' } as const;

export const PENDING_WORKSPACE_WARNING = 'Vui lòng chờ đến khi được xác nhận để tiếp tục !!!';

/** How long a test waits for something to appear before failing. */
export const WAIT_MS = 15_000;

export type ToastType = 'success' | 'warning' | 'error' | 'info';

export type SetupOptions = {
  /** Test-only faults after a committed sync push, for this file's server (server/kernel/app-types.ts). */
  faults?: FaultInjector;
  /**
   * Pages reach the server through a proxy that can be unplugged (tests/support/offline-proxy.ts),
   * so that "offline" holds for the service worker's own requests too; see `unplug`/`plugIn`.
   */
  unpluggable?: boolean;
  /** Start the providers' simulators beside this file's server (`app.server.sims`). */
  simulators?: boolean;
};

export type OpenOptions = {
  /** 'block' unless said otherwise; the service worker tests need 'allow'. */
  serviceWorkers?: 'allow' | 'block';
};

export type E2eApp = {
  readonly server: E2eServer;
  readonly browser: Browser;
  /** The unpluggable network between the browser and the server (setupE2e({ unpluggable: true })). */
  readonly proxy: OfflineProxy;
  /** A fresh context (no cookies, no storage) and page at the given viewport; closed after the test. */
  open: (viewport: { width: number; height: number }, options?: OpenOptions) => Promise<{ context: BrowserContext; page: Page }>;
  /** The network goes away for the page (navigator.onLine false) and for its service worker. */
  unplug: (context: BrowserContext) => Promise<void>;
  /** The network comes back; the page gets its `online` event. */
  plugIn: (context: BrowserContext) => Promise<void>;
};

/**
 * Registers the per-file server and browser (beforeAll/afterAll) and closes each test's contexts
 * after it. When a test fails, the URL and visible text of its pages are printed to help tell why.
 * The network is plugged back in after each test.
 */
export function setupE2e(options: SetupOptions = {}): E2eApp {
  let server: E2eServer | undefined;
  let proxy: OfflineProxy | undefined;
  let browser: Browser | undefined;
  let contexts: BrowserContext[] = [];

  beforeAll(async () => {
    server = await startE2eServer({ faults: options.faults, simulators: options.simulators });
    if (options.unpluggable) proxy = await startOfflineProxy(server.url);
    browser = await launchBrowser();
  });

  afterEach(async (context) => {
    const open = contexts;
    contexts = [];
    if (context.task.result?.state === 'fail') await describePages(open);
    proxy?.setOffline(false);
    proxy?.setWorkerSuffix('');
    await Promise.all(open.map((browserContext) => browserContext.close()));
  });

  afterAll(async () => {
    await browser?.close();
    await proxy?.close();
    await server?.stop();
  });

  function unpluggableProxy(): OfflineProxy {
    if (!proxy) throw new Error('no unpluggable network: call setupE2e({ unpluggable: true }) (and use it inside a test)');
    return proxy;
  }

  return {
    get server() {
      if (!server) throw new Error('the e2e server is not started yet (use it inside a test)');
      return server;
    },
    get browser() {
      if (!browser) throw new Error('the browser is not launched yet (use it inside a test)');
      return browser;
    },
    get proxy() {
      return unpluggableProxy();
    },
    async unplug(browserContext) {
      unpluggableProxy().setOffline(true);
      await browserContext.setOffline(true);
    },
    async plugIn(browserContext) {
      unpluggableProxy().setOffline(false);
      await browserContext.setOffline(false);
    },
    async open(viewport, openOptions = {}) {
      if (!browser || !server) throw new Error('setupE2e: server or browser missing');
      const opened = await newPage(browser, proxy?.url ?? server.url, viewport, { serviceWorkers: openOptions.serviceWorkers });
      opened.context.setDefaultTimeout(WAIT_MS);
      opened.context.setDefaultNavigationTimeout(30_000);
      contexts.push(opened.context);
      contextOrigins.set(opened.context, proxy?.url ?? server.url);
      // Kept for the failure report: what the page complained about and which calls went wrong.
      const events: string[] = [];
      eventLogs.set(opened.context, events);
      opened.page.on('console', (message) => {
        if (message.type() === 'error' || message.type() === 'warning') events.push(`console.${message.type()}: ${message.text()}`);
      });
      opened.page.on('pageerror', (error) => events.push(`page error: ${String(error)}`));
      opened.page.on('response', (response) => {
        if (response.status() >= 400) events.push(`${response.request().method()} ${response.url()} -> ${response.status()}`);
      });
      opened.page.on('requestfailed', (request) =>
        events.push(`${request.method()} ${request.url()} failed: ${request.failure()?.errorText}`),
      );
      return opened;
    },
  };
}

const eventLogs = new WeakMap<BrowserContext, string[]>();

/** After a failure: where each page was, what it showed and what went wrong, to help tell why. */
async function describePages(contexts: BrowserContext[]): Promise<void> {
  for (const context of contexts) {
    const events = eventLogs.get(context) ?? [];
    if (events.length > 0) console.error(`[e2e] events before the failure:\n${events.join('\n')}`);
    for (const page of context.pages()) {
      const text = await page
        .locator('body')
        .innerText({ timeout: 2_000 })
        .catch((error: unknown) => `(could not read the page: ${String(error)})`);
      console.error(`[e2e] after the failure, the page at ${page.url()} showed:\n${text.slice(0, 2_000)}`);
    }
  }
}

/** An assertion retried until it holds (or `timeout`, WAIT_MS by default, passes): the page updates asynchronously. */
export function eventually<T>(read: () => T | Promise<T>, timeout: number = WAIT_MS) {
  return expect.poll(read, { timeout, interval: 50 });
}

/**
 * How long the service worker's install may take: it precaches 469 files after the page loads,
 * 7–9 s on an idle 2-core test machine, longer than 15 s on a slower or busier one (a CI run failed).
 */
const SERVICE_WORKER_INSTALL_MS = 60_000;

/**
 * Waits until the app's service worker is active (its precache complete) and controls the page;
 * reloads once when the first install did not claim the page.
 */
export async function waitForServiceWorker(page: Page): Promise<void> {
  const { scriptUrl, seen } = await page.evaluate(async (timeout) => {
    const scriptUrl = await Promise.race([
      navigator.serviceWorker.ready.then((registration) => registration.active?.scriptURL ?? null),
      new Promise<null>((resolve) => setTimeout(() => resolve(null), timeout)),
    ]);
    const registration = await navigator.serviceWorker.getRegistration();
    const seen = registration
      ? `installing ${registration.installing?.state ?? 'none'}, waiting ${registration.waiting?.state ?? 'none'}`
      : 'nothing registered (is the context opened with serviceWorkers: "allow", and does src/main.tsx call startServiceWorker()?)';
    return { scriptUrl, seen };
  }, SERVICE_WORKER_INSTALL_MS);
  if (!scriptUrl) throw new Error(`No active service worker after ${SERVICE_WORKER_INSTALL_MS / 1000} s: ${seen}`);
  expect(new URL(scriptUrl).pathname).toBe('/sw.js');
  const controlled = () => page.evaluate(() => navigator.serviceWorker.controller !== null);
  const claimed = await page
    .waitForFunction(() => navigator.serviceWorker.controller !== null, null, { timeout: 5_000 })
    .then(() => true)
    .catch(() => false);
  if (!claimed) {
    await page.reload();
    await expect(controlled()).resolves.toBe(true);
  }
}

/** Waits until the page's path (and, when given, its search string) is the one expected. */
export async function waitForPath(page: Page, pathname: string, search?: string): Promise<void> {
  await page.waitForURL((url) => url.pathname === pathname && (search === undefined || url.search === search), {
    timeout: WAIT_MS,
  });
}

export function pathOf(page: Page): string {
  return new URL(page.url()).pathname;
}

/** A toast of the given type showing the given text (product-spec.md §8/§9 toasts). */
export function toast(page: Page, type: ToastType, text: string): Locator {
  return page.locator(`[data-toast-type="${type}"]`).filter({ hasText: text });
}

/** How long a closed toast takes to leave the screen (400 ms, src/ui/toast.ts), with room for slow frames. */
export const TOAST_EXIT_MS = 1_500;

/** Whether a tap on the middle of the element reaches it: nothing (a toast, a dialog) stands over it. */
export function uncovered(locator: Locator): Promise<boolean> {
  return locator.evaluate((element) => {
    const box = element.getBoundingClientRect();
    const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
    return hit !== null && element.contains(hit);
  });
}

/** Fills and submits the login form on /login (the page must already be there). */
export async function submitLogin(page: Page, phone: string, password: string): Promise<void> {
  const form = page.locator('form').filter({ has: page.getByRole('heading', { name: 'Đăng nhập' }) });
  await form.getByRole('textbox', { name: 'Số điện thoại', exact: true }).fill(phone);
  await form.getByRole('textbox', { name: 'Mật khẩu', exact: true }).fill(password);
  await form.getByRole('button', { name: 'Đăng nhập', exact: true }).click();
}

/** Signs in from /login and waits for the workspace list at '/'. */
export async function signIn(page: Page, password: string = DEMO_ACCOUNT.password): Promise<void> {
  if (pathOf(page) !== '/login') {
    await page.goto('/login');
    await waitForPath(page, '/login');
  }
  await submitLogin(page, DEMO_ACCOUNT.phone, password);
  await waitForPath(page, '/');
  await workspaceList(page).waitFor();
}

export function workspaceList(page: Page): Locator {
  return page.getByTestId('workspace-list');
}

/** One company's entry in the workspace list at '/'. */
export function workspaceEntry(page: Page, title: string): Locator {
  // The button is named by all it shows (title, trade, state: WCAG 2.5.3), so it is found by its title line.
  return workspaceList(page)
    .getByRole('button')
    .filter({ has: page.getByText(title, { exact: true }) });
}

/** Chooses an accepted company in the list at '/' and waits for its dashboard. */
export async function openWorkspace(page: Page, title: string): Promise<void> {
  await workspaceEntry(page, title).click();
  await waitForPath(page, '/dashboard');
}

/**
 * Signs in and opens a workspace: the usual start of a test that needs a workspace. The form is
 * used the first time per server, account and workspace; later tests get the cookies and local
 * storage that sign-in left (what Playwright's storageState carries), see `signedInBefore`.
 */
export async function signInTo(page: Page, title: string = COMPANIES.anKhang): Promise<void> {
  await signedInBefore(page, DEMO_ACCOUNT.phone, title, async () => {
    await signIn(page);
    await openWorkspace(page, title);
  });
}

/** Signs another demo account in (same password as the demo) and opens one of its companies, as `signInTo` does. */
export async function signInAs(page: Page, phone: string, title: string): Promise<void> {
  await signedInBefore(page, phone, title, async () => {
    await page.goto('/login');
    await waitForPath(page, '/login');
    await submitLogin(page, phone, DEMO_ACCOUNT.password);
    await waitForPath(page, '/');
    await workspaceList(page).waitFor();
    await openWorkspace(page, title);
  });
}

/** The address a test's context reaches the server at (the server's, or the unpluggable proxy's). */
const contextOrigins = new WeakMap<BrowserContext, string>();

type SavedSignIn = { cookies: Cookie[]; localStorage: { name: string; value: string }[]; accessToken: string };

/** What a sign-in left in the browser, per server address, phone and workspace. */
const savedSignIns = new Map<string, SavedSignIn>();

/**
 * Opens the workspace's dashboard in the state an earlier sign-in of this file left, or signs in
 * with `signInWithForm` and keeps that state. Sign-in through the form took a third of a short
 * test's time; the form itself is tested in tests/e2e/sign-in.test.ts. The saved session is asked
 * of the server first: a test that logged out or changed the password ended it, and the next test
 * signs in again.
 */
async function signedInBefore(page: Page, phone: string, title: string, signInWithForm: () => Promise<void>): Promise<void> {
  const origin = contextOrigins.get(page.context());
  // A context not opened by app.open (the fault suite's own tabs) signs in with the form each time.
  if (!origin) return signInWithForm();
  const key = `${origin}|${phone}|${title}`;
  const saved = savedSignIns.get(key);
  if (saved && (await sessionIsLive(origin, saved.accessToken))) {
    await page.context().addCookies(saved.cookies);
    // Local storage belongs to the origin: write it from a small same-origin file, before the app loads.
    await page.goto('/manifest.webmanifest');
    await page.evaluate((entries) => {
      for (const { name, value } of entries) localStorage.setItem(name, value);
    }, saved.localStorage);
    await page.goto('/dashboard');
    await waitForPath(page, '/dashboard');
    return;
  }
  await signInWithForm();
  const state = await page.context().storageState();
  const accessToken = state.cookies.find((cookie) => cookie.name === 'accessToken')?.value;
  if (!accessToken) throw new Error('signed in, but no accessToken cookie was written');
  const storage = state.origins.find((entry) => entry.origin === new URL(origin).origin)?.localStorage ?? [];
  savedSignIns.set(key, { cookies: state.cookies, localStorage: storage, accessToken });
}

async function sessionIsLive(origin: string, accessToken: string): Promise<boolean> {
  const answer = await fetch(`${origin}${API_PREFIX}${companyPaths.memberships}`, { headers: { Authorization: `Bearer ${accessToken}` } });
  await answer.body?.cancel();
  return answer.ok;
}

export function desktopMenu(page: Page): Locator {
  return page.getByRole('navigation', { name: 'Menu chính' });
}

/**
 * Opens a dropdown of the desktop header menu by hovering its entry (the menus open on hover and
 * toggle on click, so a click could close one that hovering had just opened) and returns the
 * dropdown that entry controls.
 */
export async function openHeaderDropdown(page: Page, label: string): Promise<Locator> {
  const trigger = desktopMenu(page).getByRole('button', { name: label, exact: true });
  // A hover that lands while a closing drawer's overlay still covers the header opens nothing, and
  // hovering again where the pointer already is fires no new mouseenter: move away and come back.
  for (let attempt = 1; ; attempt += 1) {
    await page.mouse.move(0, 0);
    await trigger.hover();
    const deadline = Date.now() + 3_000;
    while (Date.now() < deadline && (await trigger.getAttribute('aria-expanded')) !== 'true') await page.waitForTimeout(50);
    if ((await trigger.getAttribute('aria-expanded')) === 'true' || attempt === 4) break;
  }
  await eventually(() => trigger.getAttribute('aria-expanded')).toBe('true');
  const id = await trigger.getAttribute('aria-controls');
  if (!id) throw new Error(`the "${label}" menu names no dropdown (aria-controls)`);
  const dropdown = page.locator(`[id="${id}"]`);
  await dropdown.getByRole('menuitem').first().waitFor();
  return dropdown;
}

/** Closes an open header dropdown with Escape and waits until it is gone. */
export async function closeDropdown(page: Page, dropdown: Locator): Promise<void> {
  await page.keyboard.press('Escape');
  await dropdown.waitFor({ state: 'hidden' });
}

/** The labels and targets of a header dropdown's entries. */
export async function dropdownEntries(dropdown: Locator): Promise<{ label: string; href: string }[]> {
  return dropdown
    .getByRole('menuitem')
    .evaluateAll((elements) =>
      elements.map((element) => ({ label: (element.textContent ?? '').trim(), href: element.getAttribute('href') ?? '' })),
    );
}

/** Opens the header's workspace dropdown and returns it. */
export async function openWorkspaceSwitcher(page: Page): Promise<Locator> {
  const trigger = page.getByTestId('workspace-switcher');
  await trigger.click();
  await eventually(() => trigger.getAttribute('aria-expanded')).toBe('true');
  const id = await trigger.getAttribute('aria-controls');
  if (!id) throw new Error('the workspace switcher names no dropdown (aria-controls)');
  const dropdown = page.locator(`[id="${id}"]`);
  await dropdown.getByRole('menuitem').first().waitFor();
  return dropdown;
}

/**
 * Console errors, uncaught page errors and CSP violations (the `securitypolicyviolation` event of
 * every document the page loads), collected as they come.
 */
export async function watchPageProblems(page: Page): Promise<{ consoleErrors: string[]; pageErrors: string[]; cspViolations: string[] }> {
  const consoleErrors: string[] = [];
  const pageErrors: string[] = [];
  const cspViolations: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') consoleErrors.push(message.text());
  });
  page.on('pageerror', (error) => pageErrors.push(String(error)));
  await page.exposeFunction('__e2eReportCspViolation', (text: string) => {
    cspViolations.push(text);
  });
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      const report = (window as unknown as { __e2eReportCspViolation: (text: string) => void }).__e2eReportCspViolation;
      report(`${event.violatedDirective} blocked ${event.blockedURI || '(inline)'} at ${event.sourceFile}:${event.lineNumber}`);
    });
  });
  return { consoleErrors, pageErrors, cspViolations };
}
