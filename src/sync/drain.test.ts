import Dexie from 'dexie';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { OpResult, PushAnswer } from '@contract/sync';
import { uuidv7 } from '@contract/uuid';
import type { VisitRecord } from '@contract/visits';
import { AppDb } from '@/db/app-db';
import { toLocalVisit } from '@/db/local-records';
import { drainOutbox, releaseNetworkWaits, requeueInterrupted, TransportError, type PushBody, type PushTransport } from './drain';
import { enqueueOp } from './outbox';

const COMPANY = 1;
const ACCOUNT = 7;
const CUSTOMER = uuidv7();
let db: AppDb;
/** A fake clock in this century: a check-in's instant must be in 2000–2099 (contract/validation.ts isoInstantField). */
const START = Date.parse('2026-01-05T01:00:00Z');
let clock = START;

beforeEach(async () => {
  db = new AppDb(`test-${uuidv7()}`);
  await db.open();
  clock = START;
});
afterEach(async () => {
  db.close();
  await Dexie.delete(db.name);
});

function visitRecord(id: string): VisitRecord {
  return {
    id,
    company: COMPANY,
    customer_id: CUSTOMER,
    customer_name: 'Nhà thuốc Minh Châu',
    account_id: ACCOUNT,
    account_name: 'Nguyễn Văn An',
    check_in_at: new Date(clock).toISOString(),
    check_in_location: null,
    check_in_note: null,
    check_in_distance_m: null,
    plan_state: null,
    unplanned_reason: null,
    check_out_at: null,
    check_out_location: null,
    check_out_note: null,
    flags: [],
    received_at: new Date(clock).toISOString(),
  };
}

/** A check-in as the app records it: the visit and its op in one transaction. */
async function checkIn(): Promise<{ visitId: string; opId: string }> {
  const visitId = uuidv7();
  const opId = await db.transaction('rw', db.visits, db.outbox, async () => {
    await db.visits.add(toLocalVisit(visitRecord(visitId), 'pending'));
    return enqueueOp(db, {
      type: 'visit.checkIn',
      companyId: COMPANY,
      accountId: ACCOUNT,
      entity: { type: 'visit', id: visitId },
      payload: {
        visitId,
        customerId: CUSTOMER,
        at: new Date(clock).toISOString(),
        location: null,
        note: null,
        pin: false,
        unplannedReason: null,
      },
    });
  });
  return { visitId, opId };
}

type Script = (body: PushBody) => { status: number; retryAfterSeconds?: number; results?: (opId: string) => Partial<OpResult> } | 'network';

function transport(script: Script): PushTransport & { calls: PushBody[] } {
  const calls: PushBody[] = [];
  const fn = (async (body: PushBody) => {
    calls.push(body);
    const step = script(body);
    if (step === 'network') throw new TransportError('offline');
    const data: PushAnswer | null = step.results
      ? {
          serverTime: new Date(clock).toISOString(),
          results: body.ops.map((op) => ({ opId: op.opId, outcome: 'applied', ...step.results!(op.opId) }) as OpResult),
        }
      : null;
    return {
      status: step.status,
      retryAfterSeconds: step.retryAfterSeconds ?? null,
      body: data ? { code: step.status, data } : { code: step.status, data: null as never, message: `lỗi ${step.status}` },
    };
  }) as PushTransport & { calls: PushBody[] };
  fn.calls = calls;
  return fn;
}

const applied: Script = () => ({ status: 200, results: () => ({ outcome: 'applied' }) });

function drain(t: PushTransport, refreshAuth = async () => false) {
  return drainOutbox({
    db,
    companyId: COMPANY,
    accountId: ACCOUNT,
    deviceId: uuidv7(),
    transport: t,
    refreshAuth,
    now: () => clock,
    random: () => 0.5,
  });
}

async function states() {
  return (await db.outbox.orderBy('seq').toArray()).map((op) => op.state);
}

describe('outbox writes', () => {
  it('a failed transaction leaves neither the record nor the outbox row', async () => {
    const visitId = uuidv7();
    await expect(
      db.transaction('rw', db.visits, db.outbox, async () => {
        await db.visits.add(toLocalVisit(visitRecord(visitId), 'pending'));
        await enqueueOp(db, {
          type: 'visit.checkIn',
          companyId: COMPANY,
          accountId: ACCOUNT,
          payload: {
            visitId,
            customerId: CUSTOMER,
            at: new Date().toISOString(),
            location: null,
            note: null,
            pin: false,
            unplannedReason: null,
          },
        });
        throw new Error('hết dung lượng');
      }),
    ).rejects.toThrow('hết dung lượng');
    expect(await db.outbox.count()).toBe(0);
    expect(await db.visits.count()).toBe(0);
  });

  it('refuses to queue outside a transaction or with an invalid payload, leaving nothing behind', async () => {
    await expect(
      enqueueOp(db, {
        type: 'visit.checkOut',
        companyId: COMPANY,
        accountId: ACCOUNT,
        payload: { visitId: uuidv7(), at: new Date().toISOString(), location: null, note: null },
      }),
    ).rejects.toThrow(/inside the transaction/);
    await expect(
      db.transaction('rw', db.outbox, () =>
        enqueueOp(db, {
          type: 'visit.checkOut',
          companyId: COMPANY,
          accountId: ACCOUNT,
          payload: { visitId: 'x', at: 'hôm qua', location: null, note: null },
        }),
      ),
    ).rejects.toThrow();
    expect(await db.outbox.count()).toBe(0);
  });
});

describe('drainOutbox', () => {
  it('marks applied ops done and stores the server copy of the record', async () => {
    const { visitId } = await checkIn();
    const server = { ...visitRecord(visitId), received_at: '2026-11-21T09:00:00.000Z' };
    const t = transport(() => ({
      status: 200,
      results: () => ({ outcome: 'applied', entity: { type: 'visit', id: visitId, data: server } }),
    }));
    const outcome = await drain(t);
    expect(outcome).toMatchObject({ requests: 1, applied: 1, stoppedBy: null });
    expect(await states()).toEqual(['done']);
    expect(await db.visits.get(visitId)).toMatchObject({ syncState: 'synced', received_at: '2026-11-21T09:00:00.000Z' });
  });

  it('keeps ops queued with backoff when the network fails, and sends the same opIds again later', async () => {
    const { opId } = await checkIn();
    const offline = transport(() => 'network');
    expect((await drain(offline)).stoppedBy).toBe('network');
    const [op] = await db.outbox.toArray();
    expect(op).toMatchObject({ state: 'pending', attempts: 1, lastError: { kind: 'network' } });
    expect(op!.nextAttemptAt).toBeGreaterThan(clock);
    expect((await drain(transport(applied))).requests).toBe(0);
    clock = op!.nextAttemptAt;
    const online = transport(applied);
    await drain(online);
    expect(online.calls[0]!.ops.map((o) => o.opId)).toEqual([opId]);
    expect(await states()).toEqual(['done']);
  });

  it('sends at once when the network comes back, however long the backoff grew offline, but keeps server backoffs', async () => {
    const { opId } = await checkIn();
    for (let i = 0; i < 12; i += 1) {
      if (i > 0) clock = (await db.outbox.get({ opId }))!.nextAttemptAt;
      await drain(transport(() => 'network'));
    }
    const busy = await checkIn();
    await db.outbox
      .where({ opId: busy.opId })
      .modify({ attempts: 1, nextAttemptAt: clock + 600_000, lastError: { kind: 'server', status: 503, message: 'bận' } });
    const [offlineOp] = await db.outbox.orderBy('seq').toArray();
    expect(offlineOp!.nextAttemptAt).toBeGreaterThan(clock + 60_000);
    expect(await releaseNetworkWaits(db, COMPANY)).toBe(1);
    expect(await db.outbox.get({ opId })).toMatchObject({ attempts: 0, nextAttemptAt: 0 });
    const online = transport(applied);
    await drain(online);
    expect(online.calls.map((call) => call.ops.map((o) => o.opId))).toEqual([[opId]]);
    expect(await states()).toEqual(['done', 'pending']);
  });

  it.each([500, 503])('treats %s as unknown: queued, retried later', async (status) => {
    await checkIn();
    expect((await drain(transport(() => ({ status })))).stoppedBy).toBe('server');
    expect(await db.outbox.toArray()).toEqual([
      expect.objectContaining({ state: 'pending', attempts: 1, lastError: expect.objectContaining({ status }) }),
    ]);
  });

  it('waits as long as a 429 asks', async () => {
    await checkIn();
    await drain(transport(() => ({ status: 429, retryAfterSeconds: 30 })));
    const [op] = await db.outbox.toArray();
    expect(op!.nextAttemptAt).toBe(clock + 30_000);
  });

  it('on 401 refreshes once and resends', async () => {
    await checkIn();
    let first = true;
    const t = transport(() => {
      if (first) {
        first = false;
        return { status: 401 };
      }
      return applied({} as PushBody) as ReturnType<Script>;
    });
    const outcome = await drain(t, async () => true);
    expect(outcome).toMatchObject({ requests: 2, applied: 1 });
    expect(await states()).toEqual(['done']);
  });

  it('on a 401 the refresh cannot fix, pauses and keeps every op', async () => {
    await checkIn();
    await checkIn();
    await checkIn();
    const outcome = await drain(transport(() => ({ status: 401 })));
    expect(outcome.stoppedBy).toBe('auth');
    const ops = await db.outbox.toArray();
    expect(ops).toHaveLength(3);
    expect(ops.every((op) => op.state === 'pending' && op.attempts === 0 && op.lastError?.kind === 'auth')).toBe(true);
    expect(await db.visits.count()).toBe(3);
  });

  it('stops, keeping the ops, on 403 and 426', async () => {
    await checkIn();
    expect((await drain(transport(() => ({ status: 403 })))).stoppedBy).toBe('forbidden');
    clock += 10 * 60_000;
    expect((await drain(transport(() => ({ status: 426 })))).stoppedBy).toBe('update-required');
    expect(await states()).toEqual(['pending']);
  });

  it('halves the batch on 413', async () => {
    for (let i = 0; i < 4; i += 1) await checkIn();
    const t = transport((body) => (body.ops.length > 1 ? { status: 413 } : applied(body)));
    await drainOutbox({
      db,
      companyId: COMPANY,
      accountId: ACCOUNT,
      deviceId: uuidv7(),
      transport: t,
      refreshAuth: async () => false,
      now: () => clock,
      batchSize: 4,
    });
    expect(t.calls.map((call) => call.ops.length)).toEqual([4, 2, 1, 1, 1, 1]);
    expect(await states()).toEqual(['done', 'done', 'done', 'done']);
  });

  it('records a rejection on the op and the record, and still sends the ops behind it', async () => {
    const first = await checkIn();
    const second = await checkIn();
    const t = transport(() => ({
      status: 200,
      results: (opId) =>
        opId === first.opId
          ? { outcome: 'rejected', error: { code: 'CUSTOMER_NOT_FOUND', message: 'Không tìm thấy khách hàng' } }
          : { outcome: 'applied' },
    }));
    const outcome = await drain(t);
    expect(outcome).toMatchObject({ applied: 1, rejected: 1 });
    expect(await states()).toEqual(['rejected', 'done']);
    expect(await db.visits.get(first.visitId)).toMatchObject({ syncState: 'rejected', error: 'Không tìm thấy khách hàng' });
    expect((await db.visits.get(second.visitId))?.syncState).toBe('pending');
  });

  it('does not send an op before the op it depends on is answered', async () => {
    const { visitId, opId } = await checkIn();
    await db.transaction('rw', db.visits, db.outbox, async () => {
      await db.visits.update(visitId, { check_out_at: new Date(clock).toISOString() });
      await enqueueOp(db, {
        type: 'visit.checkOut',
        companyId: COMPANY,
        accountId: ACCOUNT,
        entity: { type: 'visit', id: visitId },
        dependsOn: [opId],
        payload: { visitId, at: new Date(clock).toISOString(), location: null, note: null },
      });
    });
    // The check-in failed earlier and waits for its retry time: its check-out must wait too.
    await db.outbox
      .where('opId')
      .equals(opId)
      .modify({ nextAttemptAt: clock + 60_000 });
    const t = transport(applied);
    expect((await drain(t)).requests).toBe(0);
    clock += 60_000;
    await drain(t);
    expect(t.calls[0]!.ops.map((o) => o.opId)).toEqual([opId, expect.any(String)]);
  });

  it('leaves ops the server did not reach queued, and retries a "retry" answer later', async () => {
    const a = await checkIn();
    await checkIn();
    const t = transport(() => ({
      status: 200,
      results: (opId) => (opId === a.opId ? { outcome: 'retry', error: { code: 'DEPENDENCY_PENDING', message: 'chờ' } } : {}),
    }));
    // The server stops at the first retry: answer only that op.
    const partial: PushTransport = async (body) => {
      const answer = await t(body);
      answer.body!.data.results = answer.body!.data.results.slice(0, 1);
      return answer;
    };
    expect((await drain(partial)).stoppedBy).toBe('retry');
    const ops = await db.outbox.orderBy('seq').toArray();
    expect(ops.map((op) => [op.state, op.attempts])).toEqual([
      ['pending', 1],
      ['pending', 0],
    ]);
  });

  it('sends one request when two drains start at once', async () => {
    await checkIn();
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const t = transport(applied);
    const slow: PushTransport = async (body) => {
      await gate;
      return t(body);
    };
    const both = Promise.all([drain(slow), drain(slow)]);
    release();
    await both;
    expect(t.calls).toHaveLength(1);
    expect(await states()).toEqual(['done']);
  });

  it('never sends ops queued by another account on the same device', async () => {
    await checkIn();
    const t = transport(applied);
    await drainOutbox({
      db,
      companyId: COMPANY,
      accountId: ACCOUNT + 1,
      deviceId: uuidv7(),
      transport: t,
      refreshAuth: async () => false,
      now: () => clock,
    });
    expect(t.calls).toHaveLength(0);
    expect(await states()).toEqual(['pending']);
  });

  it('sends ops that a tab closed mid-push left "sending", once it holds the cross-tab lock', async () => {
    const { opId } = await checkIn();
    await db.outbox.toCollection().modify({ state: 'sending' });
    // The closed tab's lock went with it: this tab gets the lock (a one-holder stand-in for Web Locks).
    const had = Object.getOwnPropertyDescriptor(navigator, 'locks');
    Object.defineProperty(navigator, 'locks', {
      configurable: true,
      value: {
        request: (_name: string, _options: unknown, callback: (lock: { name: string }) => unknown) => callback({ name: 'outbox-drain' }),
      },
    });
    try {
      const t = transport(applied);
      await drain(t);
      expect(t.calls.map((call) => call.ops.map((op) => op.opId))).toEqual([[opId]]);
      expect(await states()).toEqual(['done']);
    } finally {
      if (had) Object.defineProperty(navigator, 'locks', had);
      else delete (navigator as { locks?: unknown }).locks;
    }
  });

  it('requeues ops left "sending" by a reload mid-request', async () => {
    await checkIn();
    await db.outbox.toCollection().modify({ state: 'sending' });
    await requeueInterrupted(db);
    expect(await states()).toEqual(['pending']);
  });
});
