/**
 * Forgot password in three steps (product-spec.md §2): ask for a code by phone, verify it to receive a
 * one-time reset token, set the new password with that token. Answers never reveal whether a phone
 * has an account; codes are 6 digits, hashed, valid 10 minutes, 5 tries; per phone one request a
 * minute and 10 a day, per address 10 requests per 15 minutes (./throttle.ts codeRequestLimits).
 * Every count is taken before the work it guards, atomically, so requests sent at once cannot
 * pass together (issue 20).
 */
import crypto from 'node:crypto';
import { and, desc, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import { Hono } from 'hono';
import { ForgotPasswordSchema, ResetPasswordSchema, VerifyForgotSchema } from '@contract/auth';
import { passwordProblem } from '@contract/auth-password';
import type { AppDeps, AppEnv } from '@server/kernel/app-types';
import { accounts, passwordResets } from '@server/kernel/db/schema';
import { badRequest, HttpError } from '@server/kernel/errors';
import { clientIp } from '@server/lib/client-ip';
import { hashPassword } from '@server/lib/passwords';
import { ok } from '@server/kernel/respond';
import { randomToken, sha256 } from '@server/lib/tokens';
import { parseBody } from '@server/kernel/validate';
import { revokeAllSessions } from './sessions';
import { clearSignInFailures, codeRequestLimits, takeAttempt } from './throttle';

const CODE_TTL_MS = 10 * 60 * 1000;
const RESET_TTL_MS = 30 * 60 * 1000;
const MAX_CODE_ATTEMPTS = 5;

function codeHash(resetId: string, code: string): string {
  return sha256(`${resetId}:${code}`);
}

export function passwordResetRoutes(deps: AppDeps) {
  const { db, env } = deps;
  const app = new Hono<AppEnv>({ strict: false });

  app.post('/forgot_password', async (c) => {
    const { phone } = await parseBody(c, ForgotPasswordSchema);
    const attempt = await takeAttempt(db, codeRequestLimits(phone, clientIp(c, env.proxyHops)));
    if (attempt.blocked) {
      const wait = attempt.retryAfterSeconds;
      const message =
        wait <= 60
          ? `Vui lòng chờ ${wait} giây trước khi yêu cầu mã mới`
          : `Vui lòng chờ ${Math.ceil(wait / 60)} phút trước khi yêu cầu mã mới`;
      throw new HttpError(429, 'OTP_TOO_SOON', message, undefined, { 'Retry-After': String(wait) });
    }
    const [account] = await db.select({ id: accounts.id, isActive: accounts.isActive }).from(accounts).where(eq(accounts.phone, phone));
    if (account?.isActive) {
      const id = crypto.randomUUID();
      const code = String(crypto.randomInt(0, 1_000_000)).padStart(6, '0');
      await db.insert(passwordResets).values({
        id,
        accountId: account.id,
        codeHash: codeHash(id, code),
        expiresAt: new Date(Date.now() + CODE_TTL_MS),
      });
      await deps.sender.sendResetCode(phone, code);
    }
    return ok(c, null, { message: 'Nếu số điện thoại đã đăng ký, mã xác minh đã được gửi đến số điện thoại này' });
  });

  app.post('/verify_forgot', async (c) => {
    const { phone, code } = await parseBody(c, VerifyForgotSchema);
    const [reset] = await db
      .select({ id: passwordResets.id, codeHash: passwordResets.codeHash })
      .from(passwordResets)
      .innerJoin(accounts, eq(accounts.id, passwordResets.accountId))
      .where(and(eq(accounts.phone, phone), isNull(passwordResets.verifiedAt), gt(passwordResets.expiresAt, new Date())))
      .orderBy(desc(passwordResets.createdAt))
      .limit(1);
    const invalid = badRequest('OTP_INVALID', undefined, { code: 'Mã OTP không đúng hoặc đã hết hạn' });
    if (!reset) throw invalid;
    // The try is counted before the comparison, in one statement: of tries sent at once, no more
    // than MAX_CODE_ATTEMPTS are compared (a read-then-write count let them all through).
    const [counted] = await db
      .update(passwordResets)
      .set({ attempts: sql`${passwordResets.attempts} + 1` })
      .where(and(eq(passwordResets.id, reset.id), lt(passwordResets.attempts, MAX_CODE_ATTEMPTS), isNull(passwordResets.verifiedAt)))
      .returning({ id: passwordResets.id });
    if (!counted) throw invalid;
    const matches = crypto.timingSafeEqual(Buffer.from(codeHash(reset.id, code)), Buffer.from(reset.codeHash));
    if (!matches) throw invalid;
    const resetToken = randomToken();
    const [verified] = await db
      .update(passwordResets)
      .set({ verifiedAt: new Date(), resetTokenHash: sha256(resetToken) })
      .where(and(eq(passwordResets.id, reset.id), isNull(passwordResets.verifiedAt)))
      .returning({ id: passwordResets.id });
    if (!verified) throw invalid;
    return ok(c, { reset_token: resetToken }, { message: 'Xác minh thành công' });
  });

  app.post('/resetpassword', async (c) => {
    const input = await parseBody(c, ResetPasswordSchema);
    const [reset] = await db
      .select({ id: passwordResets.id, accountId: passwordResets.accountId, phone: accounts.phone })
      .from(passwordResets)
      .innerJoin(accounts, eq(accounts.id, passwordResets.accountId))
      .where(
        and(
          eq(passwordResets.resetTokenHash, sha256(input.reset_token)),
          isNull(passwordResets.usedAt),
          gt(passwordResets.verifiedAt, new Date(Date.now() - RESET_TTL_MS)),
        ),
      );
    if (!reset) throw badRequest('RESET_TOKEN_INVALID');
    const problem = passwordProblem(input.new_password, reset.phone);
    if (problem) throw badRequest('WEAK_PASSWORD', problem, { new_password: problem });
    const passwordHash = await hashPassword(input.new_password, env.scryptLogN);
    await db.transaction(async (tx) => {
      // Spent once: of two uses sent at once, the second finds it used.
      const [spent] = await tx
        .update(passwordResets)
        .set({ usedAt: new Date() })
        .where(and(eq(passwordResets.id, reset.id), isNull(passwordResets.usedAt)))
        .returning({ id: passwordResets.id });
      if (!spent) throw badRequest('RESET_TOKEN_INVALID');
      await tx.update(accounts).set({ passwordHash, updatedAt: new Date() }).where(eq(accounts.id, reset.accountId));
      await revokeAllSessions(tx, reset.accountId, 'password_reset');
    });
    // A person locked out by failed sign-ins gets back in with the new password (ASVS anti-lockout).
    await clearSignInFailures(db, reset.phone);
    return ok(c, null, { message: 'Đặt lại mật khẩu thành công' });
  });

  return app;
}
