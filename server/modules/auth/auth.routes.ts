/**
 * Account calls (product-spec.md §7 "Account"): sign-in, token refresh, logout, password change, the
 * three-step forgot-password flow, phone check and the caller's own account.
 */
import { eq } from 'drizzle-orm';
import { Hono } from 'hono';
import { ChangePasswordSchema, CheckPhoneSchema, LoginSchema, RefreshSchema, UpdateAccountSchema } from '@contract/auth';
import { ERROR_MESSAGES } from '@contract/errors';
import { passwordProblem } from '@contract/auth-password';
import type { AppDeps, AppEnv } from '@server/kernel/app-types';
import { accounts } from '@server/kernel/db/schema';
import { clientIp } from '@server/lib/client-ip';
import { badRequest, forbidden, HttpError, notFound, unauthorized } from '@server/kernel/errors';
import { decoyHash, hashPassword, verifyPassword } from '@server/lib/passwords';
import { ok } from '@server/kernel/respond';
import { signAccessToken, verifyAccessToken } from '@server/lib/tokens';
import { parseBody, pathId } from '@server/kernel/validate';
import { authenticate, bearerToken } from '@server/kernel/authenticate';
import { loadAccountView } from './account-view';
import { passwordResetRoutes } from './password-reset.routes';
import { clearRefreshCookie, readRefreshCookie, setRefreshCookie } from './refresh-cookie';
import { createSession, revokeAllSessions, revokeSession, rotateRefreshToken, sessionOfRefreshToken } from './sessions';
import { checkThrottle, clearAttempts, recordAttempt, throttleMessage } from './throttle';

function throttled(retryAfterSeconds: number): HttpError {
  return new HttpError(429, 'LOGIN_THROTTLED', throttleMessage(retryAfterSeconds), undefined, {
    'Retry-After': String(retryAfterSeconds),
  });
}

export function accountRoutes(deps: AppDeps) {
  const { db, env } = deps;
  const app = new Hono<AppEnv>({ strict: false });
  const requireAuth = authenticate(deps);

  app.post('/login', async (c) => {
    const input = await parseBody(c, LoginSchema);
    const ip = clientIp(c, env.trustProxy);
    const accountKey = `acct:${input.phone}`;
    const ipKey = `ip:${ip}`;
    for (const [key, limit] of [
      [accountKey, env.loginMaxFailuresPerAccount],
      [ipKey, env.loginMaxFailuresPerIp],
    ] as const) {
      const verdict = await checkThrottle(db, key, limit);
      if (verdict.blocked) throw throttled(verdict.retryAfterSeconds);
    }
    const [account] = await db
      .select({ id: accounts.id, passwordHash: accounts.passwordHash, isActive: accounts.isActive })
      .from(accounts)
      .where(eq(accounts.phone, input.phone));
    // Unknown phones cost the same time as wrong passwords, so timing does not reveal accounts.
    const valid = await verifyPassword(input.password, account?.passwordHash ?? (await decoyHash(env.scryptLogN)));
    if (!account || !valid) {
      await recordAttempt(db, [accountKey, ipKey]);
      throw new HttpError(400, 'LOGIN_FAILED');
    }
    if (!account.isActive) throw new HttpError(403, 'ACCOUNT_INACTIVE');
    await clearAttempts(db, accountKey);
    const session = await createSession(db, {
      accountId: account.id,
      remember: input.remember,
      userAgent: c.req.header('user-agent') ?? null,
      ip,
    });
    const access = await signAccessToken(deps.keys, account.id, session.sessionId);
    const view = await loadAccountView(db, account.id);
    setRefreshCookie(c, session, env.cookieSecure);
    return ok(c, { access, refresh: session.refreshToken, account: view });
  });

  app.post('/logout', async (c) => {
    const token = bearerToken(c.req.header('authorization'));
    const verified = token ? await verifyAccessToken(deps.keys, token) : null;
    const cookieToken = readRefreshCookie(c);
    const sessionId = verified?.ok ? verified.claims.sessionId : cookieToken ? await sessionOfRefreshToken(db, cookieToken) : null;
    if (sessionId) await revokeSession(db, sessionId, 'logout');
    clearRefreshCookie(c, env.cookieSecure);
    return ok(c, null, { message: 'Đã đăng xuất' });
  });

  app.put('/changepassword', requireAuth, async (c) => {
    const input = await parseBody(c, ChangePasswordSchema);
    const { accountId } = c.get('auth');
    const [account] = await db
      .select({ phone: accounts.phone, passwordHash: accounts.passwordHash })
      .from(accounts)
      .where(eq(accounts.id, accountId));
    if (!account) throw unauthorized('SESSION_REVOKED');
    const attemptKey = `acct:${account.phone}`;
    const verdict = await checkThrottle(db, attemptKey, env.loginMaxFailuresPerAccount);
    if (verdict.blocked) throw throttled(verdict.retryAfterSeconds);
    if (!(await verifyPassword(input.old_password, account.passwordHash))) {
      await recordAttempt(db, [attemptKey]);
      throw badRequest('WRONG_PASSWORD', undefined, { old_password: ERROR_MESSAGES.WRONG_PASSWORD });
    }
    if (input.old_password === input.new_password) {
      const message = 'Mật khẩu mới phải khác mật khẩu hiện tại';
      throw badRequest('WEAK_PASSWORD', message, { new_password: message });
    }
    const problem = passwordProblem(input.new_password, account.phone);
    if (problem) throw badRequest('WEAK_PASSWORD', problem, { new_password: problem });
    const passwordHash = await hashPassword(input.new_password, env.scryptLogN);
    await db.transaction(async (tx) => {
      await tx.update(accounts).set({ passwordHash, updatedAt: new Date() }).where(eq(accounts.id, accountId));
      await revokeAllSessions(tx, accountId, 'password_change');
    });
    clearRefreshCookie(c, env.cookieSecure);
    return ok(c, null, { message: 'Đổi mật khẩu thành công !!!' });
  });

  app.post('/checkphone', async (c) => {
    const input = await parseBody(c, CheckPhoneSchema);
    const key = `chk:${clientIp(c, env.trustProxy)}`;
    const verdict = await checkThrottle(db, key, 30);
    if (verdict.blocked) throw new HttpError(429, 'RATE_LIMITED', throttleMessage(verdict.retryAfterSeconds));
    await recordAttempt(db, [key]);
    const [row] = await db.select({ id: accounts.id }).from(accounts).where(eq(accounts.phone, input.phone));
    return ok(c, { exists: Boolean(row) });
  });

  /** Only the account itself (or a system administrator) may read or change an account. */
  function assertSelf(callerId: number, callerType: string, targetId: number) {
    if (callerId !== targetId && callerType !== 'SYSTEM') throw forbidden();
  }

  app.get('/account/:id', requireAuth, async (c) => {
    const id = pathId(c);
    const auth = c.get('auth');
    assertSelf(auth.accountId, auth.accountTypeCode, id);
    const view = await loadAccountView(db, id);
    if (!view) throw notFound('Không tìm thấy tài khoản');
    return ok(c, view);
  });

  app.put('/updateaccountall/:id', requireAuth, async (c) => {
    const id = pathId(c);
    const auth = c.get('auth');
    assertSelf(auth.accountId, auth.accountTypeCode, id);
    const input = await parseBody(c, UpdateAccountSchema);
    const changes = {
      ...(input.full_name !== undefined ? { fullName: input.full_name } : {}),
      email: input.email,
      address: input.address,
      birthday: input.birthday,
      gender: input.gender,
      updatedAt: new Date(),
    };
    const updated = await db.update(accounts).set(changes).where(eq(accounts.id, id)).returning({ id: accounts.id });
    if (updated.length === 0) throw notFound('Không tìm thấy tài khoản');
    return ok(c, await loadAccountView(db, id), { message: 'Cập nhật thông tin thành công' });
  });

  app.route('/', passwordResetRoutes(deps));
  return app;
}

/** POST /api/micro-account-{env}/account/api/refresh_token */
export function refreshRoutes(deps: AppDeps) {
  const app = new Hono<AppEnv>({ strict: false });
  app.post('/refresh_token', async (c) => {
    const input = await parseBody(c, RefreshSchema);
    const presented = input.refresh ?? readRefreshCookie(c);
    if (!presented) throw unauthorized('REFRESH_INVALID');
    const result = await rotateRefreshToken(deps.db, presented);
    if (result.kind !== 'ok') {
      clearRefreshCookie(c, deps.env.cookieSecure);
      throw unauthorized(result.kind === 'reused' ? 'REFRESH_REUSED' : 'REFRESH_INVALID');
    }
    const access = await signAccessToken(deps.keys, result.accountId, result.session.sessionId);
    setRefreshCookie(c, result.session, deps.env.cookieSecure);
    return ok(c, { access, refresh: result.session.refreshToken });
  });
  return app;
}
