/**
 * Reps' positions kept no longer than the law lets (contract/visits-place.ts REP_LOCATION_RULES):
 * each night the GPS positions of visits older than the company's days are removed, and a rep
 * made inactive loses theirs at once. The visit, its times, its distance from the pin and its flags
 * stay: the office's reports and the route figures count visits, not coordinates.
 */
import { and, eq, inArray, isNotNull, lt, or, type SQL } from 'drizzle-orm';
import { addDays } from '@contract/calendar-days';
import { vietnamDay } from '@contract/price-policy';
import { DEFAULT_VISIT_SETTINGS, positionsKeptSince } from '@contract/visits-place';
import type { AppDeps } from '@server/kernel/app-types';
import type { Db } from '@server/kernel/db/client';
import { companies, visitPhotos, visits, visitSettings } from '@server/kernel/db/schema';
import { enqueueJob, type JobHandler } from '@server/kernel/jobs';
import { recordChanges } from '@server/kernel/sync/change-log';

const NO_POSITION = {
  checkInLat: null,
  checkInLng: null,
  checkInAccuracy: null,
  checkOutLat: null,
  checkOutLng: null,
  checkOutAccuracy: null,
} as const;

/** Removes the positions of the visits `where` picks in a company; the phones holding them pull the change. */
async function removePositions(tx: Db, companyId: number, where: SQL, now: Date): Promise<number> {
  const cleared = await tx
    .update(visits)
    .set({ ...NO_POSITION, updatedAt: now })
    .where(and(eq(visits.companyId, companyId), or(isNotNull(visits.checkInLat), isNotNull(visits.checkOutLat)), where))
    .returning({ id: visits.id, accountId: visits.accountId });
  // Where the visits' photos say they were taken goes with the visits' positions.
  if (cleared.length)
    await tx
      .update(visitPhotos)
      .set({ lat: null, lng: null })
      .where(
        and(
          eq(visitPhotos.companyId, companyId),
          inArray(
            visitPhotos.visitId,
            cleared.map((row) => row.id),
          ),
        ),
      );
  await recordChanges(
    tx,
    cleared.map((row) => ({ companyId, entity: 'visit' as const, entityId: row.id, op: 'upsert' as const, ownerAccountId: row.accountId })),
  );
  return cleared.length;
}

/** A rep made inactive: the positions of all their visits go (REP_LOCATION_RULES.departedRep). */
export function removeRepPositions(tx: Db, companyId: number, accountId: number, now = new Date()): Promise<number> {
  return removePositions(tx, companyId, eq(visits.accountId, accountId), now);
}

/** Every company's visits checked in before its kept days (REP_LOCATION_RULES.keepFor); the number of visits cleared. */
export async function removeOldPositions(db: Db, today: string, now = new Date()): Promise<number> {
  const rows = await db
    .select({ companyId: companies.id, positionDays: visitSettings.positionDays })
    .from(companies)
    .leftJoin(visitSettings, eq(visitSettings.companyId, companies.id));
  let cleared = 0;
  for (const row of rows) {
    const since = positionsKeptSince(today, { position_days: row.positionDays ?? DEFAULT_VISIT_SETTINGS.position_days });
    cleared += await db.transaction((tx) =>
      removePositions(tx, row.companyId, lt(visits.checkInAt, new Date(`${since}T00:00:00+07:00`)), now),
    );
  }
  return cleared;
}

export const POSITION_RETENTION_QUEUE = 'visits.position-retention';

/** Tomorrow's run at 02:00 Vietnam time, once whatever number of servers or restarts ask. */
export async function schedulePositionRetention(db: Db, today: string = vietnamDay()): Promise<void> {
  const next = addDays(today, 1);
  await enqueueJob(db, {
    queue: POSITION_RETENTION_QUEUE,
    payload: { day: next },
    dedupeKey: `position-retention:${next}`,
    runAt: new Date(`${next}T02:00:00+07:00`),
  });
}

export const positionRetentionHandler: JobHandler<{ day: string }> = {
  queue: POSITION_RETENTION_QUEUE,
  run: async (job, deps: AppDeps) => {
    const cleared = await removeOldPositions(deps.db, job.payload.day);
    await schedulePositionRetention(deps.db, job.payload.day);
    return { cleared };
  },
};
