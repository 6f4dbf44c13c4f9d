/**
 * Reads that may lag go to a PostgreSQL streaming replica (DATABASE_REPLICA_URL), with
 * read-your-writes for the writer: every successful write answer sets the `wal` cookie to the
 * primary's WAL position after it, and a read carrying that cookie goes to the replica only once the
 * replica has replayed that far (else to the primary). Someone who wrote nothing lately reads the
 * replica. The cookie names a WAL position only, nothing about data: forging it can only send one's
 * own reads to the primary. Stateless, so it holds across API processes (WORKERS).
 */
import { sql } from 'drizzle-orm';
import type { Context } from 'hono';
import { getCookie, setCookie } from 'hono/cookie';
import type { Db } from './client';
import { rowsOf } from '../sql';

export const WAL_COOKIE = 'wal';
const LSN = /^[0-9A-F]{1,8}\/[0-9A-F]{1,8}$/i;

export type ReadRouting = {
  /** The database a read that may lag uses for this request. */
  readDb: (c: Context) => Promise<Db>;
  /** After a write: remember where the primary's WAL stood, in the caller's cookie. */
  markWrite: (c: Context) => Promise<void>;
};

export function readRouting(primary: Db, replica: Db | null): ReadRouting {
  if (!replica) return { readDb: async () => primary, markWrite: async () => undefined };
  // Whether the replica answered lately, asked at most once a second by unmarked reads.
  let healthy = { ok: true, at: 0 };
  async function replicaUp(): Promise<boolean> {
    if (Date.now() - healthy.at < 1000) return healthy.ok;
    const ok = await replica!.execute(sql`select 1`).then(
      () => true,
      () => false,
    );
    healthy = { ok, at: Date.now() };
    return ok;
  }
  return {
    async readDb(c) {
      const written = getCookie(c, WAL_COOKIE);
      try {
        if (!written || !LSN.test(written)) return (await replicaUp()) ? replica : primary;
        const [row] = rowsOf<{ caught_up: boolean | null }>(
          await replica.execute(sql`select pg_last_wal_replay_lsn() >= ${written}::pg_lsn as caught_up`),
        );
        return row?.caught_up ? replica : primary;
      } catch {
        // The replica is down or restarting: the primary answers meanwhile.
        return primary;
      }
    },
    async markWrite(c) {
      const [row] = rowsOf<{ lsn: string }>(await primary.execute(sql`select pg_current_wal_lsn()::text as lsn`));
      if (!row) return;
      setCookie(c, WAL_COOKIE, row.lsn, { path: '/api', httpOnly: true, sameSite: 'Strict', maxAge: 600 });
    },
  };
}
