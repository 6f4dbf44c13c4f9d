/**
 * Build-size check (issue #2, budgets from issue #6): what a first visit to /login and to /dashboard
 * downloads, measured in a real Chromium against the built app, each file gzipped (level 9) as the
 * server sends it. Prints a table, writes tests/bench/results/build-size.json and exits non-zero
 * when a budget is passed.
 *   JavaScript for /login ≤ 160 kB gzip; every route chunk ≤ 60 kB gzip.
 */
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import type { Page } from 'playwright-core';
import { launchBrowser, newPage, VIEWPORTS } from '../support/browser';
import { startBuiltAppServer } from '../support/built-app-server';

const DIST = path.resolve('dist');
const BUDGET = { loginJs: 160 * 1024, routeChunk: 60 * 1024 };

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

if (!fs.existsSync(path.join(DIST, 'index.html'))) {
  console.error('dist/ chưa có: chạy `npx vite build` trước.');
  process.exit(1);
}

const server = await startBuiltAppServer();
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
  // A first visit to /dashboard: a fresh page load of a signed-in session.
  const dashboard = await login.context.newPage();
  const dashboardFiles = collect(dashboard, origin);
  await dashboard.goto('/dashboard', { waitUntil: 'networkidle' });
  const dashboardAssets = [...dashboardFiles].map(measure);
  const dashboardTotals = report('/dashboard (first visit, signed in)', dashboardAssets);

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

  if (loginTotals.js > BUDGET.loginJs) failures.push(`/login JavaScript ${kb(loginTotals.js)} > ${kb(BUDGET.loginJs)}`);
  for (const chunk of routeChunks) {
    if (chunk.gzip > BUDGET.routeChunk) failures.push(`chunk ${chunk.file} ${kb(chunk.gzip)} > ${kb(BUDGET.routeChunk)}`);
  }
  fs.mkdirSync('tests/bench/results', { recursive: true });
  fs.writeFileSync(
    'tests/bench/results/build-size.json',
    JSON.stringify(
      {
        measuredAt: new Date().toISOString(),
        login: loginTotals,
        dashboard: dashboardTotals,
        largestChunk: biggestChunk,
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
