/**
 * Account calls (product-spec.md §7 "Account"): sign-in, token refresh, logout, password change, the
 * three-step forgot-password flow, phone check and the caller's own account.
 */
import { and, eq, gt, sql } from 'drizzle-orm';
import { Hono, type Context } from 'hono';
import {
  ChangePasswordSchema,
  CHECK_PHONE_MESSAGE,
  CheckPhoneSchema,
  LoginSchema,
  RefreshSchema,
  UpdateAccountSchema,
  type LoginAnswer,
  type RefreshAnswer,
} from '@contract/auth';
import { ERROR_MESSAGES } from '@contract/errors';
import { passwordProblem } from '@contract/auth-password';
import type { AppDeps, AppEnv } from '@server/kernel/app-types';
import type { Db } from '@server/kernel/db/client';
import { accounts, sessions } from '@server/kernel/db/schema';
import { clientIp } from '@server/lib/client-ip';
import { isCrossOrigin } from '@server/lib/same-origin';
import { badRequest, forbidden, HttpError, notFound, unauthorized } from '@server/kernel/errors';
import { decoyHash, hashPassword, verifyPassword } from '@server/lib/passwords';
import { ok } from '@server/kernel/respond';
import { signAccessToken, verifyAccessToken } from '@server/lib/tokens';
import { parseBody, pathId } from '@server/kernel/validate';
import { authenticate, bearerToken } from '@server/kernel/authenticate';
import { loadAccountView } from './account-view';
import { passwordResetRoutes } from './password-reset.routes';
import { accountProfileRoutes } from './account-profile.routes';
import { clearRefreshCookie, readRefreshCookie, setRefreshCookie } from './refresh-cookie';
import { registrationRoutes } from './registration.routes';
import { revokeAllSessions, revokeSession, rotateRefreshToken, sessionOfRefreshToken, signIn } from './sessions';
import { clearPairFailures, passwordLimits, phoneCheckLimits, takeAttempt, throttleMessage } from './throttle';

function throttled(retryAfterSeconds: number): HttpError {
  return new HttpError(429, 'LOGIN_THROTTLED', throttleMessage(retryAfterSeconds), undefined, {
    'Retry-After': String(retryAfterSeconds),
  });
}

/** An address an account signed in from within this many days is "known" for it (server/modules/auth/throttle.ts passwordLimits). */
const KNOWN_ADDRESS_DAYS = 30;

/** Asked for unknown phones too (id 0), so the time taken says nothing about accounts. */
async function knownAddress(db: Db, accountId: number, ip: string): Promise<boolean> {
  const since = new Date(Date.now() - KNOWN_ADDRESS_DAYS * 24 * 60 * 60 * 1000);
  const [row] = await db
    .select({ id: sessions.id })
    .from(sessions)
    .where(and(eq(sessions.accountId, accountId), eq(sessions.ip, ip), gt(sessions.createdAt, since)))
    .limit(1);
  return Boolean(row);
}

/** The request's own host, to compare an Origin with: what the trusted proxy forwarded, else Host. */
function ownHost(c: Context, proxyHops: number): string | undefined {
  const forwarded = proxyHops > 0 ? c.req.header('x-forwarded-host')?.split(',').at(-1)?.trim() : undefined;
  return forwarded || c.req.header('host');
}

/**
 * The refresh token from the cookie, for a call the browser authenticates by itself: refused (403,
 * and the cookie left as it is) when another site's page made the request (server/lib/same-origin.ts).
 */
function cookieToken(c: Context, proxyHops: number): string | undefined {
  const token = readRefreshCookie(c);
  if (token && isCrossOrigin(c.req, ownHost(c, proxyHops))) throw forbidden('CROSS_ORIGIN');
  return token;
}

export function accountRoutes(deps: AppDeps) {
  const { db, env } = deps;
  const app = new Hono<AppEnv>({ strict: false });
  const requireAuth = authenticate(deps);

  app.post('/login', async (c) => {
    const input = await parseBody(c, LoginSchema);
    const ip = clientIp(c, env.proxyHops);
    const [account] = await db
      .select({ id: accounts.id, passwordHash: accounts.passwordHash, isActive: accounts.isActive })
      .from(accounts)
      .where(eq(accounts.phone, input.phone));
    // Counted before the hash, atomically (./throttle.ts): concurrent guesses cannot pass together.
    const limits = { perAccount: env.loginMaxFailuresPerAccount, perAddress: env.loginMaxFailuresPerIp };
    const attempt = await takeAttempt(db, passwordLimits(input.phone, ip, limits, await knownAddress(db, account?.id ?? 0, ip)));
    if (attempt.blocked) throw throttled(attempt.retryAfterSeconds);
    // Unknown phones cost the same time as wrong passwords, so timing does not reveal accounts.
    const valid = await verifyPassword(input.password, account?.passwordHash ?? (await decoyHash(env.scryptLogN)));
    if (!account || !valid) throw new HttpError(400, 'LOGIN_FAILED');
    await attempt.release();
    if (!account.isActive) throw new HttpError(403, 'ACCOUNT_INACTIVE');
    await clearPairFailures(db, input.phone, ip);
    return ok<LoginAnswer>(c, await signIn(c, deps, account.id, input.remember));
  });

  app.post('/logout', async (c) => {
    const token = bearerToken(c.req.header('authorization'));
    const verified = token ? await verifyAccessToken(deps.keys, token) : null;
    let sessionId = verified?.ok ? verified.claims.sessionId : null;
    if (!sessionId) {
      const cookie = cookieToken(c, env.proxyHops);
      sessionId = cookie ? await sessionOfRefreshToken(db, cookie) : null;
    }
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
    // A stolen access token must not become a way around the sign-in limits: same counters.
    const ip = clientIp(c, env.proxyHops);
    const limits = { perAccount: env.loginMaxFailuresPerAccount, perAddress: env.loginMaxFailuresPerIp };
    const attempt = await takeAttempt(db, passwordLimits(account.phone, ip, limits, true));
    if (attempt.blocked) throw throttled(attempt.retryAfterSeconds);
    if (!(await verifyPassword(input.old_password, account.passwordHash))) {
      throw badRequest('WRONG_PASSWORD', undefined, { old_password: ERROR_MESSAGES.WRONG_PASSWORD });
    }
    await attempt.release();
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

  /**
   * Whether a phone has an account is not said to anyone: sign-in and forgot-password
   * keep it to themselves, and so does this check. It answers the same for every well-formed
   * phone; registration, when it comes, tells after the code sent to the phone was verified.
   */
  app.post('/checkphone', async (c) => {
    const input = await parseBody(c, CheckPhoneSchema);
    const attempt = await takeAttempt(db, phoneCheckLimits(clientIp(c, env.proxyHops)));
    if (attempt.blocked) throw new HttpError(429, 'RATE_LIMITED', throttleMessage(attempt.retryAfterSeconds));
    return ok(c, { phone: input.phone }, { message: CHECK_PHONE_MESSAGE });
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
      // A new address has not been proven yet (verifyemail).
      emailVerifiedAt: sql`case when ${accounts.email} is not distinct from ${input.email} then ${accounts.emailVerifiedAt} else null end`,
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
  app.route('/', accountProfileRoutes(deps));
  app.route('/', registrationRoutes(deps));
  return app;
}

/** POST /api/micro-account-{env}/account/api/refresh_token */
export function refreshRoutes(deps: AppDeps) {
  const app = new Hono<AppEnv>({ strict: false });
  app.post('/refresh_token', async (c) => {
    const input = await parseBody(c, RefreshSchema);
    // A token in the body was handed over on purpose; the cookie only from our own pages.
    const presented = input.refresh ?? cookieToken(c, deps.env.proxyHops);
    if (!presented) throw unauthorized('REFRESH_INVALID');
    const result = await rotateRefreshToken(deps.db, presented);
    if (result.kind !== 'ok') {
      clearRefreshCookie(c, deps.env.cookieSecure);
      throw unauthorized(result.kind === 'reused' ? 'REFRESH_REUSED' : 'REFRESH_INVALID');
    }
    const access = await signAccessToken(deps.keys, result.accountId, result.session.sessionId);
    setRefreshCookie(c, result.session, deps.env.cookieSecure);
    return ok<RefreshAnswer>(c, { access });
  });
  return app;
}
