/**
 * Interaction latency on the rep's phone: how long the page takes to answer each of the rep's core
 * interactions (Event Timing's duration, from the input to the next paint, as Chrome's INP reads
 * it), on a 360 px phone with the CPU slowed four times (CDP Emulation.setCPUThrottlingRate, a
 * low-end Android), offline as a rep in the field is:
 *
 * - search as you type: "prospan" typed into the order screen's product search, 120 ms a key;
 * - add a line: "Thêm 1 chai" on the result;
 * - change a quantity: "10" typed into the line, which reaches the demo's buy-10-get-1 (the
 *   promotion is applied as the quantity changes);
 * - send an order offline: "Gửi đơn" until the order's page;
 * - open a customer: a customer's name on /customers until their page.
 *
 * Each sample runs them all once; a sample's figure for an interaction is the slowest of the
 * events it took (a typed word is one interaction a key). The aim is the issue's: INP p75 ≤ 200 ms
 * at 4× CPU, p75 over the samples. Events under 16 ms are not reported by the browser: a sample
 * with none counts as 16 ms.
 *
 * Set-up, online: the demo rep signs in to An Khang, the service worker takes control and the first
 * sync finishes; then the network is cut for the page and the worker (tests/support/offline-proxy.ts).
 *
 *   BENCH_DIST=.tmp/bench-dist npx tsx tests/bench/interactions.ts [--samples=7] [--cpu=4]
 */
import fs from 'node:fs';
import path from 'node:path';
import { chromium, type Page } from 'playwright-core';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '@tests/support/browser';
import { startOfflineProxy } from '@tests/support/offline-proxy';
import { startBenchApp } from './support/bench-app';
import { argValue, chromiumVersion, machineInfo, percentile, table, verdict, writeResult } from './support/kit';

const DIST = path.resolve(process.env.BENCH_DIST ?? 'dist');
const SAMPLES = Number(argValue('samples') ?? 7);
const RATE = Number(argValue('cpu') ?? 4);
const AIM_MS = 200;
const WAIT_MS = 60_000;
const PHONE = { width: 360, height: 780 };
const REP = { phone: '0912000001', password: 'Demo@2026', company: 'Công ty Dược phẩm An Khang' };
const CUSTOMER = 'Nhà thuốc Thủ Đức Xanh';
const PRODUCT = 'Siro ho Prospan';

const INTERACTIONS = [
  'search as you type',
  'add a line',
  'change a quantity (promotion applied)',
  'send an order offline',
  'open a customer',
] as const;
type Interaction = (typeof INTERACTIONS)[number];

/** Every event with an interaction id the page sees, from its first script on (a plain string: it runs before the app). */
const OBSERVER = `
  window.__events = [];
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      if (entry.interactionId) window.__events.push({ id: entry.interactionId, duration: entry.duration, start: entry.startTime, name: entry.name, processing: entry.processingEnd - entry.processingStart, delay: entry.processingStart - entry.startTime });
    }
  }).observe({ type: 'event', durationThreshold: 16, buffered: true });
  window.__frames = [];
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      const script = [...entry.scripts].sort((a, b) => b.duration - a.duration)[0];
      window.__frames.push({ start: entry.startTime, duration: entry.duration, script: script ? script.invoker + ' ' + Math.round(script.duration) : 'rendering' });
    }
  }).observe({ type: 'long-animation-frame', buffered: true });
`;

/** Resolves when the page has been idle a moment: the events before it have been painted and reported. */
const settle = (page: Page) =>
  page.evaluate(() => new Promise<void>((resolve) => requestIdleCallback(() => setTimeout(resolve, 100), { timeout: 3_000 })));

const now = (page: Page) => page.evaluate(() => performance.now());

type TimedEvent = { id: number; duration: number; start: number; name: string; processing: number; delay: number };
/** A long animation frame (over 50 ms of the main thread), with the script that took most of it. */
type LongFrame = { start: number; duration: number; script: string };

/** Where the slowest event of each sample went (its type, input delay, handlers' time), for the detail table. */
const slowestEvents: Record<string, string[]> = {};
/**
 * The main thread's longest frame in each sample (0: none over 50 ms). An event far slower than it
 * waited for the frame to be shown, not for the page's script or layout.
 */
const longestFrames: Record<string, number[]> = {};
const frameDetails: Record<string, string[]> = {};

/** The slowest interaction the page reported since `since` (its own clock), 16 ms when none passed the threshold. */
async function slowestSince(page: Page, since: number, interaction: Interaction): Promise<number> {
  await settle(page);
  const events = await page.evaluate(
    (from) => (window as unknown as { __events: TimedEvent[] }).__events.filter((event) => event.start >= from),
    since,
  );
  const frames = await page.evaluate(
    (from) => (window as unknown as { __frames: LongFrame[] }).__frames.filter((frame) => frame.start + frame.duration >= from),
    since,
  );
  const longest = frames.sort((a, b) => b.duration - a.duration)[0];
  (longestFrames[interaction] ??= []).push(Math.round(longest?.duration ?? 0));
  (frameDetails[interaction] ??= []).push(longest ? `${Math.round(longest.duration)} (${longest.script})` : '—');
  const slowest = events.sort((a, b) => b.duration - a.duration)[0];
  if (slowest) {
    const detail = `${slowest.name} ${Math.round(slowest.duration)} (delay ${Math.round(slowest.delay)}, handlers ${Math.round(slowest.processing)})`;
    (slowestEvents[interaction] ??= []).push(detail);
  }
  return Math.max(16, slowest?.duration ?? 0);
}

async function throttle(page: Page): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: RATE });
}

async function signIn(page: Page): Promise<void> {
  await page.goto('/login');
  await page.getByPlaceholder('Nhập số điện thoại').fill(REP.phone);
  await page.getByPlaceholder('Nhập mật khẩu').fill(REP.password);
  await page.getByRole('button', { name: 'Đăng nhập', exact: true }).click();
  await page.getByRole('button', { name: REP.company }).click();
  await page.waitForURL('**/dashboard');
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
  if (!(await page.evaluate(() => navigator.serviceWorker.controller !== null))) await page.reload();
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
  // The first sync: its cursor row in the app's IndexedDB (src/db/app-db.ts, syncCursors).
  await page.waitForFunction(
    () =>
      new Promise<boolean>((resolve) => {
        const open = indexedDB.open('salesfield');
        open.onerror = () => resolve(false);
        open.onsuccess = () => {
          const db = open.result;
          if (!db.objectStoreNames.contains('syncCursors')) return resolve(false);
          const read = db.transaction('syncCursors').objectStore('syncCursors').getAll();
          read.onsuccess = () => resolve((read.result as { initialDone?: boolean }[]).some((row) => row.initialDone === true));
          read.onerror = () => resolve(false);
        };
      }),
    null,
    { polling: 500, timeout: 120_000 },
  );
}

/** One pass of the rep's interactions, offline, each timed from the page's own clock. */
async function sample(page: Page): Promise<Record<Interaction, number>> {
  const figures = {} as Record<Interaction, number>;
  await page.goto('/order/create');
  await throttle(page);
  const search = page.locator('input[data-testid="product-search"]');
  await search.waitFor();
  const customer = page.getByTestId('order-customer');
  await customer.getByTestId('order-customer-search').fill('Duc Xanh');
  await customer.getByTestId('customer-option').filter({ hasText: CUSTOMER }).first().click();
  await customer.getByTestId('order-customer-name').waitFor();

  let since = await now(page);
  await search.click();
  await search.pressSequentially('prospan', { delay: 120 });
  const add = page.getByRole('button', { name: `Thêm 1 chai ${PRODUCT}`, exact: true });
  await add.waitFor();
  figures['search as you type'] = await slowestSince(page, since, 'search as you type');

  since = await now(page);
  await add.click();
  const line = page.getByTestId('cart-lines').getByTestId('cart-line').first();
  await line.waitFor();
  figures['add a line'] = await slowestSince(page, since, 'add a line');

  since = await now(page);
  const quantity = line.getByTestId('quantity-input');
  await quantity.click();
  await quantity.press('Control+A');
  await quantity.pressSequentially('10', { delay: 120 });
  await quantity.press('Tab');
  await page.getByTestId('cart-promotions').getByTestId('gift-line').first().waitFor();
  figures['change a quantity (promotion applied)'] = await slowestSince(page, since, 'change a quantity (promotion applied)');

  since = await now(page);
  await page.getByTestId('submit-bar').getByTestId('submit-order').click();
  await page.waitForURL((url) => /^\/order\/[0-9a-f-]{36}$/.test(url.pathname));
  await page.getByTestId('order-detail').waitFor();
  figures['send an order offline'] = await slowestSince(page, since, 'send an order offline');

  await page.goto('/customers');
  await throttle(page);
  const name = page.getByTestId('customer-name').first();
  await name.waitFor();
  since = await now(page);
  await name.click();
  await page.waitForURL((url) => /^\/customers\/[0-9a-f-]{36}$/.test(url.pathname));
  await page.getByTestId('customer-detail-name').waitFor();
  figures['open a customer'] = await slowestSince(page, since, 'open a customer');
  return figures;
}

if (!fs.existsSync(path.join(DIST, 'sw.js'))) {
  console.error(`${DIST} has no built service worker: run \`npx vite build\` (or npm run bench, which builds into .tmp/bench-dist).`);
  process.exit(1);
}

const app = await startBenchApp(DIST);
const proxy = await startOfflineProxy(app.url);
const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, headless: true, args: CHROMIUM_ARGS });
const samples: Record<Interaction, number>[] = [];
try {
  const context = await browser.newContext({
    baseURL: proxy.url,
    viewport: PHONE,
    isMobile: true,
    hasTouch: true,
    locale: 'vi-VN',
    timezoneId: 'Asia/Ho_Chi_Minh',
    serviceWorkers: 'allow',
  });
  context.setDefaultTimeout(WAIT_MS);
  await context.addInitScript(OBSERVER);
  const page = await context.newPage();
  await signIn(page);
  proxy.setOffline(true);
  // One pass unmeasured: the screens' code is read from the worker's cache for the first time.
  await sample(page);
  for (let i = 0; i < SAMPLES; i += 1) {
    const figures = await sample(page);
    console.info(`  sample ${i + 1}/${SAMPLES}: ${INTERACTIONS.map((name) => `${name} ${Math.round(figures[name])} ms`).join(', ')}`);
    samples.push(figures);
  }
} finally {
  await browser.close();
  await proxy.close();
  await app.stop();
}

const runs = Object.fromEntries(
  INTERACTIONS.map((name) => {
    const sorted = samples.map((figures) => figures[name]).sort((a, b) => a - b);
    const frames = (longestFrames[name] ?? []).slice(-SAMPLES).sort((a, b) => a - b);
    return [
      name,
      { p50: percentile(sorted, 50), p75: percentile(sorted, 75), max: sorted.at(-1)!, samples: sorted, longestFrames: frames },
    ];
  }),
) as Record<Interaction, { p50: number; p75: number; max: number; samples: number[]; longestFrames: number[] }>;
table(
  `Interaction latency on a 360 px phone at ${RATE}x CPU, offline, ${SAMPLES} samples, ms (aim: p75 ≤ ${AIM_MS})`,
  ['interaction', 'p50', 'p75', 'max', 'aim'],
  INTERACTIONS.map((name) => [name, runs[name].p50, runs[name].p75, runs[name].max, verdict(runs[name].p75, AIM_MS)]),
);
table(
  'The slowest event of each sample: its type, duration, input delay and handlers, ms',
  ['interaction', 'slowest events'],
  INTERACTIONS.map((name) => [name, (slowestEvents[name] ?? []).slice(-SAMPLES).join('; ')]),
);
table(
  "The main thread's longest frame in each sample (Long Animation Frames), ms, with the script that took most of it",
  ['interaction', 'longest frames'],
  INTERACTIONS.map((name) => [name, (frameDetails[name] ?? []).slice(-SAMPLES).join('; ')]),
);
const file = writeResult('interactions', {
  machine: machineInfo({ chromium: chromiumVersion() }),
  cpuRate: RATE,
  samples: SAMPLES,
  aimMs: AIM_MS,
  runs,
});
console.info(`\nResults written to ${file}.`);
