/**
 * The server at scale (issues #4 and #5, "Done means"), over HTTP on loopback against the real
 * server, on PGlite (in-process, default) or PostgreSQL (under scripts/with-pg.sh):
 *  - lists at 50,000 variants and 100,000 customers: customer list (first page, searches, filters),
 *    variant list and search, product list, barcode scan, sync pull pages of 1000;
 *  - order submit (the rep's `order.submit` op through /api/sync/push) sequential and 8 at a time,
 *    and the /order list (first page, status, search, date range, counts) at 200,000 orders.
 * Prints p50/p95/p99 per call and writes tests/bench/results/server-scale-<driver>.json. No aims
 * are set for these in the issues: nothing here fails the run except a wrong answer.
 *
 *   npm run bench:server        PGlite
 *   npm run bench:server:pg     PostgreSQL 15 (throwaway cluster)
 *   options: --runs=30 --only=lists|orders --variants= --customers= --orders= --submits=200 --concurrency=8
 */
import { sql } from 'drizzle-orm';
import { customerPaths } from '@contract/customers';
import { fold } from '@contract/fold';
import { orderPaths, type OrderSubmitPayload } from '@contract/orders';
import { productPaths } from '@contract/products';
import { type PushAnswer, syncPaths } from '@contract/sync';
import { uuidv7 } from '@contract/uuid';
import { rowsOf } from '@server/kernel/sql';
import { seededRandom, type Random } from './datagen/random';
import {
  argValue,
  machineInfo,
  measure,
  seconds,
  startScaleServer,
  summarize,
  table,
  writeResult,
  type ScaleServer,
  type Summary,
} from './support/kit';

const only = argValue('only');
const RUNS = Number(argValue('runs') ?? 30);
const WARMUP = 3;
const scale = {
  variants: Number(argValue('variants') ?? 50_000),
  customers: Number(argValue('customers') ?? 100_000),
  orders: only === 'lists' ? 0 : Number(argValue('orders') ?? 200_000),
  reps: 30,
};
const SUBMITS = Number(argValue('submits') ?? 200);
const CONCURRENCY = Number(argValue('concurrency') ?? 8);

type Case = { name: string; path: (run: number) => string; expect?: (count: number, rows: number) => string | null };
type CaseResult = Summary & { name: string; rows: number; count: number | null; kb: number };

function query(base: string, params: Record<string, string | number | undefined>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) if (value !== undefined && value !== '') search.set(key, String(value));
  return `${base}?${search.toString()}`;
}

async function runCases(server: ScaleServer, token: string, title: string, cases: Case[]): Promise<CaseResult[]> {
  const results: CaseResult[] = [];
  const problems: string[] = [];
  for (const item of cases) {
    let rows = 0;
    let count: number | null = null;
    let bytes = 0;
    const times = await measure(RUNS, WARMUP, async (run) => {
      const answer = await server.call<unknown[] | { changes: unknown[] }>(item.path(Math.max(0, run)), { token });
      if (answer.status !== 200) throw new Error(`${item.name}: ${answer.status} ${answer.body.message}`);
      const data = answer.body.data;
      rows = Array.isArray(data)
        ? data.length
        : Array.isArray((data as { changes?: unknown[] }).changes)
          ? (data as { changes: unknown[] }).changes.length
          : 1;
      count = answer.body.count ?? null;
      bytes = answer.bytes;
      const problem = item.expect?.(count ?? rows, rows);
      if (problem) problems.push(`${item.name}: ${problem}`);
      return answer.ms;
    });
    results.push({ name: item.name, ...summarize(times), rows, count, kb: Number((bytes / 1024).toFixed(1)) });
  }
  table(
    title,
    ['call', 'runs', 'p50 ms', 'p95 ms', 'p99 ms', 'max ms', 'rows', 'count', 'kB'],
    results.map((r) => [r.name, r.n, r.p50, r.p95, r.p99, r.max, r.rows, r.count ?? '', r.kb]),
  );
  if (problems.length > 0) throw new Error(`wrong answers:\n- ${[...new Set(problems)].join('\n- ')}`);
  return results;
}

function wordsOf(text: string): string[] {
  return text.split(/\s+/).filter((word) => /[\p{L}\d]/u.test(word));
}

// ---- Lists ------------------------------------------------------------------------------------------

async function listBench(server: ScaleServer, token: string, random: Random) {
  const company = server.companyId;
  const { customers, variants } = server.data;
  const pickCustomer = () => customers[random.int(0, customers.length - 1)]!;
  const pickVariant = () => variants[random.int(0, variants.length - 1)]!;
  // Queries are drawn once per run index, so every run asks something different.
  const perRun = <T>(make: () => T) => {
    const made = new Map<number, T>();
    return (run: number) => {
      if (!made.has(run)) made.set(run, make());
      return made.get(run)!;
    };
  };
  const nameWord = perRun(() => {
    const words = wordsOf(pickCustomer().name);
    return fold(words[words.length - 1]!);
  });
  const twoWords = perRun(() => wordsOf(pickCustomer().name).slice(-2).join(' '));
  const phone = perRun(() => (pickCustomer().phone ?? '0909').slice(0, 6));
  const code = perRun(() => pickCustomer().code);
  const types = rowsOf<{ id: number }>(await server.db.execute(sql`select id from customer_types where company_id = ${company}`));
  const typeId = Number(types[0]?.id);
  const product = perRun(() => fold(wordsOf(pickVariant().productName)[0]!).slice(0, 4));
  const productTwo = perRun(() => fold(wordsOf(pickVariant().productName).slice(0, 2).join(' ')));
  const variantCode = perRun(() => pickVariant().code);
  const registration = perRun(() => {
    for (;;) {
      const found = pickVariant().registrationNumber;
      if (found) return found.toLowerCase();
    }
  });
  const barcode = perRun(() => {
    for (;;) {
      const found = pickVariant().units.find((unit) => unit.barcode)?.barcode;
      if (found) return found;
    }
  });
  const category = perRun(() => pickVariant().categoryId);
  const brand = perRun(() => {
    for (;;) {
      const id = pickVariant().brandId;
      if (id) return id;
    }
  });
  const atLeast = (n: number) => (count: number) => (count >= n ? null : `expected at least ${n}, got ${count}`);
  const exactly = (n: number) => (count: number) => (count === n ? null : `expected ${n}, got ${count}`);

  const customerCases: Case[] = [
    {
      name: 'customer/ first page (name order)',
      path: () => query(customerPaths.customers, { company, limit: 20 }),
      expect: atLeast(scale.customers),
    },
    { name: 'customer/ page 200', path: () => query(customerPaths.customers, { company, limit: 20, page: 200 }) },
    {
      name: 'customer/ search 1 word',
      path: (r) => query(customerPaths.customers, { company, limit: 20, search: nameWord(r) }),
      expect: atLeast(1),
    },
    {
      name: 'customer/ search 2 words (diacritics)',
      path: (r) => query(customerPaths.customers, { company, limit: 20, search: twoWords(r) }),
      expect: atLeast(1),
    },
    {
      name: 'customer/ search phone prefix',
      path: (r) => query(customerPaths.customers, { company, limit: 20, search: phone(r) }),
      expect: atLeast(1),
    },
    {
      name: 'customer/ search code',
      path: (r) => query(customerPaths.customers, { company, limit: 20, search: code(r) }),
      expect: atLeast(1),
    },
    {
      name: 'customer/ province 79 + kind',
      path: () => query(customerPaths.customers, { company, limit: 20, province: '79', kind: 'Nhà thuốc' }),
      expect: atLeast(1),
    },
    {
      name: 'customer/ group + tab active',
      path: () => query(customerPaths.customers, { company, limit: 20, customer_type: typeId, tab: 'active' }),
      expect: atLeast(1),
    },
    {
      name: 'customer/ search + kind + active',
      path: (r) => query(customerPaths.customers, { company, limit: 20, search: nameWord(r), kind: 'Nhà thuốc', tab: 'active' }),
    },
  ];
  const catalogueCases: Case[] = [
    {
      name: 'variant/ first page (name order)',
      path: () => query(productPaths.variants, { company, limit: 20 }),
      expect: atLeast(scale.variants),
    },
    { name: 'variant/ page 500 by code', path: () => query(productPaths.variants, { company, limit: 20, page: 500, ordering: 'code' }) },
    {
      name: 'variant/ search 1 word prefix',
      path: (r) => query(productPaths.variants, { company, limit: 20, search: product(r) }),
      expect: atLeast(1),
    },
    {
      name: 'variant/ search 2 words',
      path: (r) => query(productPaths.variants, { company, limit: 20, search: productTwo(r) }),
      expect: atLeast(1),
    },
    {
      name: 'variant/ search code',
      path: (r) => query(productPaths.variants, { company, limit: 20, search: variantCode(r) }),
      expect: atLeast(1),
    },
    {
      name: 'variant/ search registration no.',
      path: (r) => query(productPaths.variants, { company, limit: 20, search: registration(r) }),
      expect: atLeast(1),
    },
    {
      name: 'variant/ barcode=',
      path: (r) => query(productPaths.variants, { company, limit: 20, barcode: barcode(r) }),
      expect: exactly(1),
    },
    {
      name: 'variant/ category + active',
      path: (r) => query(productPaths.variants, { company, limit: 20, category: category(r), is_active: 'true' }),
      expect: atLeast(1),
    },
    { name: 'product/ first page (name order)', path: () => query(productPaths.products, { company, limit: 20 }), expect: atLeast(1) },
    {
      name: 'product/ search 1 word prefix',
      path: (r) => query(productPaths.products, { company, limit: 20, search: product(r) }),
      expect: atLeast(1),
    },
    {
      name: 'product/ brand filter',
      path: (r) => query(productPaths.products, { company, limit: 20, brand: brand(r) }),
      expect: atLeast(1),
    },
    { name: 'scanproduct/ barcode', path: (r) => query(productPaths.scan, { company, barcode: barcode(r) }) },
  ];

  // Pull pages where the change log holds customers, variants and (for the rep) orders.
  const seqOf = async (entity: string, offset: number) => {
    const [row] = rowsOf<{ seq: string | number }>(
      await server.db.execute(sql`
        select seq from change_log where company_id = ${company} and entity = ${entity} order by seq offset ${offset} limit 1`),
    );
    return Number(row?.seq ?? 0);
  };
  const pullCursors = {
    customer: await Promise.all(Array.from({ length: 8 }, (_, i) => seqOf('customer', Math.floor(((i + 0.5) * scale.customers) / 8)))),
    variant: await Promise.all(Array.from({ length: 8 }, (_, i) => seqOf('variant', Math.floor(((i + 0.5) * scale.variants) / 8)))),
  };
  // A device gives back the data scope its mirror was pulled for (PullAnswer.scopeKey), or is reset.
  const probe = await server.call<{ scopeKey?: string }>(query(syncPaths.pull, { company, cursor: 0, limit: 1 }), { token });
  const scope = probe.body.data.scopeKey;
  const pullCases: Case[] = [
    {
      name: 'sync/pull cursor 0 (first page)',
      path: () => query(syncPaths.pull, { company, cursor: 0, limit: 1000 }),
      expect: atLeast(1000),
    },
    {
      name: 'sync/pull page of variants',
      path: (r) => query(syncPaths.pull, { company, cursor: pullCursors.variant[r % 8], limit: 1000, scope }),
      expect: atLeast(1000),
    },
    {
      name: 'sync/pull page of customers',
      path: (r) => query(syncPaths.pull, { company, cursor: pullCursors.customer[r % 8], limit: 1000, scope }),
      expect: atLeast(1000),
    },
  ];
  if (scale.orders > 0) {
    const orderCursor = await seqOf('order', Math.floor(scale.orders / 2));
    pullCases.push({
      name: 'sync/pull page among orders (owner filter)',
      path: () => query(syncPaths.pull, { company, cursor: orderCursor, limit: 1000, scope }),
      expect: atLeast(1),
    });
  }
  return {
    customers: await runCases(
      server,
      token,
      `Customer list at ${scale.customers.toLocaleString('en-US')} customers (${server.driver})`,
      customerCases,
    ),
    catalogue: await runCases(
      server,
      token,
      `Catalogue at ${scale.variants.toLocaleString('en-US')} variants (${server.driver})`,
      catalogueCases,
    ),
    pull: await runCases(server, token, `Sync pull, pages of 1000 (${server.driver})`, pullCases),
  };
}

// ---- Orders -----------------------------------------------------------------------------------------

async function orderBench(server: ScaleServer, token: string, random: Random) {
  const company = server.companyId;
  const active = server.data.customers.filter((customer) => customer.active);
  const sellable = server.data.variants.filter((variant) => variant.active);
  const device = uuidv7();
  let localCounter = 0;
  const payload = (): OrderSubmitPayload => {
    const customer = active[random.int(0, active.length - 1)]!;
    localCounter += 1;
    const lines = Array.from({ length: random.int(1, 5) }, () => {
      const variant = sellable[random.int(0, sellable.length - 1)]!;
      const unit = random.pick(variant.units);
      return {
        lineId: uuidv7(),
        variantId: variant.id,
        unit: unit.unit,
        quantity: random.int(1, 5),
        quotedUnitPrice: unit.price,
        discount: null,
      };
    });
    return {
      orderId: uuidv7(),
      localNo: `BN-BNCH-${localCounter}`,
      customerId: customer.id,
      visitId: null,
      deliveryDate: null,
      note: 'Đơn đo hiệu năng',
      lines,
      quotedTotal: 0,
      createdAt: new Date().toISOString(),
    };
  };
  const outcomes: Record<string, number> = {};
  const submit = async () => {
    const body = payload();
    const answer = await server.call<PushAnswer>(syncPaths.push, {
      token,
      body: {
        company,
        deviceId: device,
        ops: [{ opId: uuidv7(), type: 'order.submit', schemaVersion: 1, clientCreatedAt: body.createdAt, payload: body, dependsOn: [] }],
      },
    });
    const outcome = answer.status === 200 ? answer.body.data.results[0]!.outcome : `HTTP ${answer.status}`;
    outcomes[outcome] = (outcomes[outcome] ?? 0) + 1;
    return answer.ms;
  };
  const sequential = await measure(SUBMITS, 5, () => submit());
  const concurrentStarted = performance.now();
  const concurrent: number[] = [];
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      for (let i = 0; i < SUBMITS / 4; i += 1) concurrent.push(await submit());
    }),
  );
  const concurrentSeconds = (performance.now() - concurrentStarted) / 1000;
  const seq = summarize(sequential);
  const conc = summarize(concurrent);
  table(
    `order.submit through /api/sync/push, 1–5 lines, at ${(scale.orders + SUBMITS).toLocaleString('en-US')}+ orders (${server.driver})`,
    ['mode', 'submits', 'p50 ms', 'p95 ms', 'p99 ms', 'max ms', 'orders/s'],
    [
      ['sequential', seq.n, seq.p50, seq.p95, seq.p99, seq.max, 1000 / seq.mean],
      [`${CONCURRENCY} at a time`, conc.n, conc.p50, conc.p95, conc.p99, conc.max, conc.n / concurrentSeconds],
    ],
  );
  console.info(
    `  outcomes: ${Object.entries(outcomes)
      .map(([k, v]) => `${k} ${v}`)
      .join(', ')}`,
  );
  const failed = Object.entries(outcomes).filter(([outcome]) => outcome !== 'applied' && outcome !== 'applied_with_changes');
  if (failed.length > 0) throw new Error(`order submits not applied: ${JSON.stringify(outcomes)}`);

  const orders = server.data.orders;
  const pick = () => orders[random.int(0, orders.length - 1)]!;
  const customerById = new Map(server.data.customers.map((customer) => [customer.id, customer]));
  const perRun = <T>(make: () => T) => {
    const made = new Map<number, T>();
    return (run: number) => {
      if (!made.has(run)) made.set(run, make());
      return made.get(run)!;
    };
  };
  const customerWords = perRun(() => fold(wordsOf(customerById.get(pick().customerId)!.name).slice(-2).join(' ')));
  const orderCode = perRun(() => pick().code);
  const phone = perRun(() => (customerById.get(pick().customerId)!.phone ?? '0909').slice(0, 7));
  const day = (daysAgo: number) => new Date(Date.now() + 7 * 3_600_000 - daysAgo * 86_400_000).toISOString().slice(0, 10);
  const customerOf = perRun(() => pick().customerId);
  const list = (params: Record<string, string | number | undefined>) => query(orderPaths.orders, { company, limit: 20, ...params });
  const atLeast = (n: number) => (count: number) => (count >= n ? null : `expected at least ${n}, got ${count}`);
  const cases: Case[] = [
    { name: 'ordercompany/ first page (newest)', path: () => list({}), expect: atLeast(scale.orders) },
    { name: 'ordercompany/ status=pending', path: () => list({ status: 'pending' }), expect: atLeast(1) },
    { name: 'ordercompany/ status=completed page 50', path: () => list({ status: 'completed', page: 50 }), expect: atLeast(1) },
    { name: 'ordercompany/ search customer name', path: (r) => list({ search: customerWords(r) }), expect: atLeast(1) },
    { name: 'ordercompany/ search order code', path: (r) => list({ search: orderCode(r) }), expect: atLeast(1) },
    { name: 'ordercompany/ search phone prefix', path: (r) => list({ search: phone(r) }), expect: atLeast(1) },
    { name: 'ordercompany/ last 7 days', path: () => list({ date_from: day(7), date_to: day(0) }), expect: atLeast(1) },
    {
      name: 'ordercompany/ one month, total desc',
      path: () => list({ date_from: day(60), date_to: day(30), ordering: '-total' }),
      expect: atLeast(1),
    },
    { name: 'ordercompany/ province 79 + delivering', path: () => list({ province: '79', status: 'delivering' }) },
    { name: 'ordercompany/ one customer', path: (r) => list({ customer: customerOf(r) }), expect: atLeast(1) },
    { name: 'countorder/ (status tabs)', path: () => query(orderPaths.counts, { company }) },
    { name: 'countorder/ last 7 days', path: () => query(orderPaths.counts, { company, date_from: day(7), date_to: day(0) }) },
  ];
  const listResults = await runCases(
    server,
    token,
    `/order list at ${scale.orders.toLocaleString('en-US')} orders (${server.driver})`,
    cases,
  );
  return {
    submit: {
      sequential: seq,
      concurrent: { ...conc, concurrency: CONCURRENCY, ordersPerSecond: Number((conc.n / concurrentSeconds).toFixed(1)) },
      outcomes,
    },
    list: listResults,
  };
}

// ---- Main ------------------------------------------------------------------------------------------

const started = performance.now();
const server = await startScaleServer({ scale });
const random = seededRandom(99);
let lists: Awaited<ReturnType<typeof listBench>> | null = null;
let orders: Awaited<ReturnType<typeof orderBench>> | null = null;
try {
  const an = await server.login();
  if (only !== 'orders') lists = await listBench(server, an.access, random);
  if (only !== 'lists' && scale.orders > 0) orders = await orderBench(server, an.access, random);
} finally {
  await server.stop();
}
const file = writeResult(`server-scale-${server.driver}`, {
  machine: machineInfo({ database: server.driver }),
  scale,
  runsPerCall: RUNS,
  generation: server.data.timings,
  lists,
  orders,
  totalSeconds: Number(((performance.now() - started) / 1000).toFixed(1)),
});
console.info(
  `\nResults written to ${file} (whole run ${seconds(performance.now() - started)}, data generation ${server.data.timings.total} s).`,
);
