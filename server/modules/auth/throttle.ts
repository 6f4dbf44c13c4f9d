/**
 * Sliding-window counters of failed attempts, kept in the database so every server instance sees
 * the same counts. Keys: `acct:<phone>` (sign-in per account), `ip:<address>` (per client address),
 * `otp:<phone>` (verification codes sent), `chk:<address>` (phone lookups).
 */
import { and, count, eq, gt, lt, min } from 'drizzle-orm';
import type { Db } from '@server/kernel/db/client';
import { loginFailures } from '@server/kernel/db/schema';

export const WINDOW_MS = 15 * 60 * 1000;

export type ThrottleVerdict = { blocked: false } | { blocked: true; retryAfterSeconds: number };

export async function checkThrottle(db: Db, key: string, limit: number, windowMs = WINDOW_MS, now = new Date()): Promise<ThrottleVerdict> {
  const since = new Date(now.getTime() - windowMs);
  const [row] = await db
    .select({ n: count(), oldest: min(loginFailures.at) })
    .from(loginFailures)
    .where(and(eq(loginFailures.key, key), gt(loginFailures.at, since)));
  const n = Number(row?.n ?? 0);
  if (n < limit || !row?.oldest) return { blocked: false };
  const oldest = new Date(row.oldest);
  const retryAfterSeconds = Math.max(1, Math.ceil((oldest.getTime() + windowMs - now.getTime()) / 1000));
  return { blocked: true, retryAfterSeconds };
}

export async function recordAttempt(db: Db, keys: string[], now = new Date()): Promise<void> {
  if (keys.length === 0) return;
  await db.insert(loginFailures).values(keys.map((key) => ({ key, at: now })));
  // Keep the table small: forget what has left the window.
  for (const key of keys) {
    await db.delete(loginFailures).where(and(eq(loginFailures.key, key), lt(loginFailures.at, new Date(now.getTime() - WINDOW_MS))));
  }
}

export async function clearAttempts(db: Db, key: string): Promise<void> {
  await db.delete(loginFailures).where(eq(loginFailures.key, key));
}

export function throttleMessage(retryAfterSeconds: number): string {
  const minutes = Math.ceil(retryAfterSeconds / 60);
  return `Bạn đã thử quá nhiều lần, vui lòng thử lại sau ${minutes} phút`;
}
