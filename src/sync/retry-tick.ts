/**
 * When the sync engine looks at a non-empty queue again. The drain sends ops in queue order and
 * stops at the first one still sitting out its backoff (src/sync/drain.ts nextBatch), so the next
 * useful moment is that op's own retry time: a push answered 500 goes again after its 0–2 s of
 * backoff, not at a fixed timer. That time may pass while the engine is still busy (each op of a
 * failed batch draws its own backoff, and the pull runs after the push): a head whose retry time
 * came since the last drain began goes at once. A head that was already due when that drain began,
 * and is still queued, waits on something else (another tab holds the drain, an app update), so the
 * engine looks again after `RETRY_TICK_MS`.
 */
import type { AppDb } from '@/db/app-db';

export const RETRY_TICK_MS = 15_000;
/** Timers may fire a little early; the drain compares against the clock, so wait just past the due time. */
const PAST_DUE_MS = 50;

/** The retry time of the queue's head for one person in one workspace (null when nothing is queued). */
export async function headRetryAt(db: AppDb, companyId: number, accountId: number): Promise<number | null> {
  const queued = await db.outbox.where('[companyId+state]').equals([companyId, 'pending']).sortBy('seq');
  const head = queued.find((op) => op.accountId === accountId);
  return head ? head.nextAttemptAt : null;
}

/**
 * The delay before the next look at the queue: the head's retry time, never later than `RETRY_TICK_MS`.
 * `drainedAt`: when the drain that just ended began.
 */
export function retryDelay(headAt: number | null, now: number, drainedAt: number): number {
  if (headAt === null) return RETRY_TICK_MS;
  if (headAt <= now) return headAt >= drainedAt ? PAST_DUE_MS : RETRY_TICK_MS;
  return Math.min(RETRY_TICK_MS, headAt - now + PAST_DUE_MS);
}
