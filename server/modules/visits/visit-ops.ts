/**
 * visit.checkIn / visit.checkOut / visit.addPhoto. Visits are facts (docs/offline-sync.md "Conflicts: the server decides"): recorded with the
 * device's times and the server's receipt time; what looks wrong is flagged, not refused. The only
 * refusals are a customer that is not the company's, one outside the rep's data scope when their
 * role does not allow off-route work (server/modules/roles reachCustomer, docs/decisions.md), a
 * check-in away from the customer's pin where the company blocks that (contract/visits-place.ts),
 * and a check-out of someone else's visit.
 */
import { and, eq, sql } from 'drizzle-orm';
import {
  MAX_VISIT_PHOTOS,
  type VisitCheckInPayload,
  type VisitCheckOutPayload,
  type VisitFlag,
  type VisitPhotoAddPayload,
} from '@contract/visits';
import { visitPhotos, visits } from '@server/kernel/db/schema';
import { recordChange } from '@server/kernel/sync/change-log';
import { canPinHere } from '@contract/visits-place';
import { pinCustomer } from '@server/modules/customers';
import { attachFile } from '@server/modules/files';
import { requireCustomerReach } from '@server/modules/roles';
import { OpRejection, type OpContext, type OpHandler } from '@server/kernel/sync/op-context';
import { planStateOf } from '@contract/visits-plans';
import { vietnamDay } from '@contract/price-policy';
import { checkInPlace } from './visit-place';
import { approvedPlansOf } from './plans';
import { loadVisitRecords } from './visit-record';

/** Device clocks more than five minutes ahead of the server are flagged (Actual Budget's HLC drift). */
const MAX_CLOCK_AHEAD_MS = 5 * 60 * 1000;
const LONG_VISIT_MS = 12 * 60 * 60 * 1000;

async function answer(context: OpContext, visitId: string) {
  const record = (await loadVisitRecords(context.tx, context.companyId, [visitId])).get(visitId);
  return { outcome: 'applied' as const, entity: record ? { type: 'visit' as const, id: visitId, data: record } : undefined };
}

/** A check-in already recorded under this id: the same fact again when it is the rep's own. */
async function repeated(context: OpContext, visitId: string): Promise<boolean> {
  const [existing] = await context.tx
    .select({ companyId: visits.companyId, accountId: visits.accountId })
    .from(visits)
    .where(eq(visits.id, visitId));
  if (!existing) return false;
  if (existing.companyId !== context.companyId || existing.accountId !== context.accountId) {
    throw new OpRejection('VISIT_ID_TAKEN', 'Mã lượt ghé thăm đã được dùng');
  }
  return true;
}

export const checkIn: OpHandler<VisitCheckInPayload> = async (context, payload) => {
  const { tx, companyId, accountId } = context;
  await requireCustomerReach(tx, context.access, payload.customerId, 'Không tìm thấy khách hàng của lượt ghé thăm này');
  // A second check-in with the same visit id is the same fact: keep the first.
  if (await repeated(context, payload.visitId)) return answer(context, payload.visitId);
  const place = await checkInPlace(context, payload);
  // The same rule and words as the phone's (contract/visits-place.ts): a check-in queued under older settings comes back refused.
  if (place.check.verdict === 'block') throw new OpRejection('CHECK_IN_PLACE', place.check.message!, { location: place.check.message! });
  const at = new Date(payload.at);
  const flags: VisitFlag[] = at.getTime() - context.now.getTime() > MAX_CLOCK_AHEAD_MS ? ['CLOCK_AHEAD'] : [];
  flags.push(...place.flags);
  // Planned or not by the plans the server holds (the phone's may be older); the rep's reason only for an unplanned one.
  const planState = planStateOf(await approvedPlansOf(tx, companyId, [accountId]), accountId, vietnamDay(at), payload.customerId);
  if (payload.pin && !place.pin && canPinHere(payload.location, place.settings)) {
    if (await pinCustomer(tx, companyId, payload.customerId, payload.location, context.now)) flags.push('PIN_SET');
  }
  const inserted = await tx
    .insert(visits)
    .values({
      id: payload.visitId,
      companyId,
      accountId,
      customerId: payload.customerId,
      checkInAt: at,
      checkInLat: payload.location?.lat ?? null,
      checkInLng: payload.location?.lng ?? null,
      checkInAccuracy: payload.location?.accuracy ?? null,
      checkInNote: payload.note,
      checkInDistance: place.check.distance,
      planState,
      unplannedReason: planState === 'unplanned' ? payload.unplannedReason : null,
      deviceId: context.deviceId,
      flags,
      receivedAt: context.now,
    })
    .onConflictDoNothing()
    .returning({ id: visits.id });
  // The same id sent at the same moment by another push: the first one kept it.
  if (inserted.length === 0) {
    await repeated(context, payload.visitId);
    return answer(context, payload.visitId);
  }
  await recordChange(tx, { companyId, entity: 'visit', entityId: payload.visitId, op: 'upsert', ownerAccountId: accountId });
  return answer(context, payload.visitId);
};

export const checkOut: OpHandler<VisitCheckOutPayload> = async (context, payload) => {
  const { tx, companyId, accountId } = context;
  const [visit] = await tx
    .select()
    .from(visits)
    .where(and(eq(visits.id, payload.visitId), eq(visits.companyId, companyId)));
  if (!visit || visit.accountId !== accountId) throw new OpRejection('VISIT_NOT_FOUND', 'Không tìm thấy lượt check-in tương ứng');
  if (visit.checkOutAt) return answer(context, visit.id);
  const at = new Date(payload.at);
  const flags = new Set(visit.flags as VisitFlag[]);
  if (at < visit.checkInAt) flags.add('CHECKOUT_BEFORE_CHECKIN');
  if (at.getTime() - visit.checkInAt.getTime() > LONG_VISIT_MS) flags.add('LONG_VISIT');
  if (at.getTime() - context.now.getTime() > MAX_CLOCK_AHEAD_MS) flags.add('CLOCK_AHEAD');
  await tx
    .update(visits)
    .set({
      checkOutAt: at,
      checkOutLat: payload.location?.lat ?? null,
      checkOutLng: payload.location?.lng ?? null,
      checkOutAccuracy: payload.location?.accuracy ?? null,
      checkOutNote: payload.note,
      flags: [...flags],
      updatedAt: context.now,
    })
    .where(eq(visits.id, visit.id));
  await recordChange(tx, { companyId, entity: 'visit', entityId: visit.id, op: 'upsert', ownerAccountId: accountId });
  return answer(context, visit.id);
};

/**
 * visit.addPhoto: the rep's own visit, a file they uploaded and nothing else named, at most
 * MAX_VISIT_PHOTOS a visit. The same photo id again is the same fact (an op sent twice).
 */
export const addPhoto: OpHandler<VisitPhotoAddPayload> = async (context, payload) => {
  const { tx, companyId, accountId } = context;
  const [visit] = await tx
    .select({ id: visits.id, accountId: visits.accountId })
    .from(visits)
    .where(and(eq(visits.companyId, companyId), eq(visits.id, payload.visitId)));
  if (!visit || visit.accountId !== accountId) throw new OpRejection('VISIT_NOT_FOUND', 'Không tìm thấy lượt ghé thăm của ảnh này');
  const [same] = await tx
    .select({ visitId: visitPhotos.visitId, fileId: visitPhotos.fileId })
    .from(visitPhotos)
    .where(and(eq(visitPhotos.companyId, companyId), eq(visitPhotos.id, payload.photoId)));
  if (same && (same.visitId !== payload.visitId || same.fileId !== payload.fileId))
    throw new OpRejection('PHOTO_ID_TAKEN', 'Mã ảnh đã được dùng');
  if (!same) {
    const [{ count }] = (await tx
      .select({ count: sql<number>`count(*)::int` })
      .from(visitPhotos)
      .where(and(eq(visitPhotos.companyId, companyId), eq(visitPhotos.visitId, payload.visitId)))) as [{ count: number }];
    if (count >= MAX_VISIT_PHOTOS) throw new OpRejection('TOO_MANY_PHOTOS', `Mỗi lượt ghé thăm có tối đa ${MAX_VISIT_PHOTOS} ảnh`);
    await attachFile(tx, { companyId, accountId, fileId: payload.fileId, to: 'visit_photo', id: payload.photoId });
    await tx.insert(visitPhotos).values({
      id: payload.photoId,
      companyId,
      visitId: payload.visitId,
      accountId,
      fileId: payload.fileId,
      kind: payload.kind,
      note: payload.note,
      takenAt: payload.takenAt ? new Date(payload.takenAt) : null,
      lat: payload.location?.lat ?? null,
      lng: payload.location?.lng ?? null,
      createdAt: context.now,
    });
    await tx
      .update(visits)
      .set({ updatedAt: context.now })
      .where(and(eq(visits.companyId, companyId), eq(visits.id, payload.visitId)));
    await recordChange(tx, { companyId, entity: 'visit', entityId: payload.visitId, op: 'upsert', ownerAccountId: accountId });
  }
  // The visit with its photos: the phone shows the photo as the server's at once, before its next pull.
  return answer(context, payload.visitId);
};
