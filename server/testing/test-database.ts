/**
 * A fresh database for one test file: in-memory PGlite by default, or a new database on the
 * throwaway PostgreSQL cluster when TEST_PG_ADMIN_URL is set (scripts/with-pg.sh sets it). Under
 * scripts/with-pg-replica.sh, `{ replica: true }` also opens the database on the hot standby, once
 * the standby has it.
 */
import crypto from 'node:crypto';
import { openDatabase, type DatabaseHandle } from '@server/kernel/db/client';

export async function openTestDatabase(options: { replica?: boolean } = {}): Promise<DatabaseHandle & { label: string }> {
  const adminUrl = process.env.TEST_PG_ADMIN_URL;
  if (!adminUrl) {
    const handle = await openDatabase({ databaseUrl: null, dataDir: null });
    return { ...handle, label: 'pglite' };
  }
  const { default: pg } = await import('pg');
  const name = `t_${crypto.randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const replicaUrl = options.replica ? await standbyCopy(name) : null;
  const handle = await openDatabase({ databaseUrl: url.toString(), replicaUrl, dataDir: null });
  return {
    ...handle,
    label: 'postgres',
    close: async () => {
      await handle.close();
      const cleanup = new pg.Client({ connectionString: adminUrl });
      await cleanup.connect();
      await cleanup.query(`drop database if exists ${name} with (force)`);
      await cleanup.end();
    },
  };
}

/** The URL of database `name` on the standby, once replication has created it there. */
async function standbyCopy(name: string): Promise<string> {
  const standbyAdmin = process.env.TEST_PG_REPLICA_ADMIN_URL;
  if (!standbyAdmin) throw new Error('a replica needs scripts/with-pg-replica.sh (TEST_PG_REPLICA_ADMIN_URL)');
  const { default: pg } = await import('pg');
  const url = new URL(standbyAdmin);
  url.pathname = `/${name}`;
  for (let tries = 0; ; tries += 1) {
    const client = new pg.Client({ connectionString: url.toString() });
    try {
      await client.connect();
      await client.end();
      return url.toString();
    } catch (error) {
      await client.end().catch(() => undefined);
      if (tries > 100) throw error;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
}
