/**
 * WCAG 2.1 AA on every screen, checked by axe-core (tests/support/axe.ts) in Chromium with the demo's
 * data loaded: the owner of An Khang (every switch on, so every screen exists) on every route at
 * desktop and phone width, with a record of the demo on each screen that takes an id; a rep on
 * the screens of the rep's menu at phone and desktop width; the screens before sign-in; the system
 * administrator.
 * Any serious or critical finding fails, named by rule, element and (for contrast) the colours; so
 * does a number printed without its thousands separator (tests/support/ungrouped-numbers.ts), and an
 * icon alone on a control under 3:1 against its ground (tests/support/icon-contrast.ts, which axe leaves),
 * and anything past the window's edge or cut (tests/support/overflow.ts, as the layout walk checks).
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { ACCOUNT_ROUTES, type DETAIL_ROUTES, MEMBER_ROUTES, PUBLIC_ROUTES, SYSTEM_ROUTES } from '@tests/support/app-routes';
import { navigateInApp } from '@tests/support/app-navigation';
import { axeViolations } from '@tests/support/axe';
import { twoFrames, VIEWPORTS } from '@tests/support/browser';
import { ungroupedNumbers } from '@tests/support/ungrouped-numbers';
import { weakIcons } from '@tests/support/icon-contrast';
import { overflowsHere } from '@tests/support/overflow';
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
import {
  api,
  createOrderOnServer,
  customerIdByName,
  DEMO_BARCODES,
  moveOnServer,
  officeSignIn,
  type Office,
} from '@tests/support/orders-api';
import { customerPaths } from '@contract/customers';
import { deliveryPaths, type QuoteAnswer } from '@contract/delivery';
import { formatMoney } from '@contract/money';
import { orderPaths } from '@contract/orders';
import { recallPaths } from '@contract/pharma-recalls';
import { promotionPaths } from '@contract/promotions';
import { receivablePaths } from '@contract/receivables';
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

/** The demo has no delivery: self delivery switched on, and an order confirmed and handed to it, for its label. */
async function selfDelivery(office: Office): Promise<string> {
  const order = await createOrderOnServer(office, {
    customerId: await customerIdByName(office, 'Nhà thuốc Minh Châu'),
    lines: [{ barcode: DEMO_BARCODES.hapacolStrip, quantity: 2 }],
  });
  await moveOnServer(office, order.id, 'confirmed');
  const parcel = { weight_grams: 800, length_cm: 20, width_cm: 15, height_cm: 10 };
  const call = <T>(path: string, body: Record<string, unknown>) =>
    api<T>(office.baseUrl, path, { token: office.token, body: { company: office.companyId, ...body } });
  const sender = {
    name: 'Kho An Khang',
    phone: '0901234567',
    address: '123 Nguyễn Trãi',
    province: 'Thành phố Hồ Chí Minh',
    district: '',
    ward: 'Phường Bến Thành',
  };
  const connected = await call(deliveryPaths.selfDelivery, { fee: 20_000, shipper_ids: [], sender });
  expect(connected.status, connected.body.message).toBeLessThan(300);
  const quotes = await call<QuoteAnswer>(deliveryPaths.quotes, { order: order.id, parcel, cod_amount: order.total });
  const own = quotes.body.data.quotes.find((quote) => quote.carrier === 'self');
  if (!own) throw new Error(`no own delivery offered: ${JSON.stringify(quotes.body)}`);
  const { carrier: _carrier, carrier_label: _label, ...chosen } = own;
  const booked = await call<{ id: string }>(deliveryPaths.deliveries, {
    order: order.id,
    ...chosen,
    parcel,
    cod_amount: order.total,
    receiver_method: 'cho_xem',
  });
  expect(booked.status, booked.body.message).toBe(201);
  return booked.body.data.id;
}

/** Every screen of src/routes that takes an id, with one of the demo's records. */
async function detailRoutes(office: Office): Promise<string[]> {
  const [order, customer, type, imported, check, recall] = [
    await firstId(office, orderPaths.orders),
    await firstId(office, customerPaths.customers),
    await firstId(office, customerPaths.types),
    await firstId(office, receiptPaths('import').list),
    await firstId(office, receiptPaths('check').list),
    await firstId(office, recallPaths.list),
  ];
  const screens: Record<(typeof DETAIL_ROUTES)[number], string> = {
    '/transport/labels': `/transport/labels?ids=${await selfDelivery(office)}`,
    '/order/$id': `/order/${order}`,
    '/order/print/$id': `/order/print/${order}`,
    '/order-groups/$id': `/order-groups/${await orderGroup(office)}`,
    '/customers/$id': `/customers/${customer}`,
    '/receivables/statement/$id': `/receivables/statement/${customer}`,
    '/payment/print/$id': `/payment/print/${await firstId(office, receivablePaths.payments)}`,
    '/customers/type/$id': `/customers/type/${type}`,
    '/customers/type/edit/$id': `/customers/type/edit/${type}`,
    '/promotion/$id': `/promotion/${await firstId(office, promotionPaths.promotions)}`,
    '/recall/$id': `/recall/${recall}`,
    '/recall/print/$id': `/recall/print/${recall}`,
    '/inventory/receipt/$kind/$id': `/inventory/receipt/import/${imported}`,
    '/inventory/receipt/$kind/create': '/inventory/receipt/import/create',
    '/receipt/print/$kind/$id': `/receipt/print/import/${imported}`,
    '/inventory/count/$id': `/inventory/count/${check}`,
  };
  // A count receipt is drawn apart from the other kinds.
  return [...Object.values(screens), `/inventory/receipt/check/${check}`];
}

const traffic = new WeakMap<Page, { open: number; last: number }>();

/** Counts the page's open requests from the first call on (sign-in pages are opened before any sweep). */
function watchTraffic(page: Page): { open: number; last: number } {
  let seen = traffic.get(page);
  if (!seen) {
    const state = { open: 0, last: Date.now() };
    const done = () => {
      state.open = Math.max(0, state.open - 1);
      state.last = Date.now();
    };
    page.on('request', () => {
      state.open += 1;
      state.last = Date.now();
    });
    page.on('requestfinished', done);
    page.on('requestfailed', done);
    traffic.set(page, state);
    seen = state;
  }
  return seen;
}

/** Waits until no request has been open for `quietMs`. */
async function networkQuiet(page: Page, quietMs: number): Promise<void> {
  const seen = watchTraffic(page);
  const until = Date.now() + WAIT_MS;
  while (seen.open > 0 || Date.now() - seen.last < quietMs) {
    if (Date.now() > until) throw new Error(`requests still open after ${WAIT_MS} ms (${seen.open})`);
    await new Promise((done) => setTimeout(done, 50));
  }
}

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
  // A screen may ask for more a moment after it first shows (the phone's layout syncing, then asking
  // for a phone's page of rows): settled once no request has been open for 250 ms.
  await networkQuiet(page, 250);
  await page.waitForFunction((selector) => ![...document.querySelectorAll(selector)].some((element) => element.checkVisibility()), busy, {
    timeout: WAIT_MS,
  });
  // A list fading back in after a refresh is drawn at its final colours once its transition ends.
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation.effect?.getTiming().iterations !== Infinity)
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
  await twoFrames(page);
}

/** What the checks find on the screen, read while nothing on it was refreshing. */
async function findings(page: Page): Promise<string[]> {
  return [
    ...(await axeViolations(page)),
    ...(await ungroupedNumbers(page)).map((text) => `a number without its thousands separator in ${text}`),
    ...(await weakIcons(page)).map((icon) => `${icon} (an icon alone on a control needs 3:1)`),
    // The detail, account and public screens are not in the layout walk's menu routes: their overflow is checked here.
    ...(await overflowsHere(page)).map((what) => `layout: ${what}`),
  ];
}

/**
 * The checks, on a screen that stayed still while they ran: a list that starts refreshing
 * mid-check (a late request of the screen's own) is drawn faded for a moment, which is not what a
 * person reads, so the screen is settled again and checked again (at most three times).
 */
async function checkedStill(page: Page): Promise<string[]> {
  for (let attempt = 1; ; attempt += 1) {
    await page.evaluate(() => {
      const flag = window as unknown as { refreshedDuringCheck: boolean };
      flag.refreshedDuringCheck = false;
      new MutationObserver(() => (flag.refreshedDuringCheck = true)).observe(document.body, {
        subtree: true,
        attributes: true,
        attributeFilter: ['aria-busy'],
      });
    });
    const lines = await findings(page);
    const moved = await page.evaluate(
      () =>
        (window as unknown as { refreshedDuringCheck: boolean }).refreshedDuringCheck ||
        document.querySelector('[aria-busy="true"]') !== null,
    );
    if (!moved || attempt === 3) return lines;
    await settled(page);
  }
}

/**
 * Opens each route and checks it at each width (the layout follows the width: phone below 768 px),
 * the screen loaded once for all widths.
 */
async function sweep(page: Page, routes: readonly string[], label: string, found: string[], widths: readonly number[] = []): Promise<void> {
  const viewport = page.viewportSize()!;
  watchTraffic(page);
  await page.goto(routes[0]!);
  for (const route of routes) {
    if (route !== routes[0]) await navigateInApp(page, route);
    try {
      await settled(page);
    } catch (error) {
      found.push(`${label} ${route}: the screen did not show (${String(error).split('\n')[0]})`);
      continue;
    }
    for (const width of [viewport.width, ...widths]) {
      if (width !== viewport.width) {
        // One layout takes a moment to replace the other: what is checked is the new width's.
        await resize(page, { width, height: width < 768 ? 844 : 900 });
        await settled(page);
      }
      const where = `${label} ${width}px ${route}`;
      for (const line of await checkedStill(page)) found.push(`${where}: ${line}`);
    }
    await resize(page, viewport);
  }
}

/** The window at another size, once the layout of that width has replaced the other one (phone below 768 px). */
async function resize(page: Page, size: { width: number; height: number }): Promise<void> {
  if (size.width === page.viewportSize()!.width) return;
  const phone = size.width < 768;
  const appLayout = await page.getByTestId(phone ? 'desktop-header' : 'mobile-header').isVisible();
  await page.setViewportSize(size);
  if (appLayout) await page.getByTestId(phone ? 'mobile-header' : 'desktop-header').waitFor();
}

describe('WCAG 2.1 AA (axe-core) on every screen', () => {
  it('the icon check finds a faint icon alone on a button, and passes a dark one', async () => {
    const { page } = await app.open(VIEWPORTS.desktop);
    const icon = (colour: string) => `<svg width="24" height="24" fill="none" stroke="${colour}"><path d="M4 4l16 16"/></svg>`;
    await page.setContent(
      `<button aria-label="Mờ">${icon('#adb5bd')}</button><button aria-label="Đậm">${icon('#495057')}</button><button>${icon('#dee2e6')} Có chữ</button>`,
    );
    // On the browser's own grey button face (#efefef).
    await expect(weakIcons(page)).resolves.toEqual(['icon "Mờ" at 1.80:1']);
  });

  it('the owner, every route and detail screen, at desktop and phone width', async () => {
    const found: string[] = [];
    const details = await detailRoutes(await officeSignIn(app.server.url));
    const { page } = await app.open(VIEWPORTS.desktop);
    await signInTo(page, COMPANIES.anKhang);
    await sweep(page, [...MEMBER_ROUTES, ...details, ...ACCOUNT_ROUTES], 'owner', found, [VIEWPORTS.phone.width]);
    if (found.length > 0) console.info(found.join('\n'));
    expect(found).toEqual([]);
  }, 900_000);

  it('a rep on the phone and at a desk, the screens before sign-in, and the system administrator', async () => {
    const found: string[] = [];
    const { page } = await app.open(VIEWPORTS.phone);
    await sweep(page, PUBLIC_ROUTES, 'before sign-in', found);
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
      [VIEWPORTS.desktop.width],
    );
    const admin = await app.open(VIEWPORTS.desktop);
    await admin.page.goto('/login');
    await submitLogin(admin.page, '0909000000', DEMO_ACCOUNT.password);
    await waitForPath(admin.page, '/system');
    await sweep(admin.page, SYSTEM_ROUTES, 'admin', found);
    if (found.length > 0) console.info(found.join('\n'));
    expect(found).toEqual([]);
  }, 600_000);
});

/**
 * Presses Tab until the focused element is the one `wanted` names (its test id, or its name; at most 60 presses), checking on
 * the way that every element focused shows where the focus is (an outline, a ring, or a field's
 * border in the primary colour).
 */
async function tabTo(page: Page, wanted: string | RegExp, unseen: string[]): Promise<void> {
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
    if (typeof wanted === 'string' ? focused.testId === wanted || focused.name === wanted : wanted.test(focused.name)) return;
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
    // The company's button is named by all it shows, its title first.
    await tabTo(page, new RegExp(`^${COMPANIES.anKhang}`), unseen);
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

  it('makes an import receipt, and a dialog holds the focus until Escape gives it back', async () => {
    const { page } = await app.open(VIEWPORTS.desktop);
    await signInTo(page, COMPANIES.anKhang);
    const unseen: string[] = [];
    await page.goto('/inventory/receipt/import/create');
    await settled(page);
    await tabTo(page, 'receipt-partner-name', unseen);
    await page.keyboard.type('Công ty CP Dược Hậu Giang');
    await tabTo(page, 'variant-search', unseen);
    await page.keyboard.type('omeprazol');
    await eventually(() => page.getByTestId('variant-result').filter({ hasText: 'Omeprazol 20mg' }).count()).toBeGreaterThan(0);
    await tabTo(page, /^Thêm hộp Omeprazol 20mg/, unseen);
    await page.keyboard.press('Enter');
    await eventually(() => page.getByTestId('receipt-line').count()).toBe(1);
    for (const [field, typed] of [
      ['line-quantity', '4'],
      ['line-unit-price', '120000'],
      ['line-lot-no', 'BANPHIM-01'],
      // ddmmyyyy, as clerks type an expiry date.
      ['line-expires-on', '31122029'],
    ] as const) {
      await tabTo(page, field, unseen);
      await page.keyboard.press('Control+A');
      await page.keyboard.type(typed);
    }
    await eventually(() => page.getByTestId('receipt-form-amount').innerText()).toBe(formatMoney(480_000));
    await tabTo(page, 'receipt-complete', unseen);
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => /^\/inventory\/receipt\/import\/[0-9a-f-]{36}$/.test(url.pathname));
    await eventually(() => page.getByTestId('receipt-detail').getAttribute('data-status')).toBe('completed');

    // A dialog: Tab goes round inside it, and Escape closes it with the focus back on its opener.
    await page.goto('/role');
    await settled(page);
    await tabTo(page, 'role-create', unseen);
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Thêm vai trò' });
    await dialog.waitFor();
    for (let presses = 0; presses < 25; presses += 1) {
      await page.keyboard.press('Tab');
      expect(await dialog.evaluate((element) => element.contains(document.activeElement))).toBe(true);
    }
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    await eventually(() => page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe('role-create');
    expect(unseen, 'focused with nothing to show where the focus is').toEqual([]);
  }, 120_000);
});
