/**
 * Sliding-window counters of attempts, kept in the database (login_failures) so every process and
 * every connection sees the same counts (the limits and their numbers: docs/security.md).
 *
 * An attempt is counted BEFORE the slow work it guards (scrypt, a code comparison), atomically
 * (counted after the hash, twelve wrong passwords sent at once were all checked). In one
 * transaction, under an advisory lock per key (so two requests on any processes or connections
 * count one after the other), the window is counted and, when there is room, the
 * attempt's row inserted: exactly `limit` attempts of a burst get through, the others are refused
 * without being counted. One that turns out to be no failure (the right password) takes its row
 * back; a row that stays is a failure.
 */
import { and, count, eq, gt, inArray, like, lt, min, or, sql } from 'drizzle-orm';
import type { Db } from '@server/kernel/db/client';
import { loginFailures } from '@server/kernel/db/schema';
import { HttpError } from '@server/kernel/errors';

export const WINDOW_MS = 15 * 60 * 1000;
const DAY_MS = 24 * 60 * 60 * 1000;
/** Rows older than the longest window are deleted when their key is next counted. */
const LONGEST_WINDOW_MS = DAY_MS;
/** The advisory lock class of attempt counters (the other number is the key's hash). */
const LOCK_CLASS = 727020;

/** A counter: its key, how many attempts the window holds, and the window (15 minutes unless said). */
export type Limit = { key: string; limit: number; windowMs?: number };

export type Attempt =
  | { blocked: false; /** Not a failure after all: the attempt's rows are taken back. */ release: () => Promise<void> }
  | { blocked: true; retryAfterSeconds: number };

/** Counts one attempt against every limit at once; refused (and not counted) when any is full. */
export async function takeAttempt(db: Db, limits: Limit[], now = new Date()): Promise<Attempt> {
  if (limits.length === 0) return { blocked: false, release: async () => undefined };
  const keys = [...new Set(limits.map((limit) => limit.key))].sort();
  const outcome = await db.transaction(async (tx) => {
    // In one order, so two requests over the same keys never wait on each other in a circle.
    for (const key of keys) await tx.execute(sql`select pg_advisory_xact_lock(${LOCK_CLASS}, hashtext(${key}))`);
    let retryAfterSeconds = 0;
    for (const { key, limit, windowMs = WINDOW_MS } of limits) {
      const [row] = await tx
        .select({ n: count(), oldest: min(loginFailures.at) })
        .from(loginFailures)
        .where(and(eq(loginFailures.key, key), gt(loginFailures.at, new Date(now.getTime() - windowMs))));
      if (Number(row?.n ?? 0) < limit) continue;
      const oldest = row?.oldest ? new Date(row.oldest).getTime() : now.getTime();
      retryAfterSeconds = Math.max(retryAfterSeconds, Math.ceil((oldest + windowMs - now.getTime()) / 1000), 1);
    }
    // Keep the table small: forget what has left every window.
    await tx
      .delete(loginFailures)
      .where(and(inArray(loginFailures.key, keys), lt(loginFailures.at, new Date(now.getTime() - LONGEST_WINDOW_MS))));
    if (retryAfterSeconds > 0) return { blocked: true as const, retryAfterSeconds };
    const rows = await tx
      .insert(loginFailures)
      .values(limits.map((limit) => ({ key: limit.key, at: now })))
      .returning({ id: loginFailures.id });
    return { blocked: false as const, ids: rows.map((row) => row.id) };
  });
  if (outcome.blocked) return outcome;
  return {
    blocked: false,
    release: async () => {
      await db.delete(loginFailures).where(inArray(loginFailures.id, outcome.ids));
    },
  };
}

// ---- the counters of sign-in and of the forgot-password flow --------------------------------------

/** Per account, from all addresses together: how many times the per-(account, address) limit. */
export const ACCOUNT_LIMIT_FACTOR = 4;

/**
 * A guess at an account's password (sign-in, change of password): per account from one address
 * (`perAccount`, the lockout a person meets after typing wrong), per account from every address
 * (ACCOUNT_LIMIT_FACTOR times that, against guesses spread over many addresses), and per address
 * (`perAddress`, against one address trying many accounts). The per-address limit does not apply
 * to an account that signed in from that address lately (`knownAddress`): a whole office behind
 * one address is not locked out by one machine in it guessing.
 */
export function passwordLimits(
  phone: string,
  ip: string,
  limits: { perAccount: number; perAddress: number },
  knownAddress: boolean,
): Limit[] {
  return [
    { key: `login:pair:${phone}|${ip}`, limit: limits.perAccount },
    { key: `login:acct:${phone}`, limit: limits.perAccount * ACCOUNT_LIMIT_FACTOR },
    ...(knownAddress ? [] : [{ key: `login:ip:${ip}`, limit: limits.perAddress }]),
  ];
}

/**
 * Asking for a code to be sent (forgot password, registration, its resend, e-mail verification): one
 * a minute and 10 a day per phone or address it goes to, 10 per 15 minutes per client address.
 * Shared by every purpose: a phone gets no more messages by mixing them.
 */
export function codeRequestLimits(phone: string, ip: string): Limit[] {
  return [
    { key: `otp:${phone}`, limit: 1, windowMs: 60 * 1000 },
    { key: `otp-day:${phone}`, limit: 10, windowMs: DAY_MS },
    { key: `otp-ip:${ip}`, limit: 10 },
  ];
}

/** The phone check: 30 per 15 minutes per address. */
export function phoneCheckLimits(ip: string): Limit[] {
  return [{ key: `chk:${ip}`, limit: 30 }];
}

/**
 * Forgets an account's failed sign-ins (a new password was set for it): from every address, and
 * the account-wide count. Failures counted against addresses stay.
 */
export async function clearSignInFailures(db: Db, phone: string): Promise<void> {
  await db.delete(loginFailures).where(or(eq(loginFailures.key, `login:acct:${phone}`), like(loginFailures.key, `login:pair:${phone}|%`)));
}

/** After the right password: this address's failures at the account are forgotten, not the account-wide ones. */
export async function clearPairFailures(db: Db, phone: string, ip: string): Promise<void> {
  await db.delete(loginFailures).where(eq(loginFailures.key, `login:pair:${phone}|${ip}`));
}

/** The platform's one counter of codes sent to phones, whoever asks for them (env.smsDailyBudget). */
const SMS_BUDGET_KEY = 'otp-platform:sms';

/**
 * What the counters of code requests hold now, without counting anything: the codes this address
 * asked for in 15 minutes and the codes the platform sent to phones in 24 hours.
 */
export async function codeRequestCounts(db: Db, ip: string, now = new Date()): Promise<{ byAddress: number; platformSms: number }> {
  const counted = async (key: string, windowMs: number) => {
    const [row] = await db
      .select({ n: count() })
      .from(loginFailures)
      .where(and(eq(loginFailures.key, key), gt(loginFailures.at, new Date(now.getTime() - windowMs))));
    return Number(row?.n ?? 0);
  };
  return { byAddress: await counted(`otp-ip:${ip}`, WINDOW_MS), platformSms: await counted(SMS_BUDGET_KEY, DAY_MS) };
}

/**
 * Counts a request for a code; refused with 429, the wait said in seconds or minutes, when a limit
 * is full. A code to a phone (`smsBudget` given) is also counted against the platform's daily
 * budget: requests spread over many phones and addresses stop there, with their own message.
 */
export async function takeCodeRequest(db: Db, recipient: string, ip: string, smsBudget?: number): Promise<void> {
  const attempt = await takeAttempt(db, codeRequestLimits(recipient, ip));
  if (attempt.blocked) throw tooSoon(attempt.retryAfterSeconds);
  if (smsBudget === undefined) return;
  const budget = await takeAttempt(db, [{ key: SMS_BUDGET_KEY, limit: smsBudget, windowMs: DAY_MS }]);
  if (!budget.blocked) return;
  // Not the person's doing: their own counters are given back.
  await attempt.release();
  const hours = Math.ceil(budget.retryAfterSeconds / 3600);
  throw new HttpError(
    429,
    'OTP_BUDGET',
    `Hệ thống đã gửi quá nhiều mã OTP qua SMS trong 24 giờ qua. Vui lòng thử lại sau ${hours} giờ hoặc liên hệ quản trị viên`,
    undefined,
    { 'Retry-After': String(budget.retryAfterSeconds) },
  );
}

function tooSoon(wait: number): HttpError {
  const message =
    wait <= 60
      ? `Vui lòng chờ ${wait} giây trước khi yêu cầu mã mới`
      : `Vui lòng chờ ${Math.ceil(wait / 60)} phút trước khi yêu cầu mã mới`;
  return new HttpError(429, 'OTP_TOO_SOON', message, undefined, { 'Retry-After': String(wait) });
}

export function throttleMessage(retryAfterSeconds: number): string {
  const minutes = Math.ceil(retryAfterSeconds / 60);
  return `Bạn đã thử quá nhiều lần, vui lòng thử lại sau ${minutes} phút`;
}
