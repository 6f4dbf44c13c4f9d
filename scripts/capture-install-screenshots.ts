/**
 * The pictures of the install sheet (the web app manifest in vite.config.ts): the three shortcut
 * icons (public/icons/shortcut-*.png) and the two screenshots Chromium's richer install dialog shows
 * (public/screenshots/: one phone, form_factor "narrow", one desktop, "wide").
 *
 *   npx vite build && npx tsx scripts/capture-install-screenshots.ts
 *
 * The screenshots are the real app: the built client (dist/) served by the real server over a
 * fresh in-memory PGlite database seeded with the demo data (tests/support/built-app-server.ts, as
 * the browser tests start it), signed in as the demo owner (0901234567, An Khang), in Debian's
 * Chromium driven by playwright-core (`bash scripts/ensure-chromium.sh` installs it). The icons are
 * the app's own Tabler glyphs, white on the logo's colour, drawn by the same Chromium: no image
 * library. Both are encoded by Chromium too (WebP through a canvas for the screenshots), so each
 * file stays well under the 250 kB tests/e2e/pwa-offline.test.ts allows. `--icons` redraws only the
 * icons (no build, no server). Run it again after a visible change of the dashboard, and commit the
 * files: the manifest names their sizes, which the browser test checks against the files.
 */
import fs from 'node:fs';
import path from 'node:path';
import { createElement, type ComponentType } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { IconCalendarCheck, IconShoppingCartPlus, IconUsersGroup } from '@tabler/icons-react';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser } from '@tests/support/browser';
import { startBuiltAppServer } from '@tests/support/built-app-server';

const ROOT = path.resolve(import.meta.dirname, '..');
const ICONS_DIR = path.join(ROOT, 'public', 'icons');
const SHOTS_DIR = path.join(ROOT, 'public', 'screenshots');

/** The logo's colour (public/favicon.svg), the ground of every app icon. */
const LOGO = '#0b7285';
const ICON_SIZE = 96;

/** The manifest's shortcuts, by file name: the glyph each one shows (the bottom navbar's for customers). */
const SHORTCUT_ICONS: { file: string; icon: ComponentType<{ size?: number; color?: string; stroke?: number }> }[] = [
  { file: 'shortcut-order.png', icon: IconShoppingCartPlus },
  { file: 'shortcut-customers.png', icon: IconUsersGroup },
  { file: 'shortcut-today.png', icon: IconCalendarCheck },
];

const DEMO = { phone: '0901234567', password: 'Demo@2026' } as const;
const AN_KHANG = 'Công ty Dược phẩm An Khang';

/**
 * The screenshots: a phone (390×844 CSS px at 2×, within the 2.3:1 Chromium accepts) and a
 * desktop (1280×800), both on the dashboard of An Khang (the phone's is its grid of functions, the
 * desktop's the month's KPI and figures of four months of trading).
 */
const SHOTS = [
  { file: 'phone-dashboard.webp', viewport: { width: 390, height: 844 }, scale: 2, mobile: true },
  { file: 'desktop-dashboard.webp', viewport: { width: 1280, height: 800 }, scale: 1, mobile: false },
] as const;

const WEBP_QUALITY = 0.82;
const MAX_BYTES = 250 * 1024;

async function drawIcons(browser: Browser): Promise<void> {
  const context = await browser.newContext({ viewport: { width: ICON_SIZE, height: ICON_SIZE }, deviceScaleFactor: 1 });
  const page = await context.newPage();
  fs.mkdirSync(ICONS_DIR, { recursive: true });
  for (const { file, icon } of SHORTCUT_ICONS) {
    // The glyph at 60 % of the square, centred: the same margin as the logo's "S".
    const glyph = renderToStaticMarkup(createElement(icon, { size: 58, color: '#ffffff', stroke: 1.75 })).replace(
      '<svg ',
      '<svg x="19" y="19" ',
    );
    const svg =
      `<svg xmlns="http://www.w3.org/2000/svg" width="${ICON_SIZE}" height="${ICON_SIZE}" viewBox="0 0 ${ICON_SIZE} ${ICON_SIZE}">` +
      `<rect width="${ICON_SIZE}" height="${ICON_SIZE}" rx="21" fill="${LOGO}"/>${glyph}</svg>`;
    await page.setContent(`<!doctype html><html><body style="margin:0;background:transparent">${svg}</body></html>`);
    const png = await page.screenshot({ omitBackground: true, clip: { x: 0, y: 0, width: ICON_SIZE, height: ICON_SIZE } });
    fs.writeFileSync(path.join(ICONS_DIR, file), png);
    console.info(`public/icons/${file}: ${ICON_SIZE}×${ICON_SIZE}, ${png.length} bytes`);
  }
  await context.close();
}

async function signIn(page: Page): Promise<void> {
  await page.goto('/login');
  const form = page.locator('form').filter({ has: page.getByRole('heading', { name: 'Đăng nhập' }) });
  await form.getByRole('textbox', { name: 'Số điện thoại', exact: true }).fill(DEMO.phone);
  await form.getByRole('textbox', { name: 'Mật khẩu', exact: true }).fill(DEMO.password);
  await form.getByRole('button', { name: 'Đăng nhập', exact: true }).click();
  await page.waitForURL((url) => url.pathname === '/');
  await page.getByTestId('workspace-list').getByRole('button', { name: AN_KHANG, exact: true }).click();
  await page.waitForURL((url) => url.pathname === '/dashboard');
}

/**
 * The PNG Chromium took, as WebP, encoded by the same Chromium (a canvas) in a blank page (the app's
 * content security policy is not that page's), so no image library is needed.
 */
async function toWebp(page: Page, png: Buffer): Promise<Buffer> {
  const base64 = await page.evaluate(
    async ({ data, quality }) => {
      const png = Uint8Array.from(atob(data), (char) => char.charCodeAt(0));
      const bitmap = await createImageBitmap(new Blob([png], { type: 'image/png' }));
      const canvas = new OffscreenCanvas(bitmap.width, bitmap.height);
      canvas.getContext('2d')!.drawImage(bitmap, 0, 0);
      const blob = await canvas.convertToBlob({ type: 'image/webp', quality });
      if (blob.type !== 'image/webp') throw new Error(`Chromium encoded ${blob.type}, not WebP`);
      const bytes = new Uint8Array(await blob.arrayBuffer());
      let text = '';
      for (const byte of bytes) text += String.fromCharCode(byte);
      return btoa(text);
    },
    { data: png.toString('base64'), quality: WEBP_QUALITY },
  );
  return Buffer.from(base64, 'base64');
}

async function captureScreenshots(browser: Browser): Promise<void> {
  if (!fs.existsSync(path.join(ROOT, 'dist', 'index.html'))) throw new Error('dist/ is missing: run `npx vite build` first.');
  const app = await startBuiltAppServer();
  const encoder = await browser.newPage();
  try {
    fs.mkdirSync(SHOTS_DIR, { recursive: true });
    for (const shot of SHOTS) {
      const context = await browser.newContext({
        baseURL: app.url,
        viewport: shot.viewport,
        deviceScaleFactor: shot.scale,
        isMobile: shot.mobile,
        hasTouch: shot.mobile,
        locale: 'vi-VN',
        timezoneId: 'Asia/Ho_Chi_Minh',
        // No worker: its install and update prompt are not what the picture shows.
        serviceWorkers: 'block',
      });
      context.setDefaultTimeout(30_000);
      const page = await context.newPage();
      await signIn(page);
      await page.getByTestId('revenue-chart').waitFor();
      await page.getByTestId('first-sync-progress').waitFor({ state: 'detached' });
      await page.waitForLoadState('networkidle');
      // The chart's entrance animation and any toast of the sign-in: let them end.
      await page.waitForTimeout(1_500);
      await page.evaluate(() => window.scrollTo(0, 0));
      const png = await page.screenshot({ animations: 'disabled', caret: 'hide' });
      const webp = await toWebp(encoder, png);
      if (webp.length > MAX_BYTES) throw new Error(`${shot.file}: ${webp.length} bytes, over ${MAX_BYTES}`);
      fs.writeFileSync(path.join(SHOTS_DIR, shot.file), webp);
      const size = `${shot.viewport.width * shot.scale}×${shot.viewport.height * shot.scale}`;
      console.info(`public/screenshots/${shot.file}: ${size}, ${webp.length} bytes`);
      await context.close();
    }
  } finally {
    await encoder.close();
    await app.stop();
  }
}

const browser = await launchBrowser();
try {
  await drawIcons(browser);
  if (!process.argv.includes('--icons')) await captureScreenshots(browser);
} finally {
  await browser.close();
}
// The server's job runner and the database may keep handles open: the work is done.
process.exit(0);
