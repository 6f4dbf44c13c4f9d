import crypto from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '@server/testing/test-database';
import { testEnv } from '@server/testing/test-server';
import { createLogger } from '@server/lib/logger';
import type { AppDeps } from './app-types';
import type { DatabaseHandle } from './db/client';
import { readRouting } from './db/replica';
import { jobs } from './db/schema';
import { createJobRunner, enqueueJob, PermanentJobError, RetryLaterError, type AnyJobHandler } from './jobs';
import { vaultFromKey } from './vault';

let database: DatabaseHandle;

beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(async () => {
  await database.close();
});

/** A runner over the test database with these handlers; `background` starts its polling loops. */
async function runner(
  handlers: AnyJobHandler[],
  options: { concurrency?: number; leaseMs?: number; background?: boolean; pglite?: boolean; pollMs?: number } = {},
) {
  const jobsRunner = createJobRunner({
    pollMs: options.pollMs ?? 10,
    leaseMs: options.leaseMs ?? 60_000,
    retryBaseMs: 1,
    concurrency: options.concurrency ?? 1,
  });
  const deps: AppDeps = {
    db: database.db,
    env: testEnv({ databaseUrl: options.pglite ? null : 'postgres://several-processes' }),
    keys: null as never,
    files: null as never,
    sender: null as never,
    logger: createLogger('silent'),
    vault: vaultFromKey(crypto.randomBytes(32)),
    jobs: jobsRunner,
    simulatorUrl: null,
    publicUrl: 'http://localhost',
    reads: readRouting(database.db, null),
  };
  await jobsRunner.start(deps, handlers, options.background ?? false, database.listen);
  return jobsRunner;
}

const queue = () => `test-${crypto.randomUUID()}`;

async function jobRows(name: string) {
  return database.db.select().from(jobs).where(eq(jobs.queue, name)).orderBy(jobs.id);
}

describe('durable jobs', () => {
  it('keeps one job per dedupe key, and the enqueue in a rolled-back transaction never happened', async () => {
    const name = queue();
    expect(await enqueueJob(database.db, { queue: name, payload: { n: 1 }, dedupeKey: 'order:1' })).toBeTypeOf('number');
    expect(await enqueueJob(database.db, { queue: name, payload: { n: 2 }, dedupeKey: 'order:1' })).toBeNull();
    await database.db
      .transaction(async (tx) => {
        await enqueueJob(tx, { queue: name, payload: { n: 3 }, dedupeKey: 'order:2' });
        throw new Error('roll back');
      })
      .catch(() => undefined);
    const rows = await jobRows(name);
    expect(rows.map((row) => row.payload)).toEqual([{ n: 1 }]);
  });

  it('runs a job once, keeps its result, and retries a failure until it succeeds', async () => {
    const name = queue();
    const seen: number[] = [];
    const jobsRunner = await runner([
      {
        queue: name,
        async run(job) {
          seen.push(job.attempt);
          if (job.attempt < 3) throw new Error(`try ${job.attempt} failed`);
          return { shipment: 'GHN123' };
        },
      },
    ]);
    await enqueueJob(database.db, { queue: name, payload: {} });
    await jobsRunner.drain({ untilIdle: true, timeoutMs: 5_000 });
    expect(seen).toEqual([1, 2, 3]);
    const [row] = await jobRows(name);
    expect(row).toMatchObject({ state: 'done', attempts: 3, result: { shipment: 'GHN123' }, lastError: null });
  });

  it('gives up after the last attempt or at once on a permanent failure, and says so to the handler', async () => {
    const name = queue();
    const dead: string[] = [];
    const jobsRunner = await runner([
      {
        queue: name,
        async run(job: { payload: { permanent: boolean } }) {
          if (job.payload.permanent) throw new PermanentJobError('Mã số thuế người mua không hợp lệ');
          throw new Error('still down');
        },
        async onDead(_job, error) {
          dead.push(error.message);
        },
      },
    ]);
    await enqueueJob(database.db, { queue: name, payload: { permanent: true } });
    await enqueueJob(database.db, { queue: name, payload: { permanent: false }, maxAttempts: 2 });
    await jobsRunner.drain({ untilIdle: true, timeoutMs: 5_000 });
    const rows = await jobRows(name);
    expect(rows.map((row) => [row.state, row.attempts])).toEqual([
      ['dead', 1],
      ['dead', 2],
    ]);
    expect(dead.sort()).toEqual(['Mã số thuế người mua không hợp lệ', 'still down']);
  });

  it('waits as long as the provider asks before trying again', async () => {
    const name = queue();
    const jobsRunner = await runner([
      {
        queue: name,
        async run(job) {
          if (job.attempt === 1) throw new RetryLaterError('429', 60_000);
        },
      },
    ]);
    await enqueueJob(database.db, { queue: name, payload: {} });
    await jobsRunner.drain();
    const [row] = await jobRows(name);
    expect(row?.state).toBe('ready');
    expect(row!.runAt.getTime() - Date.now()).toBeGreaterThan(50_000);
  });

  it('never runs a job twice at once, with several runners polling one database', async () => {
    const name = queue();
    const runs = new Map<number, number>();
    const handler: AnyJobHandler = {
      queue: name,
      async run(job: { payload: { n: number } }) {
        runs.set(job.payload.n, (runs.get(job.payload.n) ?? 0) + 1);
        await new Promise((resolve) => setTimeout(resolve, 2));
      },
    };
    for (let n = 0; n < 60; n += 1) await enqueueJob(database.db, { queue: name, payload: { n } });
    const first = await runner([handler], { concurrency: 3, background: true });
    const second = await runner([handler], { concurrency: 3, background: true });
    const deadline = Date.now() + 20_000;
    while ((await jobRows(name)).some((row) => row.state !== 'done') && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    await Promise.all([first.stop(), second.stop()]);
    expect(runs.size).toBe(60);
    expect([...runs.values()].every((count) => count === 1)).toBe(true);
  });

  it('takes over a job whose claim ran out (its process died)', async () => {
    const name = queue();
    await enqueueJob(database.db, { queue: name, payload: {} });
    await database.db.execute(
      sql`update jobs set state = 'running', attempts = 1, locked_until = now() - interval '1 second' where queue = ${name}`,
    );
    const jobsRunner = await runner([{ queue: name, run: async (job) => ({ attempt: job.attempt }) }]);
    await jobsRunner.drain();
    const [row] = await jobRows(name);
    expect(row).toMatchObject({ state: 'done', result: { attempt: 2 } });
  });

  it('on PGlite (one process per folder) makes a job its previous process left running ready again at start', async () => {
    const name = queue();
    await enqueueJob(database.db, { queue: name, payload: {} });
    await database.db.execute(
      sql`update jobs set state = 'running', attempts = 1, locked_until = now() + interval '1 hour' where queue = ${name}`,
    );
    const elsewhere = await runner([{ queue: name, run: async () => 'ran' }]);
    await elsewhere.drain();
    expect((await jobRows(name))[0]?.state).toBe('running');
    const restarted = await runner([{ queue: name, run: async () => 'ran' }], { pglite: true });
    await restarted.drain();
    expect((await jobRows(name))[0]).toMatchObject({ state: 'done', result: 'ran' });
  });

  it('starts a job when the transaction that enqueued it commits, and a paced one when it is due, not at the next poll', async () => {
    const name = queue();
    const ranAt = new Map<string, number>();
    const jobsRunner = await runner(
      [{ queue: name, run: async (job: { payload: { key: string } }) => ranAt.set(job.payload.key, Date.now()) }],
      { background: true, pollMs: 60_000 },
    );
    try {
      // The loop has looked once and found nothing: it now sleeps for the minute-long poll.
      await new Promise((resolve) => setTimeout(resolve, 100));
      const committedAt = Date.now();
      await database.db.transaction(async (tx) => {
        await enqueueJob(tx, { queue: name, payload: { key: 'now' } });
        await new Promise((resolve) => setTimeout(resolve, 200));
        expect(ranAt.has('now')).toBe(false);
      });
      const dueAt = Date.now() + 500;
      await enqueueJob(database.db, { queue: name, payload: { key: 'paced' }, runAt: new Date(dueAt) });
      const deadline = Date.now() + 10_000;
      while (ranAt.size < 2 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
      expect(ranAt.get('now')! - committedAt).toBeLessThan(5_000);
      expect(ranAt.get('now')! - committedAt).toBeGreaterThanOrEqual(200);
      expect(ranAt.get('paced')! - dueAt).toBeGreaterThanOrEqual(-5);
      expect(ranAt.get('paced')! - dueAt).toBeLessThan(5_000);
    } finally {
      await jobsRunner.stop();
    }
  });

  it('wakes for a job made ready again by hand (a person’s "send again")', async () => {
    const name = queue();
    let runs = 0;
    await enqueueJob(database.db, { queue: name, payload: {} });
    await database.db.execute(sql`update jobs set state = 'dead' where queue = ${name}`);
    const jobsRunner = await runner([{ queue: name, run: async () => (runs += 1) }], { background: true, pollMs: 60_000 });
    try {
      await new Promise((resolve) => setTimeout(resolve, 100));
      await database.db.execute(sql`update jobs set state = 'ready', run_at = now() where queue = ${name}`);
      const deadline = Date.now() + 5_000;
      while (runs === 0 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
      expect(runs).toBe(1);
    } finally {
      await jobsRunner.stop();
    }
  });

  /** Jobs that each wait to be let go; `started` lists their payloads' keys in the order they began. */
  function heldJobs(name: string, options: Partial<AnyJobHandler> = {}) {
    const started: string[] = [];
    const running = new Map<string, number>();
    const peak = new Map<string, number>();
    const waiting: { key: string; resolve: () => void }[] = [];
    const handler: AnyJobHandler = {
      queue: name,
      ...options,
      async run(job: { payload: { key: string; who: string } }) {
        started.push(job.payload.key);
        const now = (running.get(job.payload.who) ?? 0) + 1;
        running.set(job.payload.who, now);
        peak.set(job.payload.who, Math.max(peak.get(job.payload.who) ?? 0, now));
        await new Promise<void>((resolve) => waiting.push({ key: job.payload.key, resolve }));
        running.set(job.payload.who, (running.get(job.payload.who) ?? 1) - 1);
      },
    };
    /** Lets the job with this key finish, or the one waiting longest. */
    const letGo = (key?: string) => {
      const at = key === undefined ? 0 : waiting.findIndex((entry) => entry.key === key);
      if (at >= 0) waiting.splice(at, 1)[0]?.resolve();
    };
    return { handler, started, peak, letGo, waitingCount: () => waiting.length };
  }

  async function until(check: () => boolean, timeoutMs = 10_000) {
    const deadline = Date.now() + timeoutMs;
    while (!check() && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 10));
    expect(check()).toBe(true);
  }

  it('gives a freed loop to the company with nothing running before another company’s backlog', async () => {
    const name = queue();
    const held = heldJobs(name);
    for (let n = 0; n < 6; n += 1) {
      await enqueueJob(database.db, { queue: name, fairKey: 'company:busy', payload: { key: `busy${n}`, who: 'busy' } });
    }
    const jobsRunner = await runner([held.handler], { concurrency: 2, background: true });
    try {
      await until(() => held.started.length === 2);
      await enqueueJob(database.db, { queue: name, fairKey: 'company:other', payload: { key: 'other', who: 'other' } });
      held.letGo();
      await until(() => held.started.length === 3);
      // Enqueued after all six, but its company had nothing running.
      expect(held.started).toEqual(['busy0', 'busy1', 'other']);
    } finally {
      while (held.waitingCount() > 0 || held.started.length < 7) {
        held.letGo();
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
      await jobsRunner.stop();
    }
  });

  it('keeps a queue under its cap over all processes, and one person under their share of it', async () => {
    const name = queue();
    const held = heldJobs(name, { concurrency: 2, perKey: 1 });
    for (let n = 0; n < 4; n += 1) {
      await enqueueJob(database.db, { queue: name, fairKey: 'account:hung', payload: { key: `hung${n}`, who: 'hung' } });
    }
    const first = await runner([held.handler], { concurrency: 3, background: true });
    const second = await runner([held.handler], { concurrency: 3, background: true });
    try {
      await until(() => held.started.length === 1);
      await new Promise((resolve) => setTimeout(resolve, 200));
      // Six loops, four jobs of one person: one runs, the others wait for it.
      expect(held.started).toEqual(['hung0']);
      for (const who of ['a', 'b', 'c']) {
        await enqueueJob(database.db, { queue: name, fairKey: `account:${who}`, payload: { key: who, who } });
      }
      await until(() => held.started.length === 2);
      await new Promise((resolve) => setTimeout(resolve, 200));
      // Another person's push runs beside the hung one; the queue's cap of two holds the rest.
      expect(held.started).toEqual(['hung0', 'a']);
      held.letGo('a');
      await until(() => held.started.length === 3);
      // The hung person is at their share: the next person goes first.
      expect(held.started[2]).toBe('b');
    } finally {
      while (held.started.length < 7) {
        held.letGo();
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
      held.letGo();
      held.letGo();
      await Promise.all([first.stop(), second.stop()]);
    }
    expect(Math.max(...held.peak.values())).toBe(1);
  });
});
