/**
 * Lighthouse, mobile preset (Lighthouse's default config: Moto G Power screen, simulated slow 4G),
 * with the CPU slowdown calibrated to the host: a few short passes read Lighthouse's benchmarkIndex
 * for this machine and the slowdown is set from it (tests/bench/support/lighthouse-calibration.ts),
 * so that a slow and a fast host simulate the same mid-tier phone instead of 4x whatever the host
 * is. The index and the multiplier are printed beside each page's figures and kept in the result.
 *
 * Pages: /login signed out; then, signed in as the demo account in An Khang with the first sync done
 * (tests/bench/support/lighthouse-session.ts), the rep's main screens: /dashboard, /order/create,
 * /customers, one demo customer's page and /order. Debian's Chromium is started by chrome-launcher
 * on a debugging port; the sign-in is done through the real form by playwright-core attached to that
 * same browser, so the session cookies are the app's own. Lighthouse keeps cookies, local storage
 * and IndexedDB between runs (its default), but clears the HTTP cache, the service worker and Cache
 * Storage before each run: every figure is a cold load.
 *
 * Aims (docs/performance.md): /login performance ≥ 97, LCP ≤ 1.8 s, TBT ≤ 100 ms;
 * /dashboard and the other screens performance ≥ 90, LCP ≤ 2.5 s, TBT ≤ 200 ms; accessibility and
 * best practices ≥ 95 and CLS < 0.02 everywhere. Misses are printed and recorded, never a failure:
 * only a run that cannot measure exits non-zero. Each page is measured --runs times (default 3) and
 * the run with the median performance score is kept, because one Lighthouse run on a busy machine
 * swings by several points. Where /login's main-thread work
 * goes (Lighthouse's mainthread-work-breakdown and bootup-time) is printed after the table.
 *
 *   BENCH_DIST=.tmp/bench-dist npx tsx tests/bench/lighthouse.ts [--runs=3] [--cpu-slowdown=4]
 *
 * --cpu-slowdown fixes the multiplier (4 is Lighthouse's default, to compare with figures taken
 * before the calibration); the index is still measured and recorded. LIGHTHOUSE_REPORTS=<folder>
 * keeps each run's whole report.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '@tests/support/browser';
import { startBenchApp } from './support/bench-app';
import { argValue, chromiumVersion, machineInfo, table, writeResult } from './support/kit';
import { calibrate, type Calibration } from './support/lighthouse-calibration';
import { describeMainThread, figures, type PageFigures } from './support/lighthouse-figures';
import { signIn, type Session } from './support/lighthouse-session';
import { mainThreadCpu, type MainThreadCpu } from './support/lighthouse-trace';

const DIST = path.resolve(process.env.BENCH_DIST ?? 'dist');
const RUNS = Number(argValue('runs') ?? 3);
const GIVEN_SLOWDOWN = argValue('cpu-slowdown') === undefined ? undefined : Number(argValue('cpu-slowdown'));
/** Short passes that read the host's benchmarkIndex before the measured runs; their median is used. */
const CALIBRATION_PASSES = 3;

type Aim = { performance: number; otherScores: number; lcpMs: number; tbtMs: number; cls: number };
// The issue sets performance and TBT for the rep's screens; their LCP aim is /dashboard's, so that
// npm run bench's closing table (tests/bench/support/summary.ts) has an aim for every figure it shows.
const REP_SCREEN: Aim = { performance: 90, otherScores: 95, lcpMs: 2_500, tbtMs: 200, cls: 0.02 };
const LIGHTHOUSE_AIMS = {
  '/login': { performance: 97, otherScores: 95, lcpMs: 1_800, tbtMs: 100, cls: 0.02 },
  '/dashboard': { performance: 90, otherScores: 95, lcpMs: 2_500, tbtMs: 200, cls: 0.02 },
  '/order/create': REP_SCREEN,
  '/customers': REP_SCREEN,
  '/customers/{id}': REP_SCREEN,
  '/order': REP_SCREEN,
} satisfies Record<string, Aim>;
type PageName = keyof typeof LIGHTHOUSE_AIMS;

/** The signed-in pages in the order they are measured, with their address once the session is known. */
const SIGNED_IN: [PageName, (session: Session) => string][] = [
  ['/dashboard', () => '/dashboard'],
  ['/order/create', () => '/order/create'],
  ['/customers', () => '/customers'],
  ['/customers/{id}', (session) => `/customers/${session.customerId}`],
  ['/order', () => '/order'],
];

type RunFigures = PageFigures & { mainThreadCpu?: MainThreadCpu };

async function audit(url: string, port: number, cpuSlowdownMultiplier: number): Promise<RunFigures> {
  const result = await lighthouse(url, {
    port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: ['performance', 'accessibility', 'best-practices'],
    // Only the CPU part of the mobile preset's throttling changes; the network stays slow 4G.
    throttling: { cpuSlowdownMultiplier },
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
  const trace = (result.artifacts as { Trace?: { traceEvents: Parameters<typeof mainThreadCpu>[0] } }).Trace;
  return { ...figures(result.lhr), mainThreadCpu: trace && mainThreadCpu(trace.traceEvents) };
}

/** "main thread 700 ms wall, 290 ms on CPU": how much of the page's figures is the host's waiting. */
const onCpu = (run: RunFigures) =>
  run.mainThreadCpu ? `main thread ${run.mainThreadCpu.wallMs} ms wall, ${run.mainThreadCpu.cpuMs} ms on CPU, unslowed` : '';

type Measured = RunFigures & { runs: number[]; runBenchmarkIndexes: number[] };

async function median(label: string, url: string, port: number, cpuSlowdown: number): Promise<Measured> {
  const runs: RunFigures[] = [];
  for (let i = 0; i < RUNS; i += 1) {
    // Lighthouse now and then fails to record its trace (NO_NAVSTART) under load: that run, not
    // the page, failed, so it is measured again once.
    const run = await audit(url, port, cpuSlowdown).catch((error: unknown) => {
      console.warn(`  ${label} run ${i + 1}/${RUNS} failed (${String(error)}); measuring it again`);
      return audit(url, port, cpuSlowdown);
    });
    console.info(
      `  ${label} run ${i + 1}/${RUNS}: performance ${run.performance}, LCP ${run.lcpMs} ms, TBT ${run.tbtMs} ms` +
        ` (benchmarkIndex ${run.benchmarkIndex}, CPU ${run.cpuSlowdown}x; ${onCpu(run)}; load ${os.loadavg()[0]!.toFixed(1)})`,
    );
    runs.push(run);
  }
  const sorted = [...runs].sort((a, b) => a.performance - b.performance);
  return {
    ...sorted[Math.floor((sorted.length - 1) / 2)]!,
    runs: runs.map((run) => run.performance),
    runBenchmarkIndexes: runs.map((run) => run.benchmarkIndex),
  };
}

if (GIVEN_SLOWDOWN !== undefined && !(GIVEN_SLOWDOWN >= 1)) {
  console.error(`--cpu-slowdown must be a number ≥ 1 (Lighthouse's default is 4), not ${argValue('cpu-slowdown')}.`);
  process.exit(1);
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
const pages: Partial<Record<PageName, Measured>> = {};
let calibration: Calibration;
let session: Session;
try {
  console.info(`Lighthouse ${RUNS}× per page against ${app.url} (build ${path.relative(process.cwd(), DIST)})`);
  calibration = await calibrate(`${app.url}/login`, chrome.port, CALIBRATION_PASSES, GIVEN_SLOWDOWN);
  console.info(
    `  host benchmarkIndex ${calibration.benchmarkIndex} (passes: ${calibration.readings.join(', ')}) → CPU slowdown ` +
      `${calibration.multiplier}x (${calibration.source}; the calculator's range ${calibration.range.join('–')}x)`,
  );
  if (calibration.warning) console.warn(`  ${calibration.warning}`);
  pages['/login'] = await median('/login', `${app.url}/login`, chrome.port, calibration.multiplier);
  session = await signIn(app.url, chrome.port);
  for (const [name, address] of SIGNED_IN) {
    pages[name] = await median(name, `${app.url}${address(session)}`, chrome.port, calibration.multiplier);
  }
} finally {
  chrome.kill();
  await app.stop();
  fs.rmSync(profile, { recursive: true, force: true });
}

table(
  `Lighthouse, mobile preset, CPU slowdown ${calibration.multiplier}x for benchmarkIndex ${calibration.benchmarkIndex}, median of ${RUNS} by performance`,
  ['page', 'perf', 'a11y', 'best pr.', 'FCP ms', 'LCP ms', 'TBT ms', 'CLS', 'main thread ms', 'on CPU', 'index', 'CPU', 'aim', 'verdict'],
  Object.entries(pages).map(([name, p]) => {
    const aim: Aim = LIGHTHOUSE_AIMS[name as PageName];
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
      p.mainThread.totalMs,
      p.mainThreadCpu ? `${Math.round((100 * p.mainThreadCpu.cpuMs) / Math.max(1, p.mainThreadCpu.wallMs))} %` : '–',
      p.benchmarkIndex,
      `${p.cpuSlowdown}x`,
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
// Where /login's main-thread time goes: the simulated figures are the host's times × the slowdown,
// and "on CPU" says how much of the host's time the thread ran rather than waited for a core.
const login = pages['/login']!;
for (const line of describeMainThread(`/login at ${login.cpuSlowdown}x`, login.mainThread)) console.info(line);
if (login.mainThreadCpu) console.info(`  /login — ${onCpu(login)}`);

const file = writeResult('lighthouse', {
  machine: machineInfo({ chromium: chromiumVersion() }),
  preset: 'mobile (Lighthouse default config: simulated slow 4G), CPU slowdown calibrated to the host',
  calibration,
  runsPerPage: RUNS,
  aims: LIGHTHOUSE_AIMS,
  customer: session,
  pages,
});
console.info(`\nResults written to ${file}.`);
