import Dexie from 'dexie';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { uuidv7 } from '@contract/uuid';
import { AppDb, type OutboxRow, type OutboxState } from '@/db/app-db';
import { headRetryAt, retryDelay, RETRY_TICK_MS } from './retry-tick';

let db: AppDb;
beforeEach(async () => {
  db = new AppDb(`test-${uuidv7()}`);
  await db.open();
});
afterEach(async () => {
  db.close();
  await Dexie.delete(db.name);
});

const NOW = 1_800_000_000_000;

function op(accountId: number, state: OutboxState, nextAttemptAt: number): OutboxRow {
  return {
    opId: uuidv7(),
    companyId: 1,
    accountId,
    type: 'visit.checkIn',
    payload: {},
    schemaVersion: 1,
    clientCreatedAt: new Date(NOW).toISOString(),
    dependsOn: [],
    entity: null,
    state,
    attempts: 1,
    nextAttemptAt,
    lastError: null,
    result: null,
    doneAt: null,
  };
}

describe('when the engine looks at a queue again', () => {
  const DRAINED_AT = NOW - 1_000;

  it("follows the retry time of the person's first queued op, not a later op's nor another person's", async () => {
    await db.outbox.bulkAdd([op(8, 'pending', NOW + 300), op(7, 'done', 0), op(7, 'pending', NOW + 1_200), op(7, 'pending', NOW + 400)]);
    expect(await headRetryAt(db, 1, 7)).toBe(NOW + 1_200);
    expect(retryDelay(NOW + 1_200, NOW, DRAINED_AT)).toBe(1_250);
  });

  it('goes at once when the head became due while the engine was busy since the drain began', async () => {
    // A failed push drew 30 ms of backoff for this op; recording the answer and the pull took longer.
    await db.outbox.add(op(7, 'pending', NOW - 10));
    const headAt = await headRetryAt(db, 1, 7);
    expect(headAt).toBe(NOW - 10);
    expect(retryDelay(headAt, NOW, DRAINED_AT)).toBe(50);
  });

  it('falls back to the 15 s tick when the head was due before the drain began (it waits on something else) or nothing is pending', async () => {
    // Due before the drain looked, and still queued after it: another tab holds the drain.
    expect(retryDelay(DRAINED_AT - 1, NOW, DRAINED_AT)).toBe(RETRY_TICK_MS);
    // Never sent (due from the start) and the drain did not send it: the same.
    expect(retryDelay(0, NOW, DRAINED_AT)).toBe(RETRY_TICK_MS);
    expect(await headRetryAt(db, 1, 9)).toBe(null);
    expect(retryDelay(null, NOW, DRAINED_AT)).toBe(RETRY_TICK_MS);
  });

  it('never waits longer than the 15 s tick, however long the backoff grew', () => {
    expect(retryDelay(NOW + 5 * 60_000, NOW, DRAINED_AT)).toBe(RETRY_TICK_MS);
  });
});
