import Dexie from 'dexie';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { uuidv7 } from '@contract/uuid';
import { AppDb, type OutboxRow, type OutboxState } from '@/db/app-db';
import { newestWrites, readOutboxCounts } from './outbox-counts';

let db: AppDb;
beforeEach(async () => {
  db = new AppDb(`test-${uuidv7()}`);
  await db.open();
});
afterEach(async () => {
  db.close();
  await Dexie.delete(db.name);
});

function op(companyId: number, accountId: number, state: OutboxState): OutboxRow {
  return {
    opId: uuidv7(),
    companyId,
    accountId,
    type: 'visit.checkIn',
    payload: {},
    schemaVersion: 1,
    clientCreatedAt: new Date().toISOString(),
    dependsOn: [],
    entity: null,
    state,
    attempts: 0,
    nextAttemptAt: 0,
    lastError: null,
    result: null,
    doneAt: null,
  };
}

describe('readOutboxCounts', () => {
  it("counts one person's waiting ops (pending and sending) and refused ones in one workspace", async () => {
    await db.outbox.bulkAdd([
      op(1, 7, 'pending'),
      op(1, 7, 'sending'),
      op(1, 7, 'rejected'),
      op(1, 7, 'done'),
      op(1, 8, 'pending'),
      op(2, 7, 'pending'),
    ]);
    expect(await readOutboxCounts(db, 1, 7)).toEqual({ pending: 2, rejected: 1 });
  });

  it('counts an op moving from pending to sending once, whenever the move lands', async () => {
    const seq = await db.outbox.add(op(1, 7, 'pending'));
    const reads = Array.from({ length: 20 }, () => readOutboxCounts(db, 1, 7));
    await db.outbox.update(seq, { state: 'sending' });
    for (const counts of await Promise.all(reads)) expect(counts).toEqual({ pending: 1, rejected: 0 });
  });
});

describe('newestWrites', () => {
  function deferred<T>() {
    let resolve!: (value: T) => void;
    const promise = new Promise<T>((done) => (resolve = done));
    return { promise, resolve };
  }

  it('drops the answer of a read started earlier that lands after a newer one', async () => {
    const answers = [deferred<number>(), deferred<number>()];
    const written: number[] = [];
    let call = 0;
    const refresh = newestWrites(
      () => answers[call++]!.promise,
      (answer: number) => written.push(answer),
    );
    const older = refresh();
    const newer = refresh();
    answers[1]!.resolve(1);
    await newer;
    answers[0]!.resolve(0);
    await older;
    expect(written).toEqual([1]);
  });

  it('writes each answer of reads that do not overlap', async () => {
    const written: number[] = [];
    let value = 0;
    const refresh = newestWrites(
      async () => value++,
      (answer: number) => written.push(answer),
    );
    await refresh();
    await refresh();
    expect(written).toEqual([0, 1]);
  });
});
