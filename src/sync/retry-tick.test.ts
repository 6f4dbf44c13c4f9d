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
  it("follows the retry time of the person's first queued op, not a later op's nor another person's", async () => {
    await db.outbox.bulkAdd([op(8, 'pending', NOW + 300), op(7, 'done', 0), op(7, 'pending', NOW + 1_200), op(7, 'pending', NOW + 400)]);
    expect(await headRetryAt(db, 1, 7, NOW)).toBe(NOW + 1_200);
    expect(retryDelay(NOW + 1_200, NOW)).toBe(1_250);
  });

  it('falls back to the 15 s tick when the head is already due (another tab drains) or nothing is pending', async () => {
    await db.outbox.add(op(7, 'pending', NOW - 10));
    expect(await headRetryAt(db, 1, 7, NOW)).toBe(null);
    expect(await headRetryAt(db, 1, 9, NOW)).toBe(null);
    expect(retryDelay(null, NOW)).toBe(RETRY_TICK_MS);
  });

  it('never waits longer than the 15 s tick, however long the backoff grew', () => {
    expect(retryDelay(NOW + 5 * 60_000, NOW)).toBe(RETRY_TICK_MS);
  });
});
