/**
 * The durable job queue every outside call runs from (docs/integrations.md): a row in `jobs`,
 * enqueued in the transaction that causes the work, claimed with FOR UPDATE SKIP LOCKED (so several
 * server processes on one PostgreSQL never run a job twice at once), retried with backoff, and given
 * up ("dead") after its last attempt. A claim is a lease: a process that dies mid-job leaves it to
 * be claimed again when the lease ends, so a job's work must be idempotent at the provider (a
 * client order code, a tracking id), which every integration's handler ensures.
 */
import { and, eq, sql } from 'drizzle-orm';
import type { AppDeps } from './app-types';
import type { DatabaseHandle, Db } from './db/client';
import { jobs } from './db/schema';
import { rowsOf } from './sql';

export type EnqueueInput = {
  queue: string;
  payload: unknown;
  companyId?: number | null;
  /**
   * Whose work it is, for fairness: the company's (the default when `companyId` is set), or a
   * person's (`account:<id>`) for work that belongs to no company.
   */
  fairKey?: string | null;
  /** The same key in the same queue is the same work: a second enqueue does nothing. */
  dedupeKey?: string | null;
  runAt?: Date;
  maxAttempts?: number;
};

function jobRow(input: EnqueueInput) {
  return {
    queue: input.queue,
    payload: input.payload as object,
    companyId: input.companyId ?? null,
    fairKey: input.fairKey ?? (input.companyId ? `company:${input.companyId}` : null),
    dedupeKey: input.dedupeKey ?? null,
    runAt: input.runAt ?? new Date(),
    maxAttempts: input.maxAttempts ?? 8,
  };
}

/** Enqueues in `db` (pass the transaction that causes the work); the job id, or null when the key was taken. */
export async function enqueueJob(db: Db, input: EnqueueInput): Promise<number | null> {
  const [row] = await db.insert(jobs).values(jobRow(input)).onConflictDoNothing().returning({ id: jobs.id });
  return row?.id ?? null;
}

/** Enqueues many at once (a campaign's recipients) in one statement per 500; a key already taken is skipped. */
export async function enqueueJobs(db: Db, inputs: readonly EnqueueInput[]): Promise<void> {
  for (let start = 0; start < inputs.length; start += 500) {
    await db
      .insert(jobs)
      .values(inputs.slice(start, start + 500).map(jobRow))
      .onConflictDoNothing();
  }
}

export type ClaimedJob<P = unknown> = {
  id: number;
  queue: string;
  companyId: number | null;
  dedupeKey: string | null;
  payload: P;
  /** 1 on the first run. */
  attempt: number;
  maxAttempts: number;
};

/** The work does not succeed by trying again (refused input, a provider's final no): no retry. */
export class PermanentJobError extends Error {}

/** Try again after `afterMs` (a provider's Retry-After, a token being refreshed elsewhere). */
export class RetryLaterError extends Error {
  constructor(
    message: string,
    readonly afterMs: number,
  ) {
    super(message);
  }
}

export type JobHandler<P = unknown> = {
  queue: string;
  /**
   * The most jobs of this queue running at once over all processes (default: the runner's loops),
   * so that calls of one kind that hang leave the other loops to the other kinds.
   */
  concurrency?: number;
  /**
   * The most jobs of one fair key running at once in this queue, for calls to addresses people
   * choose (a browser's push service): one person's hung endpoints never hold the whole queue.
   */
  perKey?: number;
  /** Does the work; what it returns is kept on the job. */
  run: (job: ClaimedJob<P>, deps: AppDeps) => Promise<unknown>;
  /** After the last attempt failed, or a permanent failure: record it where people see it. */
  onDead?: (job: ClaimedJob<P>, error: Error, deps: AppDeps) => Promise<void>;
};

// Handlers of different payloads live in one list; each reads its own payload type.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyJobHandler = JobHandler<any>;

export type JobRunnerOptions = {
  pollMs: number;
  /** How long a claim holds before another process may take the job over. */
  leaseMs: number;
  /** First retry delay; each later one doubles, up to an hour. */
  retryBaseMs: number;
  concurrency: number;
};

export type JobRunner = {
  /** Look for work now (after a commit that enqueued some) instead of at the next poll. */
  kick: () => void;
  /**
   * Runs ready jobs until none is left that is due (tests; a retry scheduled later is due later).
   * With `untilIdle`, waits for retries scheduled within `timeoutMs` too.
   */
  drain: (options?: { queues?: string[]; untilIdle?: boolean; timeoutMs?: number }) => Promise<void>;
  stop: () => Promise<void>;
};

const MAX_BACKOFF_MS = 60 * 60 * 1000;
/** The shortest pause of an idle loop, so that a job held by another claim is not asked for in a spin. */
const MIN_PAUSE_MS = 10;

export function backoffMs(attempt: number, baseMs: number): number {
  return Math.min(MAX_BACKOFF_MS, baseMs * 2 ** Math.max(0, attempt - 1));
}

/** Each queue's cap and a fair key's share of it (JobHandler.concurrency, perKey). */
export type QueueLimits = { names: string[]; caps: number[]; shares: number[] };

export function queueLimits(handlers: Iterable<AnyJobHandler>, loops: number, only?: string[]): QueueLimits {
  const limits: QueueLimits = { names: [], caps: [], shares: [] };
  for (const handler of handlers) {
    if (only && !only.includes(handler.queue)) continue;
    const cap = Math.max(1, handler.concurrency ?? loops);
    limits.names.push(handler.queue);
    limits.caps.push(cap);
    limits.shares.push(Math.max(1, Math.min(cap, handler.perKey ?? cap)));
  }
  return limits;
}

/** Claims run one at a time over all processes, so that the caps they read are exact. */
const CLAIM_LOCK = 7_300_001;
/** A fair key as the claim compares it: work of no one in particular is one key too. */
const keyOf = (key: string | null) => key ?? '';

/**
 * What a claim may take: the queues under their cap, the (queue, key) pairs at their share, and
 * how many jobs each key has running, from the jobs running now (a few rows: one per loop).
 */
function claimRules(limits: QueueLimits, running: { queue: string; fair_key: string | null; n: number }[]) {
  const inQueue = new Map<string, number>();
  const ofKey = new Map<string, number>();
  const full: string[] = [];
  for (const row of running) {
    inQueue.set(row.queue, (inQueue.get(row.queue) ?? 0) + row.n);
    ofKey.set(keyOf(row.fair_key), (ofKey.get(keyOf(row.fair_key)) ?? 0) + row.n);
    const at = limits.names.indexOf(row.queue);
    if (at >= 0 && row.n >= limits.shares[at]!) full.push(`${row.queue}\n${keyOf(row.fair_key)}`);
  }
  const open = limits.names.filter((name, at) => (inQueue.get(name) ?? 0) < limits.caps[at]!);
  return { open, full, keys: [...ofKey.keys()], counts: [...ofKey.values()] };
}

/**
 * Claims the due job whose fair key has the fewest jobs running (then the oldest), among queues
 * under their cap and keys under their share; a claim whose lease ran out is taken over.
 */
async function claim(db: Db, limits: QueueLimits, leaseMs: number): Promise<ClaimedJob | null> {
  if (limits.names.length === 0) return null;
  const result = await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${CLAIM_LOCK})`);
    const running = rowsOf<{ queue: string; fair_key: string | null; n: number }>(
      await tx.execute(sql`
        select queue, fair_key, count(*)::int as n from jobs
        where state = 'running' and locked_until >= now() group by queue, fair_key`),
    );
    const rules = claimRules(limits, running);
    if (rules.open.length === 0) return null;
    const key = sql`coalesce(j.fair_key, '')`;
    // With nothing running every key is even: the oldest job first, straight from the index.
    const fewestRunning =
      rules.keys.length === 0
        ? sql``
        : sql`coalesce((${sql.param(rules.counts)}::int[])[array_position(${sql.param(rules.keys)}::text[], ${key})], 0),`;
    return tx.execute(sql`
      update jobs set state = 'running', attempts = attempts + 1,
        locked_until = now() + make_interval(secs => ${leaseMs / 1000})
      where id = (
        select j.id from jobs j
        where j.queue = any(${sql.param(rules.open)}::text[])
          and ((j.state = 'ready' and j.run_at <= now()) or (j.state = 'running' and j.locked_until < now()))
          and j.queue || E'\n' || ${key} <> all(${sql.param(rules.full)}::text[])
        order by ${fewestRunning} j.run_at, j.id
        for update skip locked
        limit 1)
      returning id, queue, company_id, dedupe_key, payload, attempts, max_attempts`);
  });
  if (!result) return null;
  const [row] = rowsOf<{
    id: number | string;
    queue: string;
    company_id: number | null;
    dedupe_key: string | null;
    payload: unknown;
    attempts: number;
    max_attempts: number;
  }>(result);
  if (!row) return null;
  return {
    id: Number(row.id),
    queue: row.queue,
    companyId: row.company_id,
    dedupeKey: row.dedupe_key,
    payload: row.payload,
    attempt: row.attempts,
    maxAttempts: row.max_attempts,
  };
}

/** Jobs due now, or by `before` (drain). */
async function pendingCount(db: Db, queues: string[], before: Date): Promise<number> {
  const result = await db.execute(sql`
    select count(*)::int as n from jobs
    where queue = any(${sql.param(queues)}::text[])
      and ((state = 'ready' and run_at <= ${before.toISOString()}::timestamptz) or state = 'running')`);
  return rowsOf<{ n: number }>(result)[0]?.n ?? 0;
}

function messageOf(error: unknown): string {
  return (error instanceof Error ? error.message : String(error)).slice(0, 2000);
}

export function createJobRunner(options: JobRunnerOptions) {
  let deps: AppDeps | null = null;
  let handlers = new Map<string, AnyJobHandler>();
  let running = false;
  const wakers = new Set<() => void>();
  /** Counts wakes, so that one coming while a loop claims is not lost before it sleeps. */
  let wakes = 0;
  let loops: Promise<void>[] = [];
  let unlisten: (() => Promise<void>) | null = null;

  async function finish(db: Db, job: ClaimedJob, result: unknown) {
    await db
      .update(jobs)
      .set({ state: 'done', result: (result ?? null) as object, lockedUntil: null, lastError: null, finishedAt: new Date() })
      .where(and(eq(jobs.id, job.id), eq(jobs.state, 'running')));
  }

  async function fail(appDeps: AppDeps, handler: AnyJobHandler, job: ClaimedJob, error: unknown) {
    const { db } = appDeps;
    const permanent = error instanceof PermanentJobError;
    if (permanent || job.attempt >= job.maxAttempts) {
      await db
        .update(jobs)
        .set({ state: 'dead', lastError: messageOf(error), lockedUntil: null, finishedAt: new Date() })
        .where(eq(jobs.id, job.id));
      const asError = error instanceof Error ? error : new Error(messageOf(error));
      await handler.onDead?.(job, asError, appDeps).catch((onDeadError: unknown) => {
        appDeps.logger.error({ err: onDeadError, queue: job.queue, job: job.id }, 'job onDead failed');
      });
      return;
    }
    const delay = error instanceof RetryLaterError ? error.afterMs : backoffMs(job.attempt, options.retryBaseMs);
    await db
      .update(jobs)
      .set({ state: 'ready', lastError: messageOf(error), lockedUntil: null, runAt: new Date(Date.now() + delay) })
      .where(eq(jobs.id, job.id));
  }

  /** Claims and runs one job of the queues `limits` names; false when there was none. */
  async function runOne(limits: QueueLimits): Promise<boolean> {
    const appDeps = deps;
    if (!appDeps) return false;
    const job = await claim(appDeps.db, limits, options.leaseMs);
    if (!job) return false;
    const handler = handlers.get(job.queue);
    if (!handler) return true;
    try {
      const result = await handler.run(job, appDeps);
      await finish(appDeps.db, job, result);
    } catch (error) {
      appDeps.logger.warn({ queue: job.queue, job: job.id, attempt: job.attempt, err: messageOf(error) }, 'job failed');
      await fail(appDeps, handler, job, error);
    }
    // A loop may be waiting for this job's place under its queue's cap or its key's share.
    wakeAll();
    return true;
  }

  /** Wakes every sleeping loop: work may be ready (a commit enqueued some, a retry is due, a place freed). */
  function wakeAll() {
    wakes += 1;
    for (const wake of [...wakers]) wake();
  }

  /** Sleeps `ms`, or not at all when a wake came since `since` (while the loop was not asleep yet). */
  function sleep(ms: number, since = wakes): Promise<void> {
    if (wakes !== since) return Promise.resolve();
    return new Promise((resolve) => {
      const wake = () => {
        clearTimeout(timer);
        wakers.delete(wake);
        resolve();
      };
      const timer = setTimeout(wake, ms);
      wakers.add(wake);
    });
  }

  /**
   * How long until a ready job of `queues` is due (a paced send, a retry), at most the poll
   * interval. One due already waits for a place under a cap: a job finishing here wakes the loop,
   * one finishing in another process is seen at the next poll.
   */
  async function untilNextDue(db: Db, queues: string[]): Promise<number> {
    const result = await db.execute(sql`
      select ceil(extract(epoch from min(run_at) - now()) * 1000)::float8 as ms from jobs
      where state = 'ready' and queue = any(${sql.param(queues)}::text[])`);
    const ms = rowsOf<{ ms: number | string | null }>(result)[0]?.ms;
    if (ms === null || ms === undefined || Number(ms) <= 0) return options.pollMs;
    return Math.min(options.pollMs, Math.max(MIN_PAUSE_MS, Number(ms)));
  }

  async function loop() {
    const limits = queueLimits(handlers.values(), options.concurrency);
    while (running) {
      let pause = 0;
      const since = wakes;
      try {
        if (!(await runOne(limits)) && deps) pause = await untilNextDue(deps.db, limits.names);
      } catch (error) {
        // The database went away for a moment (restart, failover): try again at the next poll.
        deps?.logger.warn({ err: messageOf(error) }, 'job runner could not claim');
        pause = options.pollMs;
      }
      if (pause > 0 && running) await sleep(pause, since);
    }
  }

  const runner: JobRunner & {
    /** `listen` (the database's, server/kernel/db/client.ts) wakes the loops when work is enqueued. */
    start: (appDeps: AppDeps, list: AnyJobHandler[], background: boolean, listen?: DatabaseHandle['listen']) => Promise<void>;
  } = {
    async start(appDeps, list, background, listen) {
      deps = appDeps;
      handlers = new Map(list.map((handler) => [handler.queue, handler]));
      if (handlers.size !== list.length) throw new Error('two job handlers share a queue');
      // On PGlite the folder lock (kernel/db/folder-lock.ts) makes this the only process: a job left
      // running is one this folder's previous process never finished, so it is ready again now.
      if (appDeps.env.databaseUrl === null) {
        await appDeps.db.update(jobs).set({ state: 'ready', lockedUntil: null }).where(eq(jobs.state, 'running'));
      }
      if (!background) return;
      running = true;
      // Enqueued work wakes the loops when its transaction commits (migration 0030_jobs_notify).
      unlisten = listen ? await listen('jobs', wakeAll) : null;
      loops = Array.from({ length: options.concurrency }, () => loop());
    },
    kick: wakeAll,
    async drain({ queues, untilIdle = false, timeoutMs = 30_000 } = {}) {
      const limits = queueLimits(handlers.values(), options.concurrency, queues);
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        if (await runOne(limits)) continue;
        if (!deps || !untilIdle || Date.now() > deadline) return;
        const waiting = await pendingCount(deps.db, limits.names, new Date(deadline));
        if (waiting === 0) return;
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    },
    async stop() {
      running = false;
      wakeAll();
      await unlisten?.();
      unlisten = null;
      await Promise.all(loops);
      loops = [];
    },
  };
  return runner;
}
