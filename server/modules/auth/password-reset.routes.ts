/**
 * Forgot password in three steps (product-spec.md §2): ask for a code by phone, verify it to receive a
 * one-time reset token, set the new password with that token. Answers never reveal whether a phone
 * has an account. The codes are the shared one-time codes (./verification-codes.ts: hashed, 10
 * minutes, 5 tries, spent once), asked for under ./throttle.ts codeRequestLimits, past a threshold
 * only with a solved proof-of-work challenge (./otp-challenge.ts). Every count is
 * taken before the work it guards, atomically, so requests sent at once cannot pass together.
 */
import { and, eq, gt, isNull } from 'drizzle-orm';
import { Hono } from 'hono';
import { ForgotPasswordSchema, ResetPasswordSchema, VerifyForgotSchema } from '@contract/auth';
import type { OtpChallenge } from '@contract/auth-challenge';
import { passwordProblem } from '@contract/auth-password';
import type { AppDeps, AppEnv } from '@server/kernel/app-types';
import { accounts, passwordResets } from '@server/kernel/db/schema';
import { badRequest } from '@server/kernel/errors';
import { clientIp } from '@server/lib/client-ip';
import { hashPassword } from '@server/lib/passwords';
import { ok } from '@server/kernel/respond';
import { randomToken, sha256 } from '@server/lib/tokens';
import { parseBody } from '@server/kernel/validate';
import crypto from 'node:crypto';
import { issueChallenge, takePhoneCodeRequest } from './otp-challenge';
import { revokeAllSessions } from './sessions';
import { clearSignInFailures } from './throttle';
import { consumeCode, invalidCode, sendCode } from './verification-codes';

const RESET_TTL_MS = 30 * 60 * 1000;

export function passwordResetRoutes(deps: AppDeps) {
  const { db, env } = deps;
  const app = new Hono<AppEnv>({ strict: false });

  app.post('/forgot_password', async (c) => {
    const { phone, challenge } = await parseBody(c, ForgotPasswordSchema);
    await takePhoneCodeRequest(deps, clientIp(c, env.proxyHops), phone, challenge);
    const [account] = await db.select({ id: accounts.id, isActive: accounts.isActive }).from(accounts).where(eq(accounts.phone, phone));
    if (account?.isActive) await sendCode(deps, { channel: 'sms', to: phone, subject: phone, purpose: 'password_reset' });
    return ok(c, null, { message: 'Nếu số điện thoại đã đăng ký, mã xác minh đã được gửi đến số điện thoại này' });
  });

  // A proof-of-work challenge, asked of code requests past a threshold (./otp-challenge.ts).
  app.post('/otp-challenge', async (c) => ok<OtpChallenge>(c, await issueChallenge(deps)));

  app.post('/verify_forgot', async (c) => {
    const { phone, code } = await parseBody(c, VerifyForgotSchema);
    if (!(await consumeCode(db, 'password_reset', phone, code))) throw invalidCode();
    const [account] = await db.select({ id: accounts.id }).from(accounts).where(eq(accounts.phone, phone));
    if (!account) throw invalidCode();
    const resetToken = randomToken();
    await db.insert(passwordResets).values({
      id: crypto.randomUUID(),
      accountId: account.id,
      verifiedAt: new Date(),
      resetTokenHash: sha256(resetToken),
    });
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
