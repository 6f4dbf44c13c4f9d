/**
 * When the sync engine looks at a non-empty queue again. The drain sends ops in queue order and
 * stops at the first one still sitting out its backoff (src/sync/drain.ts nextBatch), so the next
 * useful moment is that op's own retry time: a push answered 500 goes again after its 0–2 s of
 * backoff, not at a fixed timer. When nothing says when (the head is due but another tab holds the
 * drain, or it waits for an op being sent), the engine looks again after `RETRY_TICK_MS`.
 */
import type { AppDb } from '@/db/app-db';

export const RETRY_TICK_MS = 15_000;
/** Timers may fire a little early; the drain compares against the clock, so wait just past the due time. */
const PAST_DUE_MS = 50;

/** The retry time of the queue's head for one person in one workspace, when it is still in the future. */
export async function headRetryAt(db: AppDb, companyId: number, accountId: number, now: number): Promise<number | null> {
  const queued = await db.outbox.where('[companyId+state]').equals([companyId, 'pending']).sortBy('seq');
  const head = queued.find((op) => op.accountId === accountId);
  return head && head.nextAttemptAt > now ? head.nextAttemptAt : null;
}

/** The delay before the next look at the queue: the head's retry time, never later than `RETRY_TICK_MS`. */
export function retryDelay(headAt: number | null, now: number): number {
  return headAt === null ? RETRY_TICK_MS : Math.min(RETRY_TICK_MS, headAt - now + PAST_DUE_MS);
}
