/**
 * Forgot password in three steps (product-spec.md §2): ask for a code by phone, verify it to receive a
 * one-time reset token, set the new password with that token. Answers never reveal whether a phone
 * has an account; codes are 6 digits, hashed, valid 10 minutes, 5 tries; one request a minute.
 */
import crypto from 'node:crypto';
import { and, desc, eq, gt, isNull } from 'drizzle-orm';
import { Hono } from 'hono';
import { ForgotPasswordSchema, ResetPasswordSchema, VerifyForgotSchema } from '@contract/auth';
import { passwordProblem } from '@contract/auth-password';
import type { AppDeps, AppEnv } from '@server/kernel/app-types';
import { accounts, passwordResets } from '@server/kernel/db/schema';
import { badRequest, HttpError } from '@server/kernel/errors';
import { hashPassword } from '@server/lib/passwords';
import { ok } from '@server/kernel/respond';
import { randomToken, sha256 } from '@server/lib/tokens';
import { parseBody } from '@server/kernel/validate';
import { revokeAllSessions } from './sessions';
import { checkThrottle, clearAttempts, recordAttempt } from './throttle';

const CODE_TTL_MS = 10 * 60 * 1000;
const RESET_TTL_MS = 30 * 60 * 1000;
const MAX_CODE_ATTEMPTS = 5;
const RESEND_INTERVAL_MS = 60 * 1000;

function codeHash(resetId: string, code: string): string {
  return sha256(`${resetId}:${code}`);
}

export function passwordResetRoutes(deps: AppDeps) {
  const { db, env } = deps;
  const app = new Hono<AppEnv>({ strict: false });

  app.post('/forgot_password', async (c) => {
    const { phone } = await parseBody(c, ForgotPasswordSchema);
    const key = `otp:${phone}`;
    const verdict = await checkThrottle(db, key, 1, RESEND_INTERVAL_MS);
    if (verdict.blocked) {
      throw new HttpError(429, 'OTP_TOO_SOON', `Vui lòng chờ ${verdict.retryAfterSeconds} giây trước khi yêu cầu mã mới`, undefined, {
        'Retry-After': String(verdict.retryAfterSeconds),
      });
    }
    await recordAttempt(db, [key]);
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
      .select({ id: passwordResets.id, codeHash: passwordResets.codeHash, attempts: passwordResets.attempts })
      .from(passwordResets)
      .innerJoin(accounts, eq(accounts.id, passwordResets.accountId))
      .where(and(eq(accounts.phone, phone), isNull(passwordResets.verifiedAt), gt(passwordResets.expiresAt, new Date())))
      .orderBy(desc(passwordResets.createdAt))
      .limit(1);
    const invalid = badRequest('OTP_INVALID', undefined, { code: 'Mã OTP không đúng hoặc đã hết hạn' });
    if (!reset || reset.attempts >= MAX_CODE_ATTEMPTS) throw invalid;
    const matches = crypto.timingSafeEqual(Buffer.from(codeHash(reset.id, code)), Buffer.from(reset.codeHash));
    if (!matches) {
      await db
        .update(passwordResets)
        .set({ attempts: reset.attempts + 1 })
        .where(eq(passwordResets.id, reset.id));
      throw invalid;
    }
    const resetToken = randomToken();
    await db
      .update(passwordResets)
      .set({ verifiedAt: new Date(), resetTokenHash: sha256(resetToken) })
      .where(eq(passwordResets.id, reset.id));
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
      await tx.update(accounts).set({ passwordHash, updatedAt: new Date() }).where(eq(accounts.id, reset.accountId));
      await tx.update(passwordResets).set({ usedAt: new Date() }).where(eq(passwordResets.id, reset.id));
      await revokeAllSessions(tx, reset.accountId, 'password_reset');
    });
    // A person locked out by failed sign-ins gets back in with the new password (ASVS anti-lockout).
    await clearAttempts(db, `acct:${reset.phone}`);
    return ok(c, null, { message: 'Đặt lại mật khẩu thành công' });
  });

  return app;
}
