/**
 * The seeded fault campaign (`npm run test:faults`; docs/offline-sync.md "How it is tested" "fault
 * injection"). A thousand ops of every type the phones send (contract/sync-domains.ts OP_SPECS: new
 * customers, check-ins and check-outs, orders, stock counts; a new op type does not compile here
 * until it has a generator below) are queued on one device with two tabs open and drained by the app's REAL outbox code (support/device.ts) through a
 * proxy that, push by push, drops the request, drops the answer after the server committed it,
 * answers 500 / 503 / 429, cuts the answer, holds the answer or the request past the device's
 * timeout, kills the server (SIGKILL) in the middle of a batch and starts it again, and reloads the
 * sending tab in the middle of its drain (support/fault-proxy.ts); every kind at least once. The
 * device runs in Node so that client timeouts can run 30 times faster; browser-tabs.test.ts does
 * the same with the built app in Chromium, where reloading and closing a tab are the real thing.
 *
 * Then the faults stop, the device drains to empty, and a checker (Jepsen style: every attempt of
 * every op was ok, fail or unknown to the device) proves on the server's database that every op is
 * there exactly once (support/campaign-check.ts).
 *
 * The server runs as a child process (`node --import tsx server/main.ts`) on a PGlite data
 * directory, or on PostgreSQL under `bash scripts/with-pg.sh`. The seed is fixed (FAULT_SEED=<n>
 * or FAULT_SEED=random for another campaign); FAULT_OPS sets how many ops (default 1000).
 */
import 'fake-indexeddb/auto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LoginAnswer } from '@contract/auth';
import type { CustomerRecord } from '@contract/customers';
import type { Envelope } from '@contract/envelope';
import { OP_SPECS, type OpType, type SyncEntity } from '@contract/sync-domains';
import type { VariantRecord } from '@contract/products';
import { uuidv7 } from '@contract/uuid';
import { openDatabase, type DatabaseHandle } from '@server/kernel/db/client';
import { rowsOf } from '@server/kernel/sql';
import type { OutboxRow } from '@/db/app-db';
import type { DrainOutcome, PushTransport } from '@/sync/drain';
import { enqueueOp } from '@/sync/outbox';
import { saveOutboxFile } from '@/sync/outbox-files';
import { type PullTransport, pullChanges } from '@/sync/pull';
import { checkOnServer, reservedStock, type KilledBatch, type Planned } from './support/campaign-check';
import { createChildStore, startChildServer, type ChildServer, type ChildStore } from './support/child-server';
import { createDevice, type Device, type Tab } from './support/device';
import { FAULT_KINDS, startFaultProxy, type FaultKind, type FaultProxy } from './support/fault-proxy';
import { Rng, seedFromEnv } from './support/prng';
import { seconds, table } from './support/report';

const SEED = seedFromEnv('FAULT_SEED', 20261121);
const OPS = Number(process.env.FAULT_OPS ?? 1000);
const MAX_RESTARTS = Number(process.env.FAULT_MAX_RESTARTS ?? 4);
/** API processes behind the port (server/main.ts WORKERS; more than one needs PostgreSQL). */
const WORKERS = Number(process.env.FAULT_WORKERS ?? 1);
/** Client timeouts (30 s + 0.5 s per op, src/sync/transport.ts) run this many times faster. */
const TIME_SCALE = 30;
const DEMO_PHONE = '0901234567';
const DEMO_PASSWORD = 'Demo@2026';
/** Marks what this campaign made, so the checker finds copies made under other ids too. */
const TAG = `F${(SEED % 36 ** 4).toString(36).toUpperCase()}`;
const MARK = `fault-campaign ${TAG}`;

type Attempt = 'ok' | 'fail' | 'unknown';

let tmp: string;
let store: ChildStore;
let child: ChildServer | null = null;
let upstream: string | null = null;
const shared: { proxy?: FaultProxy; device?: Device } = {};
let restarting: Promise<void> | null = null;
const serverLogs: string[] = [];
const fatal: string[] = [];
let restarts = 0;
/** Batches the server was killed under, to tell how many it had half done. */
const killedBatches: KilledBatch[] = [];
/** Where the running campaign is, for the watchdog: a hang fails with what it waits for, not a bare timeout. */
const progress = { phase: 'starting', work: new Map<number, string>(), workCounter: 0 };
/** The campaign's limit (under the test's own timeout, so the watchdog speaks first). */
const WATCHDOG_MS = Number(process.env.FAULT_WATCHDOG_MS ?? 900_000);
/** The demo's open stock count (server/seed/demo-warehouse.ts), which stock.count ops add sheets to. */
let openCheckId: string;
/** Stock held per variant before any campaign order (the demo's own orders hold some). */
let reservedBefore: Map<number, number>;

/** A photo's bytes as the campaign uploads them: a JPEG's signature, then a pattern of its own. */
function photoBytes(size: number, salt: number): Uint8Array<ArrayBuffer> {
  const bytes = new Uint8Array(size);
  for (let i = 0; i < size; i += 1) bytes[i] = (i * 31 + salt * 17) & 0xff;
  bytes.set([0xff, 0xd8, 0xff, 0xe0]);
  return bytes;
}

function serverOptions() {
  return {
    dataDir: store.dataDir,
    databaseUrl: store.databaseUrl,
    logFile: path.join(tmp, 'server.log'),
    env: { WORKERS: String(WORKERS) },
  };
}

async function bootServer(): Promise<void> {
  child = await startChildServer(serverOptions());
  upstream = child.url;
}

/** Kill now (SIGKILL, mid-request), start again in the background. */
async function crashAndRestart(): Promise<void> {
  if (restarting || !child) return;
  restarts += 1;
  const dying = child;
  upstream = null;
  child = null;
  await dying.kill9();
  const batch = killedBatches.findLast((candidate) => candidate.killedAt === null);
  if (batch) batch.killedAt = new Date();
  serverLogs.push(...dying.errors);
  restarting = bootServer()
    .catch((error: unknown) => {
      fatal.push(
        `the server did not come back after SIGKILL (${store.label}): ${String(error)}\n` +
          `(a killed ${store.label} server must reopen its data; see ${path.join(tmp, 'server.log')})`,
      );
    })
    .finally(() => {
      restarting = null;
    });
}

async function withDatabase<T>(work: (handle: DatabaseHandle) => Promise<T>): Promise<T> {
  const handle = await openDatabase({ databaseUrl: store.databaseUrl, dataDir: store.dataDir ?? null });
  try {
    return await work(handle);
  } finally {
    await handle.close();
  }
}

async function query<T>(handle: DatabaseHandle, statement: ReturnType<typeof sql>): Promise<T[]> {
  return rowsOf<T>(await handle.db.execute(statement));
}

async function api<T>(base: string, pathname: string, token?: string, body?: unknown): Promise<Envelope<T>> {
  const response = await fetch(`${base}/api${pathname}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return (await response.json()) as Envelope<T>;
}

/** A seeded Fisher–Yates shuffle. */
function shuffled<T>(items: readonly T[], rng: Rng): T[] {
  const copy = [...items];
  for (let i = copy.length - 1; i > 0; i -= 1) {
    const j = rng.int(0, i);
    [copy[i], copy[j]] = [copy[j]!, copy[i]!];
  }
  return copy;
}

beforeAll(async () => {
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'faults-campaign-'));
  store = await createChildStore(tmp);
  // First start seeds the demo data (stock of every product, an open count); then what the checker
  // compares with is read while the server is stopped (a PGlite folder has one process at a time).
  await bootServer();
  await child!.stop();
  child = null;
  await withDatabase(async (handle) => {
    const [company] = await query<{ id: number }>(handle, sql`select id from companies where title = 'Công ty Dược phẩm An Khang'`);
    const [check] = await query<{ id: string }>(
      handle,
      sql`select id from stock_receipts where company_id = ${company!.id} and kind = 'check' and status in ('draft', 'pending') order by created_at limit 1`,
    );
    openCheckId = check!.id;
    reservedBefore = await reservedStock(handle, company!.id);
  });
  await bootServer();
}, 180_000);

afterAll(async () => {
  await shared.device?.restore().catch(() => undefined);
  await shared.proxy?.close();
  await restarting;
  await child?.stop();
  await store?.drop();
  if (tmp) fs.rmSync(tmp, { recursive: true, force: true });
});

/** What the campaign waits for now: its phase, the drains and pulls running, the proxy's requests and the locks held. */
function waitingFor(): string {
  const lines = [
    `phase: ${progress.phase}`,
    `pushes so far: ${shared.proxy?.exchanges.length ?? 0}`,
    `server: ${child ? `pid ${child.pid}, API processes ${[...child.servingPids].join(', ')}` : 'down'}${restarting ? ' (restarting)' : ''}; restarts ${restarts}`,
    `drains and pulls running: ${[...progress.work.values()].join('; ') || 'none'}`,
    `proxy requests in flight: ${shared.proxy?.inFlight().join('; ') || 'none'}`,
    `locks held: ${
      shared.device?.locks
        .held()
        .map((lock) => `${lock.name} by ${lock.owner}`)
        .join(', ') || 'none'
    }`,
    `live tabs: ${
      shared.device
        ?.liveTabs()
        .map((tab) => tab.id)
        .join(', ') ?? '-'
    }`,
  ];
  return lines.join('\n');
}

/**
 * The campaign, or a failure naming what it waits for once it has run `limitMs`; where it is every
 * minute meanwhile, so a slow run (a busy machine) reads apart from a stuck one in the log.
 */
async function watched<T>(work: Promise<T>, limitMs: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const started = Date.now();
  const ticker = setInterval(() => {
    console.warn(`[campaign ${Math.round((Date.now() - started) / 1000)} s] ${waitingFor().replaceAll('\n', ' | ')}`);
  }, 60_000);
  const watchdog = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new Error(`the campaign has not finished after ${limitMs / 1000} s; it waits for:\n${waitingFor()}`)),
      limitMs,
    );
  });
  try {
    return await Promise.race([work, watchdog]);
  } catch (error) {
    // The stuck campaign's device still patches fetch, navigator and document: put them back so
    // the tests after it start from a clean process.
    await shared.device?.restore().catch(() => undefined);
    await shared.proxy?.close().catch(() => undefined);
    shared.device = undefined;
    shared.proxy = undefined;
    throw error;
  } finally {
    clearTimeout(timer);
    clearInterval(ticker);
  }
}

type CampaignOptions = {
  seed: number;
  ops: number;
  maxRestarts: number;
  /** The checker's own check: the proxy answers some pushes "applied" without sending them on. */
  forgeAcks?: boolean;
};

/** One campaign, from queueing to the checker's verdict (the caller asserts on it). */
async function runCampaign(options: CampaignOptions) {
  const SEED = options.seed;
  const OPS = options.ops;
  const MAX_RESTARTS = options.maxRestarts;
  const TAG = `F${(SEED % 36 ** 4).toString(36).toUpperCase()}`;
  const MARK = `fault-campaign ${TAG}`;
  killedBatches.length = 0;
  serverLogs.length = 0;
  fatal.length = 0;
  restarts = 0;
  if (!child) await bootServer();
  {
    const started = Date.now();
    const plan = new Rng(SEED);
    const faultRng = new Rng(SEED ^ 0x5bd1e995);
    const jitter = new Rng(SEED ^ 0x1b873593);
    const timing = new Rng(SEED ^ 0x27d4eb2f);
    let clock = Date.now();
    let restartsLeft = MAX_RESTARTS;
    const liveErrors: string[] = [];
    let deadTabErrors = 0;
    let pullErrors = 0;
    let reloads = 0;
    let busy = 0;

    const schedule = shuffled(
      FAULT_KINDS.filter((kind) => kind !== 'none' && kind !== 'forge-ack'),
      faultRng,
    );
    let pushes = 0;
    let forged = 0;
    const proxy = await startFaultProxy({
      upstream: () => upstream,
      random: () => timing.next(),
      decide: ({ body, kind }) => {
        // A photo's upload (src/sync/outbox-files.ts) meets the same faults as a push; a kill there
        // cuts a file's write, which its next upload under the same id must survive.
        if (kind === 'upload') {
          const fault = faultRng.weighted<FaultKind>({
            none: 50,
            'drop-request': 8,
            'answer-429': 4,
            'answer-503': 4,
            'drop-answer': 10,
            'answer-500': 6,
            'truncate-answer': 6,
            'delay-answer': 4,
            'delay-request': 4,
            'restart-mid-batch': restartsLeft > 0 ? 4 : 0,
            'reload-mid-drain': 6,
            'forge-ack': 0,
          });
          if (fault === 'restart-mid-batch') restartsLeft -= 1;
          return fault;
        }
        // The first push always, so a campaign drained in a few large pushes still has a forged one.
        if (options.forgeAcks && (forged++ === 0 || faultRng.chance(0.3))) return 'forge-ack';
        // Every kind of fault at least once, whatever the number of pushes: one push in three takes
        // the next kind of a seeded shuffle until each has had its turn; the rest are drawn.
        const scheduled = pushes++ % 3 === 0 && !options.forgeAcks ? schedule.shift() : undefined;
        const fault =
          scheduled && (scheduled !== 'restart-mid-batch' || restartsLeft > 0)
            ? scheduled
            : faultRng.weighted<FaultKind>({
                none: 40,
                'drop-request': 7,
                'answer-429': 6,
                'answer-503': 4,
                'drop-answer': 9,
                'answer-500': 8,
                'truncate-answer': 5,
                'delay-answer': 6,
                'delay-request': 4,
                'restart-mid-batch': restartsLeft > 0 ? 6 : 0,
                'reload-mid-drain': 6,
                'forge-ack': 0,
              });
        if (fault === 'restart-mid-batch') {
          restartsLeft -= 1;
          killedBatches.push({
            opIds: (JSON.parse(body.toString('utf8')) as { ops: { opId: string }[] }).ops.map((op) => op.opId),
            killedAt: null,
          });
        }
        return fault;
      },
      restart: crashAndRestart,
      reload: async (tabId) => {
        const tab = device.liveTabs().find((candidate) => candidate.id === tabId);
        if (!tab) return;
        reloads += 1;
        await device.reloadTab(tab);
      },
    });
    const device = await createDevice({ proxyUrl: proxy.url, timeScale: TIME_SCALE, dbName: `faults-campaign-${SEED}` });
    shared.proxy = proxy;
    shared.device = device;

    // The person signs in; the device knows the company's customers and products.
    const login = await api<LoginAnswer>(proxy.url, '/account/api/login/', undefined, { phone: DEMO_PHONE, password: DEMO_PASSWORD });
    const session = login.data;
    const companyId = session.account.company_data.find((entry) => entry.company_data.title === 'Công ty Dược phẩm An Khang')!.company;
    const accountId = session.account.id;
    device.setAccessToken(session.access);
    const customers = (
      await api<CustomerRecord[]>(proxy.url, `/customer/api/customer/?company=${companyId}&limit=200`, session.access)
    ).data.filter((customer) => customer.status === 'active');
    const variants = (
      await api<VariantRecord[]>(proxy.url, `/product/api/variant/?company=${companyId}&limit=200`, session.access)
    ).data.filter((variant) => variant.is_active && variant.units.length > 0);
    expect(customers.length, 'demo customers').toBeGreaterThan(5);
    expect(variants.length, 'demo variants').toBeGreaterThan(5);
    const deviceId = uuidv7();

    await device.openTab('A');
    await device.openTab('B');

    // ---- what the person does: ops queued in the order a person would make them -------------
    const planned: Planned[] = [];
    const createdCustomers: { id: string; opId: string }[] = [];
    const openVisits: { visitId: string; opId: string }[] = [];
    const visitsMade: { visitId: string; opId: string }[] = [];
    let orderNo = 0;

    async function enqueue(
      tab: Tab,
      type: OpType,
      entity: { type: SyncEntity; id: string } | null,
      payload: Record<string, unknown>,
      dependsOn: string[],
    ) {
      const opId = await device.inTab(tab, () =>
        tab.db.transaction('rw', tab.db.outbox, () =>
          enqueueOp(tab.db, { type, payload: payload as never, companyId, accountId, entity, dependsOn }, new Date(clock)),
        ),
      );
      planned.push({ opId, type, entityId: entity?.id ?? '', payload, dependsOn });
      return opId;
    }

    function pickCustomer(): { id: string; dependsOn: string[] } {
      if (createdCustomers.length > 0 && plan.chance(0.3)) {
        const created = plan.pick(createdCustomers);
        return { id: created.id, dependsOn: [created.opId] };
      }
      return { id: plan.pick(customers).id, dependsOn: [] };
    }

    /**
     * One generator per op type the phones send: `satisfies` makes a new op type in OP_SPECS a
     * compile error here until the campaign makes it too. The weight says how often; a
     * generator that cannot make its op now (no open visit to check out) answers false.
     */
    type Generator = { weight: number; make: (tab: Tab) => Promise<boolean> };
    const generators = {
      'customer.create': {
        weight: 12,
        make: async (tab) => {
          const id = uuidv7(clock);
          const opId = await enqueue(
            tab,
            'customer.create',
            { type: 'customer', id },
            { id, name: `KH Thử lỗi ${TAG}-${planned.length}`, note: MARK },
            [],
          );
          createdCustomers.push({ id, opId });
          return true;
        },
      },
      'visit.checkIn': {
        weight: 22,
        make: async (tab) => {
          const customer = pickCustomer();
          const visitId = uuidv7(clock);
          const payload = {
            visitId,
            customerId: customer.id,
            at: new Date(clock).toISOString(),
            location: { lat: 10.77 + plan.next() / 100, lng: 106.7 + plan.next() / 100, accuracy: 12 },
            note: MARK,
            // Off today's route plan now and then (contract/visits-plans.ts): the reason rides the same op.
            unplannedReason: plan.next() < 0.3 ? ('CUSTOMER_CALLED' as const) : null,
          };
          const opId = await enqueue(tab, 'visit.checkIn', { type: 'visit', id: visitId }, payload, customer.dependsOn);
          openVisits.push({ visitId, opId });
          visitsMade.push({ visitId, opId });
          return true;
        },
      },
      'visit.checkOut': {
        weight: 18,
        make: async (tab) => {
          if (openVisits.length === 0) return false;
          const visit = openVisits.splice(plan.int(0, openVisits.length - 1), 1)[0]!;
          const payload = { visitId: visit.visitId, at: new Date(clock + 5 * 60_000).toISOString(), location: null, note: null };
          await enqueue(tab, 'visit.checkOut', { type: 'visit', id: visit.visitId }, payload, [visit.opId]);
          return true;
        },
      },
      'visit.addPhoto': {
        weight: 8,
        make: async (tab) => {
          // A photo at one of the campaign's visits (open or not), its file saved with the op.
          if (visitsMade.length === 0) return false;
          const visit = plan.pick(visitsMade);
          const fileId = uuidv7(clock);
          const photoId = uuidv7(clock);
          const bytes = photoBytes(plan.int(1_000, 30_000), planned.length);
          const kind = plan.pick(['shelf', 'display', 'storefront', 'competitor', 'other'] as const);
          const payload = {
            photoId,
            visitId: visit.visitId,
            fileId,
            kind,
            note: MARK,
            takenAt: new Date(clock).toISOString(),
            location: null,
          };
          const opId = await device.inTab(tab, () =>
            tab.db.transaction('rw', tab.db.outbox, tab.db.outboxFiles, async () => {
              await saveOutboxFile(tab.db, { id: fileId, companyId, accountId, contentType: 'image/jpeg', bytes: bytes.buffer }, clock);
              return enqueueOp(
                tab.db,
                { type: 'visit.addPhoto', payload, companyId, accountId, entity: null, dependsOn: [visit.opId], files: [fileId] },
                new Date(clock),
              );
            }),
          );
          planned.push({
            opId,
            type: 'visit.addPhoto',
            entityId: photoId,
            payload: { ...payload, byteSize: bytes.byteLength },
            dependsOn: [visit.opId],
          });
          return true;
        },
      },
      'order.submit': {
        weight: 38,
        make: async (tab) => {
          const customer = pickCustomer();
          const orderId = uuidv7(clock);
          orderNo += 1;
          const chosen = new Set<number>();
          const lineCount = plan.int(1, 4);
          const lines = [];
          while (lines.length < lineCount) {
            const variant = plan.pick(variants);
            if (chosen.has(variant.id)) continue;
            chosen.add(variant.id);
            const unit = plan.pick(variant.units);
            lines.push({
              lineId: uuidv7(clock),
              variantId: variant.id,
              unit: unit.unit,
              quantity: plan.int(1, 5),
              quotedUnitPrice: Math.min(100_000_000_000, unit.price * 2),
              discount: plan.chance(0.2) ? { kind: 'percent', value: plan.int(1, 20) } : null,
            });
          }
          const payload = {
            orderId,
            localNo: `${TAG}-FLTS-${orderNo}`,
            customerId: customer.id,
            visitId: null,
            deliveryDate: null,
            note: MARK,
            lines,
            quotedTotal: 0,
            createdAt: new Date(clock).toISOString(),
          };
          await enqueue(tab, 'order.submit', { type: 'order', id: orderId }, payload, customer.dependsOn);
          return true;
        },
      },
      'stock.count': {
        weight: 10,
        make: async (tab) => {
          // A counter's sheet of the open count: a few products, no lot (the variant's lot '').
          const sheetId = uuidv7(clock);
          const counted = new Map<number, number>();
          const lineCount = plan.int(1, 3);
          while (counted.size < lineCount) counted.set(plan.pick(variants).id, plan.int(0, 500));
          const payload = {
            receiptId: openCheckId,
            sheetId,
            lines: [...counted].map(([variantId, quantity]) => ({ variantId, lotId: null, quantity })),
            note: MARK,
          };
          await enqueue(tab, 'stock.count', { type: 'stock_check', id: sheetId }, payload, []);
          return true;
        },
      },
      'payment.collect': {
        weight: 12,
        make: async (tab) => {
          // Money a rep took at a pharmacy (a customer made offline first, when drawn), waiting for the cashier.
          const customer = pickCustomer();
          const paymentId = uuidv7(clock);
          const payload = {
            paymentId,
            customerId: customer.id,
            orderId: null,
            amount: plan.int(1, 500) * 10_000,
            method: plan.chance(0.7) ? 'cash' : 'transfer',
            reference: null,
            note: MARK,
            collectedAt: new Date(clock).toISOString(),
          };
          await enqueue(tab, 'payment.collect', { type: 'payment', id: paymentId }, payload, customer.dependsOn);
          return true;
        },
      },
      'customer.licence': {
        weight: 6,
        make: async (tab) => {
          // A rep copies a pharmacy's papers (an existing customer, or one made offline first, when drawn).
          const customer = pickCustomer();
          const known = customers.find((one) => one.id === customer.id);
          const payload = {
            customerId: customer.id,
            // The kind and scope the customer has (a customer made offline is a Nhà thuốc, the create's
            // default): what an order may sell it does not hang on which op lands first.
            kind: known?.kind ?? 'Nhà thuốc',
            licence_number: `GP-${TAG}-${planned.length}`,
            licence_issuer: 'Sở Y tế Thành phố Hồ Chí Minh',
            licence_date: '2025-03-10',
            controlled_scope: known?.controlled_scope ?? false,
            gpp_number: `GPP-${TAG}-${planned.length}`,
            gpp_expiry: '2028-03-10',
            outlet_code: null,
            licence_scan: null,
            editedAt: new Date(clock).toISOString(),
          };
          await enqueue(tab, 'customer.licence', { type: 'customer', id: customer.id }, payload, customer.dependsOn);
          return true;
        },
      },
      'visit.acceptLocationNotice': {
        weight: 2,
        make: async (tab) => {
          // The rep accepts the location notice: one of a few versions, so the same fact comes from both tabs.
          const payload = { version: `2026-12-0${plan.int(1, 3)}`, at: new Date(clock).toISOString() };
          await enqueue(tab, 'visit.acceptLocationNotice', null, payload, []);
          return true;
        },
      },
      'attendance.claim': {
        weight: 2,
        make: async (tab) => {
          // A self-claim for a day of the last month, each day once (a second live claim for a day is refused by design).
          const back = planned.filter((op) => op.type === 'attendance.claim').length;
          if (back > 30) return false;
          const day = new Date(Date.now() + 7 * 3_600_000 - back * 86_400_000).toISOString().slice(0, 10);
          const payload = { claimId: uuidv7(clock), day, kind: plan.chance(0.5) ? 'full' : 'half', reason: MARK };
          await enqueue(tab, 'attendance.claim', null, payload, []);
          return true;
        },
      },
    } satisfies Record<OpType, Generator>;

    async function enqueueOne(tab: Tab): Promise<void> {
      clock += 1_000;
      // Every op type once in the first waves, whatever the draw; then by weight.
      const missing = (Object.keys(generators) as OpType[]).filter((type) => !planned.some((op) => op.type === type));
      for (let tries = 0; tries < 10; tries += 1) {
        const type =
          missing.length > 0 && plan.chance(0.5)
            ? plan.pick(missing)
            : plan.weighted<OpType>(
                Object.fromEntries(Object.entries(generators).map(([name, generator]) => [name, generator.weight])) as Record<
                  OpType,
                  number
                >,
              );
        if (await generators[type].make(tab)) return;
      }
      await generators['customer.create'].make(tab);
    }

    // ---- the drainer, with every attempt of every op recorded as the device saw it -----------
    const attempts = new Map<string, Attempt[]>();
    const record = (opIds: string[], attempt: Attempt | ((opId: string) => Attempt)) => {
      for (const opId of opIds) {
        const list = attempts.get(opId) ?? [];
        list.push(typeof attempt === 'function' ? attempt(opId) : attempt);
        attempts.set(opId, list);
      }
    };
    const transport: PushTransport = async (body) => {
      const opIds = body.ops.map((op) => op.opId);
      try {
        const answer = await device.pushTransport(body);
        if (answer.status === 200 && answer.body?.data?.results) {
          const results = new Map(answer.body.data.results.map((result) => [result.opId, result]));
          record(opIds, (opId) => {
            const result = results.get(opId);
            return result && result.outcome !== 'retry' ? 'ok' : 'fail';
          });
        } else {
          record(opIds, answer.status >= 500 ? 'unknown' : 'fail');
        }
        return answer;
      } catch (error) {
        record(opIds, 'unknown');
        throw error;
      }
    };

    /**
     * The app renews an access token that expired (15 minutes) with its refresh cookie; the device
     * here signs in again, so a campaign slowed past the token's life by a busy machine goes on.
     */
    async function refreshAuth(): Promise<boolean> {
      const again = await api<LoginAnswer>(proxy.url, '/account/api/login/', undefined, {
        phone: DEMO_PHONE,
        password: DEMO_PASSWORD,
      }).catch(() => null);
      if (!again?.data?.access) return false;
      device.setAccessToken(again.data.access);
      return true;
    }

    const outcomes: DrainOutcome[] = [];
    function drain(tab: Tab, batchSize?: number): Promise<void> {
      const key = (progress.workCounter += 1);
      progress.work.set(key, `drain in tab ${tab.id} since ${new Date().toISOString().slice(11, 19)}`);
      return device
        .whileOpen(tab, () =>
          tab.drain.drainOutbox({
            db: tab.db,
            companyId,
            accountId,
            deviceId,
            transport,
            uploadFile: device.fileUpload,
            refreshAuth,
            now: () => clock,
            random: () => jitter.next(),
            batchSize: batchSize ?? plan.pick([2, 3, 5, 10, 25, 50]),
          }),
        )
        .then(
          (outcome) => {
            outcomes.push(outcome);
            if (outcome.stoppedBy === 'busy') busy += 1;
          },
          (error: unknown) => {
            // A tab reloaded or closed under its drain dies with it; a live tab must never throw.
            if (tab.alive) liveErrors.push(`${tab.id}: ${String(error)}`);
            else deadTabErrors += 1;
          },
        )
        .finally(() => progress.work.delete(key));
    }

    function pull(tab: Tab): Promise<void> {
      const key = (progress.workCounter += 1);
      const since = `pull in tab ${tab.id} since ${new Date().toISOString().slice(11, 19)}`;
      const stage = (what: string) => progress.work.set(key, `${since}: ${what}`);
      stage('reading its cursor');
      const transport: PullTransport = (query, onNextCursor) => {
        stage(`asking from cursor ${query.cursor}`);
        const answer = device.pullTransport(query, onNextCursor);
        answer.then(
          (page) => stage(`writing ${page.data.changes.length} changes up to cursor ${page.data.cursor}`),
          () => stage(`refused or cut from cursor ${query.cursor}`),
        );
        return answer;
      };
      return device
        .whileOpen(tab, () => pullChanges({ db: tab.db, companyId, accountId, transport }))
        .then(
          () => undefined,
          () => {
            pullErrors += 1;
          },
        )
        .finally(() => progress.work.delete(key));
    }

    const liveTab = (slot?: string) => {
      const live = device.liveTabs();
      return live.find((tab) => tab.slot === slot) ?? plan.pick(live);
    };

    // ---- the campaign: waves of work, drained by one tab, both, or one tab twice -------------
    while (planned.length < OPS) {
      progress.phase = `queueing and draining (${planned.length} of ${OPS} ops queued)`;
      const wave = Math.min(OPS - planned.length, plan.int(10, 30));
      const writer = liveTab();
      for (let i = 0; i < wave; i += 1) await enqueueOne(writer.alive ? writer : liveTab());
      const rounds = plan.int(1, 4);
      for (let round = 0; round < rounds; round += 1) {
        const mode = plan.weighted({ one: 5, both: 3, twiceInOneTab: 2 });
        const running: Promise<void>[] = [];
        if (mode === 'one') running.push(drain(liveTab()));
        if (mode === 'both') running.push(drain(liveTab('A')), drain(liveTab('B')));
        if (mode === 'twiceInOneTab') {
          const tab = liveTab();
          running.push(drain(tab), drain(tab));
        }
        if (plan.chance(0.3)) running.push(pull(liveTab()));
        // The browser says the network is back: waits that were only for the network end.
        if (plan.chance(0.2)) {
          const tab = liveTab();
          await device.inTab(tab, () => tab.drain.releaseNetworkWaits(tab.db, companyId)).catch(() => undefined);
        }
        // The person keeps working while the queue drains.
        if (plan.chance(0.4) && planned.length < OPS) {
          const extra = Math.min(OPS - planned.length, plan.int(1, 5));
          for (let i = 0; i < extra; i += 1) await enqueueOne(liveTab());
        }
        progress.phase = `waiting for a round's drains (${planned.length} of ${OPS} ops queued)`;
        await Promise.all(running);
        clock += plan.chance(0.7) ? 11 * 60_000 : plan.int(0, 3_000);
      }
      progress.phase = `waiting for the proxy to be idle and the server up (${planned.length} of ${OPS} ops queued)`;
      await proxy.idle();
      await restarting;
    }

    // ---- healing: faults off; first the tabs that are open, then the app started afresh ------
    progress.phase = 'healing';
    proxy.setEnabled(false);
    // The client's real timeouts again: on a busy machine a big batch may take longer than the
    // scaled ones, and a push given up on is only sent again (this phase proves the queue empties).
    device.setTimeScale(1);
    await proxy.idle();
    await restarting;
    const outbox = async (): Promise<OutboxRow[]> => {
      const tab = liveTab();
      return device.inTab(tab, () => tab.db.outbox.toArray());
    };
    const unfinished = async () => (await outbox()).filter((op) => op.state === 'pending' || op.state === 'sending');
    /** Drains (past any backoff) until the queue is empty; three drains in a row that finish nothing: stuck. */
    const drainToEnd = async () => {
      for (let idle = 0, left = (await unfinished()).length; idle < 3 && left > 0;) {
        clock += 11 * 60_000;
        progress.phase = `healing: ${left} ops unfinished, ${idle} idle drains in a row`;
        await drain(liveTab(), 50);
        await proxy.idle();
        const now = (await unfinished()).length;
        idle = now < left ? 0 : idle + 1;
        left = now;
      }
    };
    // With both tabs still open, ops a reloaded tab left 'sending' must be sent too.
    await drainToEnd();
    const stranded = (await unfinished()).filter((op) => op.state === 'sending').length;
    for (const tab of device.liveTabs()) await device.reloadTab(tab);
    await drainToEnd();
    const finalOutbox = await outbox();
    const leftOver = finalOutbox.filter((op) => op.state === 'pending' || op.state === 'sending');
    await proxy.idle();
    await restarting;

    // ---- the checker, on the server's database (server stopped cleanly first) ----------------
    progress.phase = 'stopping the server and checking';
    if (child) {
      await child.stop();
      serverLogs.push(...child.errors);
    }
    child = null;
    upstream = null;
    const byOp = new Map(finalOutbox.map((op) => [op.opId, op]));
    const problems: string[] = [];
    const lost: string[] = [];
    const duplicated: string[] = [];
    const counts = { ok: 0, fail: 0, unknown: 0, unknownThenOk: 0, applied: 0, appliedWithChanges: 0, rejected: 0 };
    const rejectedCodes = new Map<string, number>();
    /** Business refusals that can legitimately happen in this campaign (short stock, a refused dependency). */
    // PHARMA_RULE: a drug the customer's licence does not cover, blocked as the company chose (docs/pharma.md).
    const expectedRejections = new Set(['STOCK_INSUFFICIENT', 'DEPENDENCY_REJECTED', 'PRICE_CHANGED', 'PHARMA_RULE']);

    for (const op of planned) {
      const history = attempts.get(op.opId) ?? [];
      for (const attempt of history) counts[attempt] += 1;
      if (history.includes('unknown') && byOp.get(op.opId)?.state === 'done') counts.unknownThenOk += 1;
      const final = byOp.get(op.opId);
      if (!final) problems.push(`op ${op.opId} (${op.type}) vanished from the device's outbox`);
      else if (final.result?.outcome === 'applied') counts.applied += 1;
      else if (final.result?.outcome === 'applied_with_changes') counts.appliedWithChanges += 1;
      else if (final.result?.outcome === 'rejected') {
        counts.rejected += 1;
        const code = final.result.error?.code ?? '?';
        rejectedCodes.set(code, (rejectedCodes.get(code) ?? 0) + 1);
        if (!expectedRejections.has(code))
          problems.push(`op ${op.opId} (${op.type}) was refused ${code}: ${final.result.error?.message} — a replay treated as a new op?`);
      }
    }

    const checked = await withDatabase((handle) =>
      checkOnServer(handle, {
        companyId,
        deviceId,
        mark: MARK,
        planned,
        byOp,
        killedBatches,
        reservedBefore,
        filesDir: path.join(tmp, 'files'),
      }),
    );
    lost.push(...checked.lost);
    duplicated.push(...checked.duplicated);
    problems.push(...checked.problems);

    const faults = new Map<FaultKind, number>();
    for (const exchange of proxy.exchanges) faults.set(exchange.fault, (faults.get(exchange.fault) ?? 0) + 1);
    const injected = proxy.exchanges.filter((exchange) => exchange.fault !== 'none').length;

    console.info(
      table(`Fault campaign — seed ${SEED} (FAULT_SEED=${SEED} to replay), ${store.label}, ${seconds(Date.now() - started)}`, [
        ['ops queued', planned.length],
        [
          `  ${Object.keys(OP_SPECS).join(' / ')}`,
          Object.keys(OP_SPECS)
            .map((type) => planned.filter((op) => op.type === type).length)
            .join(' / '),
        ],
        ['pushes and photo uploads (HTTP requests)', proxy.exchanges.length],
        ['  of which photo uploads', proxy.exchanges.filter((exchange) => exchange.kind === 'upload').length],
        ['faults injected', injected],
        ...FAULT_KINDS.filter((kind) => kind !== 'none' && (kind !== 'forge-ack' || faults.has(kind))).map(
          (kind) => [`  ${kind}`, faults.get(kind) ?? 0] as [string, number],
        ),
        ['tab reloads mid-drain', reloads],
        ['server restarts (SIGKILL mid-batch)', restarts],
        ['  batches cut in the middle (part applied before the kill)', checked.cutMidBatch],
        ['drains refused by the cross-tab lock (busy)', busy],
        ['attempts ok / fail / unknown', `${counts.ok} / ${counts.fail} / ${counts.unknown}`],
        ['ops unknown then ok', counts.unknownThenOk],
        ['final: applied / with changes / rejected', `${counts.applied} / ${counts.appliedWithChanges} / ${counts.rejected}`],
        ['  rejections', [...rejectedCodes].map(([code, n]) => `${code} ${n}`).join(', ') || '-'],
        [
          'on the server: processed ops / customers / visits / photos / orders / count sheets',
          `${checked.processed} / ${checked.customers} / ${checked.visits} / ${checked.photos} / ${checked.orders} / ${checked.sheets}`,
        ],
        ['stranded in "sending" with tabs still open', stranded],
        ['left in the outbox after healing', leftOver.length],
        ['LOST', lost.length],
        ['DUPLICATED', duplicated.length],
        ['other problems', problems.length + liveErrors.length + fatal.length],
        ['server errors logged / 5xx answered by the server', `${serverLogs.length} / ${proxy.serverErrors.length}`],
        ['pull errors (server down) / dead-tab drain errors', `${pullErrors} / ${deadTabErrors}`],
      ]),
    );
    if (serverLogs.length) console.info(`server errors logged:\n${serverLogs.slice(0, 10).join('\n')}`);
    await device.restore();
    await proxy.close();
    shared.device = undefined;
    shared.proxy = undefined;

    return {
      lost,
      duplicated,
      problems,
      liveErrors,
      leftOver,
      serverErrors: proxy.serverErrors,
      stranded,
      fatal: [...fatal],
      missingOpTypes: Object.keys(OP_SPECS).filter((type) => !planned.some((op) => op.type === type)),
      opCount: planned.length,
      missingFaults: FAULT_KINDS.filter(
        (kind) => !['none', 'forge-ack'].includes(kind) && (kind !== 'restart-mid-batch' || MAX_RESTARTS > 0) && !faults.has(kind),
      ),
    };
  }
}

describe('fault campaign: two tabs, real drainer, faults on every push', () => {
  it(`every op is on the server exactly once (seed ${SEED})`, async () => {
    const verdict = await watched(runCampaign({ seed: SEED, ops: OPS, maxRestarts: MAX_RESTARTS }), WATCHDOG_MS);
    expect(verdict.fatal, 'fatal').toEqual([]);
    expect(verdict.lost, 'LOST ops').toEqual([]);
    expect(verdict.duplicated, 'DUPLICATED ops').toEqual([]);
    expect(verdict.problems, 'other problems').toEqual([]);
    expect(verdict.liveErrors, 'a live tab threw while draining').toEqual([]);
    expect(
      verdict.leftOver.map((op) => `${op.type} ${op.state} ${op.lastError?.message ?? ''}`),
      'left in the outbox after healing',
    ).toEqual([]);
    expect(verdict.serverErrors, '5xx answered by the server itself').toEqual([]);
    expect(verdict.stranded, 'ops stranded in "sending" while the tabs stayed open').toBe(0);
    expect(verdict.missingFaults, 'kinds of fault never injected').toEqual([]);
    expect(verdict.opCount).toBeGreaterThanOrEqual(OPS);
    expect(verdict.missingOpTypes, 'op types of contract/sync-domains.ts the campaign never sent').toEqual([]);
    if (!child) await bootServer();
    expect(child!.servingPids.size, 'API processes serving the campaign').toBe(WORKERS);
  }, 1_200_000);

  it('the checker is not blind: a proxy that answers "applied" without sending the push on is caught as LOST', async () => {
    const verdict = await runCampaign({ seed: SEED + 1, ops: 40, maxRestarts: 0, forgeAcks: true });
    expect(verdict.lost.length, 'ops acknowledged by the forger, never on the server').toBeGreaterThan(0);
  }, 300_000);

  it('closing one of two tabs in the middle of its push does not strand its ops (the other tab sends them)', async () => {
    if (!child) await bootServer();
    let closed = 0;
    const proxy = await startFaultProxy({
      upstream: () => upstream,
      random: Math.random,
      // The first push: tab A is closed while its push is on the way; the server still applies it.
      decide: () => (closed === 0 ? 'reload-mid-drain' : 'none'),
      restart: async () => undefined,
      reload: async (tabId) => {
        const tab = device.liveTabs().find((candidate) => candidate.id === tabId);
        if (!tab) return;
        closed += 1;
        device.closeTab(tab);
      },
    });
    const device = await createDevice({ proxyUrl: proxy.url, timeScale: TIME_SCALE, dbName: `faults-close-tab-${SEED}` });
    shared.proxy = proxy;
    shared.device = device;
    const login = await api<LoginAnswer>(proxy.url, '/account/api/login/', undefined, { phone: DEMO_PHONE, password: DEMO_PASSWORD });
    const companyId = login.data.account.company_data.find((entry) => entry.company_data.title === 'Công ty Dược phẩm An Khang')!.company;
    const accountId = login.data.account.id;
    device.setAccessToken(login.data.access);
    const customer = (await api<CustomerRecord[]>(proxy.url, `/customer/api/customer/?company=${companyId}&limit=1`, login.data.access))
      .data[0]!;
    const deviceId = uuidv7();
    const a = await device.openTab('A');
    const b = await device.openTab('B');
    const visitIds: string[] = [];
    for (let i = 0; i < 12; i += 1) {
      const visitId = uuidv7();
      visitIds.push(visitId);
      await device.inTab(a, () =>
        a.db.transaction('rw', a.db.outbox, () =>
          enqueueOp(a.db, {
            type: 'visit.checkIn',
            payload: {
              visitId,
              customerId: customer.id,
              at: new Date().toISOString(),
              location: null,
              note: `${MARK} close-tab`,
              pin: false,
              unplannedReason: null,
            },
            companyId,
            accountId,
            entity: { type: 'visit', id: visitId },
          }),
        ),
      );
    }
    let clock = Date.now();
    const drainIn = (tab: Tab) =>
      device.inTab(tab, () =>
        tab.drain.drainOutbox({
          db: tab.db,
          companyId,
          accountId,
          deviceId,
          transport: device.pushTransport,
          refreshAuth: async () => false,
          now: () => clock,
        }),
      );
    await drainIn(a).catch(() => undefined);
    expect(closed, 'tab A was closed during its push').toBe(1);
    await proxy.idle();
    // Tab B stays open and keeps syncing (its engine drains on its timer, on "online", on "Đồng bộ ngay").
    for (let i = 0; i < 5; i += 1) {
      clock += 11 * 60_000;
      await drainIn(b);
    }
    const states = await device.inTab(b, () => b.db.outbox.toArray());
    const summary = states
      .map((op) => op.state)
      .sort()
      .join(',');
    console.info(
      table('Closing one of two tabs mid-push', [
        ['ops queued in tab A', states.length],
        [
          'states after tab B drained 5 times',
          [...new Set(states.map((op) => op.state))]
            .map((state) => `${state} ${states.filter((op) => op.state === state).length}`)
            .join(', '),
        ],
      ]),
    );
    await device.restore();
    await proxy.close();
    shared.device = undefined;
    shared.proxy = undefined;
    expect(
      summary,
      'ops that tab A had in flight when it was closed must be sent by tab B, which stays open (src/sync/drain.ts ' +
        'drainOutbox requeues ops left "sending" once it holds the cross-tab lock)',
    ).toBe(states.map(() => 'done').join(','));
  });
});
