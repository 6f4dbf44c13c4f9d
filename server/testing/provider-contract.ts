/**
 * Contract tests of our provider clients against the providers' published shapes
 * (simulators/<provider>/fixtures/*.json, sources in each file and docs/provider-sources.md), not
 * against our simulators: a simulator written from the same reading as the client would agree
 * with it whatever the provider does.
 *
 * `checkRequest` compares one request with a fixture's documented method, path and fields (every
 * field sent must be documented, every required one present, each of its documented type);
 * `startFakeProvider` is a real HTTP server that checks each request it receives that way and
 * answers with the documented answer a test chose, so the client's parsing is tested on the
 * provider's own answers, its documented errors included.
 */
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import type { ProviderError } from '@server/lib/provider-http';
import { isIsoDate } from '@contract/validation';

export type FixtureField = { type: string; required?: boolean; note?: string };
/** `status` null: the provider's documents do not show it; the fake provider answers it as 200. */
export type FixtureAnswer = { name: string; status: number | null; body: unknown; headers?: Record<string, string>; note?: string };
export type ProviderFixture = {
  call: string;
  source: string[] | string;
  method: string;
  path: string;
  headers?: Record<string, string>;
  request?: unknown;
  requestFields?: Record<string, FixtureField>;
  answers: FixtureAnswer[];
};

/** A request as it reached the provider: the body parsed (JSON or a form), the query apart. */
export type SeenRequest = {
  method: string;
  path: string;
  query: Record<string, string>;
  headers: Record<string, string>;
  body: unknown;
};

const FIXTURES = path.join(import.meta.dirname, '..', '..', 'simulators');

export function loadFixture(provider: string, file: string): ProviderFixture {
  return JSON.parse(fs.readFileSync(path.join(FIXTURES, provider, 'fixtures', file), 'utf8')) as ProviderFixture;
}

/** The documented answer of that name (a test that names one the fixture lacks fails here). */
export function answerOf(fixture: ProviderFixture, name: string): FixtureAnswer {
  const answer = fixture.answers.find((candidate) => candidate.name === name);
  if (!answer) throw new Error(`${fixture.call}: no documented answer named "${name}" (${fixture.answers.map((a) => a.name).join(', ')})`);
  return answer;
}

/** The fixture's path without its host (some fixtures name the whole URL) and without its query. */
function pathOf(fixture: ProviderFixture): string {
  const bare = fixture.path.replace(/^https?:\/\/[^/]+/, '');
  return bare.split('?')[0]!.replace(/\/+$/, '') || '/';
}

/**
 * What a request's path gives the fixture's `{NAME}` segments (GHTK's
 * `/services/shipment/v2/{TRACKING_ORDER}`), read as fields of that name; null for another path.
 */
function pathParams(fixture: ProviderFixture, path: string): Record<string, string> | null {
  const wanted = pathOf(fixture).split('/');
  const got = (path.replace(/\/+$/, '') || '/').split('/');
  if (wanted.length !== got.length) return null;
  const params: Record<string, string> = {};
  for (const [index, segment] of wanted.entries()) {
    const name = /^\{(\w+)\}$/.exec(segment)?.[1];
    if (name && got[index]) params[name] = decodeURIComponent(got[index]);
    else if (segment !== got[index]) return null;
  }
  return params;
}

/** "integer (0|1)", "int", "long" → integer; "decimal" → number; "guid" → string; "DateTime" → datetime; "a|b" → both. */
function kindsOf(type: string): string[] {
  return type
    .replace(/\(.*?\)/g, '')
    .split(/[|/]/)
    .map((part) => part.trim().toLowerCase())
    .map((part) => {
      if (/^(int|integer|long)$/.test(part)) return 'integer';
      if (/^(number|decimal)$/.test(part)) return 'number';
      if (/^(string|guid)$/.test(part)) return 'string';
      if (/^(date|datetime)$/.test(part)) return 'datetime';
      if (part.startsWith('array')) return 'array';
      if (part.startsWith('object')) return 'object';
      return part;
    });
}

function kindOf(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (Number.isInteger(value)) return 'integer';
  return typeof value;
}

/**
 * A date in JSON is text: a documented DateTime (meInvoice's ExpiryDate) takes an ISO day or a
 * wall-clock time after it, and only a real date (not 2027-02-30).
 */
function isDateTime(value: unknown): boolean {
  return typeof value === 'string' && /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d+)?)?)?$/.test(value) && isIsoDate(value.slice(0, 10));
}

/** A query value is text on the wire: `0` fits an integer there, `true` a boolean. */
function fits(value: unknown, type: string, inQuery = false): boolean {
  const kinds = kindsOf(type);
  const kind = kindOf(value);
  if (kinds.includes('datetime') && isDateTime(value)) return true;
  if (inQuery && typeof value === 'string') {
    if (/^-?\d+$/.test(value) && (kinds.includes('integer') || kinds.includes('number'))) return true;
    if (/^-?\d+(\.\d+)?$/.test(value) && kinds.includes('number')) return true;
    if (/^(true|false)$/.test(value) && kinds.includes('boolean')) return true;
  }
  return kinds.includes(kind) || (kind === 'integer' && kinds.includes('number'));
}

/**
 * A query parameter by its documented names: one that carries JSON whose fields the fixture
 * documents (Zalo's `?data={"offset":0,…}`) is read as those fields, `data.offset` and so on.
 */
function queryFields(name: string, value: string, documented: Set<string>): Array<[string, unknown]> {
  if (documented.has(name) || ![...documented].some((field) => field.startsWith(`${name}.`))) return [[name, value]];
  try {
    const parsed: unknown = JSON.parse(value);
    if (parsed !== null && typeof parsed === 'object' && !Array.isArray(parsed)) return flatten(parsed, documented, name);
  } catch {
    // Not JSON: checked as the plain value it is.
  }
  return [[name, value]];
}

/** Every value of the body by its documented name: `order.id`, `products[].name`, `items` (an array not described further). */
function flatten(value: unknown, documented: Set<string>, prefix = ''): Array<[string, unknown]> {
  if (prefix && documented.has(prefix)) return [[prefix, value]];
  if (Array.isArray(value)) {
    const key = `${prefix}[]`;
    if (documented.has(key)) return [[key, value]];
    return value.flatMap((item) => flatten(item, documented, key));
  }
  if (value !== null && typeof value === 'object') {
    return Object.entries(value).flatMap(([name, inner]) => flatten(inner, documented, prefix ? `${prefix}.${name}` : name));
  }
  return [[prefix, value]];
}

/** Why the request is not what the provider documents (empty when it is). */
export function checkRequest(fixture: ProviderFixture, seen: SeenRequest): string[] {
  const problems: string[] = [];
  if (seen.method.toUpperCase() !== fixture.method.toUpperCase()) problems.push(`method ${seen.method}, documented ${fixture.method}`);
  const params = pathParams(fixture, seen.path);
  if (!params) problems.push(`path ${seen.path}, documented ${pathOf(fixture)}`);
  const fields = fixture.requestFields ?? {};
  const documented = new Set(Object.keys(fields));
  // A query the documented path itself carries (GHTK's `?ver=1.5`) is part of the call.
  const fixedQuery = new URLSearchParams(fixture.path.split('?')[1] ?? '');
  const query = Object.entries(seen.query)
    .filter(([name, value]) => fixedQuery.get(name) !== value)
    .flatMap(([name, value]) => queryFields(name, value, documented));
  // Plain query values only: a field read out of JSON keeps its JSON type.
  const fromQuery = new Set([...query.map(([name]) => name).filter((name) => name in seen.query), ...Object.keys(params ?? {})]);
  const sent = [...flatten(seen.body ?? {}, documented), ...query, ...Object.entries(params ?? {})].filter(([name]) => name !== '');
  const sentNames = new Set(sent.map(([name]) => name));
  for (const [name, value] of sent) {
    const field = fields[name];
    if (!field) problems.push(`${name} is not a documented field`);
    else if (value !== undefined && !(value === null && !field.required) && !fits(value, field.type, fromQuery.has(name)))
      problems.push(`${name} is ${kindOf(value)}, documented ${field.type}`);
  }
  for (const [name, field] of Object.entries(fields)) {
    if (field.required && !sentNames.has(name) && requiredHere(name, sentNames)) problems.push(`${name} is required and was not sent`);
  }
  return problems;
}

/** A required field of an array's items is required only where the array has items. */
function requiredHere(name: string, sentNames: Set<string>): boolean {
  const own = name.replace(/\[\]$/, '');
  const at = own.lastIndexOf('[]');
  if (at < 0) return true;
  const items = own.slice(0, at + 2);
  return [...sentNames].some((sent) => sent.startsWith(items));
}

export type FakeProvider = {
  url: string;
  /** What was received, in order, each with what the provider's documents find wrong with it. */
  seen: Array<SeenRequest & { call: string | null; problems: string[] }>;
  /** The answer the next request of that call gets (by the fixture's `call`, the documented answer's name). */
  answer: (call: string, name: string) => void;
  stop: () => Promise<void>;
};

function parseBody(raw: string, type: string | undefined): unknown {
  if (!raw) return undefined;
  if (type?.includes('application/x-www-form-urlencoded')) return Object.fromEntries(new URLSearchParams(raw));
  try {
    return JSON.parse(raw);
  } catch {
    return raw;
  }
}

/**
 * A provider that answers only from its documents: each request is matched to a fixture by method
 * and path, checked, and answered with the chosen documented answer (the first one when none was
 * chosen). A request no fixture documents answers 404 and is recorded with that problem.
 */
export async function startFakeProvider(fixtures: ProviderFixture[]): Promise<FakeProvider> {
  const chosen = new Map<string, string>();
  const seen: FakeProvider['seen'] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://provider');
      const headers = Object.fromEntries(Object.entries(req.headers).map(([name, value]) => [name, String(value)]));
      const request: SeenRequest = {
        method: req.method ?? 'GET',
        path: url.pathname,
        query: Object.fromEntries(url.searchParams),
        headers,
        body: parseBody(Buffer.concat(chunks).toString('utf8'), headers['content-type']),
      };
      const fixture = fixtures.find(
        (candidate) => pathParams(candidate, url.pathname) !== null && candidate.method.toUpperCase() === request.method,
      );
      if (!fixture) {
        seen.push({ ...request, call: null, problems: [`${request.method} ${url.pathname} is not a documented call`] });
        res.writeHead(404).end();
        return;
      }
      seen.push({ ...request, call: fixture.call, problems: checkRequest(fixture, request) });
      const answer = answerOf(fixture, chosen.get(fixture.call) ?? fixture.answers[0]!.name);
      const body = typeof answer.body === 'string' ? answer.body : JSON.stringify(answer.body);
      // Header names lower-cased, so a documented Content-Type replaces the JSON default instead of doubling it.
      const documentedHeaders = Object.entries(answer.headers ?? {}).map(([name, value]) => [name.toLowerCase(), value]);
      res.writeHead(answer.status ?? 200, { 'content-type': 'application/json; charset=utf-8', ...Object.fromEntries(documentedHeaders) });
      res.end(body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    seen,
    answer: (call, name) => {
      const fixture = fixtures.find((candidate) => candidate.call === call);
      if (!fixture) throw new Error(`no fixture for call ${call}`);
      answerOf(fixture, name);
      chosen.set(call, name);
    },
    stop: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        // close() alone waits for the keep-alive sockets a client still holds (seconds after a failed call).
        server.closeAllConnections();
      }),
  };
}

/** What a client call did: its result or error, and the requests the provider received for it with their problems. */
export async function observe<T>(provider: FakeProvider, call: () => Promise<T>) {
  const from = provider.seen.length;
  const outcome = await call().then(
    (value) => ({ value, error: null }),
    (error: unknown) => ({ value: null, error: error as ProviderError }),
  );
  const seen = provider.seen.slice(from);
  return { ...outcome, seen, problems: seen.flatMap((request) => request.problems) };
}

/** How the office meets a provider's failure: sign in again, try later, or a refusal in words. */
export const outcomeOf = (error: ProviderError | null) =>
  !error ? 'ok' : error.failure === 'auth' ? 'reconnect' : error.retryable ? 'retry' : `refused: ${error.message}`;
