/**
 * Local data at scale, in a real Chromium with real IndexedDB (issues #3 and #4, "Done means"):
 *  1. first sync of 50,000 variants and 100,000 customers through the real /api/sync/pull into
 *     Dexie (src/sync/pull.ts + mirror.ts), aim 12 s, with where the time goes;
 *  2. search latency over that mirror (src/db/customer-search.ts, variant-search.ts, the offline
 *     customer list), hundreds of realistic queries, aim p95 under 15 ms;
 *  3. draining 1,000 queued ops (500 visits: a check-in and a check-out each, written through the
 *     app's enqueue path) through the real /api/sync/push, aim under 20 s, then the same with a
 *     share of answers lost AFTER the server committed (dropped connection, 500): the server must
 *     hold every op exactly once. A duplicate or a loss fails the run (exit 1); the aims do not.
 *
 * The page is tests/bench/browser (built into .tmp/bench-browser by Vite) served by the real server
 * as its static root, so page and API share one origin. Chromium runs with a persistent profile in
 * a temporary folder (IndexedDB on disk, as on a phone; an off-the-record context keeps it in memory).
 *
 *   npm run bench:local-data                  PGlite, CPU 1x
 *   npm run bench:local-data -- --cpu=1,4     also with CDP CPU throttling 4x (renderer only)
 *   options: --variants=50000 --customers=100000 --ops=1000 --fault-rate=0.3
 *            --diagnose   also re-write the pulled records with fewer indexes (where the sync time goes)
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import { build } from 'vite';
import { fold } from '@contract/fold';
import type { FaultInjector, PushFault } from '@server/kernel/app-types';
import { DEMO, DEMO_PASSWORD } from '@server/seed/demo';
import { rowsOf } from '@server/kernel/sql';
import { CHROMIUM_ARGS, CHROMIUM_PATH, VIEWPORTS } from '@tests/support/browser';
import type { GeneratedData } from './datagen/generate';
import { seededRandom, type Random } from './datagen/random';
import type { BenchApi, DiagnoseResult, DrainResult, FirstSyncResult, SearchQuery } from './browser/protocol';
import {
  argValue,
  chromiumVersion,
  machineInfo,
  seconds,
  startScaleServer,
  summarize,
  table,
  verdict,
  writeResult,
  type ScaleServer,
} from './support/kit';

// The aims for the first sync (docs/performance.md) (12 s, no main-thread task past 50 ms) and the index's heap.
const AIM = { firstSyncMs: 12_000, syncLongestTaskMs: 50, searchP95Ms: 15, drainMs: 20_000, searchHeapMb: 30 };
const PAGE_DIR = path.resolve('.tmp/bench-browser');
const rates = (argValue('cpu') ?? '1').split(',').map(Number);
const scale = {
  variants: Number(argValue('variants') ?? 50_000),
  customers: Number(argValue('customers') ?? 100_000),
  orders: 0,
  reps: 30,
};
const visitsPerDrain = Math.round(Number(argValue('ops') ?? 1_000) / 2);
const faultRate = Number(argValue('fault-rate') ?? 0.3);
const diagnoseSync = process.argv.includes('--diagnose');
const DIAGNOSE_SAMPLE = 20_000;
const DIAGNOSE_ROUNDS = 2;

// ---- Faults after commit (server/kernel/app-types.ts FaultInjector) ---------------------------------------

const faultState = {
  rate: 0,
  random: seededRandom(7),
  pushes: 0,
  injected: { 'drop-connection': 0, 'answer-500': 0 } as Record<string, number>,
};
const faults: FaultInjector = {
  afterPush(): PushFault | null {
    faultState.pushes += 1;
    if (faultState.random.next() >= faultState.rate) return null;
    const fault: PushFault = faultState.random.chance(2 / 3) ? 'drop-connection' : 'answer-500';
    faultState.injected[fault] = (faultState.injected[fault] ?? 0) + 1;
    return fault;
  },
};

// ---- Queries ---------------------------------------------------------------------------------------

type LabeledQuery = SearchQuery & { category: string };

function wordsOf(text: string): string[] {
  return text.split(/\s+/).filter((word) => /[\p{L}\d]/u.test(word));
}

function prefix(word: string, random: Random, min = 3, max = 6): string {
  const chars = [...word];
  return chars.slice(0, Math.min(chars.length, random.int(min, max))).join('');
}

function buildQueries(data: GeneratedData, random: Random): LabeledQuery[] {
  const out: LabeledQuery[] = [];
  const customer = () => data.customers[random.int(0, data.customers.length - 1)]!;
  const variant = () => data.variants[random.int(0, data.variants.length - 1)]!;
  const add = (category: string, kind: SearchQuery['kind'], text: string, filter?: SearchQuery['filter']) =>
    out.push({ category, kind, text, ...(filter ? { filter } : {}) });
  const n = 40;

  for (let i = 0; i < n; i += 1) {
    // The distinctive part of a shop's name (not "Nhà thuốc"), as people search.
    const words = wordsOf(customer().name);
    const word = words[random.int(Math.min(2, words.length - 1), words.length - 1)]!;
    add('customer: 1 word, no diacritics', 'customers', prefix(fold(word), random));
    add('customer: 1 word, diacritics', 'customers', prefix(word, random));
  }
  for (let i = 0; i < n; i += 1) {
    const words = wordsOf(customer().name);
    const start = random.int(0, Math.max(0, words.length - 2));
    const take = words.slice(start, start + random.int(2, 3));
    const text = take.join(' ');
    add('customer: 2-3 words', 'customers', random.chance(0.5) ? fold(text) : text);
  }
  for (let i = 0; i < n; i += 1) {
    const c = customer();
    add('customer: code', 'customers', random.chance(0.5) ? c.code : c.code.slice(0, random.int(4, 7)));
    const phone = c.phone ?? '0909123456';
    const digits = phone.slice(0, random.int(4, 10));
    add(
      'customer: phone prefix',
      'customers',
      random.chance(0.2) && digits.length > 6 ? `${digits.slice(0, 4)} ${digits.slice(4)}` : digits,
    );
    const owner = wordsOf(c.ownerName);
    add('customer: owner name', 'customers', fold(owner.slice(-2).join(' ')));
  }
  for (let i = 0; i < 5; i += 1) {
    const text = fold(customer().name).slice(0, 16);
    for (let end = 1; end <= text.length; end += 1) add('customer: as you type', 'customers', text.slice(0, end));
  }
  for (let i = 0; i < 10; i += 1) {
    const words = wordsOf(customer().name);
    add('customer: no match (typo)', 'customers', `${fold(words[0] ?? 'nha')} ${prefix(fold(words.at(-1) ?? 'an'), random, 2, 4)}qx`);
  }
  const kinds = ['Nhà thuốc', 'Quầy thuốc', 'Phòng khám', 'Đại lý'];
  for (let i = 0; i < 30; i += 1) {
    const words = wordsOf(customer().name);
    const search = random.chance(0.5) ? prefix(fold(words.at(-1) ?? ''), random) : '';
    add('customer list screen (offline)', 'customer-list', search, {
      tabFilter: random.chance(0.5) ? 'active' : undefined,
      filterCustomerType: random.chance(0.5) ? random.pick(kinds) : undefined,
      page: random.pick([1, 1, 1, 2, 5]),
    });
  }

  for (let i = 0; i < n; i += 1) {
    const v = variant();
    const words = wordsOf(v.productName);
    const word = words[random.int(0, Math.min(1, words.length - 1))]!;
    add('variant: 1 word prefix', 'variants', prefix(fold(word), random));
    add('variant: 1 word as written', 'variants', prefix(word, random, 4, 10));
  }
  for (let i = 0; i < n; i += 1) {
    const v = variant();
    const words = wordsOf(v.productName);
    add('variant: 2 words', 'variants', fold(words.slice(0, 2).join(' ')));
    add('variant: code', 'variants', random.chance(0.5) ? v.code : v.productCode.slice(0, random.int(4, 7)));
    const other = random.chance(0.5) ? (v.activeIngredient ?? v.manufacturer) : (v.registrationNumber ?? v.manufacturer);
    add('variant: ingredient / reg. no / maker', 'variants', prefix(fold(other), random, 4, 8));
  }
  for (let i = 0; i < 5; i += 1) {
    const text = fold(variant().productName).slice(0, 14);
    for (let end = 1; end <= text.length; end += 1) add('variant: as you type', 'variants', text.slice(0, end));
  }
  for (let i = 0; i < 10; i += 1)
    add('variant: no match (typo)', 'variants', `${prefix(fold(wordsOf(variant().productName)[0] ?? 'para'), random)} 9qx`);
  for (let i = 0; i < 60; i += 1) {
    const codes = variant()
      .units.map((unit) => unit.barcode)
      .filter((code): code is string => Boolean(code));
    add('barcode scan (exact)', 'barcode', random.chance(0.1) || codes.length === 0 ? `893${random.digits(10)}` : random.pick(codes));
  }
  return out;
}

// ---- Server-side checks ----------------------------------------------------------------------------

async function serverCounts(server: ScaleServer) {
  const [row] = rowsOf<{ customers: string | number; variants: string | number }>(
    await server.db.execute(sql`
      select (select count(*) from customers where company_id = ${server.companyId}) as customers,
             (select count(*) from variants where company_id = ${server.companyId}) as variants`),
  );
  return { customers: Number(row?.customers), variants: Number(row?.variants) };
}

type ExactlyOnce = {
  visitsExpected: number;
  visitsFound: number;
  checkedOut: number;
  opsExpected: number;
  opsProcessed: number;
  opsApplied: number;
  serverVisitsSinceStart: number;
  serverOpsSinceStart: number;
  duplicates: number;
  losses: number;
};

async function verifyExactlyOnce(server: ScaleServer, accountId: number, since: string, result: DrainResult): Promise<ExactlyOnce> {
  const [visits] = rowsOf<{ found: string | number; distinct_ids: string | number; checked_out: string | number }>(
    await server.db.execute(sql`
      select count(*) as found, count(distinct id) as distinct_ids, count(check_out_at) as checked_out
      from visits where id = any(${sql.param(result.visitIds)}::uuid[])`),
  );
  const [ops] = rowsOf<{ processed: string | number; applied: string | number }>(
    await server.db.execute(sql`
      select count(*) as processed, count(*) filter (where outcome in ('applied', 'applied_with_changes')) as applied
      from processed_ops where company_id = ${server.companyId} and op_id = any(${sql.param(result.opIds)}::uuid[])`),
  );
  const [since_] = rowsOf<{ visits: string | number; ops: string | number }>(
    await server.db.execute(sql`
      select (select count(*) from visits where company_id = ${server.companyId} and account_id = ${accountId} and received_at >= ${since}::timestamptz) as visits,
             (select count(*) from processed_ops where company_id = ${server.companyId} and account_id = ${accountId} and created_at >= ${since}::timestamptz) as ops`),
  );
  const check: ExactlyOnce = {
    visitsExpected: result.visitIds.length,
    visitsFound: Number(visits?.distinct_ids),
    checkedOut: Number(visits?.checked_out),
    opsExpected: result.ops,
    opsProcessed: Number(ops?.processed),
    opsApplied: Number(ops?.applied),
    serverVisitsSinceStart: Number(since_?.visits),
    serverOpsSinceStart: Number(since_?.ops),
    duplicates: 0,
    losses: 0,
  };
  // Anything the server holds beyond our visits and ops is a duplicate; anything missing is a loss.
  check.duplicates =
    Math.max(0, Number(visits?.found) - check.visitsFound) +
    Math.max(0, check.serverVisitsSinceStart - check.visitsFound) +
    Math.max(0, check.serverOpsSinceStart - check.opsProcessed);
  check.losses =
    check.visitsExpected -
    check.visitsFound +
    (check.visitsFound - check.checkedOut) +
    (check.opsExpected - check.opsApplied) +
    (result.states.done === result.ops ? 0 : result.ops - (result.states.done ?? 0));
  return check;
}

async function dbNow(server: ScaleServer): Promise<string> {
  const [row] = rowsOf<{ now: string | Date }>(await server.db.execute(sql`select now() as now`));
  return new Date(row!.now).toISOString();
}

// ---- One browser run -------------------------------------------------------------------------------

async function openPage(baseURL: string, rate: number): Promise<{ context: BrowserContext; page: Page; profile: string }> {
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-profile-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: [
      ...CHROMIUM_ARGS,
      // performance.memory in steps of bytes, not buckets, and gc() to measure what stays.
      '--enable-precise-memory-info',
      '--js-flags=--expose-gc',
    ],
    baseURL,
    viewport: VIEWPORTS.phone,
    locale: 'vi-VN',
    timezoneId: 'Asia/Ho_Chi_Minh',
    serviceWorkers: 'block',
  });
  const page = context.pages()[0] ?? (await context.newPage());
  page.on('pageerror', (error) => console.error(`[page] ${error.message}`));
  if (rate !== 1) {
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate });
  }
  await page.goto('/');
  await page.waitForFunction(() => typeof (window as unknown as { bench?: BenchApi }).bench?.signIn === 'function');
  return { context, page, profile };
}

function bench<K extends keyof BenchApi>(page: Page, name: K, ...args: Parameters<BenchApi[K]>): Promise<Awaited<ReturnType<BenchApi[K]>>> {
  return page.evaluate(
    ([method, params]) =>
      (window as unknown as { bench: Record<string, (...a: unknown[]) => unknown> }).bench[method]!(...(params as unknown[])),
    [name, args] as const,
  ) as Promise<Awaited<ReturnType<BenchApi[K]>>>;
}

function syncBreakdown(sync: FirstSyncResult) {
  const groups = new Map<
    string,
    { pages: number; records: number; fetch: number; wait: number; download: number; apply: number; bytes: number }
  >();
  for (const page of sync.perPage) {
    const total = Object.values(page.entities).reduce((sum, n) => sum + n, 0);
    const main = Object.entries(page.entities).sort((a, b) => b[1] - a[1])[0]?.[0] ?? 'empty';
    const key = total > 0 ? main : 'empty';
    const group = groups.get(key) ?? { pages: 0, records: 0, fetch: 0, wait: 0, download: 0, apply: 0, bytes: 0 };
    group.pages += 1;
    group.records += total;
    group.fetch += page.fetchMs;
    group.wait += page.waitMs ?? 0;
    group.download += page.downloadMs ?? 0;
    group.apply += page.applyMs;
    group.bytes += page.bytes ?? 0;
    groups.set(key, group);
  }
  return groups;
}

async function runAtRate(server: ScaleServer, rate: number, random: Random, expected: { customers: number; variants: number }) {
  const label = `CPU ${rate}x`;
  console.info(`\n=== Chromium, ${label} ===`);
  const { context, page, profile } = await openPage(server.url, rate);
  const failures: string[] = [];
  try {
    const who = await bench(page, 'signIn', DEMO.an.phone, DEMO_PASSWORD);
    const companyId = who.companies.find((company) => company.title === DEMO.anKhang.title)!.id;

    // 1. First sync.
    const sync = await bench(page, 'firstSync', { companyId, accountId: who.accountId });
    const groups = syncBreakdown(sync);
    const rows: (string | number)[][] = [...groups].map(([entity, g]) => [
      entity,
      g.pages,
      g.records,
      g.wait,
      g.download,
      g.fetch - g.wait - g.download,
      g.apply,
      g.bytes / 1024 / 1024,
    ]);
    const fetchTotal = sync.perPage.reduce((sum, p) => sum + p.fetchMs, 0);
    const applyTotal = sync.perPage.reduce((sum, p) => sum + p.applyMs, 0);
    table(
      `First sync (${label}): ${sync.changes.toLocaleString('en-US')} changes in ${sync.pages} pages — ${seconds(sync.totalMs)} (aim ≤ 12 s: ${verdict(sync.totalMs, AIM.firstSyncMs)})`,
      ['pages by main entity', 'pages', 'records', 'server wait ms', 'download ms', 'read+JSON ms', 'Dexie tx ms', 'MB'],
      rows,
    );
    console.info(
      `  network+server+JSON ${seconds(fetchTotal)} summed over pages (each asked while the page before downloads, so they overlap each other and the writes), IndexedDB idle ${seconds(sync.idleMs)}, Dexie transactions ${seconds(applyTotal)} (of which folding alone: customers ${seconds(sync.foldMs.customer ?? 0)}, variants ${seconds(sync.foldMs.variant ?? 0)})`,
    );
    console.info(
      `  the page while syncing: longest main-thread task ${Math.round(sync.longestTaskMs)} ms, blocked ${seconds(sync.blockingMs)} in all (tasks past 50 ms); aim ≤ 50 ms: ${verdict(sync.longestTaskMs, AIM.syncLongestTaskMs)}`,
    );
    console.info(
      `  IndexedDB now holds ${sync.counts.customers.toLocaleString('en-US')} customers and ${sync.counts.variants.toLocaleString('en-US')} variants of An Khang (server: ${expected.customers.toLocaleString('en-US')} / ${expected.variants.toLocaleString('en-US')}); storage used ${sync.storage.usage ? `${(sync.storage.usage / 1024 / 1024).toFixed(0)} MB` : '?'}; cursor ${sync.counts.cursor}, initialDone ${sync.counts.initialDone}`,
    );
    if (sync.counts.customers !== expected.customers || sync.counts.variants !== expected.variants || !sync.counts.initialDone) {
      failures.push(
        `first sync left IndexedDB with ${sync.counts.customers}/${sync.counts.variants} instead of ${expected.customers}/${expected.variants}`,
      );
    }

    // 2. Search.
    const queries = buildQueries(server.data, random);
    // The index loads once per app start (the app warms it after a sync): timed on its own.
    const indexLoad = await bench(page, 'loadSearch', companyId);
    console.info(
      `  search index load (once per app start, in pages): customers ${seconds(indexLoad.customers.ms)} (longest task ${Math.round(indexLoad.customers.longestTaskMs)} ms), variants ${seconds(indexLoad.variants.ms)} (longest task ${Math.round(indexLoad.variants.longestTaskMs)} ms); heap held ${indexLoad.heapMb.toFixed(0)} MB (aim ≤ 30 MB: ${verdict(indexLoad.heapMb, AIM.searchHeapMb)})`,
    );
    const timings = await bench(page, 'search', companyId, queries);
    const categories = new Map<string, { ms: number[]; results: number[] }>();
    queries.forEach((query, i) => {
      const entry = categories.get(query.category) ?? { ms: [], results: [] };
      entry.ms.push(timings[i]!.ms);
      entry.results.push(timings[i]!.results);
      categories.set(query.category, entry);
    });
    const side = (name: string) => queries.flatMap((query, i) => (query.category.startsWith(name) ? [timings[i]!.ms] : []));
    const slowest = queries
      .map((query, i) => ({
        category: query.category,
        text: query.text,
        filter: query.filter,
        ms: Number(timings[i]!.ms.toFixed(1)),
        results: timings[i]!.results,
      }))
      .sort((a, b) => b.ms - a.ms)
      .slice(0, 15);
    const searchRows = [...categories].map(([category, entry]) => {
      const s = summarize(entry.ms);
      return [category, s.n, s.p50, s.p95, s.p99, s.max, summarize(entry.results).p50];
    });
    const customerSummary = summarize(side('customer:'));
    const variantSummary = summarize([...side('variant:'), ...side('barcode')]);
    const listSummary = summarize(side('customer list'));
    searchRows.push([
      'ALL customer searches',
      customerSummary.n,
      customerSummary.p50,
      customerSummary.p95,
      customerSummary.p99,
      customerSummary.max,
      '',
    ]);
    searchRows.push([
      'ALL variant searches + scans',
      variantSummary.n,
      variantSummary.p50,
      variantSummary.p95,
      variantSummary.p99,
      variantSummary.max,
      '',
    ]);
    table(
      `Device search over the mirror (${label}), ms — aim p95 < 15 ms: customers ${verdict(customerSummary.p95, AIM.searchP95Ms)}, variants ${verdict(variantSummary.p95, AIM.searchP95Ms)}`,
      ['query kind', 'n', 'p50', 'p95', 'p99', 'max', 'results p50'],
      searchRows,
    );

    console.info(
      `  slowest: ${slowest
        .slice(0, 6)
        .map((q) => `"${q.text}"${q.filter ? ` ${JSON.stringify(q.filter)}` : ''} (${q.category}) ${q.ms} ms`)
        .join('; ')}`,
    );

    // 3. Drain, clean and with answers lost after commit.
    const drains: Record<string, { result: Omit<DrainResult, 'opIds' | 'visitIds'>; check: ExactlyOnce; faults: Record<string, number> }> =
      {};
    for (const [mode, rate_] of [
      ['clean', 0],
      [`${Math.round(faultRate * 100)}% of answers lost after commit`, faultRate],
    ] as const) {
      faultState.rate = rate_;
      faultState.injected = { 'drop-connection': 0, 'answer-500': 0 };
      faultState.pushes = 0;
      const since = await dbNow(server);
      const result = await bench(page, 'drain', { companyId, accountId: who.accountId, accountName: who.fullName, visits: visitsPerDrain });
      faultState.rate = 0;
      const check = await verifyExactlyOnce(server, who.accountId, since, result);
      const { opIds: _o, visitIds: _v, ...rest } = result;
      drains[mode] = { result: rest, check, faults: { pushes: faultState.pushes, ...faultState.injected } };
      if (check.duplicates > 0 || check.losses > 0)
        failures.push(`drain (${mode}): ${check.duplicates} duplicates, ${check.losses} losses`);
    }
    table(
      `Outbox drain (${label}): ${visitsPerDrain * 2} ops = ${visitsPerDrain} visits × (check-in + check-out), batches of 50 — aim < 20 s`,
      [
        'run',
        'enqueue s',
        'drain s',
        'in transport s',
        'aim',
        'requests',
        'faults (drop/500)',
        'on server: visits',
        'checked out',
        'ops applied',
        'duplicates',
        'losses',
      ],
      Object.entries(drains).map(([mode, d]) => [
        mode,
        d.result.enqueueMs / 1000,
        d.result.drainMs / 1000,
        d.result.transportMs / 1000,
        verdict(d.result.drainMs, AIM.drainMs),
        d.result.requests,
        `${d.faults['drop-connection']}/${d.faults['answer-500']}`,
        `${d.check.visitsFound}/${d.check.visitsExpected}`,
        d.check.checkedOut,
        `${d.check.opsApplied}/${d.check.opsExpected}`,
        d.check.duplicates,
        d.check.losses,
      ]),
    );
    // 4. Only now (it writes and deletes scratch databases, which slows IndexedDB for a while).
    let diagnosis: DiagnoseResult | null = null;
    if (diagnoseSync) {
      diagnosis = await bench(page, 'diagnose', { sample: DIAGNOSE_SAMPLE, rounds: DIAGNOSE_ROUNDS });
      table(
        `Where the first sync's Dexie time goes (${label}): the first ${DIAGNOSE_SAMPLE.toLocaleString('en-US')} pulled customers and variants bulkPut again into scratch databases, 1,000 per transaction unless said; median of ${DIAGNOSE_ROUNDS} interleaved rounds`,
        ['setup', 'rows', 'seconds', 'rows/s', 'each round s'],
        diagnosis.rows.map((row) => {
          const median = summarize(row.ms).p50;
          return [
            row.setup,
            row.rows,
            median / 1000,
            Math.round(row.rows / (median / 1000)),
            row.ms.map((ms) => (ms / 1000).toFixed(1)).join(' / '),
          ];
        }),
      );
      console.info(
        `  words per record (v3's *words index entries): customers ${diagnosis.wordsPerCustomer.toFixed(1)}, variants ${diagnosis.wordsPerVariant.toFixed(1)}`,
      );
    }

    return {
      rate,
      firstSync: { ...sync, groups: Object.fromEntries(groups), aimMs: AIM.firstSyncMs, pass: sync.totalMs <= AIM.firstSyncMs },
      search: {
        aimP95Ms: AIM.searchP95Ms,
        indexLoad,
        customers: customerSummary,
        variants: variantSummary,
        customerListScreen: listSummary,
        slowest,
        categories: Object.fromEntries(
          [...categories].map(([category, entry]) => [category, { ...summarize(entry.ms), resultsP50: summarize(entry.results).p50 }]),
        ),
      },
      drain: drains,
      diagnosis,
      failures,
    };
  } finally {
    await context.close();
    fs.rmSync(profile, { recursive: true, force: true });
  }
}

// ---- Main ------------------------------------------------------------------------------------------

const started = performance.now();
const builtAt = performance.now();
await build({ configFile: path.resolve('tests/bench/browser/vite.config.ts'), logLevel: 'warn' });
console.info(`bench page built into ${path.relative(process.cwd(), PAGE_DIR)} in ${seconds(performance.now() - builtAt)}`);
const server = await startScaleServer({ scale, staticDir: PAGE_DIR, faults });
const runs = [];
let failed: string[] = [];
try {
  const expected = await serverCounts(server);
  for (const rate of rates) {
    const run = await runAtRate(server, rate, seededRandom(42), expected);
    runs.push(run);
    failed = [...failed, ...run.failures.map((failure) => `CPU ${rate}x: ${failure}`)];
  }
} finally {
  await server.stop();
}
const file = writeResult('local-data', {
  machine: machineInfo({ chromium: chromiumVersion(), database: server.driver }),
  scale,
  generation: server.data.timings,
  aims: AIM,
  runs,
  failures: failed,
  totalSeconds: Number(((performance.now() - started) / 1000).toFixed(1)),
});
console.info(`\nResults written to ${file} (whole run ${seconds(performance.now() - started)}).`);
if (failed.length > 0) {
  console.error(`\nMất hoặc trùng dữ liệu — chạy thất bại:\n- ${failed.join('\n- ')}`);
  process.exit(1);
}
