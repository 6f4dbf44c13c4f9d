/**
 * The first system administrator of a production database. A production start never seeds the demo
 * (whose administrator's password the README prints); it makes the administrator from ADMIN_PHONE
 * and ADMIN_PASSWORD, or, without a password, from a one-time password it returns for the start to
 * print once. A weak password, the demo's own included, is refused before anything is written.
 */
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { passwordProblem } from '@contract/auth-password';
import { isValidPhone, normalizePhone, PHONE_INVALID } from '@contract/phone';
import type { Db } from '@server/kernel/db/client';
import { accounts, accountTypes } from '@server/kernel/db/schema';
import { hashPassword } from '@server/lib/passwords';
import { DEMO_PASSWORD } from './demo';

export type FirstAdminSettings = { phone: string | null; password: string | null };

export type FirstAdminOutcome =
  /** A system administrator exists already: nothing done. */
  | { kind: 'exists' }
  /** None exists and ADMIN_PHONE is not set: the start says how to make one. */
  | { kind: 'missing' }
  /** Made now; `oneTimePassword` is set when it was generated (to be printed once, never stored in clear). */
  | { kind: 'created'; phone: string; oneTimePassword: string | null };

/** Why the start refuses these settings (a Vietnamese sentence naming the setting), or null. */
export function firstAdminProblem(settings: FirstAdminSettings): string | null {
  if (settings.phone !== null && !isValidPhone(settings.phone)) return `ADMIN_PHONE: ${PHONE_INVALID}`;
  if (settings.password === null) return null;
  if (settings.password === DEMO_PASSWORD) return 'ADMIN_PASSWORD: không được dùng mật khẩu của dữ liệu mẫu';
  const problem = passwordProblem(settings.password, settings.phone === null ? undefined : normalizePhone(settings.phone));
  return problem ? `ADMIN_PASSWORD: ${problem}` : null;
}

export async function ensureFirstAdmin(db: Db, settings: FirstAdminSettings, scryptLogN: number): Promise<FirstAdminOutcome> {
  const problem = firstAdminProblem(settings);
  if (problem) throw new Error(problem);
  const [system] = await db.select({ id: accountTypes.id }).from(accountTypes).where(eq(accountTypes.code, 'SYSTEM'));
  if (!system) throw new Error('account type SYSTEM missing');
  const [existing] = await db.select({ id: accounts.id }).from(accounts).where(eq(accounts.accountTypeId, system.id)).limit(1);
  if (existing) return { kind: 'exists' };
  if (settings.phone === null) return { kind: 'missing' };
  const phone = normalizePhone(settings.phone);
  const [taken] = await db.select({ id: accounts.id }).from(accounts).where(eq(accounts.phone, phone));
  if (taken) throw new Error(`ADMIN_PHONE: số ${phone} đã là tài khoản của người dùng doanh nghiệp, hãy chọn số khác`);
  // 16 characters of a 64-letter alphabet: 96 bits, past any guessing through the login throttle.
  const oneTimePassword = settings.password === null ? randomBytes(12).toString('base64url') : null;
  await db.insert(accounts).values({
    phone,
    fullName: 'Quản trị hệ thống',
    passwordHash: await hashPassword(settings.password ?? oneTimePassword!, scryptLogN),
    accountTypeId: system.id,
  });
  return { kind: 'created', phone, oneTimePassword };
}
