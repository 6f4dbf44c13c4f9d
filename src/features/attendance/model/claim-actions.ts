/**
 * The rep's self-claim on the phone (contract/attendance.ts): checked as the server will check it,
 * then kept on the device and queued in one transaction, so it files without signal like a check-in.
 */
import * as v from 'valibot';
import { AttendanceClaimSchema, CLAIM_TAKEN_MESSAGE, claimDayRefusal, type ClaimKind } from '@contract/attendance';
import { vietnamDay } from '@contract/price-policy';
import { summarizeIssues } from '@contract/validation';
import { uuidv7 } from '@contract/uuid';
import type { AppDb, LocalAttendanceClaim } from '@/db/app-db';
import { writeWithOp } from '@/sync/local-write';
import { enqueueOp } from '@/sync/outbox';

export type Claimant = { companyId: number; accountId: number; accountName: string };
export type ClaimInput = { day: string; kind: ClaimKind; reason: string };

/** Thrown with the Vietnamese reason a claim is not filed; nothing is written then. */
export class ClaimRefused extends Error {}

/** The rep's claims of a company on this device, newest day first. */
export async function deviceClaims(db: AppDb, companyId: number, accountId: number): Promise<LocalAttendanceClaim[]> {
  const rows = await db.attendanceClaims
    .where('[company+day]')
    .between([companyId, ''], [companyId, '\uffff'])
    .filter((claim) => claim.account_id === accountId)
    .toArray();
  return rows.reverse();
}

export async function fileClaim(db: AppDb, claimant: Claimant, input: ClaimInput, now = new Date()): Promise<LocalAttendanceClaim> {
  const parsed = v.safeParse(AttendanceClaimSchema, { claimId: uuidv7(), ...input });
  if (!parsed.success) throw new ClaimRefused(summarizeIssues(parsed.issues).message);
  const payload = parsed.output;
  const refusal = claimDayRefusal(payload.day, vietnamDay(now));
  if (refusal) throw new ClaimRefused(refusal);
  const claim: LocalAttendanceClaim = {
    id: payload.claimId,
    company: claimant.companyId,
    account_id: claimant.accountId,
    account_name: claimant.accountName,
    day: payload.day,
    kind: payload.kind,
    reason: payload.reason,
    status: 'waiting',
    decided_by_name: null,
    decided_at: null,
    reject_reason: null,
    created_at: now.toISOString(),
    syncState: 'pending',
    error: null,
  };
  await writeWithOp(db, [db.attendanceClaims], async () => {
    // The same check as the server's (claims.ts), on what the device knows: a refused claim does not count.
    const live = (await deviceClaims(db, claimant.companyId, claimant.accountId)).some(
      (row) => row.day === payload.day && row.syncState !== 'rejected' && (row.status === 'waiting' || row.status === 'approved'),
    );
    if (live) throw new ClaimRefused(CLAIM_TAKEN_MESSAGE);
    await db.attendanceClaims.add(claim);
    await enqueueOp(
      db,
      {
        type: 'attendance.claim',
        companyId: claimant.companyId,
        accountId: claimant.accountId,
        entity: { type: 'attendance_claim', id: claim.id },
        payload,
      },
      now,
    );
  });
  return claim;
}
