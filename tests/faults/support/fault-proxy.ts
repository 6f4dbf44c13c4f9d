/**
 * An HTTP proxy between the simulated devices and the server that injects faults into sync pushes
 * (POST /api/sync/push) and the uploads of the files ops carry (PUT /api/file/api/files/{id}/), one
 * decision per request. Everything else passes through untouched.
 *
 *  drop-request      the connection is closed before the request reaches the server
 *  answer-429        429 with Retry-After, nothing forwarded (a rate limiter in front)
 *  answer-503        503, nothing forwarded (a load balancer with no healthy server)
 *  drop-answer       forwarded; the server answers; the connection is closed instead of answering
 *  answer-500        forwarded; the server answers; the device gets a 500 instead
 *  truncate-answer   forwarded; the device gets a 200 whose body is cut in the middle
 *  delay-answer      forwarded; the answer is held until the device gives up (its timeout)
 *  delay-request     held until the device gives up, THEN forwarded: the server applies it late
 *  restart-mid-batch forwarded; while the server works on it, it is killed (SIGKILL) and restarted
 *  reload-mid-drain  the device's tab is reloaded while its push is held, then the push is forwarded
 *  forge-ack         NOT a fault of the real world: "applied" for every op, nothing forwarded (used to
 *                    show that the checker catches a lost op)
 *
 * While the server is down (restarting), pushes fail as with no network.
 */
import http from 'node:http';
import type net from 'node:net';

export const FAULT_KINDS = [
  'none',
  'drop-request',
  'answer-429',
  'answer-503',
  'drop-answer',
  'answer-500',
  'truncate-answer',
  'delay-answer',
  'delay-request',
  'restart-mid-batch',
  'reload-mid-drain',
  'forge-ack',
] as const;
export type FaultKind = (typeof FAULT_KINDS)[number];

export type Exchange = {
  id: number;
  tab: string;
  /** A push of ops, or a file's upload. */
  kind: 'push' | 'upload';
  fault: FaultKind;
  /** What the server answered (when it was reached and answered). */
  upstreamStatus: number | null;
  /** The server could not be reached (down, restarting, killed mid-request). */
  upstreamFailed: boolean;
  /** What the device was sent: a status, or 'dropped'. */
  delivered: number | 'dropped';
  /** Where the exchange is (what a hung one waits for): 'body', 'reload', 'hold', 'server', 'kill', 'done'… */
  stage: string;
  startedAt: number;
};

export type FaultProxyOptions = {
  upstream: () => string | null;
  decide: (request: { tab: string; body: Buffer; kind: 'push' | 'upload' }) => FaultKind;
  /** Kill the server now (mid-request) and start it again; resolves when the kill happened. */
  restart: () => Promise<void>;
  /** Reload the tab (drop its connection, close its database, start a new one). */
  reload: (tab: string) => Promise<void>;
  /** How long a held request or answer waits at most for the device to give up. */
  maxHoldMs?: number;
  /** Random numbers for timings (the campaign's seeded generator). */
  random: () => number;
  /** Added before a push is forwarded (a slow network), so a page can be reloaded while it waits. */
  latencyMs?: () => number;
};

export type FaultProxy = {
  url: string;
  exchanges: Exchange[];
  /** Pushes the device was answered 5xx by the SERVER itself (not injected here). */
  serverErrors: { status: number; body: string }[];
  setEnabled: (enabled: boolean) => void;
  /** Resolves when no request is being worked on. */
  idle: () => Promise<void>;
  /** Requests being worked on now, with where each waits (what a watchdog prints when the campaign hangs). */
  inFlight: () => string[];
  close: () => Promise<void>;
};

const ENVELOPE_429 = JSON.stringify({
  code: 429,
  data: null,
  error: 'RATE_LIMITED',
  message: 'Bạn thao tác quá nhanh, vui lòng thử lại sau',
});
const ENVELOPE_503 = JSON.stringify({ code: 503, data: null, error: 'INTERNAL', message: 'Máy chủ đang bận, vui lòng thử lại sau' });
const ENVELOPE_500 = JSON.stringify({ code: 500, data: null, error: 'INTERNAL', message: 'Lỗi giả lập sau khi đã lưu' });

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function readBody(request: http.IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => resolve(Buffer.concat(chunks)));
    request.on('error', reject);
  });
}

/** A request being worked on, and where it is. */
type Tracked = { stage: string; startedAt: number };

type Upstream = { status: number; headers: http.IncomingHttpHeaders; body: Buffer };

function forward(base: string, request: http.IncomingMessage, body: Buffer, onSent?: () => void): Promise<Upstream> {
  const target = new URL(base);
  const headers: http.OutgoingHttpHeaders = { ...request.headers, host: target.host, 'content-length': String(body.length) };
  delete headers['x-fault-tab'];
  delete headers.connection;
  return new Promise((resolve, reject) => {
    const outgoing = http.request(
      { host: target.hostname, port: target.port, method: request.method, path: request.url, headers, agent: false },
      (answer) => {
        const chunks: Buffer[] = [];
        answer.on('data', (chunk: Buffer) => chunks.push(chunk));
        answer.on('end', () => resolve({ status: answer.statusCode ?? 502, headers: answer.headers, body: Buffer.concat(chunks) }));
        answer.on('error', reject);
      },
    );
    outgoing.on('error', reject);
    outgoing.end(body, () => onSent?.());
  });
}

/** Resolves when the device closes its side (it gave up), or after `maxMs`. */
function deviceGivesUp(response: http.ServerResponse, maxMs: number): Promise<boolean> {
  if (response.socket?.destroyed || response.destroyed) return Promise.resolve(true);
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(false), maxMs);
    response.once('close', () => {
      clearTimeout(timer);
      resolve(true);
    });
  });
}

export async function startFaultProxy(options: FaultProxyOptions): Promise<FaultProxy> {
  const exchanges: Exchange[] = [];
  const serverErrors: { status: number; body: string }[] = [];
  const sockets = new Set<net.Socket>();
  const maxHoldMs = options.maxHoldMs ?? 10_000;
  let enabled = true;
  let active = 0;
  let idleWaiters: (() => void)[] = [];
  let counter = 0;

  const settle = () => {
    active -= 1;
    if (active === 0) {
      const waiters = idleWaiters;
      idleWaiters = [];
      for (const waiter of waiters) waiter();
    }
  };

  function send(response: http.ServerResponse, status: number, headers: http.OutgoingHttpHeaders, body: Buffer | string): void {
    if (response.destroyed) return;
    const { 'content-length': _length, 'transfer-encoding': _encoding, connection: _connection, ...rest } = headers;
    response.writeHead(status, { ...rest, 'content-length': String(Buffer.byteLength(body)) });
    response.end(body);
  }

  async function handlePush(
    request: http.IncomingMessage,
    response: http.ServerResponse,
    track: Tracked,
    kind: 'push' | 'upload',
  ): Promise<void> {
    const body = await readBody(request);
    const tab = String(request.headers['x-fault-tab'] ?? '?');
    const fault: FaultKind = enabled ? options.decide({ tab, body, kind }) : 'none';
    const exchange: Exchange = {
      id: (counter += 1),
      tab,
      kind,
      fault,
      upstreamStatus: null,
      upstreamFailed: false,
      delivered: 'dropped',
      stage: 'decided',
      startedAt: track.startedAt,
    };
    exchanges.push(exchange);
    const stage = (name: string) => {
      exchange.stage = name;
      track.stage = `${kind} #${exchange.id} ${fault} tab ${tab}: ${name}`;
    };
    const drop = () => {
      exchange.delivered = 'dropped';
      request.socket.destroy();
    };
    const reply = (status: number, headers: http.OutgoingHttpHeaders, text: Buffer | string) => {
      exchange.delivered = response.destroyed ? 'dropped' : status;
      send(response, status, headers, text);
    };

    if (fault === 'drop-request') return drop();
    if (fault === 'answer-429')
      return reply(429, { 'content-type': 'application/json', 'retry-after': String(1 + Math.floor(options.random() * 3)) }, ENVELOPE_429);
    if (fault === 'answer-503') return reply(503, { 'content-type': 'application/json' }, ENVELOPE_503);
    if (fault === 'forge-ack') {
      const ops = (JSON.parse(body.toString('utf8')) as { ops: { opId: string }[] }).ops;
      const answer = {
        code: 200,
        data: { results: ops.map((op) => ({ opId: op.opId, outcome: 'applied' })), serverTime: new Date().toISOString() },
      };
      return reply(200, { 'content-type': 'application/json' }, JSON.stringify(answer));
    }

    const latency = options.latencyMs?.() ?? 0;
    if (latency > 0) await sleep(latency);
    stage('reload or hold');
    if (fault === 'reload-mid-drain') await options.reload(tab);
    if (fault === 'delay-request') await deviceGivesUp(response, maxHoldMs);

    const base = options.upstream();
    if (!base) {
      exchange.upstreamFailed = true;
      return drop();
    }
    let killed: Promise<void> | null = null;
    let upstream: Upstream;
    stage('waiting for the server');
    try {
      upstream = await forward(base, request, body, () => {
        if (fault === 'restart-mid-batch') {
          // Let the server start on the batch (authenticate, look up the member, apply some ops), then pull the plug.
          killed = sleep(20 + Math.floor(options.random() * 300)).then(() => options.restart());
        }
      });
    } catch {
      exchange.upstreamFailed = true;
      stage('waiting for the kill');
      await killed;
      return drop();
    }
    stage('waiting for the kill');
    await killed;
    stage('answering');
    exchange.upstreamStatus = upstream.status;
    if (upstream.status >= 500) serverErrors.push({ status: upstream.status, body: upstream.body.toString('utf8').slice(0, 500) });

    switch (fault) {
      case 'drop-answer':
      case 'restart-mid-batch':
      case 'reload-mid-drain':
        return drop();
      case 'answer-500':
        return reply(500, { 'content-type': 'application/json' }, ENVELOPE_500);
      case 'truncate-answer': {
        if (response.destroyed) return drop();
        const { 'content-length': _length, 'transfer-encoding': _encoding, connection: _connection, ...rest } = upstream.headers;
        response.writeHead(200, { ...rest, 'content-length': String(upstream.body.length) });
        response.write(upstream.body.subarray(0, Math.floor(upstream.body.length / 2)));
        await sleep(5);
        exchange.delivered = 'dropped';
        request.socket.destroy();
        return;
      }
      case 'delay-answer':
        stage('holding the answer');
        await deviceGivesUp(response, maxHoldMs);
        return reply(upstream.status, upstream.headers, upstream.body);
      default:
        return reply(upstream.status, upstream.headers, upstream.body);
    }
  }

  async function passThrough(request: http.IncomingMessage, response: http.ServerResponse, track: Tracked): Promise<void> {
    const body = await readBody(request);
    track.stage = `${request.method} ${request.url}: waiting for the server`;
    const base = options.upstream();
    if (!base) {
      request.socket.destroy();
      return;
    }
    try {
      const upstream = await forward(base, request, body);
      send(response, upstream.status, upstream.headers, upstream.body);
    } catch {
      request.socket.destroy();
    }
  }

  const tracked = new Set<Tracked>();
  const server = http.createServer((request, response) => {
    active += 1;
    const track: Tracked = { stage: `${request.method} ${request.url}: reading the body`, startedAt: Date.now() };
    tracked.add(track);
    const where = (request.url ?? '').split('?')[0]!.replace(/\/$/, '');
    const isPush = request.method === 'POST' && where === '/api/sync/push';
    const isUpload = request.method === 'PUT' && where.startsWith('/api/file/api/files/');
    (isPush || isUpload ? handlePush(request, response, track, isPush ? 'push' : 'upload') : passThrough(request, response, track))
      .catch(() => request.socket.destroy())
      .finally(() => {
        tracked.delete(track);
        settle();
      });
  });
  server.keepAliveTimeout = 30_000;
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    exchanges,
    serverErrors,
    setEnabled(value) {
      enabled = value;
    },
    idle: () => (active === 0 ? Promise.resolve() : new Promise<void>((resolve) => idleWaiters.push(resolve))),
    inFlight: () => [...tracked].map((track) => `${track.stage} (${Math.round((Date.now() - track.startedAt) / 1000)} s)`),
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
