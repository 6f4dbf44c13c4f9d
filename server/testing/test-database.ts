/**
 * A fresh database for one test file: in-memory PGlite by default, or a new database on the
 * throwaway PostgreSQL cluster when TEST_PG_ADMIN_URL is set (scripts/with-pg.sh sets it).
 */
import crypto from 'node:crypto';
import { openDatabase, type DatabaseHandle } from '@server/kernel/db/client';

export async function openTestDatabase(): Promise<DatabaseHandle & { label: string }> {
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
  const handle = await openDatabase({ databaseUrl: url.toString(), dataDir: null });
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
