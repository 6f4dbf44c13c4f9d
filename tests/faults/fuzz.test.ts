/**
 * Property-based fuzzing of EVERY API route, taken from the app's own route table
 * (support/routes.ts reads `app.routes`, so new routes are fuzzed without editing this file).
 *
 * For each route, fast-check draws requests: path parameters from ids that exist (learned per
 * route), from other companies, and malformed; query strings built from the keys of the
 * contract's query schemas with values that pass their patterns but may still be nonsense
 * (2026-13-45); bodies drawn from the contract schema the route expects (found by asking the route
 * what `{}` is missing), mutated (missing keys, wrong types, numbers past int4, __proto__ keys),
 * random JSON, and malformed bodies (bad JSON, wrong content type, 1 MB+, deep nesting); JSON nested
 * 33 to 50,000 levels deep and JSON of 200 KB to past the 1 MB limit (support/schema-arbitrary.ts
 * EXTREMES), as the whole body or in place of one key, drawn now and then for every route and
 * sent for certain, deep and large, to every route that takes a body and in the payload of every
 * op type (before the depth bound, a payload nested a few thousand levels answered 500); tokens
 * valid, missing, malformed, expired, revoked, of another company. The property:
 *  - no answer is a 5xx;
 *  - every 4xx is the JSON envelope with a known `error` code and a non-empty Vietnamese `message`;
 *  - a pushed op is never answered "retry / INTERNAL" (an op that fails on the server for its
 *    content would be retried forever and block the device's queue behind it).
 * A failing route is shrunk to a small reproduction and listed; the run fails if any route failed.
 * Upload routes get multipart bodies too (support/upload-files.ts): real, odd and broken files.
 * FUZZ_RUNS (default 40) cases per route; the seed is fixed (FUZZ_SEED=<n> or FUZZ_SEED=random).
 * FAULTS_VERBOSE=1 prints the table per route.
 */
import http from 'node:http';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LoginAnswer } from '@contract/auth';
import { isErrorCode } from '@contract/errors';
import { OP_SPECS } from '@contract/sync-domains';
import type { PushAnswer } from '@contract/sync';
import { uuidv7 } from '@contract/uuid';
import { signAccessToken } from '@server/lib/tokens';
import { startTestServer, type TestServer } from '@server/testing/test-server';
import { seedFromEnv } from './support/prng';
import { grid, seconds, table } from './support/report';
import { fillPath, routeName, routeTable, type RouteEntry } from './support/routes';
import {
  arbitraryFor,
  bestCandidates,
  EXTREMES,
  extremeArbitrary,
  placeExtreme,
  harvestContract,
  isoInstantArbitrary,
  weirdJson,
  weirdString,
  type AnySchema,
  type Extreme,
  type Harvest,
  type IdPools,
} from './support/schema-arbitrary';
import { seedTenant } from './support/seed-tenant';
import { encodeMultipart, multipartArbitrary, uploadFiles, type MultipartBody, type UploadFile } from './support/upload-files';
import { idPools } from './support/tenant-data';

const RUNS = Number(process.env.FUZZ_RUNS ?? 40);
const SEED = seedFromEnv('FUZZ_SEED', 20261121);
const TIME_LIMIT_PER_ROUTE_MS = 25_000;
/** Letters only Vietnamese text has: a message without any is not the product's Vietnamese. */
const VIETNAMESE = /[àáạảãâầấậẩẫăằắặẳẵèéẹẻẽêềếệểễìíịỉĩòóọỏõôồốộổỗơờớợởỡùúụủũưừứựửữỳýỵỷỹđ]/i;

type TokenKind = 'owner' | 'other-tenant' | 'none' | 'malformed' | 'expired' | 'revoked' | 'wrong-scheme' | 'huge';
/** `splice`: an extreme value (too deep or too big to build as an object) sent in place of `marker` in the JSON text. */
type Splice = { marker: string; extreme: Extreme };
type Body =
  | { kind: 'none' }
  | { kind: 'json'; value: unknown; splice?: Splice }
  | { kind: 'raw'; text: string; contentType: string | null }
  | MultipartBody;
type Case = { token: TokenKind; params: Record<string, string>; query: [string, string][]; body: Body; slash: boolean };
type Failure = { route: string; problem: string; request: string; answer: string; runs: number; shrinks: number };

let server: TestServer;
let harvest: Harvest;
let routes: RouteEntry[];
const tokens: Record<TokenKind, string | null> = {
  owner: null,
  'other-tenant': null,
  none: null,
  malformed: 'Bearer abc.def.ghi',
  expired: null,
  revoked: null,
  'wrong-scheme': null,
  huge: `Bearer ${'x'.repeat(5000)}`,
};
let an: LoginAnswer;
let anKhang: number;
let minhPhat: number;
let fieldPools: IdPools;
let numericIds: number[];
let uuidIds: string[];
let tablePools: Record<string, (string | number)[]>;
let files: UploadFile[];

function sessionIdOf(access: string): string {
  const payload = JSON.parse(Buffer.from(access.split('.')[1]!, 'base64url').toString('utf8')) as { sid: string };
  return payload.sid;
}

beforeAll(async () => {
  server = await startTestServer({ loginMaxFailuresPerIp: 1_000_000, loginMaxFailuresPerAccount: 1_000_000 });
  an = await server.login('0901234567');
  const binh = await server.login('0907654321');
  anKhang = an.account.company_data.find((entry) => entry.company_data.title === 'Công ty Dược phẩm An Khang')!.company;
  minhPhat = binh.account.company_data[0]!.company;
  await seedTenant(server, an, anKhang, 'AK');
  await seedTenant(server, binh, minhPhat, 'MP');
  tokens.owner = `Bearer ${an.access}`;
  tokens['other-tenant'] = `Bearer ${binh.access}`;
  tokens.expired = `Bearer ${await signAccessToken(server.deps.keys, an.account.id, sessionIdOf(an.access), new Date(Date.now() - 3_600_000))}`;
  const revoked = await server.login('0901234567');
  await server.call('/account/api/logout/', { token: revoked.access, body: {} });
  tokens.revoked = `Bearer ${revoked.access}`;
  tokens['wrong-scheme'] = `Basic ${Buffer.from('0901234567:Demo@2026').toString('base64')}`;

  tablePools = await idPools(server.database.db, anKhang);
  const mpPools = await idPools(server.database.db, minhPhat, 3);
  const pool = (table: string) => [...(tablePools[table] ?? []), ...(mpPools[table] ?? []).slice(0, 1)];
  const accounts = [an.account.id, binh.account.id];
  fieldPools = {
    company: [anKhang, anKhang, anKhang, minhPhat],
    customerId: pool('customers'),
    customer: pool('customers'),
    customers: pool('customers'),
    orderId: pool('orders'),
    orders: pool('orders'),
    add: pool('orders'),
    remove: pool('orders'),
    visitId: pool('visits'),
    variantId: pool('variants'),
    variant_id: pool('variants'),
    policy: pool('price_policies'),
    customer_type_id: pool('customer_types'),
    customer_type: pool('customer_types'),
    level_id: pool('customer_levels'),
    level: pool('customer_levels'),
    ids: pool('products'),
    brand_id: pool('product_brands'),
    brand: pool('product_brands'),
    category_id: pool('product_categories'),
    category: pool('product_categories'),
    group_id: pool('product_groups'),
    group: pool('product_groups'),
    staff_id: accounts,
    staff: accounts,
    account: accounts,
    unit: ['viên', 'vỉ', 'hộp', 'Hộp', 'chai'],
    phone: ['0901234567', '0907654321', '0912345678'],
  };
  numericIds = [
    ...new Set(
      Object.values(tablePools)
        .flat()
        .filter((id): id is number => typeof id === 'number'),
    ),
  ];
  uuidIds = [
    ...new Set(
      Object.values(tablePools)
        .flat()
        .filter((id): id is string => typeof id === 'string'),
    ),
  ];
  harvest = await harvestContract(path.resolve('contract'));
  routes = routeTable(server.deps);
  const template = async (pathname: string) =>
    (await fetch(`${server.url}/api${pathname}?company=${anKhang}`, { headers: { authorization: tokens.owner! } })).arrayBuffer();
  files = await uploadFiles([
    await template('/account/api/import-data-sales/template/'),
    await template('/account/api/import-revenua-sales/template/'),
  ]);
}, 180_000);

afterAll(async () => {
  await server?.stop();
});

// ---- sending a case and judging the answer --------------------------------------------------------

/** Lone surrogates cannot be sent in a URL at all: they go as U+FFFD, as a browser would send them. */
const wellFormed = (value: string) => value.replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '\uFFFD');
const encode = (value: string) => encodeURIComponent(wellFormed(value));

function urlOf(route: RouteEntry, item: Case): string {
  let pathname = fillPath(route.path, Object.fromEntries(Object.entries(item.params).map(([key, value]) => [key, wellFormed(value)])));
  if (item.slash && !pathname.endsWith('/')) pathname += '/';
  const query = item.query.map(([key, value]) => `${encode(key)}=${encode(value)}`).join('&');
  return `${pathname}${query ? `?${query}` : ''}`;
}

type Answer = { status: number; text: string; contentType: string };

/**
 * One request on its own connection (node:http, no keep-alive), so each case is judged alone; what
 * an answer does to a reused connection is checked by the test after the fuzzing.
 */
function request(method: string, url: string, headers: Record<string, string>, body: string | Buffer | undefined): Promise<Answer> {
  const payload = body === undefined ? undefined : typeof body === 'string' ? Buffer.from(body, 'utf8') : body;
  const sent = payload ? { ...headers, 'content-length': String(payload.length) } : headers;
  return new Promise((resolve, reject) => {
    const outgoing = http.request(url, { method, headers: sent, agent: false, timeout: 30_000 }, (incoming) => {
      const chunks: Buffer[] = [];
      incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
      incoming.on('end', () =>
        resolve({
          status: incoming.statusCode ?? 0,
          text: Buffer.concat(chunks).toString('utf8'),
          contentType: String(incoming.headers['content-type'] ?? ''),
        }),
      );
      incoming.on('error', reject);
    });
    outgoing.on('timeout', () => outgoing.destroy(new Error('no answer within 30 s')));
    outgoing.on('error', reject);
    outgoing.end(payload);
  });
}

async function send(route: RouteEntry, item: Case): Promise<Answer> {
  const headers: Record<string, string> = { accept: 'application/json' };
  const token = tokens[item.token];
  if (token) headers.authorization = token;
  let body: string | Buffer | undefined;
  if (item.body.kind === 'multipart') {
    const encoded = await encodeMultipart(item.body);
    body = encoded.bytes;
    headers['content-type'] = encoded.contentType;
  } else if (item.body.kind === 'json') {
    body = JSON.stringify(item.body.value) ?? 'null';
    if (item.body.splice) {
      body = body.replace(JSON.stringify(item.body.splice.marker), item.body.splice.extreme.text);
      extremesSent[item.body.splice.extreme.kind] += 1;
    }
    headers['content-type'] = 'application/json';
  } else if (item.body.kind === 'raw') {
    body = item.body.text;
    if (item.body.contentType) headers['content-type'] = item.body.contentType;
  }
  const method = route.method === 'ALL' ? 'POST' : route.method;
  const answer = await request(
    method,
    `${server.url}${urlOf(route, item)}`,
    headers,
    method === 'GET' || method === 'HEAD' ? undefined : body,
  );
  // The owner's session was ended by the case (logout, password change): sign in again.
  if (item.token === 'owner' && answer.status === 401) {
    an = await server.login('0901234567');
    tokens.owner = `Bearer ${an.access}`;
  }
  return answer;
}

/** Extreme bodies sent, deep and large, in the property's cases and the certain ones (report). */
const extremesSent = { deep: 0, large: 0 };
const MARKER = '@@extreme@@';

/** A JSON body with an extreme in it: as the body, or in place of one of its keys. */
function withExtreme(body: Body, extreme: Extreme, where: number): Body {
  const value = body.kind === 'json' ? body.value : {};
  return { kind: 'json', value: placeExtreme(value, MARKER, where), splice: { marker: MARKER, extreme } };
}

/** A push body with an extreme in the payload of one of its ops (the whole payload, or one key of it). */
function withExtremeOp(body: Body, extreme: Extreme, where: number): Body {
  const value = body.kind === 'json' ? (body.value as { ops?: unknown }) : null;
  if (!value || !Array.isArray(value.ops) || value.ops.length === 0) return withExtreme(body, extreme, where);
  const ops = [...value.ops] as Record<string, unknown>[];
  const index = where % ops.length;
  ops[index] = { ...ops[index], payload: placeExtreme(ops[index]!.payload, MARKER, Math.floor(where / ops.length)) };
  return { kind: 'json', value: { ...value, ops }, splice: { marker: MARKER, extreme } };
}

function verdict(route: RouteEntry, answer: Answer): string | null {
  if (answer.status >= 500) return `answered ${answer.status}: ${answer.text.slice(0, 200)}`;
  if (answer.status >= 400) {
    let envelope: { code?: unknown; error?: unknown; message?: unknown };
    try {
      envelope = JSON.parse(answer.text) as typeof envelope;
    } catch {
      return `a ${answer.status} that is not the JSON envelope: ${answer.text.slice(0, 120)}`;
    }
    if (typeof envelope.message !== 'string' || envelope.message.trim() === '') return `a ${answer.status} without a message`;
    if (!VIETNAMESE.test(envelope.message))
      return `a ${answer.status} whose message is not Vietnamese: "${envelope.message.slice(0, 120)}"`;
    if (!isErrorCode(envelope.error)) return `a ${answer.status} without a known error code (error: ${JSON.stringify(envelope.error)})`;
    if (envelope.code !== answer.status) return `a ${answer.status} whose envelope says code ${JSON.stringify(envelope.code)}`;
  }
  if (route.path === '/api/sync/push' && answer.status === 200) {
    const results = (JSON.parse(answer.text) as { data: PushAnswer }).data.results;
    const internal = results.find((result) => result.outcome === 'retry' && result.error?.code === 'INTERNAL');
    if (internal) return `a pushed op answered "retry / INTERNAL" (retried forever, blocks the queue): ${internal.error?.message}`;
  }
  return null;
}

// ---- what to send -------------------------------------------------------------------------------

const queryKeys = (): string[] => {
  const keys = new Set<string>(['company']);
  for (const object of harvest.objects) if (/Query$/.test(object.name)) for (const key of object.keys) keys.add(key);
  return [...keys];
};

function asQueryValue(value: unknown): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return JSON.stringify(value) ?? '';
}

function valueFor(key: string, weird: number): fc.Arbitrary<unknown> {
  const specs = (harvest.keys.get(key) ?? []).slice(0, 4);
  if (specs.length === 0) return fieldPools[key]?.length ? fc.oneof(fc.constantFrom(...fieldPools[key]!), weirdJson) : weirdJson;
  return fc.oneof(...specs.map((spec) => arbitraryFor(spec, { pools: fieldPools, weird, key })));
}

const BIG_JSON = JSON.stringify({ company: 1, note: 'x'.repeat(1_100_000) });
const DEEP_JSON = `${'['.repeat(50_000)}${']'.repeat(50_000)}`;
const DEEP_OBJECT = `${'{"a":'.repeat(5_000)}1${'}'.repeat(5_000)}`;
const rawBody: fc.Arbitrary<Body> = fc
  .tuple(
    fc.constantFrom(
      '{',
      '{"company":',
      'not json',
      '\ufeff{}',
      ']',
      '{"a":1}{"b":2}',
      'null',
      '"text"',
      '12',
      DEEP_JSON,
      DEEP_OBJECT,
      BIG_JSON,
      '{"company":1e999}',
      '{"company":"1"}',
    ),
    fc.constantFrom<string | null>(
      'application/json',
      'application/json',
      'text/plain',
      'application/x-www-form-urlencoded',
      'multipart/form-data; boundary=x',
      'application/json; charset=latin1',
      null,
    ),
  )
  .map(([text, contentType]) => ({ kind: 'raw', text, contentType }));

function opsArbitrary(): fc.Arbitrary<unknown> {
  const types = [...Object.keys(OP_SPECS), 'unknown.op'];
  const op = fc.constantFrom(...types).chain((type) =>
    fc.record({
      opId: fc.oneof(fc.uuid(), fc.constantFrom(...(uuidIds.length ? uuidIds : ['x']))),
      type: fc.constant(type),
      schemaVersion: fc.constantFrom(1, 1, 1, 0, 2, 1.5),
      clientCreatedAt: fc.oneof(isoInstantArbitrary, weirdString),
      payload:
        type in OP_SPECS
          ? arbitraryFor(OP_SPECS[type as keyof typeof OP_SPECS].schema as unknown as AnySchema, {
              pools: fieldPools,
              weird: 0.1,
            })
          : weirdJson,
      dependsOn: fc.oneof({ arbitrary: fc.constant([]), weight: 4 }, { arbitrary: fc.array(fc.uuid(), { maxLength: 2 }), weight: 1 }),
    }),
  );
  return fc.array(op, { minLength: 1, maxLength: 5 });
}

function fieldsOf(answer: Answer): string[] {
  if (answer.status !== 400) return [];
  try {
    return [
      ...new Set(
        Object.keys((JSON.parse(answer.text) as { fields?: Record<string, string> }).fields ?? {}).map((key) => key.split('.')[0]!),
      ),
    ];
  } catch {
    return [];
  }
}

const INVALID = { '\u0000': ['!'.repeat(300)] };

/**
 * What a route reads, learned by asking it: `{}` names the body keys it requires; a body and a
 * query string with EVERY known key set to something invalid name every key it validates.
 */
async function probeKeys(
  route: RouteEntry,
  params: Record<string, string>,
  queryKeyList: string[],
): Promise<{ required: string[]; body: string[]; query: string[]; multipart: boolean }> {
  const write = route.method !== 'GET' && route.method !== 'HEAD';
  const query = await send(route, {
    token: 'owner',
    params,
    query: queryKeyList.map((key) => [key, '!'.repeat(300)]),
    body: { kind: 'none' },
    slash: false,
  });
  if (!write) return { required: [], body: [], query: fieldsOf(query), multipart: false };
  const company: [string, string][] = [['company', String(anKhang)]];
  const empty = await send(route, { token: 'owner', params, query: company, body: { kind: 'json', value: {} }, slash: false });
  const required = fieldsOf(empty);
  // An upload route refuses JSON at once (415, or 400 asking for multipart/form-data).
  const multipart = empty.status === 415 || (empty.status === 400 && /multipart/i.test(empty.text));
  const everything = Object.fromEntries([...harvest.keys.keys()].map((key) => [key, INVALID]));
  const body = fieldsOf(
    await send(route, { token: 'owner', params, query: company, body: { kind: 'json', value: everything }, slash: false }),
  );
  return { required, body: [...new Set([...required, ...body])], query: fieldsOf(query), multipart };
}

function bodyArbitrary(
  route: RouteEntry,
  probed: { required: string[]; body: string[]; multipart: boolean },
): { any: fc.Arbitrary<Body>; schema: fc.Arbitrary<Body> | null } {
  if (route.method === 'GET' || route.method === 'HEAD') return { any: fc.constant({ kind: 'none' }), schema: null };
  const uploads = multipartArbitrary(files, [String(anKhang), String(anKhang), String(minhPhat)]);
  const wanted = new Set(probed.required);
  const known = new Set(probed.body);
  const candidates = bestCandidates(harvest, wanted, known);
  const company = fc.oneof(fc.constantFrom(anKhang, anKhang, minhPhat), weirdJson);
  const fromKeys = fc
    .tuple(
      fc.record(Object.fromEntries([...wanted].map((key) => [key, valueFor(key, 0.2)]))),
      fc
        .subarray([...known])
        .chain((keys) => fc.record(Object.fromEntries(keys.map((key) => [key, valueFor(key, 0.2)])), { requiredKeys: [] })),
      fc
        .array(fc.constantFrom(...harvest.keys.keys()), { maxLength: 2 })
        .chain((keys) => fc.record(Object.fromEntries(keys.map((key) => [key, valueFor(key, 0.3)])))),
    )
    .map(([required, optional, extra]) => ({ kind: 'json' as const, value: { ...extra, ...optional, ...required } }));
  let schemaBody: fc.Arbitrary<Body> = fromKeys;
  if (route.path === '/api/sync/push') {
    schemaBody = fc
      .record({ company, deviceId: fc.oneof(fc.uuid(), weirdString), ops: opsArbitrary() })
      .map((value) => ({ kind: 'json' as const, value }));
  } else if (candidates.length > 0) {
    schemaBody = fc
      .tuple(
        fc.oneof(
          ...candidates.map((object) => arbitraryFor(object.schema, { pools: fieldPools, weird: 0.02 })),
          ...candidates.map((object) => arbitraryFor(object.schema, { pools: fieldPools, weird: 0.15 })),
        ),
        company,
      )
      .map(([value, companyId]) => {
        const object = (typeof value === 'object' && value !== null && !Array.isArray(value) ? value : {}) as Record<string, unknown>;
        return {
          kind: 'json' as const,
          value: wanted.has('company') && !('company' in object) ? { ...object, company: companyId } : value,
        };
      });
  }
  const push = route.path === '/api/sync/push';
  const extreme = fc
    .tuple(schemaBody, extremeArbitrary, fc.nat())
    .map(([body, chosen, where]) => (push ? withExtremeOp(body, chosen, where) : withExtreme(body, chosen, where)));
  const any = fc.oneof(
    // An upload route gets mostly uploads; every other route one now and then.
    { arbitrary: uploads, weight: probed.multipart ? 24 : 1 },
    { arbitrary: schemaBody, weight: 6 },
    { arbitrary: fromKeys, weight: 2 },
    { arbitrary: weirdJson.map((value) => ({ kind: 'json' as const, value })), weight: 1 },
    { arbitrary: rawBody, weight: 1 },
    { arbitrary: fc.constant({ kind: 'none' as const }), weight: 1 },
    // Nested very deep or very large (docs/security.md "JSON bounds"); the push route's ops carry them more often.
    { arbitrary: extreme, weight: push ? 4 : 1 },
  );
  return { any, schema: schemaBody };
}

const relevance = new Map<string, (string | number)[]>();

/**
 * Which tables' ids a path parameter takes: those that do not answer 404 (learned by asking, with
 * GET when the path has one; a DELETE is never asked, it would delete).
 */
async function relevantIds(route: RouteEntry, name: string, pattern: string | null): Promise<(string | number)[]> {
  const cacheKey = `${route.path} ${name}`;
  const cached = relevance.get(cacheKey);
  if (cached) return cached;
  const numeric = pattern !== null && /\[0-9\]/.test(pattern);
  const tables = Object.entries(tablePools).filter(([, ids]) => ids.length > 0 && (!numeric || typeof ids[0] === 'number'));
  if (route.method === 'DELETE') return tables.flatMap(([, ids]) => ids);
  const found = await askRelevance(route, name, tables);
  relevance.set(cacheKey, found);
  return found;
}

async function askRelevance(route: RouteEntry, name: string, tables: [string, (string | number)[]][]): Promise<(string | number)[]> {
  const relevant: (string | number)[] = [];
  for (const [, ids] of tables) {
    const params = Object.fromEntries(route.params.map((param) => [param.name, String(param.name === name ? ids[0] : (ids[0] ?? 1))]));
    const answer = await send(route, {
      token: 'owner',
      params,
      query: [['company', String(anKhang)]],
      body: { kind: 'json', value: {} },
      slash: true,
    });
    if (answer.status !== 404) relevant.push(...ids);
  }
  return relevant;
}

function paramArbitrary(pattern: string | null, relevant: (string | number)[]): fc.Arbitrary<string> {
  const numeric = pattern !== null && /\[0-9\]/.test(pattern);
  const known = relevant.length ? relevant : numeric ? numericIds : [...uuidIds, ...numericIds];
  const strange = numeric
    ? fc.oneof(
        fc.constantFrom('0', '1', '2147483647', '2147483648', '99999999999', '000001', '99999999999999999999999'),
        fc.nat().map(String),
      )
    : fc.oneof(
        weirdString,
        fc.uuid(),
        fc.constantFrom(...(numericIds.length ? numericIds : [1]).map(String)),
        fc.stringMatching(/^\d{1,6}$/),
      );
  return fc.oneof({ arbitrary: fc.constantFrom(...known.map(String)), weight: known.length ? 6 : 0 }, { arbitrary: strange, weight: 3 });
}

/** Sent to every route that takes a body, and in every op type's payload, whatever the draw. */
const CERTAIN: readonly Extreme[] = [
  EXTREMES.find((e) => e.label === 'object ×20000')!,
  EXTREMES.find((e) => e.label === '100,000 numbers')!,
];

/**
 * The certain extreme cases of a route: one deep and one large body (in place of a key of a body
 * its schema expects); on the push route, for every op type, an op whose whole payload, then one
 * key of it, is each of them.
 */
function certainCases(route: RouteEntry, schema: fc.Arbitrary<Body> | null, params: Record<string, string>, index: number): Case[] {
  if (!schema) return [];
  const asCase = (body: Body): Case => ({ token: 'owner', params, query: [['company', String(anKhang)]], body, slash: true });
  if (route.path !== '/api/sync/push') {
    const [base] = fc.sample(schema, { numRuns: 1, seed: SEED + index });
    return CERTAIN.map((extreme) => asCase(withExtreme(base!, extreme, 2)));
  }
  return Object.entries(OP_SPECS).flatMap(([type, spec]) => {
    const [payload] = fc.sample(arbitraryFor(spec.schema as unknown as AnySchema, { pools: fieldPools, weird: 0 }), {
      numRuns: 1,
      seed: SEED + index,
    });
    const op = { opId: uuidv7(), type, schemaVersion: 1, clientCreatedAt: new Date().toISOString(), payload, dependsOn: [] };
    const body: Body = { kind: 'json', value: { company: anKhang, deviceId: uuidv7(), ops: [op] } };
    return CERTAIN.flatMap((extreme) => [0, 2].map((where) => asCase(withExtremeOp(body, extreme, where))));
  });
}

// ---- the run ------------------------------------------------------------------------------------

describe('fuzzing every API route', () => {
  it(`no 5xx, and every 4xx carries a Vietnamese message (seed ${SEED}, ${RUNS} cases per route)`, async () => {
    const started = Date.now();
    expect(routes.length, 'routes in the table').toBeGreaterThan(50);
    const failures: Failure[] = [];
    const perRoute: (string | number)[][] = [];
    let total = 0;
    const statusTally = { '2xx': 0, '3xx': 0, '4xx': 0, '5xx': 0 };
    let certainSent = 0;
    const keys = queryKeys();

    for (const [index, route] of routes.entries()) {
      const routeStarted = Date.now();
      // Keep the company's switches on, so routes behind them stay reachable.
      await server.database.db.execute(sql`update company_features set is_enabled = true where company_id = ${anKhang}`);
      const relevant: Record<string, (string | number)[]> = {};
      for (const param of route.params) relevant[param.name] = await relevantIds(route, param.name, param.pattern);
      const probeParams = Object.fromEntries(route.params.map((param) => [param.name, String(relevant[param.name]?.[0] ?? 1)]));
      const probed = await probeKeys(route, probeParams, keys);
      const bodies = bodyArbitrary(route, probed);
      const routeKeys = probed.query.filter((key) => key !== 'company');

      const caseArbitrary: fc.Arbitrary<Case> = fc.record({
        token: fc.oneof(
          { arbitrary: fc.constant<TokenKind>('owner'), weight: 14 },
          {
            arbitrary: fc.constantFrom<TokenKind>('other-tenant', 'none', 'malformed', 'expired', 'revoked', 'wrong-scheme', 'huge'),
            weight: 4,
          },
        ),
        params: fc.record(
          Object.fromEntries(route.params.map((param) => [param.name, paramArbitrary(param.pattern, relevant[param.name] ?? [])])),
        ) as fc.Arbitrary<Record<string, string>>,
        query: fc.oneof(
          // Focused: the company, and one or two keys this route reads with near-valid values.
          {
            arbitrary: fc
              .tuple(
                fc.constantFrom(String(anKhang), String(anKhang), String(minhPhat)),
                fc
                  .oneof(
                    { arbitrary: fc.subarray(routeKeys.length ? routeKeys : keys, { minLength: 1, maxLength: 1 }), weight: 2 },
                    {
                      arbitrary: fc.subarray(routeKeys.length ? routeKeys : keys, {
                        maxLength: Math.min(2, routeKeys.length || keys.length),
                      }),
                      weight: 1,
                    },
                  )
                  .chain((chosen) =>
                    fc.tuple(...chosen.map((key) => valueFor(key, 0.03).map((value) => [key, asQueryValue(value)] as [string, string]))),
                  ),
              )
              .map(([company, rest]) => [['company', company] as [string, string], ...rest]),
            weight: 3,
          },
          // Chaos: any keys, weird values, the company missing or strange.
          {
            arbitrary: fc
              .tuple(
                fc.option(fc.oneof(fc.constantFrom(String(anKhang), String(anKhang), String(minhPhat)), weirdString), {
                  freq: 8,
                  nil: undefined,
                }),
                fc.array(
                  fc.oneof(
                    {
                      arbitrary: fc
                        .constantFrom(...(routeKeys.length ? routeKeys : keys))
                        .chain((key) => valueFor(key, 0.2).map((value) => [key, asQueryValue(value)] as [string, string])),
                      weight: routeKeys.length ? 8 : 0,
                    },
                    {
                      arbitrary: fc
                        .constantFrom(...keys)
                        .chain((key) => valueFor(key, 0.25).map((value) => [key, asQueryValue(value)] as [string, string])),
                      weight: 2,
                    },
                    {
                      arbitrary: fc.tuple(
                        fc.constantFrom('__proto__', 'constructor', 'company[]', '', 'a'.repeat(300), 'company'),
                        weirdString,
                      ),
                      weight: 1,
                    },
                  ),
                  { maxLength: 4 },
                ),
              )
              .map(([company, rest]) => [...(company === undefined ? [] : [['company', company] as [string, string]]), ...rest]),
            weight: 2,
          },
        ),
        body: bodies.any,
        slash: fc.boolean(),
      });

      let last: { item: Case; answer: Answer; problem: string } | null = null;
      const counts = { '2xx': 0, '3xx': 0, '4xx': 0, '5xx': 0 };
      const result = await fc.check(
        fc.asyncProperty(caseArbitrary, async (item) => {
          let answer: Answer;
          try {
            answer = await send(route, item);
          } catch (error) {
            last = { item, answer: { status: 0, text: String(error), contentType: '' }, problem: `no answer: ${String(error)}` };
            return false;
          }
          const bucket = `${Math.floor(answer.status / 100)}xx` as keyof typeof counts;
          if (bucket in counts) counts[bucket] += 1;
          const problem = verdict(route, answer);
          if (problem) {
            last = { item, answer, problem };
            return false;
          }
          return true;
        }),
        { numRuns: RUNS, seed: SEED + index, interruptAfterTimeLimit: TIME_LIMIT_PER_ROUTE_MS, markInterruptAsFailure: false },
      );
      total += counts['2xx'] + counts['3xx'] + counts['4xx'] + counts['5xx'];
      for (const key of Object.keys(counts) as (keyof typeof counts)[]) statusTally[key] += counts[key];
      const failed = last as { item: Case; answer: Answer; problem: string } | null;
      if (result.failed && failed) {
        const body =
          failed.item.body.kind === 'json'
            ? `${failed.item.body.splice ? `(${failed.item.body.splice.extreme.label} at ${MARKER}) ` : ''}${JSON.stringify(failed.item.body.value)}`
            : failed.item.body.kind === 'raw'
              ? `(${failed.item.body.contentType ?? 'no content-type'}) ${failed.item.body.text}`
              : failed.item.body.kind === 'multipart'
                ? `(multipart) ${JSON.stringify(failed.item.body.fields)} file=${failed.item.body.file ? `${failed.item.body.file.name} ${failed.item.body.file.bytes.length} bytes` : 'none'}`
                : '';
        failures.push({
          route: routeName(route),
          problem: failed.problem,
          request: `${route.method === 'ALL' ? 'POST' : route.method} ${urlOf(route, failed.item)} token=${failed.item.token}${body ? ` body=${body.slice(0, 400)}` : ''}`,
          answer: `${failed.answer.status} ${failed.answer.text.slice(0, 200)}`,
          runs: result.numRuns,
          shrinks: result.numShrinks,
        });
      }
      // Deep and large JSON for certain, whatever the draw.
      const certain = certainCases(route, bodies.schema, probeParams, index);
      for (const item of certain) {
        const answer = await send(route, item);
        const bucket = `${Math.floor(answer.status / 100)}xx` as keyof typeof counts;
        if (bucket in counts) counts[bucket] += 1;
        total += 1;
        statusTally[bucket] += 1;
        const problem = verdict(route, answer);
        if (problem && item.body.kind === 'json')
          failures.push({
            route: routeName(route),
            problem,
            request: `${route.method === 'ALL' ? 'POST' : route.method} ${urlOf(route, item)} with ${item.body.splice?.extreme.label} in ${JSON.stringify(item.body.value).slice(0, 300)}`,
            answer: `${answer.status} ${answer.text.slice(0, 200)}`,
            runs: certain.length,
            shrinks: 0,
          });
      }
      certainSent += certain.length;
      perRoute.push([
        routeName(route),
        result.numRuns + certain.length,
        counts['2xx'],
        counts['4xx'],
        counts['5xx'],
        result.failed ? 'FAIL' : 'ok',
        seconds(Date.now() - routeStarted),
      ]);
    }

    // The table per route is long: shown when a route failed, or with FAULTS_VERBOSE=1.
    if (failures.length > 0 || process.env.FAULTS_VERBOSE)
      console.info(grid('Fuzzing — per route', ['route', 'cases', '2xx', '4xx', '5xx', '', 'time'], perRoute));
    console.info(
      table(`Fuzzing — seed ${SEED} (FUZZ_SEED to replay), ${server.database.driver}`, [
        ['routes fuzzed (from the route table)', routes.length],
        ['cases per route', RUNS],
        ['requests (cases and shrinking)', total],
        ['answers 2xx / 3xx / 4xx / 5xx', `${statusTally['2xx']} / ${statusTally['3xx']} / ${statusTally['4xx']} / ${statusTally['5xx']}`],
        [
          'deep JSON (33–50,000 levels) / large JSON (0.2–1.1 MB) sent',
          `${extremesSent.deep} / ${extremesSent.large}, ${certainSent} of them for certain (every route with a body, every op type)`,
        ],
        ['routes failing', failures.length],
        ['time', seconds(Date.now() - started)],
      ]),
    );
    for (const failure of failures)
      console.info(
        `\nFAIL ${failure.route}: ${failure.problem}\n  reproduce: ${failure.request}\n  answer:    ${failure.answer}\n  (after ${failure.runs} cases, ${failure.shrinks} shrinks)`,
      );
    expect(
      failures.map((failure) => `${failure.route}: ${failure.problem} — ${failure.request}`),
      'routes that answered 5xx or a 4xx without a proper message',
    ).toEqual([]);
  }, 900_000);
  it('an answer given before the request body was read leaves the keep-alive connection usable', async () => {
    // A device whose access token expired pushes a big batch: the server answers 401 without
    // reading the body. The device refreshes its token and pushes again on the same connection.
    const body = JSON.stringify({ company: anKhang, deviceId: '01890a5d-ac96-774b-bcce-b302099a8057', ops: [], note: 'x'.repeat(900_000) });
    const outcomes: string[] = [];
    for (let attempt = 0; attempt < 4; attempt += 1) {
      try {
        const response = await fetch(`${server.url}/api/sync/push`, {
          method: 'POST',
          headers: { authorization: tokens.expired!, 'content-type': 'application/json' },
          body,
        });
        await response.text();
        outcomes.push(String(response.status));
      } catch (error) {
        outcomes.push(`no answer (${String((error as { cause?: unknown }).cause ?? error)})`);
      }
    }
    console.info(
      table(
        'Early answers on a reused connection (POST /api/sync/push, 900 KB, expired token)',
        outcomes.map((outcome, i) => [`attempt ${i + 1}`, outcome]),
      ),
    );
    expect(
      outcomes,
      'an answer given before the body was read must say "Connection: close" (server/app.ts); kept alive, ' +
        '@hono/node-server gives up draining the unread body and closes the socket under the next request',
    ).toEqual(['401', '401', '401', '401']);
  });
});
