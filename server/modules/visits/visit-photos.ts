/**
 * Photos taken at visits (contract/visits.ts VisitPhotoAddSchema; their op, visit.addPhoto, is in
 * visit-ops.ts): the photos a visit record carries, who may see one, and the office's gallery. A
 * photo's EXIF position goes to its own rep only, as the visit's positions do.
 */
import { and, asc, desc, eq, gte, inArray, lt, sql, type SQL } from 'drizzle-orm';
import type * as v from 'valibot';
import { startOfVietnamDay } from '@contract/calendar-days';
import type { PhotoKind, VisitPhoto, VisitPhotoListQuery, VisitPhotoRow } from '@contract/visits';
import type { AuthInfo } from '@server/kernel/app-types';
import type { Db } from '@server/kernel/db/client';
import { accounts, customers, visitPhotos, visits } from '@server/kernel/db/schema';
import { pagedRows } from '@server/kernel/lists';
import { requirePermission, visitScope, type Access } from '@server/modules/roles';

type PhotoRow = typeof visitPhotos.$inferSelect;

/** The photo as a visit record carries it; `shown` says whether its position may go to this reader. */
function toPhoto(row: PhotoRow, shown: boolean): VisitPhoto {
  return {
    id: row.id,
    file_id: row.fileId,
    kind: row.kind as PhotoKind,
    note: row.note,
    taken_at: row.takenAt?.toISOString() ?? null,
    location: shown && row.lat !== null && row.lng !== null ? { lat: row.lat, lng: row.lng, accuracy: null } : null,
    created_at: row.createdAt.toISOString(),
  };
}

/** The photos of these visits, oldest first; positions only to `viewer` (or 'owner': the visit's rep). */
export async function photosOf(
  db: Db,
  companyId: number,
  visitIds: string[],
  viewer: number | 'owner',
): Promise<Map<string, VisitPhoto[]>> {
  const byVisit = new Map<string, VisitPhoto[]>();
  if (visitIds.length === 0) return byVisit;
  const rows = await db
    .select()
    .from(visitPhotos)
    .where(and(eq(visitPhotos.companyId, companyId), inArray(visitPhotos.visitId, visitIds)))
    .orderBy(asc(visitPhotos.createdAt), asc(visitPhotos.id));
  for (const row of rows) {
    const list = byVisit.get(row.visitId) ?? [];
    list.push(toPhoto(row, viewer === 'owner' || viewer === row.accountId));
    byVisit.set(row.visitId, list);
  }
  return byVisit;
}

/** The visits a member may see (the visit list's readers and scope), as a condition on visits joined to customers. */
async function visibleVisits(db: Db, access: Access): Promise<SQL[]> {
  const scope = await visitScope(db, access);
  return scope ? [eq(visits.companyId, access.membership.companyId), scope] : [eq(visits.companyId, access.membership.companyId)];
}

/** The file reader of a visit photo (server/modules/files): whoever may see the visit it was taken at. */
export async function visitPhotoReadable(db: Db, auth: AuthInfo, companyId: number, photoId: string): Promise<boolean> {
  const access = await requirePermission(db, auth, companyId, 'visits', 'view').catch(() => null);
  if (!access) return false;
  const [row] = await db
    .select({ id: visitPhotos.id })
    .from(visitPhotos)
    .innerJoin(visits, and(eq(visits.companyId, visitPhotos.companyId), eq(visits.id, visitPhotos.visitId)))
    .innerJoin(customers, eq(customers.id, visits.customerId))
    .where(and(eq(visitPhotos.companyId, companyId), eq(visitPhotos.id, photoId), ...(await visibleVisits(db, access))));
  return row !== undefined;
}

/**
 * The gallery: photos of the visits the member may see, newest first, by rep, customer, kind, day and
 * region (`regionCodes`: the region's address province codes, resolved by the route).
 */
export async function photoPage(db: Db, access: Access, query: v.InferOutput<typeof VisitPhotoListQuery>, regionCodes: string[] | null) {
  const filters = await visibleVisits(db, access);
  if (query.account !== undefined) filters.push(eq(visits.accountId, query.account));
  if (query.customer) filters.push(eq(visits.customerId, query.customer));
  if (query.kind) filters.push(eq(visitPhotos.kind, query.kind));
  if (query.date_from) filters.push(gte(visits.checkInAt, startOfVietnamDay(query.date_from)));
  if (query.date_to) filters.push(lt(visits.checkInAt, new Date(startOfVietnamDay(query.date_to).getTime() + 86_400_000)));
  if (regionCodes) filters.push(regionCodes.length ? inArray(customers.provinceCode, regionCodes) : sql`false`);
  const select = db
    .select({ photo: visitPhotos, visit: visits, customerName: customers.name, accountName: accounts.fullName })
    .from(visitPhotos)
    .innerJoin(visits, and(eq(visits.companyId, visitPhotos.companyId), eq(visits.id, visitPhotos.visitId)))
    .innerJoin(customers, eq(customers.id, visits.customerId))
    .innerJoin(accounts, eq(accounts.id, visits.accountId))
    .where(and(eq(visitPhotos.companyId, access.membership.companyId), ...filters))
    .$dynamic();
  const { rows, count } = await pagedRows(db, select, [desc(visitPhotos.createdAt), desc(visitPhotos.id)], query);
  const photos: VisitPhotoRow[] = rows.map(({ photo, visit, customerName, accountName }) => {
    const { location: _hidden, ...shown } = toPhoto(photo, false);
    return {
      ...shown,
      visit_id: visit.id,
      customer_id: visit.customerId,
      customer_name: customerName,
      account_id: visit.accountId,
      account_name: accountName,
      check_in_at: visit.checkInAt.toISOString(),
    };
  });
  return { photos, count };
}
