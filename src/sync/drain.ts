/**
 * Draining the outbox: send queued ops in order, in batches, and record each answer. Every kind of
 * answer has one meaning (docs/offline-sync.md "Push answers"):
 *  - network failure, timeout, 5xx, 429: the outcome is unknown; the ops stay queued and are sent
 *    again later (the server dedupes by opId), with backoff and jitter;
 *  - 401: refresh the sign-in once and resend; if that fails the queue pauses, nothing is dropped;
 *  - 403 (no longer a member), 400 (a malformed batch, a bug): the queue stops, ops stay;
 *  - 413: the batch is halved; 426: the app must update first;
 *  - 200: per op, applied / applied_with_changes (done), rejected (needs the person), retry.
 * Only one drain runs at a time on the device: a Web Lock across tabs plus a flag within the tab.
 */
import type { Envelope } from '@contract/envelope';
import type { OpResult, PushAnswer } from '@contract/sync';
import type { AppDb, OutboxError, OutboxRow } from '@/db/app-db';
import { backoffDelay } from './backoff';
import { isMirrored, mirrorTables, putServerRecord, queuedWork } from './mirror';
import { syncDomains } from './registry';
import { uploadBatchFiles, type FileUpload } from './outbox-files';

export type PushBody = {
  company: number;
  deviceId: string;
  ops: Pick<OutboxRow, 'opId' | 'type' | 'schemaVersion' | 'clientCreatedAt' | 'payload' | 'dependsOn'>[];
};

/** One HTTP exchange; throws `TransportError` when no answer arrived (offline, timeout, reset). */
export type PushTransport = (
  body: PushBody,
) => Promise<{ status: number; retryAfterSeconds: number | null; body: Envelope<PushAnswer> | null }>;

export class TransportError extends Error {}

export type DrainOptions = {
  db: AppDb;
  companyId: number;
  accountId: number;
  deviceId: string;
  transport: PushTransport;
  /** Refresh the access token; true when a new one was obtained. */
  refreshAuth: () => Promise<boolean>;
  now?: () => number;
  random?: () => number;
  batchSize?: number;
  /** Uploads a file an op names (src/sync/outbox-files.ts); without it, ops are sent as they are. */
  uploadFile?: FileUpload;
};

export type DrainStop = 'network' | 'server' | 'auth' | 'forbidden' | 'bad-request' | 'update-required' | 'retry' | 'busy';

export type DrainOutcome = { requests: number; applied: number; rejected: number; stoppedBy: DrainStop | null };

const DEFAULT_BATCH = 50;

/** The ops that may go now, in queue order, stopping before one that waits for an unfinished op. */
async function nextBatch(db: AppDb, companyId: number, accountId: number, now: number, size: number): Promise<OutboxRow[]> {
  const queued = await db.outbox.where('[companyId+state]').equals([companyId, 'pending']).sortBy('seq');
  const unfinished = new Set(queued.map((op) => op.opId));
  const batch: OutboxRow[] = [];
  for (const op of queued) {
    if (op.accountId !== accountId) continue;
    if (op.nextAttemptAt > now) break;
    // Dependencies earlier in this batch are fine: the server applies the batch in order.
    if (op.dependsOn.some((dep) => unfinished.has(dep) && !batch.some((sent) => sent.opId === dep))) break;
    batch.push(op);
    if (batch.length >= size) break;
  }
  return batch;
}

/**
 * Lets ops that waited only because the network was down go at once. Called when the browser says it
 * is back online and when the rep asks to sync: without it the queue would sit out a backoff that grew
 * while the phone had no signal (up to the 5-minute cap) with "Đồng bộ ngay" doing nothing. The
 * attempt count starts over too: failures without signal say nothing about how busy the server is.
 */
export async function releaseNetworkWaits(db: AppDb, companyId: number): Promise<number> {
  return db.outbox
    .where('[companyId+state]')
    .equals([companyId, 'pending'])
    .filter((op) => op.lastError?.kind === 'network' && op.nextAttemptAt > 0)
    .modify({ nextAttemptAt: 0, attempts: 0 });
}

async function setState(db: AppDb, ops: OutboxRow[], patch: Partial<OutboxRow>): Promise<void> {
  await db.outbox.bulkUpdate(ops.map((op) => ({ key: op.seq!, changes: patch })));
}

async function deferAll(db: AppDb, ops: OutboxRow[], error: OutboxError, now: number, random: () => number, delayMs?: number) {
  await db.transaction('rw', db.outbox, async () => {
    for (const op of ops) {
      const attempts = op.attempts + 1;
      await db.outbox.update(op.seq!, {
        state: 'pending',
        attempts,
        nextAttemptAt: now + (delayMs ?? backoffDelay(attempts, random)),
        lastError: error,
      });
    }
  });
}

/**
 * One op's answer, inside the transaction recording the batch's answers (drainLoop). `queued` counts the ops still
 * queued per record: a record keeps its local version while later ops about it wait.
 */
async function recordResult(
  db: AppDb,
  op: OutboxRow,
  result: OpResult,
  now: number,
  random: () => number,
  queued: Map<string, number>,
): Promise<'done' | 'rejected' | 'retry'> {
  if (result.outcome === 'retry') {
    const attempts = op.attempts + 1;
    await db.outbox.update(op.seq!, {
      state: 'pending',
      attempts,
      nextAttemptAt: now + backoffDelay(attempts, random),
      lastError: { kind: 'retry', code: result.error?.code, message: result.error?.message ?? 'Máy chủ chưa xử lý được' },
    });
    return 'retry';
  }
  const rejected = result.outcome === 'rejected';
  await db.outbox.update(op.seq!, {
    state: rejected ? 'rejected' : 'done',
    // Counted as a send too: "Số lần gửi" of an op the server answered is never 0.
    attempts: op.attempts + 1,
    result,
    doneAt: now,
    lastError: rejected ? { kind: 'rejected', code: result.error?.code, message: result.error?.message ?? 'Bị từ chối' } : null,
  });
  if (op.entity?.id) queued.set(op.entity.id, (queued.get(op.entity.id) ?? 1) - 1);
  if (!rejected && result.entity && isMirrored(result.entity.type))
    await putServerRecord(db, result.entity.type, result.entity.data, queued);
  // The domain's own follow-up (contract/sync.ts: a refused record shows why; an order applied
  // with changes keeps them for the rep to see).
  if (op.entity) {
    const hooks = rejected ? syncDomains().onRejected : syncDomains().onApplied;
    await hooks.get(op.entity.type)?.(db, op.entity.id, result);
  }
  return rejected ? 'rejected' : 'done';
}

/** The batch's answers (or the device's own refusals) recorded in one transaction, the outbox read once (not once per op). */
async function recordAnswers(
  db: AppDb,
  batch: OutboxRow[],
  results: Map<string, OpResult>,
  now: () => number,
  random: () => number,
  outcome: DrainOutcome,
): Promise<boolean> {
  let retry = false;
  await db.transaction('rw', mirrorTables(db), async () => {
    const queued = await queuedWork(db);
    for (const op of batch) {
      const result = results.get(op.opId);
      if (!result) {
        // Not reached by the server (it stopped at an earlier retry): send again, no penalty.
        await db.outbox.update(op.seq!, { state: 'pending' });
        continue;
      }
      const recorded = await recordResult(db, op, result, now(), random, queued);
      if (recorded === 'done') outcome.applied += 1;
      else if (recorded === 'rejected') outcome.rejected += 1;
      else retry = true;
    }
  });
  return retry;
}

/**
 * The files the batch's ops name go first (outbox-files.ts): 'send' the batch, pick a batch 'again'
 * (ops whose file was refused are refused here, with the server's reason), or stop as a push would.
 */
async function filesFirst(
  options: DrainOptions,
  batch: OutboxRow[],
  auth: { refreshed: boolean },
  outcome: DrainOutcome,
  clock: { now: () => number; random: () => number },
): Promise<'send' | 'again' | DrainStop> {
  const { db } = options;
  if (!options.uploadFile || !batch.some((op) => op.files?.length)) return 'send';
  const files = await uploadBatchFiles(db, batch, options.uploadFile, clock.now());
  if (files.stop === 'auth') {
    if (!auth.refreshed && (await options.refreshAuth().catch(() => false))) {
      auth.refreshed = true;
      return 'again';
    }
    await setState(db, batch, { lastError: { kind: 'auth', status: 401, message: files.message } });
    return 'auth';
  }
  if (files.stop) {
    await deferAll(db, batch, { kind: files.stop, status: files.status, message: files.message }, clock.now(), clock.random);
    return files.stop;
  }
  if (files.refused.length === 0) return 'send';
  const refused = files.refused.map((one) => one.op);
  await recordAnswers(db, refused, new Map(files.refused.map((one) => [one.op.opId, one.result])), clock.now, clock.random, outcome);
  return 'again';
}

async function drainLoop(options: DrainOptions): Promise<DrainOutcome> {
  const { db, companyId, accountId, deviceId, transport } = options;
  const now = options.now ?? Date.now;
  const random = options.random ?? Math.random;
  let size = options.batchSize ?? DEFAULT_BATCH;
  const outcome: DrainOutcome = { requests: 0, applied: 0, rejected: 0, stoppedBy: null };
  const auth = { refreshed: false };

  for (;;) {
    const batch = await nextBatch(db, companyId, accountId, now(), size);
    if (batch.length === 0) return outcome;
    const files = await filesFirst(options, batch, auth, outcome, { now, random });
    if (files === 'again') continue;
    if (files !== 'send') return { ...outcome, stoppedBy: files };
    await setState(db, batch, { state: 'sending' });
    const body: PushBody = {
      company: companyId,
      deviceId,
      ops: batch.map(({ opId, type, schemaVersion, clientCreatedAt, payload, dependsOn }) => ({
        opId,
        type,
        schemaVersion,
        clientCreatedAt,
        payload,
        dependsOn,
      })),
    };
    let answer: Awaited<ReturnType<PushTransport>>;
    try {
      outcome.requests += 1;
      answer = await transport(body);
    } catch {
      await deferAll(db, batch, { kind: 'network', message: 'Không kết nối được máy chủ' }, now(), random);
      return { ...outcome, stoppedBy: 'network' };
    }

    if (answer.status === 401) {
      await setState(db, batch, { state: 'pending' });
      if (!auth.refreshed && (await options.refreshAuth().catch(() => false))) {
        auth.refreshed = true;
        continue;
      }
      await setState(db, batch, {
        lastError: { kind: 'auth', status: 401, message: 'Phiên đăng nhập hết hạn, vui lòng đăng nhập lại để gửi' },
      });
      return { ...outcome, stoppedBy: 'auth' };
    }
    if (answer.status === 413 && size > 1) {
      await setState(db, batch, { state: 'pending' });
      size = Math.max(1, Math.floor(size / 2));
      continue;
    }
    if (answer.status === 426) {
      await setState(db, batch, {
        state: 'pending',
        lastError: { kind: 'update-required', status: 426, message: 'Cần cập nhật ứng dụng để gửi' },
      });
      return { ...outcome, stoppedBy: 'update-required' };
    }
    if (answer.status === 429 || answer.status >= 500) {
      const delay = answer.retryAfterSeconds !== null ? answer.retryAfterSeconds * 1000 : undefined;
      await deferAll(
        db,
        batch,
        { kind: 'server', status: answer.status, message: answer.body?.message ?? `Máy chủ lỗi ${answer.status}` },
        now(),
        random,
        delay,
      );
      return { ...outcome, stoppedBy: 'server' };
    }
    if (answer.status !== 200 || !answer.body?.data?.results) {
      const kind = answer.status === 403 ? 'forbidden' : 'bad-request';
      await deferAll(
        db,
        batch,
        { kind, status: answer.status, message: answer.body?.message ?? `Máy chủ từ chối yêu cầu (${answer.status})` },
        now(),
        random,
      );
      return { ...outcome, stoppedBy: kind };
    }

    const results = new Map(answer.body.data.results.map((result) => [result.opId, result]));
    if (await recordAnswers(db, batch, results, now, random, outcome)) return { ...outcome, stoppedBy: 'retry' };
  }
}

let running: Promise<DrainOutcome> | null = null;

/**
 * Drains unless a drain already runs in this tab (joins it) or in another tab (returns 'busy'):
 * two paths pushing at once is how Odoo POS duplicated orders (docs/offline-sync.md "Ops: named intents, exactly once").
 */
export function drainOutbox(options: DrainOptions): Promise<DrainOutcome> {
  running ??= (async () => {
    try {
      const locks = typeof navigator !== 'undefined' ? navigator.locks : undefined;
      if (!locks) return await drainLoop(options);
      return await locks.request('outbox-drain', { ifAvailable: true }, async (lock) => {
        if (!lock) return { requests: 0, applied: 0, rejected: 0, stoppedBy: 'busy' } as DrainOutcome;
        // Holding the lock, no other drain is sending: ops still 'sending' were left by a tab closed
        // mid-push, and would wait for the app to be opened again while this tab stays open.
        await requeueInterrupted(options.db);
        return drainLoop(options);
      });
    } finally {
      running = null;
    }
  })();
  return running;
}

/** After a crash or reload mid-send, ops left 'sending' are simply queued again (the server dedupes). */
export async function requeueInterrupted(db: AppDb): Promise<void> {
  await db.outbox.where('state').equals('sending').modify({ state: 'pending' });
}
