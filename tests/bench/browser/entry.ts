/// <reference types="vite/client" />
/**
 * The benchmark page: the app's REAL device modules (Dexie schema, pull, mirror, search, outbox,
 * drain, HTTP transport, session cookie) driven from `window.bench` by tests/bench/local-data.ts
 * in Debian's Chromium. Nothing here re-implements app logic; it only times it.
 */
import Dexie from 'dexie';
import { accountPaths } from '@contract/api-paths';
import type { LoginAnswer } from '@contract/auth';
import type { Envelope } from '@contract/envelope';
import type { CustomerRecord } from '@contract/customers';
import type { VariantRecord } from '@contract/products';
import { MAX_PULL_LIMIT, type SyncChange } from '@contract/sync';
import { buildUrl } from '@/api/client';
import '@/app/sync-domains';
import { appDb } from '@/db/app-db';
import { findLocalCustomers, searchLocalCustomers } from '@/db/customer-search';
import { deviceIdentity } from '@/db/device';
import { toLocalCustomer, toLocalVariant } from '@/db/local-records';
import { findLocalBarcode, findLocalVariants, searchLocalVariants } from '@/db/variant-search';
import { localCustomerList } from '@/features/customers/api/customer-list';
import { checkIn, checkOut } from '@/features/visits/model/visit-actions';
import { setAccessToken } from '@/session/session-store';
import { BACKOFF_CAP_MS } from '@/sync/backoff';
import { drainOutbox, type PushTransport } from '@/sync/drain';
import { pullChanges, readCursor, type PullTransport } from '@/sync/pull';
import { pullTransport, pushTransport, refreshAuth } from '@/sync/transport';
import { dayPlan } from './day-plan';
import type { BenchApi, DiagnoseRow, DrainResult, FirstSyncResult, PageTiming, SearchTiming } from './protocol';

declare global {
  interface Window {
    bench: BenchApi;
  }
}

const signIn: BenchApi['signIn'] = async (phone, password) => {
  const response = await fetch(buildUrl(accountPaths.login), {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json' },
    body: JSON.stringify({ phone, password, remember: true }),
    credentials: 'same-origin',
  });
  const body = (await response.json()) as Envelope<LoginAnswer>;
  if (!response.ok) throw new Error(`đăng nhập thất bại: ${response.status} ${body.message}`);
  // The same cookie the app writes after signing in; the transports read it.
  setAccessToken(body.data.access);
  return {
    accountId: body.data.account.id,
    fullName: body.data.account.full_name,
    companies: body.data.account.company_data.map((membership) => ({ id: membership.company, title: membership.company_data.title })),
  };
};

/**
 * Main-thread blocking while `work` runs (Long Tasks API: tasks over 50 ms): the longest task and
 * the blocking time past 50 ms summed, as Lighthouse counts TBT. "Does not freeze the UI", in ms.
 */
async function withBlocking<T>(work: () => Promise<T>): Promise<{ result: T; longestTaskMs: number; blockingMs: number }> {
  let longestTaskMs = 0;
  let blockingMs = 0;
  const observer = new PerformanceObserver((list) => {
    for (const task of list.getEntries()) {
      longestTaskMs = Math.max(longestTaskMs, task.duration);
      blockingMs += task.duration - 50;
    }
  });
  observer.observe({ type: 'longtask' });
  try {
    const result = await work();
    // Entries are delivered after the task ends: let the observer catch up.
    await new Promise((resolve) => setTimeout(resolve, 100));
    return { result, longestTaskMs, blockingMs };
  } finally {
    observer.disconnect();
  }
}

function resourceTiming(url: string): PerformanceResourceTiming | undefined {
  const entries = performance.getEntriesByName(new URL(url, location.href).href, 'resource') as PerformanceResourceTiming[];
  return entries.at(-1);
}

const firstSync: BenchApi['firstSync'] = async ({ companyId, accountId, pageSize }) => {
  const db = appDb();
  performance.setResourceTimingBufferSize(100_000);
  performance.clearResourceTimings();
  const perPage: PageTiming[] = [];
  const pulled: SyncChange[][] = [];
  lastPulled = pulled;
  // Every transaction the pull opens, timed: one page's write is queued while the one before it
  // commits, so a page is charged from when IndexedDB could start it (its call, or the previous
  // write's end) to its own end. What no write covers is time IndexedDB sat idle.
  const writes: { calledAt: number; endedAt: number }[] = [];
  const transaction = db.transaction.bind(db) as (...args: unknown[]) => Promise<unknown>;
  (db as unknown as { transaction: unknown }).transaction = (...args: unknown[]) => {
    // One per page: the packed tables' own transactions join the page's (src/db/packed-table.ts).
    if (Dexie.currentTransaction) return transaction(...args);
    const timing = { calledAt: performance.now(), endedAt: 0 };
    writes.push(timing);
    const done = transaction(...args);
    void done.finally(() => (timing.endedAt = performance.now())).catch(() => undefined);
    return done;
  };
  const timed: PullTransport = async (query, onNextCursor) => {
    const started = performance.now();
    const answer = await pullTransport(query, onNextCursor);
    const answered = performance.now();
    const timing = resourceTiming(buildUrl('/sync/pull', query));
    const entities: Record<string, number> = {};
    for (const change of answer.data.changes) entities[change.entity] = (entities[change.entity] ?? 0) + 1;
    perPage.push({
      entities,
      fetchMs: answered - started,
      waitMs: timing && timing.responseStart > 0 ? timing.responseStart - timing.requestStart : null,
      downloadMs: timing && timing.responseEnd > 0 ? timing.responseEnd - timing.responseStart : null,
      applyMs: 0,
      bytes: timing?.encodedBodySize || null,
    });
    return answer;
  };
  const started = performance.now();
  let finished = 0;
  let blocking: { outcome: Awaited<ReturnType<typeof pullChanges>>; longestTaskMs: number; blockingMs: number };
  try {
    const watched = await withBlocking(async () => {
      const pulled = await pullChanges({
        db,
        companyId,
        accountId,
        transport: timed,
        pageSize,
        // As the sync engine does (src/sync/engine.ts): let the UI breathe between pages.
        yieldBetweenPages: () => new Promise((resolve) => setTimeout(resolve, 0)),
      });
      finished = performance.now();
      return pulled;
    });
    blocking = { outcome: watched.result, longestTaskMs: watched.longestTaskMs, blockingMs: watched.blockingMs };
  } finally {
    delete (db as unknown as { transaction?: unknown }).transaction;
  }
  const { outcome } = blocking;
  let idleMs = 0;
  let busyUntil = started;
  writes.forEach((write, i) => {
    const from = Math.max(write.calledAt, busyUntil);
    if (perPage[i]) perPage[i]!.applyMs = write.endedAt - from;
    idleMs += Math.max(0, write.calledAt - busyUntil);
    busyUntil = Math.max(busyUntil, write.endedAt);
  });

  // Read again after the sync, not kept from it: holding 150,000 records through the sync made
  // its garbage collections longer than the app's, which keeps none.
  pulled.push(...(await pullAll(companyId)));
  // Folding on its own: the same conversions applyServerChanges makes, without IndexedDB.
  const foldMs: Record<string, number> = { customer: 0, variant: 0 };
  for (const changes of pulled) {
    const customers = changes.filter((c) => c.entity === 'customer' && c.data).map((c) => c.data as CustomerRecord);
    const variants = changes.filter((c) => c.entity === 'variant' && c.data).map((c) => c.data as VariantRecord);
    let t = performance.now();
    for (const record of customers) toLocalCustomer(record);
    foldMs.customer! += performance.now() - t;
    t = performance.now();
    for (const record of variants) toLocalVariant(record);
    foldMs.variant! += performance.now() - t;
  }
  const range = async (table: 'customers' | 'variants') =>
    (await db[table].companyPacks(companyId)).reduce((sum, pack) => sum + pack.rows.length, 0);
  const cursor = await readCursor(db, companyId, accountId);
  const estimate = await navigator.storage?.estimate?.().catch(() => null);
  const result: FirstSyncResult = {
    totalMs: finished - started,
    idleMs,
    longestTaskMs: blocking.longestTaskMs,
    blockingMs: blocking.blockingMs,
    pages: outcome.pages,
    changes: outcome.changes,
    perPage,
    foldMs,
    counts: {
      customers: await range('customers'),
      variants: await range('variants'),
      cursor: cursor.cursor,
      initialDone: cursor.initialDone,
    },
    storage: { usage: estimate?.usage ?? null, quota: estimate?.quota ?? null },
  };
  return result;
};

/** Every page of a first sync from cursor 0, as the server answers it, without writing any of it. */
async function pullAll(companyId: number): Promise<SyncChange[][]> {
  const pages: SyncChange[][] = [];
  let query: Parameters<PullTransport>[0] = { company: companyId, cursor: 0, limit: MAX_PULL_LIMIT };
  let scope = '';
  for (;;) {
    const { data: page } = await pullTransport(query);
    pages.push(page.changes);
    if (!page.hasMore) return pages;
    scope = page.scopeKey ?? scope;
    query = { company: companyId, cursor: page.cursor, limit: MAX_PULL_LIMIT, scope };
  }
}

/** The records of the last first sync, for `diagnose`. */
let lastPulled: SyncChange[][] = [];

/**
 * Where a first sync's Dexie time goes: the pulled records written again into scratch databases
 * with the app's indexes, with fewer, and with the per-word index v3 had. What-ifs for the report,
 * not the app's code path.
 */
const diagnose: BenchApi['diagnose'] = async ({ sample, rounds }) => {
  const records = lastPulled.flat();
  const customers = records
    .filter((c) => c.entity === 'customer' && c.data)
    .slice(0, sample)
    .map((c) => toLocalCustomer(c.data as CustomerRecord));
  const variants = records
    .filter((c) => c.entity === 'variant' && c.data)
    .slice(0, sample)
    .map((c) => toLocalVariant(c.data as VariantRecord));
  const withWords = <T extends { company: number; search: string }>(rows: T[]) =>
    rows.map((row) => ({ ...row, words: row.search.split(' ').map((word) => `${row.company}|${word}`) }));
  const packed = <T>(rows: T[], size: number) =>
    Array.from({ length: Math.ceil(rows.length / size) }, (_, k) => ({ k, rows: rows.slice(k * size, (k + 1) * size) }));
  const mean = (rows: { search: string }[]) => rows.reduce((sum, row) => sum + row.search.split(' ').length, 0) / Math.max(1, rows.length);
  const setups: { name: string; stores: string; rows: unknown[]; chunk: number; relaxed?: boolean; records?: number }[] = [
    { name: 'customers as now: id, [company+nameFold]', stores: 'id, [company+nameFold]', rows: customers, chunk: 1000 },
    { name: 'customers as now, 5,000 per transaction', stores: 'id, [company+nameFold]', rows: customers, chunk: 5000 },
    { name: 'customers as now, relaxed durability', stores: 'id, [company+nameFold]', rows: customers, chunk: 1000, relaxed: true },
    { name: 'customers, primary key only', stores: 'id', rows: customers, chunk: 1000 },
    {
      name: 'customers as now without the search text',
      stores: 'id, [company+nameFold]',
      rows: customers.map(({ search: _search, ...row }) => row),
      chunk: 1000,
    },
    { name: "customers with v3's *words index", stores: 'id, *words, [company+nameFold]', rows: withWords(customers), chunk: 1000 },
    // What the first sync would write were records kept in packs (docs/offline-sync.md "Platform limits").
    { name: 'customers packed 100 to an IndexedDB row', stores: 'k', rows: packed(customers, 100), chunk: 10, records: customers.length },
    {
      name: 'variants as now: id, *barcodes, [company+nameFold]',
      stores: 'id, *barcodes, [company+nameFold]',
      rows: variants,
      chunk: 1000,
    },
    {
      name: "variants with v3's *words index",
      stores: 'id, *words, *barcodes, [company+nameFold]',
      rows: withWords(variants),
      chunk: 1000,
    },
  ];
  // Round robin, every setup once per round: IndexedDB slows as deleted databases are compacted
  // in the background, and that drift must not favour the setups that happen to run first.
  const times = setups.map(() => [] as number[]);
  for (let round = 0; round < rounds; round += 1) {
    for (const [i, setup] of setups.entries()) {
      const name = `bench-diagnose-${i}`;
      await Dexie.delete(name);
      const db = new Dexie(name, setup.relaxed ? { chromeTransactionDurability: 'relaxed' } : {});
      db.version(1).stores({ rows: setup.stores });
      await db.open();
      const started = performance.now();
      for (let at = 0; at < setup.rows.length; at += setup.chunk) {
        const chunk = setup.rows.slice(at, at + setup.chunk);
        await db.transaction('rw', db.table('rows'), () => db.table('rows').bulkPut(chunk));
      }
      times[i]!.push(performance.now() - started);
      db.close();
      await Dexie.delete(name);
    }
  }
  // The same customers through bare IndexedDB: what Dexie's layers cost.
  const raw: number[] = [];
  for (let round = 0; round < rounds; round += 1) {
    const name = 'bench-diagnose-raw';
    await Dexie.delete(name);
    const idb = await new Promise<IDBDatabase>((resolve, reject) => {
      const request = indexedDB.open(name, 1);
      request.onupgradeneeded = () =>
        request.result.createObjectStore('rows', { keyPath: 'id' }).createIndex('cn', ['company', 'nameFold']);
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error);
    });
    const started = performance.now();
    for (let at = 0; at < customers.length; at += 1000) {
      await new Promise<void>((resolve, reject) => {
        const tx = idb.transaction('rows', 'readwrite');
        const store = tx.objectStore('rows');
        for (const row of customers.slice(at, at + 1000)) store.put(row);
        tx.oncomplete = () => resolve();
        tx.onerror = () => reject(tx.error);
      });
    }
    raw.push(performance.now() - started);
    idb.close();
    await Dexie.delete(name);
  }
  const out: DiagnoseRow[] = [
    ...setups.map((setup, i) => ({ setup: setup.name, rows: setup.records ?? setup.rows.length, ms: times[i]! })),
    { setup: 'customers as now, bare IndexedDB (no Dexie)', rows: customers.length, ms: raw },
  ];
  return { rows: out, wordsPerCustomer: mean(customers), wordsPerVariant: mean(variants) };
};

/** The in-memory search index's load, once per app start (src/db/search-index.ts), per table. */
const loadSearch: BenchApi['loadSearch'] = async (companyId) => {
  const db = appDb();
  const timed = async (load: () => Promise<unknown>) => {
    const started = performance.now();
    let ms = 0;
    const { longestTaskMs } = await withBlocking(async () => {
      await load();
      ms = performance.now() - started;
    });
    return { ms, longestTaskMs };
  };
  const heap = () => (performance as Performance & { memory?: { usedJSHeapSize: number } }).memory?.usedJSHeapSize ?? 0;
  // What the two indexes keep on the JavaScript heap (Chromium runs with precise memory info and gc()).
  const garbage = (window as Window & { gc?: () => void }).gc;
  garbage?.();
  const before = heap();
  const loaded = {
    customers: await timed(() => findLocalCustomers(db, companyId, [], null, 1)),
    variants: await timed(() => findLocalVariants(db, companyId, [], null, 1)),
  };
  garbage?.();
  return { ...loaded, heapMb: (heap() - before) / 1024 / 1024 };
};

const search: BenchApi['search'] = async (companyId, queries) => {
  const db = appDb();
  const out: SearchTiming[] = [];
  for (const query of queries) {
    const started = performance.now();
    let results: number;
    if (query.kind === 'customers') results = (await searchLocalCustomers(db, companyId, query.text)).length;
    else if (query.kind === 'variants') results = (await searchLocalVariants(db, companyId, query.text)).length;
    else if (query.kind === 'barcode') results = (await findLocalBarcode(db, companyId, query.text)) ? 1 : 0;
    else {
      const list = await localCustomerList(db, companyId, {
        page: query.filter?.page ?? 1,
        limit: 10,
        search: query.text || undefined,
        filterCustomerType: query.filter?.filterCustomerType,
        filterUserSale: undefined,
        filterCustomerGroup: undefined,
        filterCustomerLevel: undefined,
        tabFilter: query.filter?.tabFilter,
      });
      results = list.rows.length;
    }
    out.push({ ms: performance.now() - started, results });
  }
  return out;
};

const drain: BenchApi['drain'] = async (input) => {
  const db = appDb();
  const visitor = { companyId: input.companyId, accountId: input.accountId, accountName: input.accountName };
  const customers = (await db.customers.companyPacks(input.companyId))
    .flatMap((pack) => pack.rows)
    .filter((row) => row.status === 'active')
    .slice(0, Math.min(input.visits, 2_000));
  if (customers.length === 0) throw new Error('no customers on the device: run firstSync first');
  const before = new Set((await db.outbox.toArray()).map((row) => row.opId));

  // Written as a rep would: check in, then check out, each its own transaction with its outbox op.
  const base = Date.now() - input.visits * 60_000 - 3_600_000;
  const visitIds: string[] = [];
  const enqueueStarted = performance.now();
  for (let i = 0; i < input.visits; i += 1) {
    const customer = customers[i % customers.length]!;
    const at = new Date(base + i * 60_000);
    const visit = await checkIn(
      db,
      visitor,
      customer,
      { note: `Ghé thăm đo hiệu năng ${i + 1}`, location: { lat: 10.77, lng: 106.7, accuracy: 15 } },
      at,
    );
    await checkOut(db, visitor, visit.id, { note: 'Đã giới thiệu sản phẩm', location: null }, new Date(at.getTime() + 30_000));
    visitIds.push(visit.id);
  }
  const enqueueMs = performance.now() - enqueueStarted;
  const ours = (await db.outbox.toArray()).filter((row) => !before.has(row.opId));

  // Drain until nothing of ours is pending. Backoff waits (up to 5 minutes) are skipped by moving
  // the drainer's clock forward: they decide WHEN to resend, never WHAT is sent.
  const { deviceId } = await deviceIdentity(db);
  // The real transport, timed: the rest of the drain is the device recording each answer.
  let transportMs = 0;
  const transport: PushTransport = async (body) => {
    const sent = performance.now();
    try {
      return await pushTransport(body);
    } finally {
      transportMs += performance.now() - sent;
    }
  };
  let skew = 0;
  let requests = 0;
  let drainCalls = 0;
  const stops: Record<string, number> = {};
  const drainStarted = performance.now();
  for (let round = 0; round < 10_000; round += 1) {
    const outcome = await drainOutbox({
      db,
      companyId: input.companyId,
      accountId: input.accountId,
      deviceId,
      transport,
      refreshAuth,
      now: () => Date.now() + skew,
      batchSize: input.batchSize,
    });
    drainCalls += 1;
    requests += outcome.requests;
    const stop = outcome.stoppedBy ?? 'empty';
    stops[stop] = (stops[stop] ?? 0) + 1;
    const left = await db.outbox.where('[companyId+state]').anyOf([input.companyId, 'pending'], [input.companyId, 'sending']).count();
    if (left === 0) break;
    if (outcome.stoppedBy === 'forbidden' || outcome.stoppedBy === 'bad-request' || outcome.stoppedBy === 'auth') break;
    skew += BACKOFF_CAP_MS;
  }
  const drainMs = performance.now() - drainStarted;

  const after = await db.outbox.bulkGet(ours.map((row) => row.seq!));
  const states: Record<string, number> = {};
  for (const row of after) states[row?.state ?? 'missing'] = (states[row?.state ?? 'missing'] ?? 0) + 1;
  const visits = await db.visits.bulkGet(visitIds);
  const visitStates: Record<string, number> = {};
  for (const row of visits) visitStates[row?.syncState ?? 'missing'] = (visitStates[row?.syncState ?? 'missing'] ?? 0) + 1;
  const result: DrainResult = {
    enqueueMs,
    drainMs,
    transportMs,
    ops: ours.length,
    requests,
    drainCalls,
    stops,
    opIds: ours.map((row) => row.opId),
    visitIds,
    states,
    visitStates,
  };
  return result;
};

window.bench = { signIn, firstSync, search, drain, diagnose, loadSearch, dayPlan };
document.getElementById('status')!.textContent = 'ready';
