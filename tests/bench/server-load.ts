/**
 * The server under load: autocannon on loopback against the real server process, as
 * `npm start` runs it (NODE_ENV=production, production scrypt cost), over a large company. For each
 * call, a fixed number of connections send requests back to back for a bounded time; printed are
 * requests per second and p50/p95/p99 latency (from every response's own time), with errors and
 * non-2xx answers. The calls:
 *   - login: POST /api/account/api/login/ as the demo account (scrypt at SCRYPT_LOG_N, 17 by default);
 *   - customer list page: 20 customers, a random page of the first 50, default order;
 *   - variant search: 20 variants matching a word people type (drawn from the catalogue);
 *   - order submit: one `order.submit` op (1–5 lines) through /api/sync/push, a new order each time.
 *
 * The database is PGlite in DATA_DIR or PostgreSQL at DATABASE_URL (under scripts/with-pg.sh,
 * TEST_PG_ADMIN_URL when DATABASE_URL is unset). With --seed=<scale> it is first filled by
 * `npm run seed` (a fresh .tmp/bench-load-pglite, deleted afterwards, or the throwaway cluster);
 * without it, it is used as found (e.g. ./data after `npm run seed -- --scale large`).
 *
 *   npm run bench -- --only server          both, as `npm run bench` runs them
 *   npx tsx tests/bench/server-load.ts --seed=large --orders=20000     PGlite
 *   bash scripts/with-pg.sh npx tsx tests/bench/server-load.ts --seed=large --orders=20000
 *   options: --duration=10 (seconds per call) --connections=10 --calls=submit (only the calls whose
 *   name contains it; the result file is then not written, so run.ts never reads a partial run)
 *   BENCH_SERVER_NODE_ARGS="--cpu-prof --cpu-prof-dir=/tmp/prof": node options for the server
 *   process alone (a CPU profile of the API under load), not for this script or autocannon
 */
import { spawn, type ChildProcess } from 'node:child_process';
import autocannon from 'autocannon';
import { customerPaths, type CustomerRecord } from '@contract/customers';
import { foldedWords } from '@contract/fold';
import { productPaths, type VariantRecord } from '@contract/products';
import { syncPaths, type PushAnswer } from '@contract/sync';
import { uuidv7 } from '@contract/uuid';
import { seededRandom } from './datagen/random';
import { countCpu, localPostmaster, type CpuPerRequest } from './support/cpu-time';
import { argValue, machineInfo, summarize, table, writeResult, type Summary } from './support/kit';
import { benchOrder } from './support/working-day';
import {
  api,
  DEMO_OWNER,
  benchDatabase,
  dropSeeded,
  freePort,
  query,
  seedDatabase,
  signIn,
  startServerProcess,
  stopServerProcess,
} from './support/load-server';

const DURATION = Number(argValue('duration') ?? 10);
const CONNECTIONS = Number(argValue('connections') ?? 10);
const SEED_SCALE = argValue('seed');
const ONLY_CALLS = argValue('calls');

const random = seededRandom(6);

// ---- The database and the server process -----------------------------------------------------------

const database = benchDatabase('bench-load-pglite', Boolean(SEED_SCALE));
const driver = database.driver;
const databaseUrl = database.url;
const databaseEnv = database.env;

// ---- What the calls need ---------------------------------------------------------------------------

/** Active customers, sellable variants and search words, read through the API from random pages. */
async function sample(url: string, token: string, company: number) {
  const customers: CustomerRecord[] = [];
  const variants: VariantRecord[] = [];
  for (let i = 0; i < 5; i += 1) {
    const page = random.int(1, 100);
    customers.push(
      ...(await api<CustomerRecord[]>(url, query(customerPaths.customers, { company, limit: 100, page, tab: 'active' }), { token })).data,
    );
    variants.push(
      ...(
        await api<VariantRecord[]>(url, query(productPaths.variants, { company, limit: 100, page: random.int(1, 50), is_active: 'true' }), {
          token,
        })
      ).data,
    );
  }
  const priced = variants.filter((variant) => variant.units.length > 0);
  const words = [...new Set(variants.flatMap((variant) => foldedWords(variant.product_name).filter((word) => /^[a-z]{4,}$/.test(word))))];
  const { count } = await api<unknown[]>(url, query(customerPaths.customers, { company, limit: 1 }), { token });
  const { count: variantCount } = await api<unknown[]>(url, query(productPaths.variants, { company, limit: 1 }), { token });
  if (customers.length === 0 || priced.length === 0 || words.length === 0)
    throw new Error('the company has no customers or variants to use');
  return { customers, variants: priced, words, counts: { customers: count ?? 0, variants: variantCount ?? 0 } };
}

// ---- One load run ----------------------------------------------------------------------------------

type LoadResult = {
  name: string;
  connections: number;
  requests: number;
  requestsPerSecond: number;
  latency: Summary;
  errors: number;
  timeouts: number;
  non2xx: number;
  statusCodes: Record<string, number>;
  outcomes?: Record<string, number>;
  /** The aim for this call on PostgreSQL (docs/performance.md) (none for the login, whose cost is scrypt's). */
  aim?: Aim;
  /** CPU milliseconds per request of the API process and of the PostgreSQL cluster (support/cpu-time.ts). */
  cpu?: CpuPerRequest;
  /** The same load on the floor server (tests/bench/support/floor-server.ts): only the call's main statement. */
  floor?: { requestsPerSecond: number; latency: Summary; errors: number; non2xx: number; cpu?: CpuPerRequest };
};

type Aim = { requestsPerSecond: number; p95Ms: number };
type LoadRequest = { method: 'GET' | 'POST'; headers: Record<string, string>; next: () => { path: string; body?: string } };
type Call = {
  name: string;
  connections?: number;
  request: LoadRequest;
  onBody?: (status: number, body: string) => void;
  aim?: Aim;
  floor?: LoadRequest;
  /** false: measured without the short run before it (the login's, below). */
  warmUp?: false;
};

function load(
  name: string,
  url: string,
  connections: number,
  request: LoadRequest,
  onBody?: (status: number, body: string) => void,
  duration = DURATION,
): Promise<LoadResult> {
  const times: number[] = [];
  return new Promise((resolve, reject) => {
    const instance = autocannon(
      {
        url,
        connections,
        duration,
        timeout: 30,
        requests: [
          {
            method: request.method,
            headers: request.headers,
            setupRequest: (req) => ({ ...req, ...request.next() }),
            ...(onBody ? { onResponse: (status: number, body: string) => onBody(status, body) } : {}),
          },
        ],
      },
      (error, result) => {
        if (error) {
          reject(error);
          return;
        }
        resolve({
          name,
          connections,
          requests: times.length,
          requestsPerSecond: Number((times.length / result.duration).toFixed(1)),
          latency: summarize(times),
          errors: result.errors,
          timeouts: result.timeouts,
          non2xx: result.non2xx,
          statusCodes: Object.fromEntries(Object.entries(result.statusCodeStats ?? {}).map(([code, stat]) => [code, stat.count ?? 0])),
        });
      },
    );
    instance.on('response', (_client: unknown, _status: number, _bytes: number, responseTime: number) => times.push(responseTime));
  });
}

/**
 * When autocannon stops, the requests it still had in flight go on inside the server (a login is
 * about a second of scrypt here): wait until a cheap call is fast again, so that one call's backlog
 * is not measured as the next call's latency.
 */
async function settle(url: string, token: string, company: number): Promise<void> {
  // A signed call: its JWT check runs on libuv's thread pool, where a login's scrypt runs too.
  const probe = `${url}/api${query(customerPaths.customers, { company, limit: 1 })}`;
  const until = performance.now() + 90_000;
  while (performance.now() < until) {
    const started = performance.now();
    await fetch(probe, { headers: { authorization: `Bearer ${token}` } }).then((response) => response.arrayBuffer());
    if (performance.now() - started < 50) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/** The calls, each with its aim and, where it has one, the request its floor answers. */
async function prepareCalls(url: string) {
  const { token, company, account } = await signIn(url);
  const data = await sample(url, token, company);
  // What a browser sends over HTTPS: the list and search answers come compressed (server/lib/compress-answers.ts).
  const auth = { authorization: `Bearer ${token}`, accept: 'application/json', 'accept-encoding': 'gzip, deflate, br' };
  const json = { 'content-type': 'application/json', accept: 'application/json' };
  const deviceId = uuidv7();
  // A device's order numbers are BN-<4-character device tag>-<n>, unique per person: a new tag per
  // run, so that running again on the same database does not answer LOCAL_NO_TAKEN.
  const deviceTag = Date.now().toString(36).slice(-4).toUpperCase();
  let submitted = 0;

  const submitBody = (): string => {
    submitted += 1;
    const localNo = `BN-${deviceTag}-${submitted}`;
    const payload = benchOrder(random, { orderId: uuidv7(), customerId: random.pick(data.customers).id, variants: data.variants, localNo });
    const createdAt = payload.createdAt;
    const op = { opId: uuidv7(), type: 'order.submit', schemaVersion: 1, clientCreatedAt: createdAt, payload, dependsOn: [] };
    return JSON.stringify({ company, deviceId, ops: [op] });
  };
  const outcomes: Record<string, number> = {};
  const countOutcome = (status: number, body: string) => {
    let outcome = `HTTP ${status}`;
    if (status === 200) {
      try {
        const result = (JSON.parse(body) as { data: PushAnswer }).data.results[0];
        outcome = result ? `${result.outcome}${result.error ? ` ${result.error.code}` : ''}` : 'no result';
      } catch {
        outcome = 'unreadable answer';
      }
    }
    outcomes[outcome] = (outcomes[outcome] ?? 0) + 1;
  };

  const searchQuery = () => {
    const word = random.pick(data.words);
    return query(productPaths.variants, { company, limit: 20, search: word.slice(0, random.int(4, word.length)) });
  };
  const listQuery = () => query(customerPaths.customers, { company, limit: 20, page: random.int(1, 50) });
  const calls: Call[] = [
    {
      name: 'login (scrypt)',
      // scrypt runs on libuv's 4 threads: more connections only queue behind them, and a 10 s
      // window would then close before most logins answer.
      connections: Math.min(CONNECTIONS, 4),
      // The logins a short run leaves in flight when it stops are still hashing when the measured
      // run opens, each holding one of the account's five attempts at a time (server/modules/auth/
      // throttle.ts): with four new ones, most were refused with 429. Nothing to warm here but
      // scrypt, which needs none.
      warmUp: false,
      request: {
        method: 'POST' as const,
        headers: json,
        next: () => ({ path: '/api/account/api/login/', body: JSON.stringify({ phone: DEMO_OWNER.phone, password: DEMO_OWNER.password }) }),
      },
    },
    {
      name: 'customer list page',
      request: {
        method: 'GET' as const,
        headers: auth,
        next: () => ({ path: `/api${listQuery()}` }),
      },
      aim: { requestsPerSecond: 600, p95Ms: 30 },
      floor: {
        method: 'GET' as const,
        headers: {},
        next: () => ({ path: `/floor/customer-list${listQuery().slice(customerPaths.customers.length)}` }),
      },
    },
    {
      name: 'variant search',
      request: {
        method: 'GET' as const,
        headers: auth,
        next: () => ({ path: `/api${searchQuery()}` }),
      },
      aim: { requestsPerSecond: 600, p95Ms: 30 },
      floor: {
        method: 'GET' as const,
        headers: {},
        next: () => ({ path: `/floor/variant-search${searchQuery().slice(productPaths.variants.length)}` }),
      },
    },
    {
      name: 'order submit',
      request: {
        method: 'POST' as const,
        headers: { ...auth, ...json },
        // As the app sends it (src/sync/transport.ts): the company in the query too.
        next: () => ({ path: `/api${query(syncPaths.push, { company })}`, body: submitBody() }),
      },
      onBody: countOutcome,
      aim: { requestsPerSecond: 250, p95Ms: 60 },
      floor: {
        method: 'POST' as const,
        headers: json,
        next: () => {
          submitted += 1;
          const body = { company, account, customer: random.pick(data.customers).id, localNo: `FLOOR-${deviceTag}-${submitted}` };
          return { path: '/floor/order-submit', body: JSON.stringify(body) };
        },
      },
    },
  ];
  const chosen = ONLY_CALLS ? calls.filter((call) => call.name.includes(ONLY_CALLS)) : calls;
  return { calls: chosen, counts: data.counts, probe: () => settle(url, token, company), outcomes };
}

/** The server a load runs against, and the processes whose CPU it costs (support/cpu-time.ts). */
type Target = { url: string; pid: number | undefined; postmaster: number | null };

/** ", CPU API 5.5 + PostgreSQL 3.4 ms per request"; PGlite's work is inside the API process. */
function cpuText(cpu: CpuPerRequest | undefined): string {
  if (!cpu || cpu.apiMs === null) return '';
  return cpu.databaseMs === null
    ? `, CPU API ${cpu.apiMs} ms per request`
    : `, CPU API ${cpu.apiMs} + PostgreSQL ${cpu.databaseMs} ms per request`;
}

/**
 * Each call (or its floor) for DURATION seconds after a short unmeasured run (unless it says warmUp: false): JIT,
 * connection pool and caches warm, as on a server that has run a while. `settle` waits out one call's backlog.
 */
async function measure(
  target: Target,
  calls: Call[],
  settleAfter: () => Promise<void>,
  outcomes: Record<string, number>,
): Promise<LoadResult[]> {
  const { url } = target;
  const results: LoadResult[] = [];
  for (const call of calls) {
    const connections = call.connections ?? CONNECTIONS;
    if (call.warmUp !== false) {
      await load(call.name, url, connections, call.request, undefined, 2);
      await settleAfter();
    }
    for (const key of Object.keys(outcomes)) delete outcomes[key];
    const cpuSince = countCpu(target.pid, target.postmaster);
    const result = await load(call.name, url, connections, call.request, call.onBody);
    result.cpu = cpuSince(result.requests);
    await settleAfter();
    if (call.onBody) result.outcomes = { ...outcomes };
    console.info(
      `  ${call.name}: ${result.requestsPerSecond} req/s, p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms${cpuText(result.cpu)}`,
    );
    results.push({ ...result, ...(call.aim ? { aim: call.aim } : {}) });
  }
  return results;
}

// ---- Main ------------------------------------------------------------------------------------------

/** The floor server (tests/bench/support/floor-server.ts) on the same database, once the app has stopped (PGlite has one owner). */
async function startFloorProcess(): Promise<{ url: string; child: ChildProcess }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'tests/bench/support/floor-server.ts'], {
    stdio: ['ignore', 'pipe', 'inherit'],
    env: { ...process.env, ...databaseEnv, NODE_ENV: 'production', PORT: String(await freePort()), LOG_LEVEL: 'warn' },
  });
  const url = await new Promise<string>((resolve, reject) => {
    let said = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      said += chunk.toString();
      const match = /floor listening on (\S+)/.exec(said);
      if (match) resolve(match[1]!);
    });
    child.once('exit', (code) => reject(new Error(`the floor server exited (${code}) before listening`)));
  });
  return { url, child };
}

async function runAll() {
  const server = await startServerProcess(database);
  const postmaster = databaseUrl ? await localPostmaster(databaseUrl) : null;
  console.info(`Server (${driver}) answering after ${server.startSeconds} s; ${CONNECTIONS} connections, ${DURATION} s per call`);
  let prepared: Awaited<ReturnType<typeof prepareCalls>>;
  let results: LoadResult[];
  try {
    prepared = await prepareCalls(server.url);
    results = await measure({ url: server.url, pid: server.child.pid, postmaster }, prepared.calls, prepared.probe, prepared.outcomes);
  } finally {
    await stopServerProcess(server.child);
  }
  const floor = await startFloorProcess();
  console.info('Floors: the same HTTP stack running only each call’s main statement');
  try {
    const withFloor = prepared.calls.flatMap((call) =>
      call.floor ? [{ name: `${call.name} (floor)`, request: call.floor, aimOf: call.name }] : [],
    );
    const floors = await measure(
      { url: floor.url, pid: floor.child.pid, postmaster },
      withFloor,
      () => new Promise((resolve) => setTimeout(resolve, 500)),
      {},
    );
    for (const [i, call] of withFloor.entries()) {
      const target = results.find((r) => r.name === call.aimOf)!;
      const f = floors[i]!;
      target.floor = { requestsPerSecond: f.requestsPerSecond, latency: f.latency, errors: f.errors, non2xx: f.non2xx, cpu: f.cpu };
    }
  } finally {
    await stopServerProcess(floor.child);
  }
  return { results, counts: prepared.counts, serverStartSeconds: server.startSeconds };
}

const started = performance.now();
const seeded = SEED_SCALE ? seedDatabase(database, SEED_SCALE, driver) : null;
let run: Awaited<ReturnType<typeof runAll>>;
try {
  run = await runAll();
} finally {
  dropSeeded(database);
}
/** How many times the floor's throughput the call's is below it (1 = at the floor). */
const floorRatio = (r: LoadResult) => (r.floor ? Number((r.floor.requestsPerSecond / r.requestsPerSecond).toFixed(1)) : null);
const aimVerdict = (r: LoadResult) =>
  r.aim ? (r.requestsPerSecond >= r.aim.requestsPerSecond && r.latency.p95 <= r.aim.p95Ms ? 'PASS' : 'MISS') : '';
table(
  `Server under load (${driver}, ${run.counts.customers.toLocaleString('en-US')} customers, ${run.counts.variants.toLocaleString('en-US')} variants): autocannon, ${DURATION} s per call, loopback`,
  [
    'call',
    'connections',
    'requests',
    'req/s',
    'p50 ms',
    'p95 ms',
    'p99 ms',
    'max ms',
    'errors',
    'non-2xx',
    'aim (PostgreSQL)',
    '',
    'floor req/s',
    'floor p95',
    '× floor',
    'CPU ms/req (API + DB)',
  ],
  run.results.map((r) => [
    r.name,
    r.connections,
    r.requests,
    r.requestsPerSecond,
    r.latency.p50,
    r.latency.p95,
    r.latency.p99,
    r.latency.max,
    r.errors,
    r.non2xx,
    r.aim ? `≥ ${r.aim.requestsPerSecond} req/s, p95 ≤ ${r.aim.p95Ms} ms` : '',
    driver === 'postgres' ? aimVerdict(r) : '',
    r.floor?.requestsPerSecond ?? '',
    r.floor?.latency.p95 ?? '',
    floorRatio(r) ?? '',
    r.cpu?.apiMs == null ? '' : [r.cpu.apiMs, r.cpu.databaseMs].filter((ms) => ms !== null).join(' + '),
  ]),
);
const submit = run.results.find((r) => r.outcomes);
if (submit?.outcomes) {
  console.info(
    `  order submit outcomes: ${Object.entries(submit.outcomes)
      .map(([k, v]) => `${k} ${v}`)
      .join(', ')}`,
  );
}
if (ONLY_CALLS) console.info('\nOnly some calls ran (--calls): no result written.');
else {
  const file = writeResult(`server-load-${driver}`, {
    machine: machineInfo({ database: driver }),
    connections: CONNECTIONS,
    durationSeconds: DURATION,
    counts: run.counts,
    seed: seeded,
    serverStartSeconds: run.serverStartSeconds,
    calls: run.results,
    totalSeconds: Number(((performance.now() - started) / 1000).toFixed(1)),
  });
  console.info(`\nResults written to ${file}.`);
}
// Errors and 5xx are failures of the server, not a slow figure.
const broken = run.results.filter((r) => r.errors > 0 || Object.keys(r.statusCodes).some((code) => code.startsWith('5')));
if (broken.length > 0) {
  console.error(`Lỗi khi chịu tải: ${broken.map((r) => `${r.name} (${r.errors} errors, ${JSON.stringify(r.statusCodes)})`).join('; ')}`);
  process.exit(1);
}
