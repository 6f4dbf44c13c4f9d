/**
 * The fault campaign's browser part: the BUILT app in Chromium, two tabs of one signed-in
 * person open on An Khang, a queue of visits waiting in IndexedDB, and pushes that go through the
 * fault proxy slowly enough that the tab sending them can be reloaded while its push is on the way
 * (the proxy then lets the push reach the server: it is applied with nobody listening). Then a
 * dropped answer and a 500 after commit, a dropped request, a 429, an answer cut in the middle and
 * a 503. Every op must reach the server exactly once and the queue
 * must empty, with the real Web Locks, the real IndexedDB and the real reload.
 *
 * A second test closes the sending tab instead, while the other tab stays open: its ops must still
 * be sent by the tab that remains.
 *
 * Needs the built client (dist/); it is built here when missing.
 */
import { execSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LoginAnswer } from '@contract/auth';
import type { CustomerRecord } from '@contract/customers';
import type { Envelope } from '@contract/envelope';
import { uuidv7 } from '@contract/uuid';
import type { VisitRecord } from '@contract/visits';
import { launchBrowser, newPage, VIEWPORTS } from '@tests/support/browser';
import { COMPANIES, signInTo } from '@tests/support/e2e-app';
import { startE2eServer, type E2eServer } from '@tests/support/e2e-server';
import { REPO_ROOT } from './support/child-server';
import { startFaultProxy, type FaultKind, type FaultProxy } from './support/fault-proxy';
import { seconds, table } from './support/report';

const MARK = `browser-tabs ${Date.now().toString(36)}`;

let server: E2eServer;
let proxy: FaultProxy;
let browser: Browser;
let office: { token: string; companyId: number; accountId: number };
let customers: CustomerRecord[];
/** What the proxy does to the next pushes, in order (then nothing). */
let script: FaultKind[] = [];
let latency = 0;
const pages = new Map<string, Page>();
const reloads: string[] = [];
let closeInsteadOfReload = false;

async function api<T>(pathname: string, token?: string, body?: unknown): Promise<Envelope<T>> {
  const response = await fetch(`${server.url}/api${pathname}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return (await response.json()) as Envelope<T>;
}

beforeAll(async () => {
  if (!fs.existsSync(path.join(REPO_ROOT, 'dist', 'index.html'))) execSync('npx vite build', { cwd: REPO_ROOT, stdio: 'inherit' });
  server = await startE2eServer();
  proxy = await startFaultProxy({
    upstream: () => server.url,
    random: Math.random,
    latencyMs: () => latency,
    decide: () => script.shift() ?? 'none',
    restart: async () => undefined,
    reload: async (tab) => {
      const page = pages.get(tab);
      if (!page || page.isClosed()) return;
      reloads.push(tab);
      if (closeInsteadOfReload) await page.close();
      else await page.reload({ waitUntil: 'load' });
    },
  });
  browser = await launchBrowser();
  const login = await api<LoginAnswer>('/account/api/login/', undefined, { phone: '0901234567', password: 'Demo@2026' });
  const companyId = login.data.account.company_data.find((entry) => entry.company_data.title === COMPANIES.anKhang)!.company;
  office = { token: login.data.access, companyId, accountId: login.data.account.id };
  customers = (await api<CustomerRecord[]>(`/customer/api/customer/?company=${companyId}&limit=20`, office.token)).data;
}, 600_000);

afterAll(async () => {
  await browser?.close();
  await proxy?.close();
  await server?.stop();
});

type OutboxState = { opId: string; state: string; result: { outcome: string } | null };

/** Every row of the app's outbox (IndexedDB 'salesfield', src/db/app-db.ts). */
function readOutbox(page: Page): Promise<OutboxState[]> {
  return page.evaluate(
    () =>
      new Promise<OutboxState[]>((resolve, reject) => {
        const request = indexedDB.open('salesfield');
        request.onupgradeneeded = () => request.transaction?.abort();
        request.onerror = () => reject(new Error(String(request.error)));
        request.onsuccess = () => {
          const db = request.result;
          const read = db.transaction('outbox', 'readonly').objectStore('outbox').getAll();
          read.onsuccess = () => {
            db.close();
            resolve(read.result as OutboxState[]);
          };
          read.onerror = () => reject(new Error(String(read.error)));
        };
      }),
  );
}

async function firstSyncDone(page: Page, companyId: number): Promise<boolean> {
  return page
    .evaluate(
      (company) =>
        new Promise<boolean>((resolve) => {
          const request = indexedDB.open('salesfield');
          request.onupgradeneeded = () => request.transaction?.abort();
          request.onerror = () => resolve(false);
          request.onsuccess = () => {
            const db = request.result;
            if (!db.objectStoreNames.contains('syncCursors')) return resolve(false);
            const read = db.transaction('syncCursors', 'readonly').objectStore('syncCursors').get(company);
            read.onsuccess = () => {
              db.close();
              resolve(Boolean((read.result as { initialDone?: boolean } | undefined)?.initialDone));
            };
            read.onerror = () => resolve(false);
          };
        }),
      companyId,
    )
    .catch(() => false);
}

/** Queues check-ins straight into the outbox, as the app would have while offline. */
async function queueVisits(page: Page, count: number): Promise<{ opIds: string[]; visitIds: string[] }> {
  const now = Date.now();
  const rows = Array.from({ length: count }, (_, i) => {
    const visitId = uuidv7(now + i);
    const at = new Date(now + i).toISOString();
    return {
      opId: uuidv7(now + i),
      companyId: office.companyId,
      accountId: office.accountId,
      type: 'visit.checkIn',
      payload: { visitId, customerId: customers[i % customers.length]!.id, at, location: null, note: MARK },
      schemaVersion: 1,
      clientCreatedAt: at,
      dependsOn: [],
      entity: { type: 'visit', id: visitId },
      state: 'pending',
      attempts: 0,
      nextAttemptAt: 0,
      lastError: null,
      result: null,
      doneAt: null,
    };
  });
  await page.evaluate(
    (outboxRows) =>
      new Promise<void>((resolve, reject) => {
        const request = indexedDB.open('salesfield');
        request.onerror = () => reject(new Error(String(request.error)));
        request.onsuccess = () => {
          const db = request.result;
          const tx = db.transaction('outbox', 'readwrite');
          for (const row of outboxRows) tx.objectStore('outbox').add(row);
          tx.oncomplete = () => {
            db.close();
            resolve();
          };
          tx.onerror = () => reject(new Error(String(tx.error)));
        };
      }),
    rows,
  );
  return { opIds: rows.map((row) => row.opId), visitIds: rows.map((row) => row.payload.visitId) };
}

/** A tab of the app, its pushes tagged for the proxy (x-fault-tab), syncing An Khang. */
async function openTab(context: BrowserContext, name: string, first?: Page): Promise<Page> {
  const page = first ?? (await context.newPage());
  await page.route('**/api/sync/push**', (route) => route.continue({ headers: { ...route.request().headers(), 'x-fault-tab': name } }));
  pages.set(name, page);
  return page;
}

/** "The network is back": the engine drains now (src/sync/engine.ts onOnline). */
async function nudge(page: Page): Promise<void> {
  if (page.isClosed()) return;
  await page.evaluate(() => window.dispatchEvent(new Event('online'))).catch(() => undefined);
}

async function serverVisits(): Promise<VisitRecord[]> {
  const answer = await api<VisitRecord[]>(
    `/visit/api/visits/?company=${office.companyId}&account=${office.accountId}&limit=200`,
    office.token,
  );
  return answer.data.filter((visit) => visit.check_in_note === MARK);
}

async function openTwoTabs(): Promise<{ context: BrowserContext; a: Page; b: Page }> {
  const { context, page } = await newPage(browser, proxy.url, VIEWPORTS.desktop, { serviceWorkers: 'block' });
  context.setDefaultTimeout(30_000);
  const a = await openTab(context, 'A', page);
  await a.goto('/login');
  await signInTo(a, COMPANIES.anKhang);
  await expect.poll(() => firstSyncDone(a, office.companyId), { timeout: 60_000, interval: 250 }).toBe(true);
  const b = await openTab(context, 'B');
  await b.goto('/dashboard');
  await b.waitForURL((url) => url.pathname === '/dashboard');
  return { context, a, b };
}

describe('two tabs of the built app, in Chromium', () => {
  it('reloading the tab in the middle of its push, twice, then dropped and cut answers, 500, 429, 503: every op once', async () => {
    const started = Date.now();
    const { context, a } = await openTwoTabs();
    const queued = await queueVisits(a, 150);
    const exchangesBefore = proxy.exchanges.length;
    latency = 400;
    // Faults that cost the real client only its backoff (a held answer would cost its 30 s timeout;
    // the Node campaign covers those, on a scaled clock).
    script = [
      'reload-mid-drain',
      'reload-mid-drain',
      'drop-answer',
      'answer-500',
      'drop-request',
      'answer-429',
      'truncate-answer',
      'answer-503',
    ];
    reloads.length = 0;

    const deadline = Date.now() + 120_000;
    let settled = false;
    while (Date.now() < deadline) {
      await nudge(pages.get('A')!);
      await nudge(pages.get('B')!);
      await new Promise((resolve) => setTimeout(resolve, 1_500));
      const outbox = (await readOutbox(pages.get('A')!).catch(() => [])).filter((row) => queued.opIds.includes(row.opId));
      if (outbox.length === queued.opIds.length && outbox.every((row) => row.state === 'done')) {
        settled = true;
        break;
      }
    }
    latency = 0;
    const outbox = (await readOutbox(pages.get('A')!)).filter((row) => queued.opIds.includes(row.opId));
    const onServer = await serverVisits();
    const ids = onServer.map((visit) => visit.id);
    const exchanges = proxy.exchanges.slice(exchangesBefore);
    console.info(
      table(`Browser: two tabs, reload mid-push — ${seconds(Date.now() - started)}`, [
        ['ops queued', queued.opIds.length],
        ['pushes', exchanges.length],
        [
          'faults',
          exchanges
            .filter((exchange) => exchange.fault !== 'none')
            .map((exchange) => `${exchange.fault} (tab ${exchange.tab})`)
            .join(', '),
        ],
        ['tabs reloaded while their push was on the way', reloads.join(', ') || '-'],
        [
          'outbox: done / other',
          `${outbox.filter((row) => row.state === 'done').length} / ${outbox.filter((row) => row.state !== 'done').length}`,
        ],
        ['visits on the server (this run)', onServer.length],
        ['lost', queued.visitIds.filter((id) => !ids.includes(id)).length],
        ['duplicated', ids.length - new Set(ids).size + Math.max(0, onServer.length - queued.visitIds.length)],
      ]),
    );
    expect(reloads.length, 'tabs reloaded mid-push').toBe(2);
    expect(script, 'faults not injected (the queue emptied first)').toEqual([]);
    expect(settled, 'the queue emptied').toBe(true);
    expect(outbox.map((row) => row.result?.outcome)).toEqual(queued.opIds.map(() => 'applied'));
    expect([...ids].sort()).toEqual([...queued.visitIds].sort());
    expect(onServer.length, 'no visit made twice under another id').toBe(queued.visitIds.length);
    await context.close();
  }, 300_000);

  it('closing the tab in the middle of its push while the other tab stays open: the other tab sends its ops', async () => {
    const { context, a } = await openTwoTabs();
    const queued = await queueVisits(a, 30);
    const exchangesBefore = proxy.exchanges.length;
    latency = 300;
    closeInsteadOfReload = true;
    reloads.length = 0;
    // The first push, from whichever tab drains first, is met by its tab closing.
    script = ['reload-mid-drain'];
    await nudge(pages.get('B')!);
    await expect.poll(() => reloads.length, { timeout: 30_000 }).toBe(1);
    closeInsteadOfReload = false;
    const survivor = reloads[0] === 'A' ? pages.get('B')! : pages.get('A')!;
    // The remaining tab syncs as it would on its own (timer, online, "Đồng bộ ngay"): a few times.
    for (let i = 0; i < 6; i += 1) {
      await nudge(survivor);
      await new Promise((resolve) => setTimeout(resolve, 1_500));
    }
    latency = 0;
    const outbox = (await readOutbox(survivor)).filter((row) => queued.opIds.includes(row.opId));
    const states = [...new Set(outbox.map((row) => row.state))].map(
      (state) => `${state} ${outbox.filter((row) => row.state === state).length}`,
    );
    const onServer = await serverVisits();
    console.info(
      table('Browser: closing the sending tab, the other stays open', [
        ['ops queued', queued.opIds.length],
        ['closed tab', reloads[0] ?? '-'],
        ['pushes', proxy.exchanges.length - exchangesBefore],
        ['outbox in the remaining tab', states.join(', ')],
        ['of these visits on the server', onServer.filter((visit) => queued.visitIds.includes(visit.id)).length],
      ]),
    );
    await context.close();
    expect(
      outbox.map((row) => row.state),
      'ops the closed tab had in flight must be sent by the tab that stays open (src/sync/drain.ts drainOutbox ' +
        'requeues ops left "sending" once it holds the cross-tab lock)',
    ).toEqual(queued.opIds.map(() => 'done'));
  }, 300_000);
});
