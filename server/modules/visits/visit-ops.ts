/**
 * visit.checkIn / visit.checkOut. Visits are facts (docs/offline-sync.md "Conflicts: the server decides"): recorded with the
 * device's times and the server's receipt time; what looks wrong is flagged, not refused. The only
 * refusals are a customer that is not the company's, one outside the rep's data scope when their
 * role does not allow off-route work (server/modules/roles reachCustomer, docs/decisions.md), and a
 * check-out of someone else's visit.
 */
import { and, eq } from 'drizzle-orm';
import type { VisitCheckInPayload, VisitCheckOutPayload, VisitFlag } from '@contract/visits';
import { visits } from '@server/kernel/db/schema';
import { recordChange } from '@server/kernel/sync/change-log';
import { requireCustomerReach } from '@server/modules/roles';
import { OpRejection, type OpContext, type OpHandler } from '@server/kernel/sync/op-context';
import { loadVisitRecords } from './visit-record';

/** Device clocks more than five minutes ahead of the server are flagged (Actual Budget's HLC drift). */
const MAX_CLOCK_AHEAD_MS = 5 * 60 * 1000;
const LONG_VISIT_MS = 12 * 60 * 60 * 1000;

async function answer(context: OpContext, visitId: string) {
  const record = (await loadVisitRecords(context.tx, context.companyId, [visitId])).get(visitId);
  return { outcome: 'applied' as const, entity: record ? { type: 'visit' as const, id: visitId, data: record } : undefined };
}

export const checkIn: OpHandler<VisitCheckInPayload> = async (context, payload) => {
  const { tx, companyId, accountId } = context;
  await requireCustomerReach(tx, context.access, payload.customerId, 'Không tìm thấy khách hàng của lượt ghé thăm này');
  const at = new Date(payload.at);
  const flags: VisitFlag[] = at.getTime() - context.now.getTime() > MAX_CLOCK_AHEAD_MS ? ['CLOCK_AHEAD'] : [];
  // A second check-in with the same visit id is the same fact: keep the first.
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
      flags,
      receivedAt: context.now,
    })
    .onConflictDoNothing()
    .returning({ id: visits.id, companyId: visits.companyId, accountId: visits.accountId });
  if (inserted.length === 0) {
    const [existing] = await tx
      .select({ companyId: visits.companyId, accountId: visits.accountId })
      .from(visits)
      .where(eq(visits.id, payload.visitId));
    if (!existing || existing.companyId !== companyId || existing.accountId !== accountId) {
      throw new OpRejection('VISIT_ID_TAKEN', 'Mã lượt ghé thăm đã được dùng');
    }
  } else {
    await recordChange(tx, { companyId, entity: 'visit', entityId: payload.visitId, op: 'upsert', ownerAccountId: accountId });
  }
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
