/**
 * Offline cold start: time from navigation to a usable order screen (/order/create) with
 * the network off, in Chromium, with and without 4x CPU throttling (CDP
 * Emulation.setCPUThrottlingRate, which slows the page's renderer, not the service worker thread).
 *
 * Set-up, online: sign in as the demo rep with "Ghi nhớ mật khẩu" (the persistent session a rep's
 * phone keeps), open An Khang, wait for the service worker to control the page and the first sync
 * to finish, open /order/create once. Then, for every sample, the browser is closed and started
 * again on the same profile (a cold process, warm disk) with the network off for the page and for
 * the service worker (tests/support/offline-proxy.ts drops every connection), and navigates
 * straight to /order/create.
 *
 * "Usable": the order screen is drawn from the device's data: the customer and product search boxes
 * are there and enabled, the saved cart has loaded (the "Nháp" chip) and the customer list under
 * the search has its answer from IndexedDB. The time is read by the page itself (performance.now(),
 * whose origin is the navigation start), polled every animation frame.
 *
 *   BENCH_DIST=.tmp/bench-dist npx tsx tests/bench/offline-start.ts [--samples=5] [--cpu=1,4]
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import { CHROMIUM_ARGS, CHROMIUM_PATH, VIEWPORTS } from '@tests/support/browser';
import { startOfflineProxy } from '@tests/support/offline-proxy';
import { DEMO_SIGN_IN, startBenchApp } from './support/bench-app';
import { argValue, chromiumVersion, machineInfo, summarize, table, writeResult } from './support/kit';

const DIST = path.resolve(process.env.BENCH_DIST ?? 'dist');
const SAMPLES = Number(argValue('samples') ?? 5);
const RATES = (argValue('cpu') ?? '1,4').split(',').map(Number);
const WAIT_MS = 30_000;

type Sample = { usableMs: number; fcpMs: number | null; documentMs: number; cpuCheckMs: number };

async function openBrowser(profile: string, baseURL: string, offline: boolean): Promise<{ context: BrowserContext; page: Page }> {
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: CHROMIUM_ARGS,
    baseURL,
    viewport: VIEWPORTS.phone,
    isMobile: true,
    hasTouch: true,
    locale: 'vi-VN',
    timezoneId: 'Asia/Ho_Chi_Minh',
    serviceWorkers: 'allow',
    offline,
  });
  context.setDefaultTimeout(WAIT_MS);
  const page = context.pages()[0] ?? (await context.newPage());
  return { context, page };
}

/**
 * The page's own clock when the order screen became usable (see the header), or false. Runs in the
 * page: no named inner functions, which tsx would wrap in a helper the page does not have.
 */
function usableAt(): number | false {
  const inputs = ['product-search', 'order-customer-search'].map((id) =>
    document.querySelector<HTMLInputElement>(`input[data-testid="${id}"]`),
  );
  const customers = document.querySelector('[data-testid="order-customer-results"]');
  const ready =
    inputs.every((input) => input !== null && !input.disabled) &&
    document.querySelector('[data-testid="draft-chip"]') !== null &&
    customers !== null &&
    customers.childElementCount > 0;
  return ready ? performance.now() : false;
}

/** The first sync's cursor row in the app's IndexedDB (src/db/app-db.ts, table syncCursors). Runs in the page. */
function firstSyncDone(): Promise<boolean> {
  return new Promise((resolve) => {
    const open = indexedDB.open('salesfield');
    open.onerror = () => resolve(false);
    open.onsuccess = () => {
      const db = open.result;
      if (!db.objectStoreNames.contains('syncCursors')) {
        db.close();
        resolve(false);
        return;
      }
      const read = db.transaction('syncCursors').objectStore('syncCursors').getAll();
      read.onsuccess = () => {
        db.close();
        resolve((read.result as { initialDone?: boolean }[]).some((row) => row.initialDone === true));
      };
      read.onerror = () => resolve(false);
    };
  });
}

async function prepare(profile: string, origin: string): Promise<void> {
  const { context, page } = await openBrowser(profile, origin, false);
  try {
    await page.goto('/login');
    await page.getByPlaceholder('Nhập số điện thoại').fill(DEMO_SIGN_IN.phone);
    await page.getByPlaceholder('Nhập mật khẩu').fill(DEMO_SIGN_IN.password);
    await page.getByRole('checkbox', { name: 'Ghi nhớ mật khẩu' }).check();
    await page.getByRole('button', { name: 'Đăng nhập', exact: true }).click();
    await page.getByRole('button', { name: DEMO_SIGN_IN.company }).click();
    await page.waitForURL('**/dashboard');
    await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
    if (!(await page.evaluate(() => navigator.serviceWorker.controller !== null))) await page.reload();
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
    await page.waitForFunction(firstSyncDone, null, { polling: 250 });
    await page.goto('/order/create');
    await page.waitForFunction(usableAt, null, { polling: 'raf' });
  } finally {
    await context.close();
  }
}

async function coldStart(profile: string, origin: string, rate: number): Promise<Sample> {
  const { context, page } = await openBrowser(profile, origin, true);
  try {
    if (rate !== 1) {
      const cdp = await context.newCDPSession(page);
      await cdp.send('Emulation.setCPUThrottlingRate', { rate });
    }
    const problems: string[] = [];
    page.on('pageerror', (error) => problems.push(String(error)));
    await page.goto('/order/create', { waitUntil: 'commit' });
    const usable = await page.waitForFunction(usableAt, null, { polling: 'raf' });
    const usableMs = (await usable.jsonValue()) as number;
    if (new URL(page.url()).pathname !== '/order/create') throw new Error(`offline start ended at ${page.url()}, not /order/create`);
    if (problems.length > 0) throw new Error(`page errors during the offline start: ${problems.join('; ')}`);
    return await page.evaluate((usableMs) => {
      const paint = performance.getEntriesByName('first-contentful-paint')[0];
      const navigation = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming | undefined;
      // A fixed piece of work, to show the throttling reached the page (about 4x slower at 4x).
      const started = performance.now();
      let x = 0;
      for (let i = 0; i < 5_000_000; i += 1) x = (x + i * 7) % 1_000_003;
      const cpuCheckMs = performance.now() - started + (x < 0 ? 1 : 0);
      return { usableMs, fcpMs: paint ? paint.startTime : null, documentMs: navigation?.responseEnd ?? 0, cpuCheckMs };
    }, usableMs);
  } finally {
    await context.close();
  }
}

if (!fs.existsSync(path.join(DIST, 'sw.js'))) {
  console.error(`${DIST} has no built service worker: run \`npx vite build\` (or npm run bench, which builds into .tmp/bench-dist).`);
  process.exit(1);
}

const app = await startBenchApp(DIST);
const proxy = await startOfflineProxy(app.url);
const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-offline-'));
const results: Record<string, { rate: number; samples: Sample[] }> = {};
try {
  await prepare(profile, proxy.url);
  proxy.setOffline(true);
  for (const rate of RATES) {
    const samples: Sample[] = [];
    for (let i = 0; i < SAMPLES; i += 1) {
      const sample = await coldStart(profile, proxy.url, rate);
      console.info(`  CPU ${rate}x sample ${i + 1}/${SAMPLES}: usable at ${Math.round(sample.usableMs)} ms`);
      samples.push(sample);
    }
    results[`CPU ${rate}x`] = { rate, samples };
  }
} finally {
  await proxy.close();
  await app.stop();
  fs.rmSync(profile, { recursive: true, force: true });
}

const summaries = Object.fromEntries(
  Object.entries(results).map(([name, { rate, samples }]) => [
    name,
    {
      rate,
      usable: summarize(samples.map((s) => s.usableMs)),
      fcp: summarize(samples.map((s) => s.fcpMs ?? Number.NaN)),
      document: summarize(samples.map((s) => s.documentMs)),
      cpuCheck: summarize(samples.map((s) => s.cpuCheckMs)),
      samples,
    },
  ]),
);
table(
  `Offline cold start to a usable /order/create (browser restarted per sample, network off), ${SAMPLES} samples, ms`,
  ['CPU', 'usable p50', 'usable max', 'FCP p50', 'document from SW p50', 'CPU check p50'],
  Object.entries(summaries).map(([name, s]) => [name, s.usable.p50, s.usable.max, s.fcp.p50, s.document.p50, s.cpuCheck.p50]),
);
const file = writeResult('offline-start', {
  machine: machineInfo({ chromium: chromiumVersion() }),
  samplesPerRate: SAMPLES,
  runs: summaries,
});
console.info(`\nResults written to ${file}.`);
