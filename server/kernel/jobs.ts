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

async function claim(db: Db, queues: string[], leaseMs: number): Promise<ClaimedJob | null> {
  if (queues.length === 0) return null;
  const result = await db.execute(sql`
    update jobs set state = 'running', attempts = attempts + 1,
      locked_until = now() + make_interval(secs => ${leaseMs / 1000})
    where id = (
      select id from jobs
      where queue = any(${sql.param(queues)}::text[])
        and ((state = 'ready' and run_at <= now()) or (state = 'running' and locked_until < now()))
      order by run_at, id
      for update skip locked
      limit 1)
    returning id, queue, company_id, dedupe_key, payload, attempts, max_attempts`);
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

  /** Claims and runs one job of `queues`; false when there was none. */
  async function runOne(queues: string[]): Promise<boolean> {
    const appDeps = deps;
    if (!appDeps) return false;
    const job = await claim(appDeps.db, queues, options.leaseMs);
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
    return true;
  }

  /** Wakes every sleeping loop: work may be ready (a commit enqueued some, a retry is due). */
  function wakeAll() {
    for (const wake of [...wakers]) wake();
  }

  function sleep(ms: number): Promise<void> {
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

  /** How long until a ready job of `queues` is due (a paced send, a retry), at most the poll interval. */
  async function untilNextDue(db: Db, queues: string[]): Promise<number> {
    const result = await db.execute(sql`
      select ceil(extract(epoch from min(run_at) - now()) * 1000)::float8 as ms from jobs
      where state = 'ready' and queue = any(${sql.param(queues)}::text[])`);
    const ms = rowsOf<{ ms: number | string | null }>(result)[0]?.ms;
    if (ms === null || ms === undefined) return options.pollMs;
    // Due now but taken by another claim that has not committed yet: look again shortly.
    return Math.min(options.pollMs, Math.max(MIN_PAUSE_MS, Number(ms)));
  }

  async function loop() {
    while (running) {
      let pause = 0;
      try {
        const names = [...handlers.keys()];
        if (!(await runOne(names)) && deps) pause = await untilNextDue(deps.db, names);
      } catch (error) {
        // The database went away for a moment (restart, failover): try again at the next poll.
        deps?.logger.warn({ err: messageOf(error) }, 'job runner could not claim');
        pause = options.pollMs;
      }
      if (pause > 0 && running) await sleep(pause);
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
      const names = queues ?? [...handlers.keys()];
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        if (await runOne(names)) continue;
        if (!deps || !untilIdle || Date.now() > deadline) return;
        const waiting = await pendingCount(deps.db, names, new Date(deadline));
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
