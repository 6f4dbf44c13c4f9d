/** Visits as records: row-to-wire mapping and loading for sync and lists. */
import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { PLACE_FLAGS, type VisitFlag, type VisitPhoto, type VisitRecord } from '@contract/visits';
import type { PlanState, UnplannedReason } from '@contract/visits-plans';
import type { Db } from '@server/kernel/db/client';
import { accounts, customers, visits } from '@server/kernel/db/schema';
import { photosOf } from './visit-photos';

type VisitRow = typeof visits.$inferSelect;

export function positionOf(lat: number | null, lng: number | null, accuracy: number | null) {
  return lat === null || lng === null ? null : { lat, lng, accuracy };
}

/**
 * The visit as its rep's phone and lists read it. `viewer` is who is answered: a visit's positions go
 * to its own rep only (the sync pull sends a rep their own visits: 'owner'); anyone else gets null and
 * reads them through the logged day call (position-views.ts).
 */
export function toVisitRecord(
  row: VisitRow,
  customerName: string,
  accountName: string,
  viewer: number | 'owner' = 'owner',
  photos: VisitPhoto[] = [],
): VisitRecord {
  const shown = viewer === 'owner' || viewer === row.accountId;
  return {
    id: row.id,
    company: row.companyId,
    customer_id: row.customerId,
    customer_name: customerName,
    account_id: row.accountId,
    account_name: accountName,
    check_in_at: row.checkInAt.toISOString(),
    check_in_location: shown ? positionOf(row.checkInLat, row.checkInLng, row.checkInAccuracy) : null,
    has_location: row.checkInLat !== null && row.checkInLng !== null,
    check_in_note: row.checkInNote,
    check_in_distance_m: row.checkInDistance,
    plan_state: row.planState as PlanState | null,
    unplanned_reason: row.unplannedReason as UnplannedReason | null,
    check_out_at: row.checkOutAt?.toISOString() ?? null,
    check_out_location: shown ? positionOf(row.checkOutLat, row.checkOutLng, row.checkOutAccuracy) : null,
    check_out_note: row.checkOutNote,
    flags: row.flags as VisitFlag[],
    received_at: row.receivedAt.toISOString(),
    photos,
  };
}

/** A visit whose place was flagged (contract/visits.ts PLACE_FLAGS): the visit list's filter and the staff report's count. */
export const placeFlagged: SQL = sql`${visits.flags} ?| ${sql.raw(`array[${PLACE_FLAGS.map((flag) => `'${flag}'`).join(', ')}]`)}`;

export const visitColumns = { visit: visits, customerName: customers.name, accountName: accounts.fullName };

export async function loadVisitRecords(db: Db, companyId: number, ids: string[]): Promise<Map<string, VisitRecord>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select(visitColumns)
    .from(visits)
    .innerJoin(customers, eq(customers.id, visits.customerId))
    .innerJoin(accounts, eq(accounts.id, visits.accountId))
    .where(and(eq(visits.companyId, companyId), inArray(visits.id, ids)));
  const photos = await photosOf(db, companyId, ids, 'owner');
  return new Map(
    rows.map((row) => [row.visit.id, toVisitRecord(row.visit, row.customerName, row.accountName, 'owner', photos.get(row.visit.id))]),
  );
}
