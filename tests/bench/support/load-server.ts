/**
 * The real server process a load bench runs against (tests/bench/server-load.ts, tests/bench/capacity.ts),
 * as `npm start` runs it (NODE_ENV=production, production scrypt cost, no simulators), and the
 * database under it: PGlite in DATA_DIR, or PostgreSQL at DATABASE_URL (under scripts/with-pg.sh,
 * TEST_PG_ADMIN_URL when DATABASE_URL is unset). With a seed scale the database is first filled by
 * `npm run seed` (a fresh .tmp/<folder> for PGlite, deleted by `dropSeeded`, or the throwaway cluster).
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import type { LoginAnswer } from '@contract/auth';
import { argValue } from './kit';

export type Database = {
  driver: 'postgres' | 'pglite';
  url: string | null;
  /** What the server (and the seed) are started with to open it. */
  env: Record<string, string>;
  /** The PGlite folder, when the bench made it for itself (deleted afterwards). */
  ownFolder: string | null;
};

/** The database named by the environment; `folder` is where a seeded PGlite goes (.tmp/<folder>). */
export function benchDatabase(folder: string, seeded: boolean): Database {
  const url = process.env.DATABASE_URL ?? process.env.TEST_PG_ADMIN_URL ?? null;
  if (url) return { driver: 'postgres', url, env: { DATABASE_URL: url }, ownFolder: null };
  const named = process.env.DATA_DIR;
  const dataDir = path.resolve(named ?? (seeded ? `.tmp/${folder}` : 'data'));
  return { driver: 'pglite', url: null, env: { DATA_DIR: dataDir }, ownFolder: named || !seeded ? null : dataDir };
}

/**
 * `npm run seed` at a scale (--orders, --customers, --variants, --reps from this script's own
 * arguments override it); writes its JSON as seed-<name>. Answers how long it took.
 */
export function seedDatabase(database: Database, scale: string, name: string): { seconds: number } {
  // Only the bench's own folder starts empty; a DATA_DIR someone named is seeded as it is.
  if (database.ownFolder) fs.rmSync(database.ownFolder, { recursive: true, force: true });
  const started = performance.now();
  const extra = ['orders', 'customers', 'variants', 'reps'].flatMap((option) => {
    const value = argValue(option);
    return value === undefined ? [] : [`--${option}=${value}`];
  });
  const run = spawnSync('npx', ['tsx', 'tests/bench/datagen/seed.ts', `--scale=${scale}`, ...extra, `--json=seed-${name}`], {
    stdio: 'inherit',
    env: { ...process.env, ...database.env, LOG_LEVEL: 'warn' },
  });
  if (run.status !== 0) throw new Error(`npm run seed failed (${run.status})`);
  return { seconds: Number(((performance.now() - started) / 1000).toFixed(1)) };
}

/** The PGlite the bench seeded for itself is half a gigabyte at the large scale; a database someone named is left alone. */
export function dropSeeded(database: Database): void {
  if (database.ownFolder) fs.rmSync(database.ownFolder, { recursive: true, force: true });
}

export async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

export type ServerProcess = { url: string; child: ChildProcess; startSeconds: number };

/**
 * server/main.ts in a process of its own, answering on a free loopback port; `env` adds to the
 * database's (WORKERS=2, DATABASE_REPLICA_URL). BENCH_SERVER_NODE_ARGS are node options for it alone.
 */
export async function startServerProcess(database: Database, env: Record<string, string> = {}): Promise<ServerProcess> {
  const port = await freePort();
  const started = performance.now();
  const child = spawn(
    process.execPath,
    [...(process.env.BENCH_SERVER_NODE_ARGS ?? '').split(' ').filter(Boolean), '--import', 'tsx', 'server/main.ts'],
    {
      stdio: ['ignore', 'ignore', 'inherit'],
      env: {
        ...process.env,
        ...database.env,
        NODE_ENV: 'production',
        PORT: String(port),
        HOST: '127.0.0.1',
        LOG_LEVEL: 'warn',
        SIMULATORS: 'false',
        ...env,
      },
    },
  );
  const url = `http://127.0.0.1:${port}`;
  // Any HTTP answer means the database is open and migrated and the server listens.
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited (${child.exitCode}) before answering`);
    if (performance.now() - started > 180_000) throw new Error('the server did not answer within 180 s');
    const answered = await fetch(`${url}/api/sync/pull`).then(
      () => true,
      () => false,
    );
    if (answered) break;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return { url, child, startSeconds: Number(((performance.now() - started) / 1000).toFixed(1)) };
}

export async function stopServerProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}

/** One call of the API (GET, or POST with a body); throws on any answer but 200. */
export async function api<T>(
  url: string,
  pathAndQuery: string,
  init: { token?: string; body?: unknown } = {},
): Promise<{ data: T; count?: number }> {
  const response = await fetch(`${url}/api${pathAndQuery}`, {
    method: init.body === undefined ? 'GET' : 'POST',
    headers: {
      accept: 'application/json',
      ...(init.token ? { authorization: `Bearer ${init.token}` } : {}),
      ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  const body = (await response.json()) as { data: T; count?: number; message?: string };
  if (response.status !== 200) throw new Error(`${pathAndQuery}: ${response.status} ${body.message}`);
  return body;
}

export const query = (base: string, params: Record<string, string | number>) =>
  `${base}?${new URLSearchParams(Object.entries(params).map(([k, v]) => [k, String(v)])).toString()}`;

/** The demo owner of An Khang; the seeded reps sign in with the same password (tests/bench/datagen/generate.ts). */
export const DEMO_OWNER = { phone: '0901234567', password: 'Demo@2026', company: 'Công ty Dược phẩm An Khang' } as const;

/** Signs a member of An Khang in (the demo owner unless a phone is named): its token, An Khang's id and the account's. */
export async function signIn(url: string, phone: string = DEMO_OWNER.phone): Promise<{ token: string; company: number; account: number }> {
  const { data } = await api<LoginAnswer>(url, '/account/api/login/', { body: { phone, password: DEMO_OWNER.password } });
  const membership = data.account.company_data.find((m) => m.company_data.title === DEMO_OWNER.company);
  if (!membership) throw new Error(`${phone} is not a member of ${DEMO_OWNER.company}`);
  return { token: data.access, company: membership.company, account: data.account.id };
}
