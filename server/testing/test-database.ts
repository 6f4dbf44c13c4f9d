/**
 * A fresh database for one test file: in-memory PGlite by default, or a new database on the
 * throwaway PostgreSQL cluster when TEST_PG_ADMIN_URL is set (scripts/with-pg.sh sets it). Under
 * scripts/with-pg-replica.sh, `{ replica: true }` also opens the database on the hot standby, once
 * the standby has it.
 *
 * Each database is a copy of a template migrated (and seeded, for `seed: 'demo' | 'providers'`)
 * once: a PGlite data-directory image loaded into a new PGlite, or PostgreSQL's
 * `CREATE DATABASE … TEMPLATE`. The templates are made once per run by tests/support/
 * database-templates.ts (vitest's globalSetup), which names them in TEST_DB_TEMPLATES; outside
 * vitest (benches) each process makes its own on first use. A copy shares nothing with its template
 * or with other copies but the data they started from (the templates hold no signing key: each
 * server draws its own, server/kernel/secrets.ts).
 *
 * The templates vitest makes carry the change-log check (server/testing/change-log-guard.ts), which
 * checks in the copies made where TEST_CHANGE_LOG_GUARD is on (the server project: vitest.config.ts).
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { openDatabase, type DatabaseHandle } from '@server/kernel/db/client';
import type { ServerEnv } from '@server/kernel/env';
import { prepareData } from '@server/prepare-data';
import { armChangeLogGuard, changeLogGuardArmed, GUARD_SETTING, installChangeLogGuard } from './change-log-guard';

/** What a copy starts with: only the migrations, the demo data, or the demo connected to the simulators. */
export type TestSeed = 'none' | 'demo' | 'providers';

export const TEST_SEEDS: readonly TestSeed[] = ['none', 'demo', 'providers'];

/** The templates made for this run: PGlite images in `dir`, or PostgreSQL databases named `prefix` + seed. */
export type TemplateIndex = { engine: 'pglite'; dir: string } | { engine: 'postgres'; prefix: string };

export const TEMPLATES_ENV = 'TEST_DB_TEMPLATES';

/** The scrypt cost of the demo passwords in the templates: the one tests sign in with (server/testing/test-server.ts). */
export const TEST_SCRYPT_LOG_N = 14;

/**
 * The template a server with these settings would seed for itself: the demo (connected to the
 * simulators when they run) where its settings are the templates', else none (the server seeds).
 */
export function seedFor(env: Pick<ServerEnv, 'secretsKey' | 'seedDemo' | 'scryptLogN'>, simulators: boolean): TestSeed {
  if (!env.seedDemo || env.secretsKey !== null || env.scryptLogN !== TEST_SCRYPT_LOG_N) return 'none';
  return simulators ? 'providers' : 'demo';
}

export async function openTestDatabase(options: { seed?: TestSeed; replica?: boolean } = {}): Promise<DatabaseHandle & { label: string }> {
  const seed = options.seed ?? 'none';
  const adminUrl = process.env.TEST_PG_ADMIN_URL;
  if (!adminUrl) {
    const handle = await openDatabase({ databaseUrl: null, dataDir: null, image: await pgliteImage(seed) });
    if (changeLogGuardArmed()) await armChangeLogGuard(handle.db);
    return { ...handle, label: 'pglite' };
  }
  const copy = await copyPostgresTemplate(adminUrl, seed);
  const replicaUrl = options.replica ? await standbyCopy(copy.name) : null;
  const handle = await openDatabase({ databaseUrl: copy.url, replicaUrl, dataDir: null });
  return {
    ...handle,
    label: 'postgres',
    close: async () => {
      await handle.close();
      await copy.drop();
    },
  };
}

/** A new database on the cluster of `adminUrl`, copied from the template of `seed`, and how to drop it. */
export async function copyPostgresTemplate(
  adminUrl: string,
  seed: TestSeed,
): Promise<{ name: string; url: string; drop: () => Promise<void> }> {
  const template = await postgresTemplate(adminUrl, seed);
  const name = `t_${crypto.randomBytes(6).toString('hex')}`;
  await adminQuery(adminUrl, `create database ${name} template ${template}`);
  // Every connection to the copy then has the check on (a copy's settings are its own, not its template's).
  if (changeLogGuardArmed()) await adminQuery(adminUrl, `alter database ${name} set ${GUARD_SETTING} = 'on'`);
  return { name, url: databaseUrl(adminUrl, name), drop: () => adminQuery(adminUrl, `drop database if exists ${name} with (force)`) };
}

/** A PGlite data directory (as `npm start` keeps one) holding a copy of the template of `seed`. */
export async function writePgliteCopy(dataDir: string, seed: TestSeed): Promise<void> {
  const handle = await openDatabase({ databaseUrl: null, dataDir, image: await pgliteImage(seed) });
  await handle.close();
}

/**
 * Migrates (and seeds) a database that `open` gives, as every server start would; then, with
 * `guard`, installs the change-log check, dormant until a copy arms it (after the seed: it is not
 * checked).
 */
async function fill(handle: DatabaseHandle, seed: TestSeed, guard: boolean): Promise<void> {
  if (seed !== 'none') {
    const env = { secretsKey: null, seedDemo: true, scryptLogN: TEST_SCRYPT_LOG_N };
    await prepareData(handle.db, env, { providers: seed === 'providers' });
  }
  if (guard) await installChangeLogGuard(handle.db);
}

/**
 * A PGlite template: a migrated (and seeded) in-memory database, dumped whole. With the change-log
 * check when vitest's set-up makes it, or where this process arms it.
 */
export async function buildPgliteImage(seed: TestSeed, guard = changeLogGuardArmed()): Promise<Blob> {
  const handle = await openDatabase({ databaseUrl: null, dataDir: null });
  try {
    await fill(handle, seed, guard);
    return await handle.dumpImage!();
  } finally {
    await handle.close();
  }
}

/** A PostgreSQL template: database `name`, migrated (and seeded), with no connection left open to it. */
export async function buildPostgresTemplate(adminUrl: string, name: string, seed: TestSeed, guard = changeLogGuardArmed()): Promise<void> {
  await adminQuery(adminUrl, `create database ${name}`);
  const handle = await openDatabase({ databaseUrl: databaseUrl(adminUrl, name), dataDir: null });
  try {
    await fill(handle, seed, guard);
  } finally {
    await handle.close();
  }
}

function templateIndex(): TemplateIndex | null {
  const value = process.env[TEMPLATES_ENV];
  return value ? (JSON.parse(value) as TemplateIndex) : null;
}

const madeHere = new Map<string, Promise<unknown>>();

/** The same promise for the same key within this process: a template is made once. */
function once<T>(key: string, make: () => Promise<T>): Promise<T> {
  let made = madeHere.get(key) as Promise<T> | undefined;
  if (!made) {
    made = make();
    madeHere.set(key, made);
  }
  return made;
}

export function pgliteImageFile(dir: string, seed: TestSeed): string {
  return path.join(dir, `${seed}.tar`);
}

async function pgliteImage(seed: TestSeed): Promise<Blob> {
  const index = templateIndex();
  // Read once per process: a worker opens one copy per test file.
  if (index?.engine === 'pglite')
    return once(`file:${index.dir}:${seed}`, async () => new Blob([fs.readFileSync(pgliteImageFile(index.dir, seed))]));
  return once(`pglite:${seed}`, () => buildPgliteImage(seed));
}

async function postgresTemplate(adminUrl: string, seed: TestSeed): Promise<string> {
  const index = templateIndex();
  if (index?.engine === 'postgres') return `${index.prefix}${seed}`;
  const name = `tpl_${process.pid}_${seed}`;
  await once(`postgres:${seed}`, () => buildPostgresTemplate(adminUrl, name, seed));
  return name;
}

/** The URL of database `name` on the cluster of `adminUrl`. */
function databaseUrl(adminUrl: string, name: string): string {
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

async function adminQuery(adminUrl: string, statement: string): Promise<void> {
  const { default: pg } = await import('pg');
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(statement);
  } finally {
    await admin.end();
  }
}

/** The URL of database `name` on the standby, once replication has created it there. */
async function standbyCopy(name: string): Promise<string> {
  const standbyAdmin = process.env.TEST_PG_REPLICA_ADMIN_URL;
  if (!standbyAdmin) throw new Error('a replica needs scripts/with-pg-replica.sh (TEST_PG_REPLICA_ADMIN_URL)');
  const { default: pg } = await import('pg');
  const url = databaseUrl(standbyAdmin, name);
  for (let tries = 0; ; tries += 1) {
    const client = new pg.Client({ connectionString: url });
    try {
      await client.connect();
      await client.end();
      return url;
    } catch (error) {
      await client.end().catch(() => undefined);
      if (tries > 100) throw error;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
}
