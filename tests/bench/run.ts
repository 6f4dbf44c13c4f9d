/**
 * `npm run bench` (docs/performance.md): every benchmark in sequence, each in its own process (so one part's
 * memory and JIT state never colour the next), then one summary table. Every part also prints its
 * own detailed tables and writes its JSON under tests/bench/results/ (gitignored); the summary goes
 * to tests/bench/results/summary.json.
 *
 * Exits non-zero when a budget is passed (build size), an answer is wrong (an op lost or doubled,
 * a server error under load) or a part could not run. Aims (Lighthouse, sync and search times) are
 * printed as MISS and never fail the run.
 *
 *   npm run bench                               all parts (about 15 minutes on 2 cores)
 *   npm run bench -- --only lighthouse          one part, or several: --only build-size,offline-start
 *   parts: build-size, lighthouse, offline-start, interactions, local-data, promotions, day-plan, photo-shrink, warehouse, reports,
 *          server-pglite, server-postgres,
 *          capacity-pglite, capacity-postgres
 *          (`server` = both server parts)
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { BENCH_DIST, buildForBench, type BuildOutcome } from './support/bench-build';
import { machineInfo, RESULTS_DIR, summarize, writeResult } from './support/kit';
import {
  buildSizeRows,
  capacityRows,
  dayPlanRows,
  interactionRows,
  lighthouseRows,
  localDataRows,
  offlineRows,
  promotionRows,
  printSummary,
  reportRows,
  readResult,
  serverLoadRows,
  warehouseRows,
  type Row,
} from './support/summary';

/** Large catalogue and customers; orders cut to 20,000 (none of the measured calls reads them) to keep the seed short. */
const LOAD_SEED = ['--seed=large', '--orders=20000'];
/** A distributor of the middle size (10,000 variants, 20,000 customers, 50,000 orders) for the working-day load. */
const CAPACITY_SEED = ['--seed=medium'];

type Part = {
  name: string;
  /** Needs the app built into .tmp/bench-dist first. */
  build?: boolean;
  command: string[];
  rows: (since: number) => Row[] | null;
};

const PARTS: Part[] = [
  {
    name: 'build-size',
    build: true,
    command: ['npx', 'tsx', 'tests/bench/build-size.ts'],
    rows: (since) => mapped(readResult('build-size', since), buildSizeRows),
  },
  {
    name: 'lighthouse',
    build: true,
    command: ['npx', 'tsx', 'tests/bench/lighthouse.ts'],
    rows: (since) => mapped(readResult('lighthouse', since), lighthouseRows),
  },
  {
    name: 'offline-start',
    build: true,
    command: ['npx', 'tsx', 'tests/bench/offline-start.ts'],
    rows: (since) => mapped(readResult('offline-start', since), offlineRows),
  },
  {
    name: 'interactions',
    build: true,
    command: ['npx', 'tsx', 'tests/bench/interactions.ts'],
    rows: (since) => mapped(readResult('interactions', since), interactionRows),
  },
  {
    name: 'local-data',
    command: ['npx', 'tsx', 'tests/bench/local-data.ts'],
    rows: (since) => mapped(readResult('local-data', since), localDataRows),
  },
  {
    name: 'promotions',
    command: ['npx', 'tsx', 'tests/bench/promotions.ts'],
    rows: (since) => mapped(readResult('promotions', since), promotionRows),
  },
  {
    name: 'day-plan',
    command: ['npx', 'tsx', 'tests/bench/day-plan.ts'],
    rows: (since) => mapped(readResult('day-plan', since), dayPlanRows),
  },
  {
    name: 'photo-shrink',
    command: ['npx', 'tsx', 'tests/bench/photo-shrink.ts'],
    rows: (since) => mapped(readResult('photo-shrink', since), photoShrinkRows),
  },
  {
    name: 'warehouse',
    command: ['bash', 'scripts/with-pg.sh', 'npx', 'tsx', 'tests/bench/warehouse.ts', '--runs=20'],
    rows: (since) => mapped(readResult('warehouse-postgres', since), warehouseRows),
  },
  {
    name: 'reports',
    command: ['bash', 'scripts/with-pg.sh', 'npx', 'tsx', 'tests/bench/reports.ts', '--runs=15'],
    rows: (since) => mapped(readResult('reports-postgres', since), reportRows),
  },
  {
    name: 'server-pglite',
    command: ['npx', 'tsx', 'tests/bench/server-load.ts', ...LOAD_SEED],
    rows: (since) => serverRows('pglite', since),
  },
  {
    name: 'server-postgres',
    command: ['bash', 'scripts/with-pg.sh', 'npx', 'tsx', 'tests/bench/server-load.ts', ...LOAD_SEED],
    rows: (since) => serverRows('postgres', since),
  },
  {
    name: 'capacity-pglite',
    command: ['npx', 'tsx', 'tests/bench/capacity.ts', ...CAPACITY_SEED],
    rows: (since) => mapped(readResult('capacity-pglite', since), capacityRows),
  },
  {
    name: 'capacity-postgres',
    command: ['bash', 'scripts/with-pg-replica.sh', 'npx', 'tsx', 'tests/bench/capacity.ts', ...CAPACITY_SEED],
    rows: (since) => mapped(readResult('capacity-postgres', since), capacityRows),
  },
];

function mapped<T>(result: T | null, toRows: (result: T) => Row[]): Row[] | null {
  return result ? toRows(result) : null;
}

function serverRows(driver: string, since: number): Row[] | null {
  const load = readResult<Parameters<typeof serverLoadRows>[1]>(`server-load-${driver}`, since);
  const seeded = readResult<{ counts: Record<string, number>; seconds: number }>(`seed-${driver}`, since);
  // PGlite's aim is relative to PostgreSQL's latest figures, from this run or an earlier one.
  const postgres = driver === 'postgres' ? null : readResult<Parameters<typeof serverLoadRows>[1]>('server-load-postgres', 0);
  return load ? serverLoadRows(driver, load, seeded, postgres) : null;
}

type PhotoShrink = {
  aimBytes: number;
  camera: { bytes: number };
  results: Record<string, { runs: { ms: number; bytes: number; width: number; height: number }[] }>;
  wrong: string[];
};

/** A 12 MP camera file shrunk on the phone (tests/bench/photo-shrink.ts): its size against the aim, its time (no aim). */
function photoShrinkRows(r: PhotoShrink): Row[] {
  const kB = (bytes: number) => `${(bytes / 1024).toFixed(1)} kB`;
  const rows = Object.entries(r.results).flatMap(([rate, result]): Row[] => {
    const bytes = Math.max(...result.runs.map((run) => run.bytes));
    const last = result.runs.at(-1)!;
    const time = summarize(result.runs.map((run) => run.ms));
    return [
      {
        part: `photo shrink, CPU ${rate}`,
        measure: `12 MP JPEG of ${kB(r.camera.bytes)} shrunk to ${last.width}×${last.height}`,
        value: kB(bytes),
        target: `≤ ${kB(r.aimBytes)}`,
        verdict: bytes <= r.aimBytes ? 'PASS' : 'MISS',
      },
      {
        part: `photo shrink, CPU ${rate}`,
        measure: `time, p50 of ${time.n}`,
        value: `${Math.round(time.p50)} ms`,
        target: '',
        verdict: '',
      },
    ];
  });
  // A time or place lost, metadata left in the file, or the pixels not upright: a wrong answer.
  for (const wrong of r.wrong) rows.push({ part: 'photo shrink', measure: wrong, value: '', target: '', verdict: 'FAIL' });
  return rows;
}

function selectedParts(): Part[] {
  const index = process.argv.findIndex((arg) => arg === '--only' || arg.startsWith('--only='));
  if (index < 0) return PARTS;
  const arg = process.argv[index]!;
  const list = (arg.includes('=') ? arg.slice(arg.indexOf('=') + 1) : (process.argv[index + 1] ?? '')).split(',').filter(Boolean);
  const names = new Set(list.flatMap((name) => (name === 'server' ? ['server-pglite', 'server-postgres'] : [name])));
  const unknown = [...names].filter((name) => !PARTS.some((part) => part.name === name));
  if (names.size === 0 || unknown.length > 0) {
    console.error(`--only takes ${PARTS.map((part) => part.name).join(', ')} or server; got "${list.join(',')}"`);
    process.exit(2);
  }
  return PARTS.filter((part) => names.has(part.name));
}

const started = performance.now();
const parts = selectedParts();
const rows: Row[] = [];
const timings: Record<string, number> = {};
let build: BuildOutcome | null = null;

if (parts.some((part) => part.build)) {
  console.info(`\n== build into ${path.relative(process.cwd(), BENCH_DIST)} ==`);
  build = buildForBench();
  timings.build = build.seconds;
  if (build.overBudget) {
    console.error(`The build refused: ${build.overBudget}\nThe browser parts measure the same build with only that check lifted.`);
  }
  if (build.error) console.error(`The build failed:\n${build.error}`);
  rows.push({
    part: 'build',
    measure: 'vite build',
    value: build.error ? 'failed' : build.overBudget ? 'refused: precache over budget' : `ok in ${build.seconds} s`,
    target: '',
    verdict: build.error ? 'FAIL' : '',
  });
}

for (const part of parts) {
  if (part.build && !build?.ok) {
    rows.push({ part: part.name, measure: 'not run: no build', value: '', target: '', verdict: 'FAIL' });
    continue;
  }
  console.info(`\n== ${part.name} ==`);
  const since = Date.now();
  const partStarted = performance.now();
  const [command, ...args] = part.command;
  const run = spawnSync(command!, args, { stdio: 'inherit', env: { ...process.env, BENCH_DIST } });
  timings[part.name] = Number(((performance.now() - partStarted) / 1000).toFixed(1));
  const partRows = part.rows(since);
  if (partRows) rows.push(...partRows);
  // A part that exits non-zero has said why above; make sure the table says so too.
  if (run.status !== 0 && !partRows?.some((row) => row.verdict === 'FAIL')) {
    rows.push({ part: part.name, measure: `exited with ${run.status ?? run.signal}`, value: '', target: '', verdict: 'FAIL' });
  }
}

const wallSeconds = Number(((performance.now() - started) / 1000).toFixed(1));
printSummary(
  `npm run bench — summary (${Object.entries(timings)
    .map(([name, seconds]) => `${name} ${seconds} s`)
    .join(', ')}; wall ${wallSeconds} s)`,
  rows,
);
const failed = rows.filter((row) => row.verdict === 'FAIL');
const missed = rows.filter((row) => row.verdict === 'MISS');
fs.mkdirSync(RESULTS_DIR, { recursive: true });
const file = writeResult('summary', { machine: machineInfo(), parts: parts.map((part) => part.name), build, timings, wallSeconds, rows });
console.info(
  `\n${failed.length} FAIL, ${missed.length} MISS (aims, not failures); summary written to ${file}; wall time ${wallSeconds} s.`,
);
process.exit(failed.length > 0 ? 1 : 0);
