/**
 * Lighthouse, mobile preset (Lighthouse's default config: Moto G Power screen, simulated
 * slow 4G and 4x CPU), on /login signed out and on /dashboard signed in as the demo account in
 * An Khang. Debian's Chromium is started by chrome-launcher on a debugging port; the sign-in is
 * done through the real form by playwright-core attached to that same browser, so the session
 * cookies are the app's own. Lighthouse keeps cookies, local storage and IndexedDB between runs
 * (its default), but clears the HTTP cache, the service worker and Cache Storage before each run:
 * every figure is a cold load.
 *
 * Aims per page (docs/performance.md: /login performance ≥ 97, LCP ≤ 1.8 s, TBT ≤ 100 ms; /dashboard signed in
 * performance ≥ 90, LCP ≤ 2.5 s, TBT ≤ 200 ms; accessibility and best practices ≥ 95 and
 * CLS < 0.02 for both). Misses are printed and recorded, never a failure: only a run that cannot measure
 * exits non-zero. Each page is measured --runs times (default 3) and the run with the median
 * performance score is kept, because one Lighthouse run on a busy machine swings by several points.
 *
 *   BENCH_DIST=.tmp/bench-dist npx tsx tests/bench/lighthouse.ts [--runs=3]
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse, { type Result } from 'lighthouse';
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '@tests/support/browser';
import { DEMO_SIGN_IN, startBenchApp } from './support/bench-app';
import { argValue, chromiumVersion, machineInfo, table, writeResult } from './support/kit';

const DIST = path.resolve(process.env.BENCH_DIST ?? 'dist');
const RUNS = Number(argValue('runs') ?? 3);
type Aim = { performance: number; otherScores: number; lcpMs: number; tbtMs: number; cls: number };
const LIGHTHOUSE_AIMS: Record<'/login' | '/dashboard (signed in)', Aim> = {
  '/login': { performance: 97, otherScores: 95, lcpMs: 1_800, tbtMs: 100, cls: 0.02 },
  '/dashboard (signed in)': { performance: 90, otherScores: 95, lcpMs: 2_500, tbtMs: 200, cls: 0.02 },
};

type PageFigures = {
  performance: number;
  accessibility: number;
  bestPractices: number;
  fcpMs: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  speedIndexMs: number;
  /** What keeps a score below 100: failing audits of the three categories, worst first. */
  failing: { category: string; audit: string; title: string; score: number | null; display?: string; nodes?: string[] }[];
  /** Lighthouse's estimate of the metric time each unmet performance advice would save, biggest first. */
  opportunities: { audit: string; title: string; savingsMs: number; display?: string }[];
  warnings: string[];
};

/** The elements an accessibility audit names (a few of them), to know what to fix. */
function nodesOf(audit: Result['audits'][string]): string[] | undefined {
  const details = audit.details as { items?: { node?: { snippet?: string; explanation?: string } }[] } | undefined;
  const nodes = (details?.items ?? []).flatMap((item) =>
    item.node?.snippet ? [`${item.node.snippet} ${item.node.explanation ?? ''}`.trim()] : [],
  );
  return nodes.length > 0 ? nodes.slice(0, 5) : undefined;
}

function figures(lhr: Result): PageFigures {
  const score = (id: string) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
  const value = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
  const failing: PageFigures['failing'] = [];
  for (const id of ['performance', 'accessibility', 'best-practices']) {
    for (const ref of lhr.categories[id]?.auditRefs ?? []) {
      const audit = lhr.audits[ref.id];
      if (!audit || ref.weight === 0 || audit.score === null || audit.score >= 0.9) continue;
      failing.push({
        category: id,
        audit: ref.id,
        title: audit.title,
        score: audit.score,
        display: audit.displayValue,
        nodes: nodesOf(audit),
      });
    }
  }
  const opportunities: PageFigures['opportunities'] = [];
  for (const ref of lhr.categories.performance?.auditRefs ?? []) {
    const audit = lhr.audits[ref.id];
    const savings = audit?.metricSavings ?? {};
    const savingsMs = Math.round(Math.max(savings.LCP ?? 0, savings.FCP ?? 0, savings.TBT ?? 0));
    if (!audit || ref.weight > 0 || audit.score === null || audit.score >= 0.9 || savingsMs === 0) continue;
    opportunities.push({ audit: ref.id, title: audit.title, savingsMs, display: audit.displayValue });
  }
  return {
    performance: score('performance'),
    accessibility: score('accessibility'),
    bestPractices: score('best-practices'),
    fcpMs: Math.round(value('first-contentful-paint')),
    lcpMs: Math.round(value('largest-contentful-paint')),
    tbtMs: Math.round(value('total-blocking-time')),
    cls: Number(value('cumulative-layout-shift').toFixed(3)),
    speedIndexMs: Math.round(value('speed-index')),
    failing: failing.sort((a, b) => (a.score ?? 0) - (b.score ?? 0)),
    opportunities: opportunities.sort((a, b) => b.savingsMs - a.savingsMs),
    warnings: lhr.runWarnings,
  };
}

async function audit(url: string, port: number): Promise<PageFigures> {
  const result = await lighthouse(url, {
    port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: ['performance', 'accessibility', 'best-practices'],
  });
  if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
  if (result.lhr.runtimeError) throw new Error(`Lighthouse on ${url}: ${result.lhr.runtimeError.message}`);
  // LIGHTHOUSE_REPORTS=<folder> keeps each run's whole report (its long tasks, its trace summary).
  const reports = process.env.LIGHTHOUSE_REPORTS;
  if (reports) {
    fs.mkdirSync(reports, { recursive: true });
    const name = `${new URL(url).pathname.replace(/\W+/g, '-')}-${Date.now()}.json`;
    fs.writeFileSync(path.join(reports, name), JSON.stringify(result.lhr));
  }
  return figures(result.lhr);
}

async function median(label: string, url: string, port: number): Promise<PageFigures & { runs: number[] }> {
  const runs: PageFigures[] = [];
  for (let i = 0; i < RUNS; i += 1) {
    // Lighthouse now and then fails to record its trace (NO_NAVSTART) under load: that run, not
    // the page, failed, so it is measured again once.
    const run = await audit(url, port).catch((error: unknown) => {
      console.warn(`  ${label} run ${i + 1}/${RUNS} failed (${String(error)}); measuring it again`);
      return audit(url, port);
    });
    console.info(`  ${label} run ${i + 1}/${RUNS}: performance ${run.performance}, LCP ${run.lcpMs} ms, TBT ${run.tbtMs} ms`);
    runs.push(run);
  }
  const sorted = [...runs].sort((a, b) => a.performance - b.performance);
  return { ...sorted[Math.floor((sorted.length - 1) / 2)]!, runs: runs.map((run) => run.performance) };
}

/** Signs in through the real form in the browser Lighthouse will use, and opens An Khang's dashboard. */
async function signIn(origin: string, port: number): Promise<void> {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`);
  try {
    const context = browser.contexts()[0]!;
    const page = await context.newPage();
    await page.goto(`${origin}/login`);
    await page.getByPlaceholder('Nhập số điện thoại').fill(DEMO_SIGN_IN.phone);
    await page.getByPlaceholder('Nhập mật khẩu').fill(DEMO_SIGN_IN.password);
    await page.getByRole('button', { name: 'Đăng nhập', exact: true }).click();
    await page.getByRole('button', { name: DEMO_SIGN_IN.company, exact: true }).click();
    await page.waitForURL('**/dashboard', { timeout: 30_000 });
    // A signed-in user has seen their figures and has the workspace on the device: the figures are
    // kept (src/api/kept-answers.ts) and the first sync has finished, as on any later visit. (The
    // first sync has its own measure: tests/bench/local-data.ts.)
    await page.getByTestId('figure-today-revenue').waitFor({ timeout: 30_000 });
    await page.locator('[data-testid="sync-status"][data-tone="synced"]').waitFor({ timeout: 120_000 });
    await page.close();
  } finally {
    // Over CDP this only detaches playwright; the browser (and its cookies) stays for Lighthouse.
    await browser.close();
  }
}

if (!fs.existsSync(path.join(DIST, 'index.html'))) {
  console.error(`${DIST} has no build: run \`npx vite build\` (or npm run bench, which builds into .tmp/bench-dist).`);
  process.exit(1);
}

const app = await startBenchApp(DIST);
const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-lighthouse-'));
const chrome = await chromeLauncher.launch({
  chromePath: CHROMIUM_PATH,
  userDataDir: profile,
  chromeFlags: ['--headless=new', ...CHROMIUM_ARGS],
  logLevel: 'silent',
});
let login: Awaited<ReturnType<typeof median>>;
let dashboard: Awaited<ReturnType<typeof median>>;
try {
  console.info(`Lighthouse ${RUNS}× per page against ${app.url} (build ${path.relative(process.cwd(), DIST)})`);
  login = await median('/login', `${app.url}/login`, chrome.port);
  await signIn(app.url, chrome.port);
  dashboard = await median('/dashboard', `${app.url}/dashboard`, chrome.port);
} finally {
  chrome.kill();
  await app.stop();
  fs.rmSync(profile, { recursive: true, force: true });
}

const pages = { '/login': login, '/dashboard (signed in)': dashboard };
table(
  `Lighthouse, mobile preset, median of ${RUNS} by performance`,
  ['page', 'performance', 'accessibility', 'best practices', 'FCP ms', 'LCP ms', 'TBT ms', 'CLS', 'aim', 'verdict'],
  Object.entries(pages).map(([name, p]) => {
    const aim = LIGHTHOUSE_AIMS[name as keyof typeof LIGHTHOUSE_AIMS];
    const misses = [
      p.performance < aim.performance && 'performance',
      p.accessibility < aim.otherScores && 'accessibility',
      p.bestPractices < aim.otherScores && 'best practices',
      p.lcpMs > aim.lcpMs && 'LCP',
      p.tbtMs > aim.tbtMs && 'TBT',
      p.cls >= aim.cls && 'CLS',
    ].filter(Boolean);
    return [
      name,
      p.performance,
      p.accessibility,
      p.bestPractices,
      p.fcpMs,
      p.lcpMs,
      p.tbtMs,
      p.cls.toFixed(3),
      `≥ ${aim.performance}, LCP ≤ ${aim.lcpMs} ms, TBT ≤ ${aim.tbtMs} ms`,
      misses.length ? `MISS ${misses.join(', ')}` : 'PASS',
    ];
  }),
);
for (const [name, p] of Object.entries(pages)) {
  const described = (items: { title: string; display?: string }[]) =>
    items.map((item) => `${item.title}${item.display ? ` (${item.display})` : ''}`).join('; ');
  if (p.failing.length > 0) console.info(`  ${name} — audits below 90: ${described(p.failing)}`);
  if (p.opportunities.length > 0) console.info(`  ${name} — biggest savings: ${described(p.opportunities.slice(0, 4))}`);
}
const file = writeResult('lighthouse', {
  machine: machineInfo({ chromium: chromiumVersion() }),
  preset: 'mobile (Lighthouse default config: simulated slow 4G, 4x CPU)',
  runsPerPage: RUNS,
  aims: LIGHTHOUSE_AIMS,
  pages,
});
console.info(`\nResults written to ${file}.`);
