/**
 * A real server on a free loopback port over a fresh database, with the demo data seeded, for
 * integration tests that speak HTTP to it like any client would.
 */
import os from 'node:os';
import path from 'node:path';
import { readEnv, type ServerEnv } from '@server/kernel/env';
import { startServer, type RunningServer } from '@server/server';
import type { FaultInjector } from '@server/kernel/app-types';
import type { VerificationMessage, VerificationSender } from '@server/lib/verification-sender';
import { openTestDatabase, seedFor, TEST_SCRYPT_LOG_N } from './test-database';
import type { Envelope } from '@contract/envelope';
import type { LoginAnswer } from '@contract/auth';
import { DEMO, DEMO_PASSWORD } from '@server/seed/demo';
import { startSimulatorHost, type SimulatorHost } from '@simulators/host';
import { SIMULATORS } from '@simulators/index';

export type Simulators = SimulatorHost<{ [K in keyof typeof SIMULATORS]: ReturnType<(typeof SIMULATORS)[K]> }>;

export type ApiAnswer<T = unknown> = { status: number; body: Envelope<T>; headers: Headers };

export type CallOptions = {
  method?: string;
  body?: unknown;
  /** Raw body text, sent as is (for malformed-input tests). */
  rawBody?: string;
  token?: string;
  headers?: Record<string, string>;
};

/** A code the server sent: to a phone (`sms`) or an address (`email`), for what. */
export type SentCode = Pick<VerificationMessage, 'channel' | 'to' | 'code' | 'purpose'>;

/** The sender of tests: keeps every code it is given, in order, instead of sending it. */
export function capturingSender(): { sender: VerificationSender; sentCodes: SentCode[] } {
  const sentCodes: SentCode[] = [];
  return {
    sentCodes,
    sender: {
      async send({ channel, to, code, purpose }) {
        sentCodes.push({ channel, to, code, purpose });
      },
    },
  };
}

/** The newest code sent to `to` (a phone or an address), for what. */
export function lastCodeTo(sentCodes: SentCode[], to: string, purpose?: SentCode['purpose']): string | undefined {
  return sentCodes.filter((entry) => entry.to === to && (!purpose || entry.purpose === purpose)).at(-1)?.code;
}

export type TestServer = RunningServer & {
  sentCodes: SentCode[];
  call: <T = unknown>(path: string, options?: CallOptions) => Promise<ApiAnswer<T>>;
  /** Signs in; `refreshCookie` is the refresh token the answer set as its cookie (never in the body). */
  login: (phone: string, password?: string) => Promise<SignedIn>;
  /** The providers' simulators the demo connections call (started with `{ simulators: true }`). */
  sims: Simulators | null;
};

export type SignedIn = LoginAnswer & { refreshCookie: string };

/** The value of the refresh-token cookie an answer sets, if any. */
export function refreshCookieOf(headers: Headers): string | null {
  const cookie = headers.getSetCookie().find((line) => line.startsWith('refreshToken='));
  return cookie ? cookie.split(';')[0]!.slice('refreshToken='.length) : null;
}

/**
 * Tests use a cheaper scrypt cost (2^14) so suites stay fast; production uses 2^17. The servers log
 * nothing unless TEST_LOG_LEVEL asks (`TEST_LOG_LEVEL=error` shows why a call answered 500: the
 * change-log guard's message, for one).
 */
export function testEnv(overrides: Partial<ServerEnv> = {}): ServerEnv {
  const logLevel = process.env.TEST_LOG_LEVEL || 'silent';
  return {
    ...readEnv({ NODE_ENV: 'test', LOG_LEVEL: logLevel, SCRYPT_LOG_N: String(TEST_SCRYPT_LOG_N), STATIC_DIR: '/nonexistent' }),
    port: 0,
    host: '127.0.0.1',
    // Retried soon, so a test waits milliseconds, not the production seconds. The poll stays the
    // production one: enqueued and due jobs wake the runner themselves (server/kernel/jobs.ts).
    jobPollMs: 1_000,
    jobRetryBaseMs: 20,
    providerTimeoutMs: 4_000,
    // One folder for every test server's files: ids are the phones' UUIDs, kept per company.
    filesDir: path.join(os.tmpdir(), 'salesfield-test-files'),
    ...overrides,
  };
}

export type TestServerOptions = {
  faults?: FaultInjector;
  /** Start the providers' simulators for this server (integrations: carriers, Zalo, invoices…). */
  simulators?: boolean;
  /** Leave the job queue to the test (`server.deps.jobs.drain()`) instead of running it in the background. */
  backgroundJobs?: boolean;
  /** Read lists from the hot standby too (scripts/with-pg-replica.sh). */
  replica?: boolean;
  /** Send codes with the sender the environment chooses (SMS_PROVIDER) instead of capturing them. */
  configuredSender?: boolean;
};

export async function startTestServer(overrides: Partial<ServerEnv> = {}, options: TestServerOptions = {}): Promise<TestServer> {
  const { sender, sentCodes } = capturingSender();
  const env = testEnv(overrides);
  const database = await openTestDatabase({ replica: options.replica, seed: seedFor(env, options.simulators ?? false) });
  let appUrl: string | null = null;
  const sims = options.simulators ? await startSimulatorHost(SIMULATORS, { appUrl: () => appUrl }) : null;
  const running = await startServer({
    env,
    database,
    // Codes through the configured sender (SMS_PROVIDER: eSMS at the simulator) instead of captured.
    sender: options.configuredSender ? undefined : sender,
    faults: options.faults,
    simulatorUrl: sims?.url ?? null,
    backgroundJobs: options.backgroundJobs,
  });
  appUrl = running.deps.publicUrl;

  async function call<T>(path: string, options: CallOptions = {}): Promise<ApiAnswer<T>> {
    const headers: Record<string, string> = { ...options.headers };
    if (options.token) headers.authorization = `Bearer ${options.token}`;
    let body: string | undefined = options.rawBody;
    if (options.body !== undefined) {
      body = JSON.stringify(options.body);
      headers['content-type'] ??= 'application/json';
    }
    const response = await fetch(`${running.url}/api${path}`, { method: options.method ?? (body ? 'POST' : 'GET'), headers, body });
    const text = await response.text();
    let parsed: Envelope<T>;
    try {
      parsed = JSON.parse(text) as Envelope<T>;
    } catch {
      throw new Error(`non-JSON answer ${response.status} for ${path}: ${text.slice(0, 200)}`);
    }
    return { status: response.status, body: parsed, headers: response.headers };
  }

  async function login(phone: string, password = DEMO_PASSWORD): Promise<SignedIn> {
    const answer = await call<LoginAnswer>('/account/api/login/', { body: { phone, password } });
    if (answer.status !== 200) throw new Error(`login failed: ${answer.status} ${answer.body.message}`);
    return { ...answer.body.data, refreshCookie: refreshCookieOf(answer.headers) ?? '' };
  }

  return {
    ...running,
    sentCodes,
    call,
    login,
    sims,
    stop: async () => {
      await running.stop();
      await sims?.stop();
      await database.close();
    },
  };
}

/** The id of the company titled `title` among a signed-in person's memberships. */
export function companyOf(session: LoginAnswer, title: string): number {
  const membership = session.account.company_data.find((m) => m.company_data.title === title);
  if (!membership) throw new Error(`${session.account.phone} is no member of ${title}`);
  return membership.company;
}

/** The demo companies' ids (server/seed/demo.ts), as An, a member of all three, sees them. */
export type DemoCompanies = { anKhang: number; minhPhat: number; hoaBinh: number };

export function demoCompanies(an: LoginAnswer): DemoCompanies {
  return {
    anKhang: companyOf(an, DEMO.anKhang.title),
    minhPhat: companyOf(an, DEMO.minhPhat.title),
    hoaBinh: companyOf(an, DEMO.hoaBinh.title),
  };
}

export type DemoServer = DemoCompanies & { server: TestServer; an: SignedIn };

/**
 * The preamble of most server tests: a test server (same arguments as startTestServer) with An
 * (DEMO.an, owner of An Khang) signed in and the demo companies' ids. Others sign in with
 * `server.login(phone)`.
 */
export async function startDemoServer(overrides: Partial<ServerEnv> = {}, options: TestServerOptions = {}): Promise<DemoServer> {
  const server = await startTestServer(overrides, options);
  const an = await server.login(DEMO.an.phone);
  return { server, an, ...demoCompanies(an) };
}
