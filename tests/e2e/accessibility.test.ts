/**
 * WCAG 2.1 AA on every screen, checked by axe-core (tests/support/axe.ts) in Chromium with the demo's
 * data loaded: the owner of An Khang (every switch on, so every screen exists) on every route at
 * desktop and phone width, with a record of the demo on each screen that takes an id; a rep on
 * the phone on the screens of the rep's menu; the screens before sign-in; the system administrator.
 * Any serious or critical finding fails, named by rule, element and (for contrast) the colours; so
 * does a number printed without its thousands separator (tests/support/ungrouped-numbers.ts).
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { MEMBER_ROUTES } from '@tests/support/app-routes';
import { axeViolations } from '@tests/support/axe';
import { VIEWPORTS } from '@tests/support/browser';
import { ungroupedNumbers } from '@tests/support/ungrouped-numbers';
import {
  COMPANIES,
  DEMO_ACCOUNT,
  eventually,
  setupE2e,
  signInAs,
  signInTo,
  submitLogin,
  WAIT_MS,
  waitForPath,
} from '@tests/support/e2e-app';
import { cartLines, openedOrderId } from '@tests/support/order-screen';
import { api, officeSignIn, type Office } from '@tests/support/orders-api';
import { customerPaths } from '@contract/customers';
import { orderPaths } from '@contract/orders';
import { recallPaths } from '@contract/pharma-recalls';
import { promotionPaths } from '@contract/promotions';
import { receiptPaths } from '@contract/warehouse-receipts';

const app = setupE2e();

/** The first id a list call answers (lists answer an array, or a page with `results`). */
async function firstId(office: Office, path: string): Promise<string> {
  const answer = await api<unknown>(office.baseUrl, `${path}${path.includes('?') ? '&' : '?'}company=${office.companyId}&limit=1`, {
    token: office.token,
  });
  const data = answer.body.data as { id: string | number }[] | { results: { id: string | number }[] };
  const first = Array.isArray(data) ? data[0] : data.results[0];
  if (!first) throw new Error(`${path}: the demo data has none`);
  return String(first.id);
}

/** The demo has no delivery group: an empty one. */
async function orderGroup(office: Office): Promise<string> {
  const body = { company: office.companyId, title: 'Chuyến giao kiểm tra', delivery_date: null };
  const created = await api<{ id: number }>(office.baseUrl, orderPaths.groups, { token: office.token, body });
  expect(created.status, created.body.message).toBe(201);
  return String(created.body.data.id);
}

/** Every screen of src/routes that takes an id, with one of the demo's records. */
async function detailRoutes(office: Office): Promise<string[]> {
  const [order, customer, type, check] = [
    await firstId(office, orderPaths.orders),
    await firstId(office, customerPaths.customers),
    await firstId(office, customerPaths.types),
    await firstId(office, receiptPaths('check').list),
  ];
  return [
    `/order/${order}`,
    `/order/print/${order}`,
    `/order-groups/${await orderGroup(office)}`,
    `/customers/${customer}`,
    `/receivables/statement/${customer}`,
    `/customers/type/${type}`,
    `/customers/type/edit/${type}`,
    `/promotion/${await firstId(office, promotionPaths.promotions)}`,
    `/recall/${await firstId(office, recallPaths.list)}`,
    `/inventory/receipt/import/${await firstId(office, receiptPaths('import').list)}`,
    `/inventory/receipt/check/${check}`,
    `/inventory/count/${check}`,
  ];
}

const frames = (page: Page) => page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));

/** Until the screen's data is in: no loader, visible skeleton or list being refreshed left, transitions over, two frames painted. */
async function settled(page: Page): Promise<void> {
  // A print screen has no layout around it: its toolbar's back button says it is there.
  await page.locator('main, [data-testid="mobile-header"], form, [data-testid="print-back"]').first().waitFor();
  const busy = '.mantine-Loader-root, .mantine-Skeleton-root[data-visible="true"], [aria-busy="true"]';
  await page
    // Only what shows: a tab's panel that is not open may hold a loader nobody sees.
    .waitForFunction((selector) => ![...document.querySelectorAll(selector)].some((element) => element.checkVisibility()), busy, {
      timeout: WAIT_MS,
    })
    .catch(async (error: unknown) => {
      const still = await page
        .locator(busy)
        .evaluateAll((elements) =>
          elements.filter((element) => element.checkVisibility()).map((element) => element.outerHTML.slice(0, 120)),
        );
      throw new Error(`still loading after ${WAIT_MS} ms: ${still.join(' | ')}`, { cause: error });
    });
  // A list may ask for its rows again a moment after it first shows (a layout that changed with the
  // width, a filter read from the URL): the screen is settled once nothing has been busy for 300 ms.
  await page.waitForFunction(
    (selector) =>
      new Promise<boolean>((done) =>
        setTimeout(() => done(![...document.querySelectorAll(selector)].some((element) => element.checkVisibility())), 300),
      ),
    busy,
    { timeout: WAIT_MS, polling: 'raf' },
  );
  // A list fading back in after a refresh is drawn at its final colours once its transition ends.
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation.effect?.getTiming().iterations !== Infinity)
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
  await frames(page);
}

/**
 * Opens each route and checks it at each width (the layout follows the width: phone below 768 px),
 * the screen loaded once for all widths.
 */
async function sweep(page: Page, routes: readonly string[], label: string, found: string[], widths: readonly number[] = []): Promise<void> {
  const viewport = page.viewportSize()!;
  for (const route of routes) {
    await page.goto(route);
    try {
      await settled(page);
    } catch (error) {
      found.push(`${label} ${route}: the screen did not show (${String(error).split('\n')[0]})`);
      continue;
    }
    for (const width of [viewport.width, ...widths]) {
      if (width !== viewport.width) {
        await page.setViewportSize({ width, height: width < 768 ? 844 : 900 });
        await settled(page);
      }
      const where = `${label} ${width}px ${route}`;
      for (const line of await axeViolations(page)) found.push(`${where}: ${line}`);
      for (const text of await ungroupedNumbers(page)) found.push(`${where}: a number without its thousands separator in ${text}`);
    }
    await page.setViewportSize(viewport);
  }
}

describe('WCAG 2.1 AA (axe-core) on every screen', () => {
  it('the owner, every route and detail screen, at desktop and phone width', async () => {
    const found: string[] = [];
    const details = await detailRoutes(await officeSignIn(app.server.url));
    const { page } = await app.open(VIEWPORTS.desktop);
    await signInTo(page, COMPANIES.anKhang);
    await sweep(page, [...MEMBER_ROUTES, ...details], 'owner', found, [VIEWPORTS.phone.width]);
    if (found.length > 0) console.info(found.join('\n'));
    expect(found).toEqual([]);
  }, 900_000);

  it('a rep on the phone, the screens before sign-in, and the system administrator', async () => {
    const found: string[] = [];
    const { page } = await app.open(VIEWPORTS.phone);
    await sweep(page, ['/login', '/register', '/forgot-password'], 'before sign-in', found);
    await signInAs(page, '0912000001', COMPANIES.anKhang);
    await sweep(
      page,
      [
        '/dashboard',
        '/order',
        '/order/create',
        '/cart',
        '/customers',
        '/visits',
        '/inventory/count',
        '/receivables',
        '/my-account',
        '/notifications',
      ],
      'rep',
      found,
    );
    const admin = await app.open(VIEWPORTS.desktop);
    await admin.page.goto('/login');
    await submitLogin(admin.page, '0909000000', DEMO_ACCOUNT.password);
    await waitForPath(admin.page, '/system');
    await sweep(
      admin.page,
      [
        '/system',
        '/system/accounts',
        '/system/account-types',
        '/system/orders',
        '/system/packages',
        '/system/shops',
        '/system/sales-history',
      ],
      'admin',
      found,
    );
    if (found.length > 0) console.info(found.join('\n'));
    expect(found).toEqual([]);
  }, 600_000);
});

/**
 * Presses Tab until the focused element is the one `wanted` names (at most 60 presses), checking on
 * the way that every element focused shows where the focus is (an outline, a ring, or a field's
 * border in the primary colour).
 */
async function tabTo(page: Page, wanted: string, unseen: string[]): Promise<void> {
  for (let presses = 0; presses < 60; presses += 1) {
    await page.keyboard.press('Tab');
    const focused = await page.evaluate(async () => {
      const element = document.activeElement as HTMLElement | null;
      if (!element || element === document.body) return null;
      // A field's border changes colour through a short transition: read it once drawn.
      const finite = document.getAnimations().filter((animation) => animation.effect?.getTiming().iterations !== Infinity);
      await Promise.all(finite.map((animation) => animation.finished.catch(() => undefined)));
      const style = getComputedStyle(element);
      // Buttons and links draw an outline; a field's border turns the primary colour (5:1 on white).
      const probe = document.body.appendChild(document.createElement('span'));
      probe.style.color = 'var(--mantine-primary-color-filled)';
      const primary = getComputedStyle(probe).color;
      probe.remove();
      const ring =
        (style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0) ||
        style.boxShadow !== 'none' ||
        // The border may be the field's box around the input (a password field, a select).
        [element, element.parentElement, element.parentElement?.parentElement].some(
          (box) => box && ['INPUT', 'TEXTAREA', 'SELECT'].includes(element.tagName) && getComputedStyle(box).borderTopColor === primary,
        );
      const name =
        element.getAttribute('aria-label') ??
        (element as HTMLInputElement).labels?.[0]?.textContent?.replace('*', '').trim() ??
        element.textContent?.trim().slice(0, 40) ??
        '';
      return { name, testId: element.getAttribute('data-testid'), ring };
    });
    if (!focused) continue;
    if (!focused.ring) unseen.push(focused.name);
    if (focused.testId === wanted || focused.name === wanted) return;
  }
  throw new Error(`60 presses of Tab never reached ${wanted}`);
}

describe('the keyboard alone', () => {
  it('signs in, opens the workspace and takes an order, every focus visible', async () => {
    const { page } = await app.open(VIEWPORTS.desktop);
    const unseen: string[] = [];
    await page.goto('/login');
    await settled(page);
    await tabTo(page, 'Số điện thoại', unseen);
    await page.keyboard.type(DEMO_ACCOUNT.phone);
    await tabTo(page, 'Mật khẩu', unseen);
    await page.keyboard.type(DEMO_ACCOUNT.password);
    await page.keyboard.press('Enter');
    await waitForPath(page, '/');
    await page.getByTestId('workspace-list').waitFor();
    await tabTo(page, COMPANIES.anKhang, unseen);
    await page.keyboard.press('Enter');
    await waitForPath(page, '/dashboard');

    await page.goto('/order/create');
    await settled(page);
    await tabTo(page, 'order-customer-search', unseen);
    await page.keyboard.type('minh chau');
    // The results follow the search once typing pauses.
    await eventually(() => page.getByTestId('customer-option').count()).toBe(1);
    await tabTo(page, 'customer-option', unseen);
    await page.keyboard.press('Enter');
    await eventually(() => page.getByTestId('order-customer-name').innerText()).toBe('Nhà thuốc Minh Châu');
    await tabTo(page, 'product-search', unseen);
    await page.keyboard.type('hapacol');
    await page.getByTestId('product-result').first().waitFor();
    await tabTo(page, 'Thêm 1 vỉ Hapacol 500', unseen);
    await page.keyboard.press('Enter');
    await eventually(() => cartLines(page).count()).toBe(1);
    await tabTo(page, 'quantity-input', unseen);
    await page.keyboard.press('Control+A');
    await page.keyboard.type('3');
    await tabTo(page, 'submit-order', unseen);
    await page.keyboard.press('Enter');
    await openedOrderId(page);
    expect(unseen, 'focused with nothing to show where the focus is').toEqual([]);
  }, 120_000);
});
