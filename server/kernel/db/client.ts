/**
 * Opens the database: embedded PGlite in DATA_DIR by default, PostgreSQL when DATABASE_URL is set.
 * Both speak the same SQL and run the same migrations; repositories only see the drizzle `Db`.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { lockFolder } from './folder-lock';
import { namingClient } from './named-statements';
import { pgliteArtifacts } from './pglite-artifacts';
import * as schema from './schema';

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

export type DatabaseHandle = {
  db: Db;
  /** A streaming replica for reads that may lag (DATABASE_REPLICA_URL; server/kernel/db/replica.ts). */
  replica: Db | null;
  driver: 'pglite' | 'postgres';
  /** PGlite only: the whole data directory as one uncompressed tarball, which `image` opens again. */
  dumpImage?: () => Promise<Blob>;
  /**
   * Calls `onNotify` for each notification on `channel` (NOTIFY, delivered when the sending
   * transaction commits) until the returned function is called. On PostgreSQL a connection of its
   * own listens and comes back after it drops; a notification sent while it was away is lost, so a
   * listener must not be the only way its work is found (the job runner still polls).
   */
  listen: (channel: string, onNotify: () => void) => Promise<() => Promise<void>>;
  close: () => Promise<void>;
};

const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

export type OpenOptions = {
  databaseUrl: string | null;
  /** PostgreSQL streaming replica of databaseUrl; never migrated (it follows the primary). */
  replicaUrl?: string | null;
  /** PGlite directory; `null` keeps the database in memory (tests). */
  dataDir: string | null;
  /** PGlite: start from this image of a data directory (`dumpImage`) instead of an empty one. */
  image?: Blob;
};

export async function openDatabase(options: OpenOptions): Promise<DatabaseHandle> {
  if (options.databaseUrl) return openPostgres(options.databaseUrl, options.replicaUrl ?? null);
  return openPglite(options.dataDir, options.image);
}

async function openPglite(dataDir: string | null, image: Blob | undefined): Promise<DatabaseHandle> {
  const { PGlite } = await import('@electric-sql/pglite');
  const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
  const { drizzle } = await import('drizzle-orm/pglite');
  const { migrate } = await import('drizzle-orm/pglite/migrator');
  // One process per folder, before PGlite reads a byte of it (./folder-lock.ts says why).
  const release = dataDir ? lockFolder(dataDir) : () => undefined;
  try {
    // pg_trgm backs the trigram search indexes (migration 0003).
    const options = { ...(await pgliteArtifacts()), extensions: { pg_trgm }, loadDataDir: image };
    const client = dataDir ? new PGlite(path.join(dataDir, 'pglite'), options) : new PGlite(options);
    await client.waitReady;
    const db = drizzle(client, { schema }) as unknown as Db;
    await migrate(drizzle(client), { migrationsFolder });
    return {
      db,
      replica: null,
      driver: 'pglite',
      dumpImage: () => client.dumpDataDir('none'),
      listen: (channel, onNotify) => client.listen(checkedChannel(channel), () => onNotify()),
      close: async () => {
        try {
          await client.close();
        } finally {
          release();
        }
      },
    };
  } catch (error) {
    release();
    throw error;
  }
}

/**
 * PostgreSQL's default random_page_cost (4) models spinning disks; on SSD storage, which every
 * server and managed PostgreSQL has today, its documentation suggests about 1.1. With 4 the planner
 * passes over index-only scans that measure twice as fast: the reports' per-product sums, a
 * customer's last order (tests/bench/reports.ts: slow movers over a year 260 → 135 ms, best sellers
 * 195 → 97 ms). Set on the app's own connections; nothing else on the database server changes.
 */
const PLANNER_OPTIONS = '-c random_page_cost=1.1';

async function openPostgres(databaseUrl: string, replicaUrl: string | null): Promise<DatabaseHandle> {
  const { default: pg } = await import('pg');
  const { drizzle } = await import('drizzle-orm/node-postgres');
  const { migrate } = await import('drizzle-orm/node-postgres/migrator');
  const Client = namingClient(pg.Client);
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 10, connectionTimeoutMillis: 10_000, options: PLANNER_OPTIONS, Client });
  // An idle connection closed by the server (restart, failover, a dropped test database) must not
  // crash the process; the pool replaces it on the next query.
  pool.on('error', () => undefined);
  const migrationDb = drizzle(pool);
  // Several servers may start at once against one database: migrate under an advisory lock.
  const lockClient = await pool.connect();
  try {
    await lockClient.query('select pg_advisory_lock(727001)');
    await migrate(migrationDb, { migrationsFolder });
  } finally {
    await lockClient.query('select pg_advisory_unlock(727001)').catch(() => undefined);
    lockClient.release();
  }
  const db = drizzle(pool, { schema }) as unknown as Db;
  const listen = (channel: string, onNotify: () => void) => listenPostgres(databaseUrl, checkedChannel(channel), onNotify);
  if (!replicaUrl) return { db, replica: null, driver: 'postgres', listen, close: () => pool.end() };
  const replicaPool = new pg.Pool({
    connectionString: replicaUrl,
    max: 10,
    connectionTimeoutMillis: 2_000,
    options: PLANNER_OPTIONS,
    Client,
  });
  replicaPool.on('error', () => undefined);
  return {
    db,
    replica: drizzle(replicaPool, { schema }) as unknown as Db,
    driver: 'postgres',
    listen,
    close: async () => {
      await Promise.all([pool.end(), replicaPool.end()]);
    },
  };
}

/** Channel names go into LISTEN as identifiers: only lower-case words. */
function checkedChannel(channel: string): string {
  if (!/^[a-z_]+$/.test(channel)) throw new Error(`not a channel name: ${channel}`);
  return channel;
}

/** A connection of its own that LISTENs on `channel`, connecting again a second after it drops. */
async function listenPostgres(databaseUrl: string, channel: string, onNotify: () => void): Promise<() => Promise<void>> {
  const { default: pg } = await import('pg');
  let stopped = false;
  let client: InstanceType<typeof pg.Client> | null = null;
  let retry: NodeJS.Timeout | null = null;
  const connect = async (): Promise<void> => {
    const next = new pg.Client({ connectionString: databaseUrl });
    const again = () => {
      if (stopped || retry || client !== next) return;
      client = null;
      next.end().catch(() => undefined);
      retry = setTimeout(() => {
        retry = null;
        void connect();
      }, 1_000);
      retry.unref();
    };
    client = next;
    next.on('notification', (message) => {
      if (message.channel === channel) onNotify();
    });
    next.on('error', again);
    next.on('end', again);
    try {
      await next.connect();
      await next.query(`listen ${channel}`);
      if (stopped) await next.end();
    } catch {
      again();
    }
  };
  await connect();
  return async () => {
    stopped = true;
    if (retry) clearTimeout(retry);
    await client?.end().catch(() => undefined);
  };
}
