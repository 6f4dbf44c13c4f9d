/**
 * The counts the sync status shows (src/sync/engine.ts refreshCounts). Two reads may overlap: one a
 * running sync started before an op was queued, and the one the queuing asked for. The older one's
 * answer must not land last, or the count reads 0 while the op waits; only the newest read writes.
 */
import type { AppDb } from '@/db/app-db';

export type OutboxCounts = { pending: number; rejected: number };

/**
 * One person's ops in one workspace. The three reads start in one task, so IndexedDB answers them
 * all from before or all from after a write that moves an op from pending to sending.
 */
export async function readOutboxCounts(db: AppDb, companyId: number, accountId: number): Promise<OutboxCounts> {
  const mine = (state: 'pending' | 'sending' | 'rejected') =>
    db.outbox
      .where('[companyId+state]')
      .equals([companyId, state])
      .filter((op) => op.accountId === accountId)
      .count();
  const [pending, sending, rejected] = await Promise.all([mine('pending'), mine('sending'), mine('rejected')]);
  return { pending: pending + sending, rejected };
}

/** Wraps `read` so that of overlapping calls only the one started last passes its answer to `write`. */
export function newestWrites<A extends unknown[], T>(
  read: (...args: A) => Promise<T>,
  write: (answer: T) => void,
): (...args: A) => Promise<void> {
  let started = 0;
  return async (...args) => {
    const mine = ++started;
    const answer = await read(...args);
    if (mine === started) write(answer);
  };
}
