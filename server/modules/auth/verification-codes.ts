/**
 * One-time codes (forgot password, registration, e-mail verification): 6 digits, only their hash
 * kept (bound to the row id), valid CODE_TTL_MS, MAX_CODE_ATTEMPTS tries, spent once. Only the
 * newest code of a subject counts: asking again replaces the code. How often codes may be asked
 * for is ./throttle.ts codeRequestLimits; sending them is the VerificationSender's job.
 */
import crypto from 'node:crypto';
import { and, desc, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import type { AppDeps } from '@server/kernel/app-types';
import type { Db } from '@server/kernel/db/client';
import { verificationCodes } from '@server/kernel/db/schema';
import { HttpError } from '@server/kernel/errors';
import { sha256 } from '@server/lib/tokens';
import type { VerificationMessage, VerificationPurpose } from '@server/lib/verification-sender';

export const CODE_TTL_MS = 10 * 60 * 1000;
export const MAX_CODE_ATTEMPTS = 5;
export const OTP_INVALID_MESSAGE = 'Mã OTP không đúng hoặc đã hết hạn';

function codeHash(id: string, code: string): string {
  return sha256(`${id}:${code}`);
}

export type IssuedCode = { id: string; code: string; expiresAt: Date };

/** Makes a new code for the subject; the ones before it stop counting. */
export async function issueCode(db: Db, purpose: VerificationPurpose, subject: string): Promise<IssuedCode> {
  const id = crypto.randomUUID();
  const code = String(crypto.randomInt(0, 1_000_000)).padStart(6, '0');
  const expiresAt = new Date(Date.now() + CODE_TTL_MS);
  await db.insert(verificationCodes).values({ id, purpose, subject, codeHash: codeHash(id, code), expiresAt });
  return { id, code, expiresAt };
}

/** Issues a code and hands it to the sender (`to`: the phone or the address). */
export async function sendCode(
  deps: Pick<AppDeps, 'db' | 'sender'>,
  message: Omit<VerificationMessage, 'code' | 'requestId' | 'expiresAt'> & { subject: string },
): Promise<IssuedCode> {
  const issued = await issueCode(deps.db, message.purpose, message.subject);
  await deps.sender.send({
    channel: message.channel,
    to: message.to,
    purpose: message.purpose,
    code: issued.code,
    requestId: issued.id,
    expiresAt: issued.expiresAt,
  });
  return issued;
}

/**
 * Spends the subject's newest live code if `code` is it. The try is counted before the comparison
 * in one statement, so of tries sent at once no more than MAX_CODE_ATTEMPTS are compared; the code
 * is marked spent in one statement, so of two right answers sent at once one wins.
 */
export async function consumeCode(db: Db, purpose: VerificationPurpose, subject: string, code: string): Promise<boolean> {
  const [latest] = await db
    .select({ id: verificationCodes.id, codeHash: verificationCodes.codeHash, consumedAt: verificationCodes.consumedAt })
    .from(verificationCodes)
    .where(and(eq(verificationCodes.purpose, purpose), eq(verificationCodes.subject, subject), gt(verificationCodes.expiresAt, new Date())))
    .orderBy(desc(verificationCodes.createdAt))
    .limit(1);
  if (!latest || latest.consumedAt) return false;
  const [counted] = await db
    .update(verificationCodes)
    .set({ attempts: sql`${verificationCodes.attempts} + 1` })
    .where(
      and(eq(verificationCodes.id, latest.id), lt(verificationCodes.attempts, MAX_CODE_ATTEMPTS), isNull(verificationCodes.consumedAt)),
    )
    .returning({ id: verificationCodes.id });
  if (!counted) return false;
  if (!crypto.timingSafeEqual(Buffer.from(codeHash(latest.id, code)), Buffer.from(latest.codeHash))) return false;
  const [spent] = await db
    .update(verificationCodes)
    .set({ consumedAt: new Date() })
    .where(and(eq(verificationCodes.id, latest.id), isNull(verificationCodes.consumedAt)))
    .returning({ id: verificationCodes.id });
  return Boolean(spent);
}

/** The refusal of a wrong, spent or expired code, on the field the form shows it under. */
export function invalidCode(field = 'code'): HttpError {
  return new HttpError(400, 'OTP_INVALID', OTP_INVALID_MESSAGE, { [field]: OTP_INVALID_MESSAGE });
}
