/**
 * Shared pieces of the scale benchmarks: a server over a fresh database with the demo data and
 * generated data, latency statistics, tables, machine facts, and the JSON written under
 * tests/bench/results/ (gitignored).
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { LoginAnswer } from '@contract/auth';
import type { FaultInjector } from '@server/kernel/app-types';
import { DEMO, DEMO_PASSWORD } from '@server/seed/demo';
import { rowsOf } from '@server/kernel/sql';
import { startServer } from '@server/server';
import { openTestDatabase } from '@server/testing/test-database';
import { testEnv } from '@server/testing/test-server';
import { CHROMIUM_PATH } from '@tests/support/browser';
import { generateScaleData, type GeneratedData, type ScaleOptions } from '../datagen/generate';

export const RESULTS_DIR = path.resolve('tests/bench/results');

// ---- Statistics ------------------------------------------------------------------------------------

export type Summary = { n: number; p50: number; p95: number; p99: number; max: number; mean: number };

/** Nearest-rank percentile of sorted values. */
export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
}

export function summarize(values: readonly number[]): Summary {
  const sorted = [...values].sort((a, b) => a - b);
  const round = (n: number) => Number(n.toFixed(2));
  return {
    n: sorted.length,
    p50: round(percentile(sorted, 50)),
    p95: round(percentile(sorted, 95)),
    p99: round(percentile(sorted, 99)),
    max: round(sorted.at(-1) ?? Number.NaN),
    mean: round(sorted.reduce((sum, v) => sum + v, 0) / Math.max(1, sorted.length)),
  };
}

// ---- Printing --------------------------------------------------------------------------------------

export function table(title: string, header: string[], rows: (string | number)[][]): void {
  const cells = [header, ...rows.map((row) => row.map((cell) => (typeof cell === 'number' ? formatNumber(cell) : cell)))];
  const widths = header.map((_, i) => Math.max(...cells.map((row) => String(row[i] ?? '').length)));
  const line = (row: (string | number)[]) =>
    row.map((cell, i) => (i === 0 ? String(cell).padEnd(widths[i]!) : String(cell).padStart(widths[i]!))).join('  ');
  console.info(`\n${title}`);
  console.info(line(header));
  console.info(widths.map((w) => '-'.repeat(w)).join('  '));
  for (const row of cells.slice(1)) console.info(line(row));
}

function formatNumber(n: number): string {
  if (!Number.isFinite(n)) return '–';
  if (Number.isInteger(n)) return n.toLocaleString('en-US');
  return n < 10 ? n.toFixed(2) : n < 100 ? n.toFixed(1) : n.toFixed(0);
}

export const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

/** PASS/MISS against an aim (informational: aims never fail a run). */
export function verdict(value: number, aim: number): string {
  return value <= aim ? 'PASS' : 'MISS';
}

// ---- Machine facts and results ---------------------------------------------------------------------

export function chromiumVersion(): string | null {
  try {
    return execFileSync(CHROMIUM_PATH, ['--version'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
  } catch {
    return null;
  }
}

export function machineInfo(extra: Record<string, unknown> = {}) {
  return {
    node: process.version,
    platform: `${os.platform()} ${os.release()}`,
    cpus: os.cpus().length,
    cpuModel: os.cpus()[0]?.model ?? null,
    memoryGb: Number((os.totalmem() / 1024 ** 3).toFixed(1)),
    /** Other work on the machine skews every figure: compare runs only at similar load. */
    loadAverage: os.loadavg().map((n) => Number(n.toFixed(2))),
    ...extra,
  };
}

export function writeResult(name: string, data: unknown): string {
  fs.mkdirSync(RESULTS_DIR, { recursive: true });
  const file = path.join(RESULTS_DIR, `${name}.json`);
  fs.writeFileSync(file, `${JSON.stringify({ measuredAt: new Date().toISOString(), ...(data as object) }, null, 2)}\n`);
  return path.relative(process.cwd(), file);
}

// ---- The server ------------------------------------------------------------------------------------

export type ScaleServer = Awaited<ReturnType<typeof startScaleServer>>;

/**
 * The real server on a loopback port over a fresh database (in-memory PGlite, or a throwaway
 * PostgreSQL database under scripts/with-pg.sh) with the demo data, then `scale` generated into
 * An Khang. `staticDir` serves a page from the same origin (the browser benchmark).
 */
export async function startScaleServer(options: {
  scale: ScaleOptions;
  staticDir?: string;
  faults?: FaultInjector;
  log?: (m: string) => void;
}) {
  const log = options.log ?? ((message: string) => console.info(message));
  const opened = performance.now();
  const database = await openTestDatabase();
  const running = await startServer({
    env: testEnv({ staticDir: options.staticDir ?? '/nonexistent', logLevel: process.env.BENCH_LOG_LEVEL ?? 'silent' }),
    database,
    faults: options.faults,
  });
  const db = running.deps.db;
  const [company] = rowsOf<{ id: number }>(await db.execute(sql`select id from companies where title = ${DEMO.anKhang.title}`));
  if (!company) throw new Error('demo company An Khang missing');
  const companyId = Number(company.id);
  log(`${database.label}: database and demo data ready in ${seconds(performance.now() - opened)}; generating data…`);
  const data: GeneratedData = await generateScaleData(db, companyId, { ...options.scale, log: (m) => log(`  ${m}`) });
  log(
    `generated in ${data.timings.total} s: ${Object.entries(data.counts)
      .map(([k, v]) => `${v.toLocaleString('en-US')} ${k}`)
      .join(', ')}`,
  );

  async function call<T>(pathAndQuery: string, init: { token?: string; body?: unknown; method?: string } = {}) {
    const headers: Record<string, string> = { accept: 'application/json' };
    if (init.token) headers.authorization = `Bearer ${init.token}`;
    if (init.body !== undefined) headers['content-type'] = 'application/json';
    const started = performance.now();
    const response = await fetch(`${running.url}/api${pathAndQuery}`, {
      method: init.method ?? (init.body === undefined ? 'GET' : 'POST'),
      headers,
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
    });
    const text = await response.text();
    const ms = performance.now() - started;
    let body: { data: T; count?: number; message?: string };
    try {
      body = JSON.parse(text) as typeof body;
    } catch {
      throw new Error(`non-JSON answer ${response.status} for ${pathAndQuery}: ${text.slice(0, 200)}`);
    }
    return { status: response.status, body, ms, bytes: text.length };
  }

  async function login(phone: string = DEMO.an.phone): Promise<LoginAnswer> {
    const answer = await call<LoginAnswer>('/account/api/login/', { body: { phone, password: DEMO_PASSWORD } });
    if (answer.status !== 200) throw new Error(`login failed: ${answer.status} ${answer.body.message}`);
    return answer.body.data;
  }

  return {
    url: running.url,
    driver: database.label,
    db,
    companyId,
    data,
    call,
    login,
    stop: async () => {
      await running.stop();
      await database.close();
    },
  };
}

/** Runs `work` `runs` times after `warmup` unmeasured runs; `work` gets the run index. */
export async function measure(runs: number, warmup: number, work: (run: number) => Promise<number>): Promise<number[]> {
  for (let i = 0; i < warmup; i += 1) await work(-1 - i);
  const times: number[] = [];
  for (let i = 0; i < runs; i += 1) times.push(await work(i));
  return times;
}

export function argValue(name: string): string | undefined {
  const prefix = `--${name}=`;
  return process.argv.find((arg) => arg.startsWith(prefix))?.slice(prefix.length);
}

const PAGE_TYPES: Record<string, string> = {
  '.html': 'text/html',
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.wasm': 'application/wasm',
};

/** A built benchmark page over HTTP on a free port (IndexedDB needs an origin; module scripts do not load from file://). */
export function serveFolder(folder: string): Promise<{ url: string; close: () => void }> {
  const server = http.createServer((request, response) => {
    const wanted = path.join(folder, decodeURIComponent(new URL(request.url ?? '/', 'http://x').pathname));
    const file = wanted.endsWith('/') ? path.join(wanted, 'index.html') : wanted;
    if (!file.startsWith(folder) || !fs.existsSync(file) || !fs.statSync(file).isFile()) {
      response.writeHead(404).end();
      return;
    }
    response.writeHead(200, { 'content-type': PAGE_TYPES[path.extname(file)] ?? 'application/octet-stream' });
    fs.createReadStream(file).pipe(response);
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      resolve({ url: `http://127.0.0.1:${port}/`, close: () => server.close() });
    }),
  );
}
