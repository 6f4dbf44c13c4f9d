/**
 * Build-size check (budgets in docs/performance.md): what a first visit to /login and to /dashboard
 * downloads, measured in a real Chromium against the built app, each file gzipped (level 9) as a
 * compressing server would send it, and what the service worker precaches on install. Prints a
 * table, writes tests/bench/results/build-size.json and exits non-zero when a budget is passed.
 *   JavaScript for /login ≤ 160 kB gzip; every route chunk ≤ 60 kB gzip; precache ≤ 2.5 MB.
 * Measures dist/ (`npm run size`, after `npx vite build`), or BENCH_DIST (`npm run bench` builds
 * into .tmp/bench-dist so that it never rewrites a dist/ someone else is serving).
 */
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import type { Page } from 'playwright-core';
import { launchBrowser, newPage, VIEWPORTS } from '@tests/support/browser';
import { startBenchApp } from './support/bench-app';

const DIST = path.resolve(process.env.BENCH_DIST ?? 'dist');
// The precache budget is the one vite.config.ts enforces at build time (2.5 MiB, raw bytes as
// Workbox counts them); it is checked here too because the bench may measure a build made with
// that check lifted (tests/bench/support/bench-build.ts).
const BUDGET = { loginJs: 160 * 1024, routeChunk: 60 * 1024, precache: 2.5 * 1024 * 1024 };

type Asset = { file: string; kind: 'js' | 'css'; raw: number; gzip: number };

function measure(file: string): Asset {
  const bytes = fs.readFileSync(path.join(DIST, file));
  return { file, kind: file.endsWith('.css') ? 'css' : 'js', raw: bytes.length, gzip: zlib.gzipSync(bytes, { level: 9 }).length };
}

function collect(page: Page, origin: string): Set<string> {
  const files = new Set<string>();
  page.on('response', (response) => {
    const url = new URL(response.url());
    if (url.origin === origin && /\.(js|css)$/.test(url.pathname)) files.add(url.pathname.slice(1));
  });
  return files;
}

const kb = (n: number) => `${(n / 1024).toFixed(1)} kB`;

function report(label: string, assets: Asset[]) {
  const js = assets.filter((a) => a.kind === 'js').reduce((sum, a) => sum + a.gzip, 0);
  const css = assets.filter((a) => a.kind === 'css').reduce((sum, a) => sum + a.gzip, 0);
  console.info(`\n${label}: ${assets.length} files, JavaScript ${kb(js)} gzip, CSS ${kb(css)} gzip`);
  for (const asset of [...assets].sort((a, b) => b.gzip - a.gzip)) {
    console.info(`  ${asset.file.padEnd(48)} ${kb(asset.raw).padStart(10)} ${kb(asset.gzip).padStart(10)} gzip`);
  }
  return { js, css };
}

/** What the service worker downloads on install: the entries Workbox injected into sw.js. */
function precache(): { files: number; bytes: number; urls: Set<string> } {
  const worker = fs.readFileSync(path.join(DIST, 'sw.js'), 'utf8');
  const urls = [...worker.matchAll(/"url":"([^"]+)"/g)].map((match) => match[1]!.split('?')[0]!);
  if (urls.length === 0) throw new Error(`${path.join(DIST, 'sw.js')} has no precache list: the build did not finish`);
  const bytes = urls.reduce((sum, url) => sum + fs.statSync(path.join(DIST, url)).size, 0);
  return { files: urls.length, bytes, urls: new Set(urls) };
}

if (!fs.existsSync(path.join(DIST, 'index.html'))) {
  console.error(`${path.relative(process.cwd(), DIST) || DIST}/ chưa có: chạy \`npx vite build\` trước.`);
  process.exit(1);
}

const server = await startBenchApp(DIST);
const browser = await launchBrowser();
const failures: string[] = [];
try {
  const origin = new URL(server.url).origin;

  const login = await newPage(browser, server.url, VIEWPORTS.phone);
  const loginFiles = collect(login.page, origin);
  await login.page.goto('/login', { waitUntil: 'networkidle' });
  const loginAssets = [...loginFiles].map(measure);
  const loginTotals = report('/login (first visit)', loginAssets);

  await login.page.getByPlaceholder('Nhập số điện thoại').fill('0901234567');
  await login.page.getByPlaceholder('Nhập mật khẩu').fill('Demo@2026');
  await login.page.getByRole('button', { name: 'Đăng nhập' }).click();
  await login.page.getByRole('button', { name: 'Công ty Dược phẩm An Khang' }).click();
  await login.page.waitForURL('**/dashboard');
  // The person has seen their figures once: the device keeps them (src/api/kept-answers.ts), as for
  // anyone who opens the app again.
  await login.page.getByTestId('figure-today-revenue').waitFor();
  // A first visit to /dashboard: a fresh page load of a signed-in session. What counts against its
  // budget is what the page asked for before its figures were painted: the figure tiles
  // carry an elementtiming attribute, so the browser reports when they were painted, and every file
  // requested before that moment counts. What loads after it (the sync engine, the header's menus,
  // the calendar: src/ui/after-first-paint.tsx) is listed apart.
  const dashboard = await login.context.newPage();
  const dashboardFiles = collect(dashboard, origin);
  await dashboard.goto('/dashboard', { waitUntil: 'networkidle' });
  const beforeFigures = await dashboard.evaluate(
    () =>
      new Promise<string[]>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error('the dashboard painted no figure (elementtiming="dashboard-figure")')), 10_000);
        new PerformanceObserver((list, observer) => {
          // PerformanceElementTiming: `identifier` is the elementtiming attribute.
          const entries = list.getEntries() as (PerformanceEntry & { identifier: string; renderTime: number })[];
          const painted = entries.find((entry) => entry.identifier === 'dashboard-figure');
          if (!painted) return;
          observer.disconnect();
          clearTimeout(timer);
          const at = painted.renderTime || painted.startTime;
          resolve(
            performance
              .getEntriesByType('resource')
              .filter((entry) => entry.startTime < at)
              .map((entry) => new URL(entry.name).pathname.slice(1)),
          );
        }).observe({ type: 'element', buffered: true });
      }),
  );
  const beforeSet = new Set(beforeFigures);
  const dashboardAssets = [...dashboardFiles].filter((file) => beforeSet.has(file)).map(measure);
  const dashboardTotals = report('/dashboard (first visit, signed in), before its figures are painted', dashboardAssets);
  const afterAssets = [...dashboardFiles].filter((file) => !beforeSet.has(file)).map(measure);
  const afterTotals = report('/dashboard, loaded after its figures are painted', afterAssets);

  const allJs = fs
    .readdirSync(path.join(DIST, 'assets'))
    .filter((f) => f.endsWith('.js'))
    .map((f) => measure(`assets/${f}`));
  // The entry and the shared framework/ui chunks (vite.config.ts) form the app shell every route
  // needs; the per-route budget is for everything else.
  const isShell = (file: string) => /^assets\/(index|framework|ui)-[^/]*\.js$/.test(file);
  const routeChunks = allJs.filter((a) => !isShell(a.file));
  const biggestChunk = [...routeChunks].sort((a, b) => b.gzip - a.gzip)[0];
  console.info(`\nLargest route chunk: ${biggestChunk?.file} ${kb(biggestChunk?.gzip ?? 0)} gzip`);
  const precached = precache();
  console.info(`Precache: ${precached.files} files, ${kb(precached.bytes)} (budget ${kb(BUDGET.precache)})`);

  if (loginTotals.js > BUDGET.loginJs) failures.push(`/login JavaScript ${kb(loginTotals.js)} > ${kb(BUDGET.loginJs)}`);
  for (const chunk of routeChunks) {
    if (chunk.gzip > BUDGET.routeChunk) failures.push(`chunk ${chunk.file} ${kb(chunk.gzip)} > ${kb(BUDGET.routeChunk)}`);
  }
  if (precached.bytes > BUDGET.precache) failures.push(`precache ${kb(precached.bytes)} > ${kb(BUDGET.precache)}`);
  // What the sign-in and the home screen load must be on the device, or the app cannot start offline
  // (a file left out of the precache is for screens loaded online on first use, never for these).
  const notPrecached = [...loginAssets, ...dashboardAssets, ...afterAssets]
    .filter((asset) => !precached.urls.has(asset.file))
    .map((asset) => asset.file);
  console.info(`Files of /login and /dashboard not precached: ${notPrecached.length ? notPrecached.join(', ') : 'none'}`);
  for (const file of new Set(notPrecached))
    failures.push(`${file} loads with /login or /dashboard but is not precached: offline the app may not start`);
  fs.mkdirSync('tests/bench/results', { recursive: true });
  fs.writeFileSync(
    'tests/bench/results/build-size.json',
    JSON.stringify(
      {
        measuredAt: new Date().toISOString(),
        login: loginTotals,
        dashboard: dashboardTotals,
        dashboardAfterFigures: afterTotals,
        largestChunk: biggestChunk,
        precache: { files: precached.files, bytes: precached.bytes },
        budgets: BUDGET,
        failures,
      },
      null,
      2,
    ),
  );
} finally {
  await browser.close();
  await server.stop();
}

if (failures.length > 0) {
  console.error(`\nVượt ngân sách kích thước:\n- ${failures.join('\n- ')}`);
  process.exit(1);
}
console.info('\nMọi ngân sách kích thước đều đạt.');
