/**
 * The installable app (docs/architecture.md "Offline-first"): the built app with its service worker, in Chromium.
 * - The manifest is Vietnamese, starts at /dashboard, standalone, with 192/512 maskable icons whose
 *   drawing stays inside the safe zone.
 * - The install sheet: three shortcuts to routes the app serves, a narrow and a wide screenshot of the
 *   sizes it declares (left out of the precache), and the top bar's colour as theme_color and
 *   index.html's theme-color.
 * - After one online visit the app starts and routes with the network off: signed out (/login)
 *   and signed in (/dashboard → /customers → /my-account by client-side navigation).
 * - `/api` navigations are never answered with the app shell.
 * - A new version waits for the "Có phiên bản mới" prompt and only "Tải lại" brings it in.
 * - A Background Sync `sync` event asks the open page to drain the outbox and completes on its
 *   answer (contract/sw-messages.ts).
 *
 * "Offline" is real for the service worker too: Playwright's setOffline() does not reach the
 * worker's own fetches (playwright#2311, docs/offline-sync.md "How it is tested"), so the browser talks to the app
 * through a small proxy (tests/support/offline-proxy.ts) that drops every connection while offline.
 * A file missing from the precache therefore fails here as it would on a phone in airplane mode.
 * setOffline() is used as well, so the page itself sees navigator.onLine === false.
 */
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page, Response } from 'playwright-core';
import { SW_SYNC_TAG } from '@contract/sw-messages';
import { launchBrowser, newPage, VIEWPORTS } from '@tests/support/browser';
import { startBuiltAppServer } from '@tests/support/built-app-server';
import { waitForServiceWorker } from '@tests/support/e2e-app';
import { startOfflineProxy, type OfflineProxy } from '@tests/support/offline-proxy';

const DIST = path.resolve('dist');
const DEMO = { phone: '0901234567', password: 'Demo@2026' } as const;
const AN_KHANG = 'Công ty Dược phẩm An Khang';
const WAIT_MS = 15_000;
/** The app's top bar (src/app/layout/app-layout.module.css .header: --mantine-color-body, white): the manifest's theme_color. */
const TOP_BAR = '#ffffff';

// ---- Set-up -------------------------------------------------------------------------------------

let app: Awaited<ReturnType<typeof startBuiltAppServer>> | undefined;
let proxy: OfflineProxy | undefined;
let browser: Browser | undefined;
let contexts: BrowserContext[] = [];

beforeAll(async () => {
  if (!fs.existsSync(path.join(DIST, 'sw.js'))) {
    throw new Error(`${path.join(DIST, 'sw.js')} is missing: run \`npx vite build\` first (vite-plugin-pwa writes the worker).`);
  }
  app = await startBuiltAppServer();
  proxy = await startOfflineProxy(app.url);
  browser = await launchBrowser();
});

afterEach(async () => {
  const open = contexts;
  contexts = [];
  proxy?.setOffline(false);
  proxy?.setWorkerSuffix('');
  await Promise.all(open.map((context) => context.close()));
});

afterAll(async () => {
  await browser?.close();
  await proxy?.close();
  await app?.stop();
});

function started() {
  if (!app || !proxy || !browser) throw new Error('server, proxy or browser not started');
  return { app, proxy, browser };
}

/** A fresh phone-sized context that allows service workers, through the proxy. */
async function openPage(): Promise<{ context: BrowserContext; page: Page }> {
  const { proxy, browser } = started();
  const opened = await newPage(browser, proxy.url, VIEWPORTS.phone, { serviceWorkers: 'allow' });
  opened.context.setDefaultTimeout(WAIT_MS);
  opened.context.setDefaultNavigationTimeout(30_000);
  contexts.push(opened.context);
  return opened;
}

async function isControlled(page: Page): Promise<boolean> {
  return page.evaluate(() => navigator.serviceWorker.controller !== null);
}

async function goOffline(context: BrowserContext): Promise<void> {
  started().proxy.setOffline(true);
  await context.setOffline(true);
}

async function goOnline(context: BrowserContext): Promise<void> {
  started().proxy.setOffline(false);
  await context.setOffline(false);
}

/**
 * What would break the app offline: same-origin files that failed to load (a chunk missing from the
 * precache), except `/api` calls, which are expected to fail; and uncaught errors in the page.
 */
function watchProblems(page: Page): string[] {
  const problems: string[] = [];
  page.on('requestfailed', (request) => {
    const url = new URL(request.url());
    if (!url.pathname.startsWith('/api')) problems.push(`${url.pathname}: ${request.failure()?.errorText ?? '?'}`);
  });
  page.on('pageerror', (error) => problems.push(`uncaught: ${String(error)}`));
  return problems;
}

/** The stylesheet fetched after the first paint (src/ui/later-styles.ts) is loaded and applies. */
async function laterStylesIn(page: Page): Promise<void> {
  await page.waitForFunction(() => [...document.styleSheets].some((sheet) => sheet.href?.includes('/assets/mantine-styles-later-')));
}

/**
 * The page's work after its first paint has arrived: the later styles, then the worker's
 * registration code (src/app/pwa/register-sw.ts asks for it once they are in). A navigation made
 * before that aborts the fetch, which is the test's doing, not the app's.
 */
async function settledAfterPaint(page: Page): Promise<void> {
  await laterStylesIn(page);
  await page.waitForFunction(() =>
    performance.getEntriesByType('resource').some((entry) => entry.name.includes('/assets/worker-registration-')),
  );
}

/** The mobile header's title, '' while there is none (no waiting: callers poll). */
async function mobileTitle(page: Page): Promise<string> {
  return (await page.getByTestId('mobile-title').allInnerTexts()).join(' | ');
}

async function waitForPath(page: Page, pathname: string): Promise<void> {
  await page.waitForURL((url) => url.pathname === pathname, { timeout: WAIT_MS });
}

async function signIn(page: Page): Promise<void> {
  const form = page.locator('form').filter({ has: page.getByRole('heading', { name: 'Đăng nhập' }) });
  await form.getByRole('textbox', { name: 'Số điện thoại', exact: true }).fill(DEMO.phone);
  await form.getByRole('textbox', { name: 'Mật khẩu', exact: true }).fill(DEMO.password);
  await form.getByRole('button', { name: 'Đăng nhập', exact: true }).click();
  await waitForPath(page, '/');
  // A company's button is named by all it shows; its title line finds it.
  await page
    .getByTestId('workspace-list')
    .getByRole('button')
    .filter({ has: page.getByText(AN_KHANG, { exact: true }) })
    .click();
  await waitForPath(page, '/dashboard');
}

function pngSize(bytes: Buffer): { width: number; height: number } {
  expect(bytes.subarray(0, 8).toString('hex')).toBe('89504e470d0a1a0a');
  expect(bytes.subarray(12, 16).toString('ascii')).toBe('IHDR');
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

/** A PNG's or a WebP's size, read from its header (lossy VP8, lossless VP8L or extended VP8X). */
function imageSize(bytes: Buffer): { width: number; height: number } {
  if (bytes.subarray(0, 4).toString('ascii') !== 'RIFF') return pngSize(bytes);
  expect(bytes.subarray(8, 12).toString('ascii')).toBe('WEBP');
  const chunk = bytes.subarray(12, 16).toString('ascii');
  if (chunk === 'VP8 ') return { width: bytes.readUInt16LE(26) & 0x3fff, height: bytes.readUInt16LE(28) & 0x3fff };
  if (chunk === 'VP8L') {
    const bits = bytes.readUInt32LE(21);
    return { width: (bits & 0x3fff) + 1, height: ((bits >>> 14) & 0x3fff) + 1 };
  }
  expect(chunk).toBe('VP8X');
  return { width: bytes.readUIntLE(24, 3) + 1, height: bytes.readUIntLE(27, 3) + 1 };
}

type Rgba = [number, number, number, number];

/**
 * The pixels of an 8-bit, non-interlaced PNG (palette, grey, RGB or RGBA, with or without alpha),
 * decoded with zlib alone: the icons' generator writes palette PNGs (scripts/pwa-assets.config.ts).
 */
function decodePng(bytes: Buffer): { width: number; height: number; pixel: (x: number, y: number) => Rgba } {
  const { width, height } = pngSize(bytes);
  const [depth, colourType, , , interlace] = bytes.subarray(24, 29);
  expect({ depth, interlace }).toEqual({ depth: 8, interlace: 0 });
  let palette: Buffer = Buffer.alloc(0);
  let alphas: Buffer = Buffer.alloc(0);
  const data: Buffer[] = [];
  for (let at = 8; at < bytes.length;) {
    const length = bytes.readUInt32BE(at);
    const type = bytes.subarray(at + 4, at + 8).toString('ascii');
    const body = bytes.subarray(at + 8, at + 8 + length);
    if (type === 'PLTE') palette = body;
    if (type === 'tRNS') alphas = body;
    if (type === 'IDAT') data.push(body);
    at += 12 + length;
  }
  const channels = ({ 0: 1, 2: 3, 3: 1, 4: 2, 6: 4 } as Record<number, number>)[colourType!];
  if (!channels) throw new Error(`PNG colour type ${colourType} unknown`);
  const raw = zlib.inflateSync(Buffer.concat(data));
  const stride = width * channels;
  const rows = Buffer.alloc(stride * height);
  for (let y = 0; y < height; y++) {
    const filter = raw[y * (stride + 1)]!;
    for (let i = 0; i < stride; i++) {
      const value = raw[y * (stride + 1) + 1 + i]!;
      const left = i >= channels ? rows[y * stride + i - channels]! : 0;
      const up = y > 0 ? rows[(y - 1) * stride + i]! : 0;
      const upLeft = y > 0 && i >= channels ? rows[(y - 1) * stride + i - channels]! : 0;
      const paeth = () => {
        const p = left + up - upLeft;
        const [a, b, c] = [Math.abs(p - left), Math.abs(p - up), Math.abs(p - upLeft)];
        return a <= b && a <= c ? left : b <= c ? up : upLeft;
      };
      const predicted = [0, left, up, (left + up) >> 1, filter === 4 ? paeth() : 0][filter]!;
      rows[y * stride + i] = (value + predicted) & 0xff;
    }
  }
  const pixel = (x: number, y: number): Rgba => {
    const at = y * stride + x * channels;
    if (colourType === 3) {
      const index = rows[at]!;
      return [palette[index * 3]!, palette[index * 3 + 1]!, palette[index * 3 + 2]!, index < alphas.length ? alphas[index]! : 255];
    }
    if (colourType === 0 || colourType === 4) return [rows[at]!, rows[at]!, rows[at]!, colourType === 4 ? rows[at + 1]! : 255];
    return [rows[at]!, rows[at + 1]!, rows[at + 2]!, colourType === 6 ? rows[at + 3]! : 255];
  };
  return { width, height, pixel };
}

/** '#rrggbb' of a computed CSS colour ('rgb(255, 255, 255)'). */
function cssHex(colour: string): string {
  const parts = /^rgba?\((\d+),\s*(\d+),\s*(\d+)/.exec(colour);
  if (!parts) throw new Error(`not an rgb() colour: ${colour}`);
  return `#${parts
    .slice(1, 4)
    .map((part) => Number(part).toString(16).padStart(2, '0'))
    .join('')}`;
}

type InstallSheet = {
  name: string;
  lang: string;
  start_url: string;
  theme_color: string;
  icons: { src: string; sizes: string; purpose: string }[];
  shortcuts: {
    name: string;
    short_name: string;
    url: string;
    description: string;
    icons: { src: string; sizes: string; type: string }[];
  }[];
  screenshots: { src: string; sizes: string; type: string; form_factor: string; label: string }[];
};

// ---- Tests --------------------------------------------------------------------------------------

describe('installable app: manifest, icons and worker files', () => {
  it('serves a Vietnamese manifest (start /dashboard, standalone, 192/512 icons for any and maskable) linked from the page', async () => {
    const { app } = started();
    const html = await (await fetch(`${app.url}/login`)).text();
    const manifestHref = /<link rel="manifest" href="([^"]+)"/.exec(html)?.[1];
    expect(manifestHref).toBe('/manifest.webmanifest');
    expect(html).toContain('<link rel="apple-touch-icon" href="/apple-touch-icon.png" />');

    const response = await fetch(`${app.url}${manifestHref}`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('application/manifest+json');
    expect(response.headers.get('cache-control')).toBe('no-cache');
    const manifest = (await response.json()) as {
      name: string;
      short_name: string;
      lang: string;
      start_url: string;
      scope: string;
      display: string;
      theme_color: string;
      background_color: string;
      icons: { src: string; sizes: string; type: string; purpose: string }[];
    };
    expect(manifest).toMatchObject({
      name: 'Sales Field – Quản lý bán hàng',
      short_name: 'Sales Field',
      lang: 'vi',
      start_url: '/dashboard',
      scope: '/',
      display: 'standalone',
      theme_color: TOP_BAR,
      background_color: '#ffffff',
    });
    const kinds = manifest.icons.map((icon) => `${icon.purpose} ${icon.sizes}`).sort();
    expect(kinds).toEqual(['any 192x192', 'any 512x512', 'maskable 192x192', 'maskable 512x512']);

    for (const icon of [...manifest.icons, { src: '/apple-touch-icon.png', sizes: '180x180', type: 'image/png' }]) {
      const answer = await fetch(`${app.url}${icon.src}`);
      expect(answer.status, icon.src).toBe(200);
      expect(answer.headers.get('content-type'), icon.src).toBe('image/png');
      const { width, height } = pngSize(Buffer.from(await answer.arrayBuffer()));
      expect(`${width}x${height}`, icon.src).toBe(icon.sizes);
    }

    const worker = await fetch(`${app.url}/sw.js`);
    expect(worker.status).toBe(200);
    expect(worker.headers.get('content-type')).toContain('javascript');
    expect(worker.headers.get('cache-control')).toBe('no-cache');
  });

  it("keeps each maskable icon's drawing inside the safe zone (the centred circle of 40 % radius) on a full-bleed ground", async () => {
    const { app } = started();
    const manifest = (await (await fetch(`${app.url}/manifest.webmanifest`)).json()) as InstallSheet;
    const maskable = manifest.icons.filter((icon) => icon.purpose === 'maskable');
    expect(maskable).toHaveLength(2);
    for (const icon of maskable) {
      const { width, height, pixel } = decodePng(Buffer.from(await (await fetch(`${app.url}${icon.src}`)).arrayBuffer()));
      const ground = pixel(0, 0);
      expect(ground[3], `${icon.src}: the ground is opaque`).toBe(255);
      const radius = 0.4 * width;
      let outside = 0;
      let drawn = 0;
      for (let y = 0; y < height; y++) {
        for (let x = 0; x < width; x++) {
          const colour = pixel(x, y);
          const differs = colour.some((channel, i) => Math.abs(channel - ground[i]!) > 8);
          if (!differs) continue;
          drawn++;
          if (Math.hypot(x + 0.5 - width / 2, y + 0.5 - height / 2) > radius) outside++;
        }
      }
      expect(outside, `${icon.src}: pixels of the drawing outside the safe zone`).toBe(0);
      expect(drawn, `${icon.src}: the logo is drawn`).toBeGreaterThan(width * height * 0.05);
    }
  });

  it('offers the install sheet: three shortcuts, a narrow and a wide screenshot, the top bar as theme colour', async () => {
    const { app } = started();
    const manifest = (await (await fetch(`${app.url}/manifest.webmanifest`)).json()) as InstallSheet;
    expect(manifest).toMatchObject({ name: 'Sales Field – Quản lý bán hàng', lang: 'vi', start_url: '/dashboard', theme_color: TOP_BAR });
    // index.html says the same before the manifest is read (every page: /login's frame and the app's).
    for (const page of ['/login', '/dashboard']) {
      const html = await (await fetch(`${app.url}${page}`)).text();
      expect(/<meta name="theme-color" content="([^"]+)"/.exec(html)?.[1], page).toBe(manifest.theme_color);
    }

    // "Hôm nay" is the rep's check-in and visits (the app has no day plan): docs/offline-sync.md "Installing the app".
    expect(manifest.shortcuts.map((shortcut) => [shortcut.short_name, shortcut.url])).toEqual([
      ['Tạo đơn', '/order/create'],
      ['Khách hàng', '/customers'],
      ['Hôm nay', '/visits'],
    ]);
    for (const shortcut of manifest.shortcuts) {
      expect(shortcut.name.length, shortcut.url).toBeGreaterThan(0);
      expect(shortcut.description, shortcut.url).toMatch(/[ạảấầẩẫậắằẳẵặẹẻẽếềểễệỉịọỏốồổỗộớờởỡợụủứừửữựỳỵỷỹđ]/);
      expect(shortcut.icons.map((icon) => `${icon.sizes} ${icon.type}`)).toEqual(['96x96 image/png']);
      const answer = await fetch(`${app.url}${shortcut.icons[0]!.src}`);
      expect(answer.status, shortcut.icons[0]!.src).toBe(200);
      expect(answer.headers.get('content-type'), shortcut.icons[0]!.src).toBe('image/png');
      const { width, height } = pngSize(Buffer.from(await answer.arrayBuffer()));
      expect(`${width}x${height}`, shortcut.icons[0]!.src).toBe('96x96');
    }

    expect(manifest.screenshots.map((shot) => shot.form_factor).sort()).toEqual(['narrow', 'wide']);
    const worker = await (await fetch(`${app.url}/sw.js`)).text();
    for (const shot of manifest.screenshots) {
      expect(shot.label, shot.src).toMatch(/[ạảấầẩẫậắằẳẵặẹẻẽếềểễệỉịọỏốồổỗộớờởỡợụủứừửữựỳỵỷỹđ]/);
      const answer = await fetch(`${app.url}${shot.src}`);
      expect(answer.status, shot.src).toBe(200);
      expect(answer.headers.get('content-type'), shot.src).toBe(shot.type);
      const bytes = Buffer.from(await answer.arrayBuffer());
      expect(bytes.length, `${shot.src}: bytes`).toBeLessThan(250 * 1024);
      const { width, height } = imageSize(bytes);
      expect(`${width}x${height}`, shot.src).toBe(shot.sizes);
      // What Chromium shows in its install dialog: each side 320–3840 px, the long one at most 2.3 times the short.
      expect(Math.min(width, height), shot.src).toBeGreaterThanOrEqual(320);
      expect(Math.max(width, height), shot.src).toBeLessThanOrEqual(3840);
      expect(Math.max(width, height) / Math.min(width, height), shot.src).toBeLessThanOrEqual(2.3);
      expect(width > height, shot.src).toBe(shot.form_factor === 'wide');
      // For the install dialog only: never part of the offline app's first download.
      expect(worker, shot.src).not.toContain(shot.src.slice(1));
    }

    // Each shortcut opens its screen of the app (signed in), under the top bar whose colour the browser continues.
    const { page } = await openPage();
    await page.goto('/login');
    await signIn(page);
    const titles: Record<string, string> = {
      '/order/create': 'Tạo đơn hàng – Sales Field',
      '/customers': 'Khách hàng – Sales Field',
      '/visits': 'Ghé thăm khách hàng – Sales Field',
    };
    for (const shortcut of manifest.shortcuts) {
      await page.goto(shortcut.url);
      await waitForPath(page, shortcut.url);
      await expect.poll(() => page.title(), { timeout: WAIT_MS, message: shortcut.url }).toBe(titles[shortcut.url]);
      const bar = await page.getByTestId('mobile-header').evaluate((header) => getComputedStyle(header).backgroundColor);
      expect(cssHex(bar), shortcut.url).toBe(manifest.theme_color);
      await expect(page.locator('meta[name="theme-color"]').getAttribute('content')).resolves.toBe(manifest.theme_color);
    }
    // The workspace's first sync done before the page closes: the tests after this one start on a quiet server.
    const pill = page.getByTestId('mobile-header').getByTestId('sync-status');
    await expect.poll(() => pill.getAttribute('data-tone'), { timeout: 30_000 }).toBe('synced');
  });

  it('is installable for Chromium: the manifest parses without errors and a worker controls the page', async () => {
    const { context, page } = await openPage();
    await page.goto('/login');
    await page.getByRole('heading', { name: 'Đăng nhập' }).waitFor();
    await waitForServiceWorker(page);
    const cdp = await context.newCDPSession(page);
    const manifest = (await cdp.send('Page.getAppManifest')) as { url: string; errors: { message: string }[] };
    expect(new URL(manifest.url).pathname).toBe('/manifest.webmanifest');
    expect(manifest.errors).toEqual([]);
    const installability = (await cdp.send('Page.getInstallabilityErrors')) as { installabilityErrors: { errorId: string }[] };
    // A Playwright context is an incognito profile, where Chromium never offers to install.
    expect(installability.installabilityErrors.map((error) => error.errorId).filter((id) => id !== 'in-incognito')).toEqual([]);
  });

  it('fetches the barcode decoder after the install, and the worker keeps it for scanning offline', async () => {
    const { page } = await openPage();
    await page.goto('/login');
    await waitForServiceWorker(page);
    // Chromium on Linux has no native BarcodeDetector, so the page warms the WebAssembly when idle.
    await decoderKept(page);
  });
});

/**
 * The worker has kept the barcode decoder the page fetched in the background after the install, and
 * the page's own fetch of it has ended: the worker's copy can be kept before the page has read the
 * last byte, and a reload then aborts that fetch, which is the test's doing, not the app's.
 */
async function decoderKept(page: Page): Promise<void> {
  const kept = () =>
    page.evaluate(async () => (await (await caches.open('barcode-decoder')).keys()).map((request) => new URL(request.url).pathname));
  await expect.poll(kept, { timeout: 20_000, interval: 100 }).toEqual([expect.stringMatching(/^\/wasm\/zxing_reader-[\d.]+\.gz\.wasm$/)]);
  await page.waitForFunction(() => performance.getEntriesByType('resource').some((entry) => entry.name.includes('/wasm/zxing_reader-')));
}

describe('with the network off after one online visit', () => {
  it('starts at /login from the service worker', async () => {
    const { context, page } = await openPage();
    await page.goto('/login');
    await page.getByRole('heading', { name: 'Đăng nhập' }).waitFor();
    await waitForServiceWorker(page);
    // The online visit ends once the decoder fetched in the background is kept; started offline, the page asks for nothing.
    await decoderKept(page);

    await goOffline(context);
    const problems = watchProblems(page);
    const reloaded = await page.reload();
    expect(reloaded?.fromServiceWorker()).toBe(true);
    await page.getByRole('heading', { name: 'Đăng nhập' }).waitFor();
    await expect(page.getByRole('textbox', { name: 'Số điện thoại', exact: true }).isVisible()).resolves.toBe(true);
    await expect(page.evaluate(() => navigator.onLine)).resolves.toBe(false);
    // What the page fetches once painted (the other screens' styles, src/ui/later-styles.ts, and the
    // worker's registration code) comes from the worker too.
    await settledAfterPaint(page);

    // A deep link typed while offline is the app too (its guard sends a signed-out person to /login).
    const deep = await page.goto('/customers');
    expect(deep?.fromServiceWorker()).toBe(true);
    await waitForPath(page, '/login');
    await page.getByRole('heading', { name: 'Đăng nhập' }).waitFor();
    expect(problems).toEqual([]);
  });

  it('signed in, reloads /dashboard and routes to /customers and /my-account', async () => {
    const { context, page } = await openPage();
    await page.goto('/login');
    await page.getByRole('heading', { name: 'Đăng nhập' }).waitFor();
    await waitForServiceWorker(page);
    await signIn(page);
    await eventually(() => mobileTitle(page), 'Tổng quan');
    // Let the online visit finish (the chart's chunk comes last): a reload would abort a chunk still
    // loading, which is the old page's doing, not the offline start's.
    await page.getByTestId('revenue-chart').waitFor();
    const todayRevenue = await page.getByTestId('figure-today-revenue').innerText();

    await goOffline(context);
    const problems = watchProblems(page);
    const reloaded = await page.reload();
    expect(reloaded?.fromServiceWorker()).toBe(true);
    await waitForPath(page, '/dashboard');
    await eventually(() => mobileTitle(page), 'Tổng quan');
    // The figures seen online stay, with the time they were fetched.
    await page
      .getByTestId('dashboard-kept')
      .getByText(/^Đang ngoại tuyến: số liệu lấy lúc \d{2}\/\d{2}\/\d{4} \d{2}:\d{2}\.$/)
      .waitFor();
    expect(await page.getByTestId('figure-today-revenue').innerText()).toBe(todayRevenue);

    const navbar = page.getByTestId('bottom-navbar');
    await navbar.getByRole('link', { name: 'Khách hàng' }).click();
    await waitForPath(page, '/customers');
    await eventually(() => mobileTitle(page), 'Khách hàng');

    await navbar.getByRole('link', { name: 'Cá nhân' }).click();
    await waitForPath(page, '/my-account');
    await eventually(() => mobileTitle(page), 'Tài khoản');

    await navbar.getByRole('link', { name: 'Trang chủ' }).click();
    await waitForPath(page, '/dashboard');
    await eventually(() => mobileTitle(page), 'Tổng quan');
    expect(problems).toEqual([]);

    // Back online, the same page reaches the server again, and the dashboard's figures are the server's.
    await goOnline(context);
    await navbar.getByRole('link', { name: 'Cá nhân' }).click();
    await waitForPath(page, '/my-account');
    await page.getByTestId('account-name').getByText('Nguyễn Văn An').waitFor();
    await navbar.getByRole('link', { name: 'Trang chủ' }).click();
    await page.getByTestId('figure-today-revenue').waitFor();
    await page.getByTestId('dashboard-kept').waitFor({ state: 'detached' });
  });
});

describe('what the service worker does not answer', () => {
  it('leaves /api navigations (and file URLs) to the network, online and offline', async () => {
    const { context, page } = await openPage();
    await page.goto('/login');
    await page.getByRole('heading', { name: 'Đăng nhập' }).waitFor();
    await waitForServiceWorker(page);

    const online: Response | null = await page.goto('/api/khong-ton-tai');
    expect(online?.fromServiceWorker()).toBe(false);
    expect(online?.status()).toBe(404);
    expect(online?.headers()['content-type']).toContain('application/json');
    await expect(online?.json()).resolves.toMatchObject({ error: 'ROUTE_NOT_FOUND' });

    await goOffline(context);
    // Each in its own tab (same worker): a failed navigation's error page would otherwise race the next one.
    for (const address of ['/api/khong-ton-tai', '/api', '/khong-co-tep.png']) {
      const probe = await context.newPage();
      await expect(probe.goto(address), address).rejects.toThrow(/net::ERR_/);
      await probe.close();
    }
    // The same kind of address outside /api is the app, from the worker.
    const tab = await context.newPage();
    const shell = await tab.goto('/khong-co-trang-nay');
    expect(shell?.fromServiceWorker()).toBe(true);
    await tab.getByRole('heading', { name: 'Đăng nhập' }).waitFor();
  });
});

describe('updates', () => {
  it('a new version waits for "Có phiên bản mới", and "Tải lại" brings it in', async () => {
    const { proxy } = started();
    const { page } = await openPage();
    await page.goto('/login');
    await page.getByRole('heading', { name: 'Đăng nhập' }).waitFor();
    await waitForServiceWorker(page);

    // A deploy: /sw.js changes. The page checks for it (as its hourly check or a navigation would).
    proxy.setWorkerSuffix('\n// phiên bản 2\n');
    await page.evaluate(() => {
      (window as unknown as { __sameDocument: boolean }).__sameDocument = true;
    });
    await page.evaluate(async () => {
      const registration = await navigator.serviceWorker.getRegistration();
      await registration?.update();
    });
    const prompt = page.getByTestId('update-prompt');
    await prompt.getByText('Có phiên bản mới').waitFor();
    await expect(page.evaluate(() => navigator.serviceWorker.getRegistration().then((r) => r?.waiting?.state ?? null))).resolves.toBe(
      'installed',
    );
    // It never reloads by itself: the same document is still here a moment later.
    await page.waitForTimeout(1_000);
    await expect(page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument)).resolves.toBe(true);

    const reload = page.waitForEvent('load');
    await prompt.getByRole('button', { name: 'Tải lại' }).click();
    await reload;
    await page.getByRole('heading', { name: 'Đăng nhập' }).waitFor();
    await expect(page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument ?? false)).resolves.toBe(false);
    await expect(page.evaluate(() => navigator.serviceWorker.getRegistration().then((r) => r?.waiting ?? null))).resolves.toBe(null);
    await expect(isControlled(page)).resolves.toBe(true);
    await expect(page.getByTestId('update-prompt').count()).resolves.toBe(0);
  });
});

describe('Background Sync', () => {
  type SyncRegistration = ServiceWorkerRegistration & {
    sync: { register: (tag: string) => Promise<void>; getTags: () => Promise<string[]> };
  };

  /**
   * Stands in for the outbox drainer (what onDrainRequest() wires up): answers each DRAIN_OUTBOX
   * with `ok`, then asks the browser for a one-off sync.
   */
  async function registerSyncAnswering(page: Page, ok: boolean): Promise<void> {
    await page.evaluate(
      async ({ tag, ok }) => {
        const seen: string[] = [];
        (window as unknown as { __drainRequests: string[] }).__drainRequests = seen;
        navigator.serviceWorker.addEventListener('message', (event: MessageEvent<{ type?: string; requestId?: string }>) => {
          if (event.data?.type !== 'DRAIN_OUTBOX' || !event.data.requestId) return;
          seen.push(event.data.requestId);
          (event.source as ServiceWorker).postMessage({ type: 'DRAIN_DONE', requestId: event.data.requestId, ok });
        });
        const registration = (await navigator.serviceWorker.ready) as SyncRegistration;
        await registration.sync.register(tag);
      },
      { tag: SW_SYNC_TAG, ok },
    );
  }

  const drainRequests = (page: Page) => page.evaluate(() => (window as unknown as { __drainRequests: string[] }).__drainRequests.length);
  const pendingTags = (page: Page) => page.evaluate(async () => ((await navigator.serviceWorker.ready) as SyncRegistration).sync.getTags());

  async function openControlled(): Promise<Page> {
    const { page } = await openPage();
    await page.goto('/login');
    await page.getByRole('heading', { name: 'Đăng nhập' }).waitFor();
    await waitForServiceWorker(page);
    return page;
  }

  it('a sync event asks the open page to drain the outbox and completes when it answers ok', async () => {
    const page = await openControlled();
    await registerSyncAnswering(page, true);
    await eventually(() => drainRequests(page), 1);
    // Done: the browser drops the registration instead of scheduling another attempt.
    await eventually(() => pendingTags(page), []);
  });

  it('a failed drain fails the sync event, so the browser keeps it for a later attempt', async () => {
    const page = await openControlled();
    await registerSyncAnswering(page, false);
    await eventually(() => drainRequests(page), 1);
    // Long enough for a success to have been recorded (the passing case above takes milliseconds).
    await page.waitForTimeout(1_000);
    await expect(pendingTags(page)).resolves.toEqual([SW_SYNC_TAG]);
  });
});

/** Polls until the value is the expected one (or WAIT_MS passes): the page updates asynchronously. */
async function eventually<T>(read: () => Promise<T>, expected: T): Promise<void> {
  await expect.poll(read, { timeout: WAIT_MS, interval: 50 }).toEqual(expected);
}
