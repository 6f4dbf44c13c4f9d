/**
 * Attendance self-claims (contract/attendance.ts): filed by the rep's phone through the outbox
 * (`attendance.claim`), approved or rejected by a manager over HTTP. Every write records a change
 * owned by the claim's rep, so only that rep's phone pulls it (server/kernel/sync/pull.ts).
 */
import { and, desc, eq, inArray, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import {
  CLAIM_TAKEN_MESSAGE,
  claimDayRefusal,
  type AttendanceClaimPayload,
  type AttendanceClaimRecord,
  type ClaimKind,
  type ClaimStatus,
} from '@contract/attendance';
import { vietnamDay } from '@contract/price-policy';
import type { Db } from '@server/kernel/db/client';
import { accounts, attendanceClaims } from '@server/kernel/db/schema';
import { recordChange } from '@server/kernel/sync/change-log';
import { OpRejection, type OpContext, type OpHandler } from '@server/kernel/sync/op-context';

type ClaimRow = typeof attendanceClaims.$inferSelect;
const decider = alias(accounts, 'decider');

/** Claims as records, newest day first, filtered by `where` (the company is always one of its conditions). */
export async function claimRecords(db: Db, companyId: number, where: SQL[]): Promise<AttendanceClaimRecord[]> {
  const rows = await db
    .select({ claim: attendanceClaims, accountName: accounts.fullName, deciderName: decider.fullName })
    .from(attendanceClaims)
    .innerJoin(accounts, eq(accounts.id, attendanceClaims.accountId))
    .leftJoin(decider, eq(decider.id, attendanceClaims.decidedBy))
    .where(and(eq(attendanceClaims.companyId, companyId), ...where))
    .orderBy(desc(attendanceClaims.day), accounts.fullName);
  return rows.map(({ claim, accountName, deciderName }) => ({
    id: claim.id,
    company: claim.companyId,
    account_id: claim.accountId,
    account_name: accountName,
    day: claim.day,
    kind: claim.kind as ClaimKind,
    reason: claim.reason,
    status: claim.status as ClaimStatus,
    decided_by_name: deciderName,
    decided_at: claim.decidedAt?.toISOString() ?? null,
    reject_reason: claim.rejectReason,
    created_at: claim.createdAt.toISOString(),
  }));
}

/** The sync loader: claims by id within the company. */
export async function loadClaimRecords(db: Db, companyId: number, ids: string[]): Promise<Map<string, AttendanceClaimRecord>> {
  if (ids.length === 0) return new Map();
  const records = await claimRecords(db, companyId, [inArray(attendanceClaims.id, ids)]);
  return new Map(records.map((record) => [record.id, record]));
}

async function answer(context: OpContext, id: string) {
  const record = (await loadClaimRecords(context.tx, context.companyId, [id])).get(id);
  return { outcome: 'applied' as const, entity: record ? { type: 'attendance_claim' as const, id, data: record } : undefined };
}

/** A claim already filed under this id: the same fact again when it is the rep's own. */
async function repeated(context: OpContext, id: string): Promise<boolean> {
  const [existing] = await context.tx
    .select({ companyId: attendanceClaims.companyId, accountId: attendanceClaims.accountId })
    .from(attendanceClaims)
    .where(eq(attendanceClaims.id, id));
  if (!existing) return false;
  if (existing.companyId !== context.companyId || existing.accountId !== context.accountId)
    throw new OpRejection('CLAIM_ID_TAKEN', 'Mã đơn xin chấm công đã được dùng');
  return true;
}

async function liveClaimOn(tx: Db, companyId: number, accountId: number, day: string): Promise<boolean> {
  const [live] = await tx
    .select({ id: attendanceClaims.id })
    .from(attendanceClaims)
    .where(
      and(
        eq(attendanceClaims.companyId, companyId),
        eq(attendanceClaims.accountId, accountId),
        eq(attendanceClaims.day, day),
        inArray(attendanceClaims.status, ['waiting', 'approved']),
      ),
    );
  return live !== undefined;
}

export const fileClaim: OpHandler<AttendanceClaimPayload> = async (context, payload) => {
  const { tx, companyId, accountId } = context;
  if (await repeated(context, payload.claimId)) return answer(context, payload.claimId);
  // Judged on the server's day, not the phone's clock: a phone set a day ahead cannot claim tomorrow.
  const refusal = claimDayRefusal(payload.day, vietnamDay(context.now));
  if (refusal) throw new OpRejection('CLAIM_DAY', refusal, { day: refusal });
  if (await liveClaimOn(tx, companyId, accountId, payload.day))
    throw new OpRejection('CLAIM_TAKEN', CLAIM_TAKEN_MESSAGE, { day: CLAIM_TAKEN_MESSAGE });
  const inserted = await tx
    .insert(attendanceClaims)
    .values({
      id: payload.claimId,
      companyId,
      accountId,
      day: payload.day,
      kind: payload.kind,
      reason: payload.reason,
      createdAt: context.now,
    })
    .onConflictDoNothing()
    .returning({ id: attendanceClaims.id });
  if (inserted.length === 0) {
    // The same id from a concurrent push is the same fact; another live claim that day is a refusal.
    if (await repeated(context, payload.claimId)) return answer(context, payload.claimId);
    throw new OpRejection('CLAIM_TAKEN', CLAIM_TAKEN_MESSAGE, { day: CLAIM_TAKEN_MESSAGE });
  }
  await recordChange(tx, { companyId, entity: 'attendance_claim', entityId: payload.claimId, op: 'upsert', ownerAccountId: accountId });
  return answer(context, payload.claimId);
};

export async function decideClaim(
  tx: Db,
  claim: ClaimRow,
  by: number,
  decision: { status: 'approved' } | { status: 'rejected'; reason: string },
): Promise<void> {
  await tx
    .update(attendanceClaims)
    .set({
      status: decision.status,
      rejectReason: decision.status === 'rejected' ? decision.reason : null,
      decidedBy: by,
      decidedAt: new Date(),
    })
    .where(and(eq(attendanceClaims.id, claim.id), eq(attendanceClaims.companyId, claim.companyId)));
  await recordChange(tx, {
    companyId: claim.companyId,
    entity: 'attendance_claim',
    entityId: claim.id,
    op: 'upsert',
    ownerAccountId: claim.accountId,
  });
}
