/**
 * Follower and template syncs run as jobs: the follower list is paged (50 a call, then one detail
 * call per user), one page per job, each enqueuing the next, so a long list survives restarts and
 * shows its progress on the OA (sync_done of sync_total). A run marks who was not seen as no longer
 * following. Templates are few: one job reads them all (./templates-sync.ts).
 */
import crypto from 'node:crypto';
import { and, eq, lt } from 'drizzle-orm';
import type { AppDeps } from '@server/kernel/app-types';
import type { Db } from '@server/kernel/db/client';
import { zaloFollowers, zaloOas } from '@server/kernel/db/schema';
import { enqueueJob, PermanentJobError, type JobHandler } from '@server/kernel/jobs';
import { ProviderError } from '@server/lib/provider-http';
import { requireZaloOn } from './messaging-switch';
import type { OaRow } from './oa-store';
import { withZalo } from './oa-tokens';
import { syncTemplates } from './templates-sync';
import { upsertFollower } from './followers-write';

export const FOLLOWERS_QUEUE = 'zalo.followers-sync';
export const TEMPLATES_QUEUE = 'zalo.templates-sync';
const PAGE = 50;

type FollowerPage = { company: number; oa: number; run: string; startedAt: string; offset: number };

/** Starts a follower sync (a new run each time) and a template sync, in the caller's transaction. */
export async function enqueueSyncs(
  db: Db,
  oa: Pick<OaRow, 'id' | 'companyId'>,
  what: { followers?: boolean; templates?: boolean } = { followers: true, templates: true },
) {
  if (what.followers) {
    const run = crypto.randomUUID();
    await db.update(zaloOas).set({ syncState: 'running', syncDone: 0, syncTotal: 0, syncError: null }).where(eq(zaloOas.id, oa.id));
    const payload: FollowerPage = { company: oa.companyId, oa: oa.id, run, startedAt: new Date().toISOString(), offset: 0 };
    await enqueueJob(db, { queue: FOLLOWERS_QUEUE, companyId: oa.companyId, dedupeKey: `${run}:0`, payload });
  }
  if (what.templates) {
    await enqueueJob(db, {
      queue: TEMPLATES_QUEUE,
      companyId: oa.companyId,
      dedupeKey: `templates:${oa.id}:${crypto.randomUUID()}`,
      payload: { company: oa.companyId, oa: oa.id },
    });
  }
}

/** Zalo's DD/MM/YYYY as the start of that day in Vietnam (the window is judged conservatively). */
export function interactionDay(text: string | null): Date | null {
  const match = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(text ?? '');
  return match ? new Date(`${match[3]}-${match[2]}-${match[1]}T00:00:00+07:00`) : null;
}

async function failSync(deps: AppDeps, oa: number, error: Error) {
  await deps.db
    .update(zaloOas)
    .set({ syncState: 'failed', syncError: error.message.slice(0, 500) })
    .where(eq(zaloOas.id, oa));
}

export const followersSyncJob: JobHandler<FollowerPage> = {
  queue: FOLLOWERS_QUEUE,
  async run(job, deps) {
    const page = job.payload;
    await requireZaloOn(deps.db, page.company, PermanentJobError);
    const { total, userIds } = await withZalo(deps, page.company, page.oa, async (api) => {
      const list = await api.followers(page.offset, PAGE);
      for (const userId of list.userIds) {
        const detail = await api.userDetail(userId);
        await upsertFollower(deps.db, { companyId: page.company, oaRowId: page.oa }, detail, interactionDay(detail.lastInteractionDate));
      }
      return list;
    });
    const done = page.offset + userIds.length;
    const more = userIds.length === PAGE && done < total;
    await deps.db.transaction(async (tx) => {
      await tx
        .update(zaloOas)
        .set({ syncDone: done, syncTotal: Math.max(total, done), ...(more ? {} : { syncState: 'done', syncedAt: new Date() }) })
        .where(eq(zaloOas.id, page.oa));
      if (more) {
        await enqueueJob(tx, {
          queue: FOLLOWERS_QUEUE,
          companyId: page.company,
          dedupeKey: `${page.run}:${done}`,
          payload: { ...page, offset: done },
        });
      } else {
        await tx
          .update(zaloFollowers)
          .set({ isFollower: false })
          .where(
            and(
              eq(zaloFollowers.oaRowId, page.oa),
              eq(zaloFollowers.isFollower, true),
              lt(zaloFollowers.syncedAt, new Date(page.startedAt)),
            ),
          );
      }
    });
    if (more) deps.jobs.kick();
    return { done, total };
  },
  async onDead(job, error, deps) {
    await failSync(deps, job.payload.oa, error instanceof ProviderError ? error : new Error('Đồng bộ người quan tâm thất bại'));
  },
};

export const templatesSyncJob: JobHandler<{ company: number; oa: number }> = {
  queue: TEMPLATES_QUEUE,
  async run(job, deps) {
    await requireZaloOn(deps.db, job.payload.company, PermanentJobError);
    return { templates: await syncTemplates(deps, job.payload.company, job.payload.oa) };
  },
};
