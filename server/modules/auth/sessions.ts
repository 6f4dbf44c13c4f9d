/**
 * Sessions and rotating refresh tokens. Each sign-in is a session (a token family); every refresh
 * spends the presented token and issues the next one. Presenting an already spent token means it
 * was copied: the whole session is revoked (ASVS 10.4.5, OAuth2 cheat sheet).
 */
import crypto from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import type { Context } from 'hono';
import type { LoginAnswer } from '@contract/auth';
import type { AppDeps } from '@server/kernel/app-types';
import type { Db } from '@server/kernel/db/client';
import { accounts, refreshTokens, sessions } from '@server/kernel/db/schema';
import { clientIp } from '@server/lib/client-ip';
import { randomToken, sha256, signAccessToken } from '@server/lib/tokens';
import { loadAccountView } from './account-view';
import { setRefreshCookie } from './refresh-cookie';

const DAY = 24 * 60 * 60 * 1000;
/** A remembered session lives at most 90 days and may idle 30 days between refreshes. */
const REMEMBERED = { absolute: 90 * DAY, idle: 30 * DAY };
/** Without "Ghi nhớ mật khẩu" the session ends after a day. */
const SHORT = { absolute: DAY, idle: DAY };

export type IssuedSession = { sessionId: string; refreshToken: string; refreshExpiresAt: Date; remember: boolean };

async function issueRefreshToken(db: Db, sessionId: string, sessionExpiresAt: Date, remember: boolean, now: Date) {
  const token = randomToken();
  const idle = remember ? REMEMBERED.idle : SHORT.idle;
  const expiresAt = new Date(Math.min(now.getTime() + idle, sessionExpiresAt.getTime()));
  await db.insert(refreshTokens).values({ tokenHash: sha256(token), sessionId, expiresAt, createdAt: now });
  return { token, expiresAt };
}

export async function createSession(
  db: Db,
  input: { accountId: number; remember: boolean; userAgent: string | null; ip: string },
  now = new Date(),
): Promise<IssuedSession> {
  const sessionId = crypto.randomUUID();
  const expiresAt = new Date(now.getTime() + (input.remember ? REMEMBERED.absolute : SHORT.absolute));
  return db.transaction(async (tx) => {
    await tx.insert(sessions).values({
      id: sessionId,
      accountId: input.accountId,
      remember: input.remember,
      userAgent: input.userAgent?.slice(0, 300) ?? null,
      ip: input.ip,
      expiresAt,
      createdAt: now,
      lastUsedAt: now,
    });
    const refresh = await issueRefreshToken(tx, sessionId, expiresAt, input.remember, now);
    return { sessionId, refreshToken: refresh.token, refreshExpiresAt: refresh.expiresAt, remember: input.remember };
  });
}

export type RotateResult = { kind: 'ok'; accountId: number; session: IssuedSession } | { kind: 'invalid' } | { kind: 'reused' };

export async function rotateRefreshToken(db: Db, presented: string, now = new Date()): Promise<RotateResult> {
  // The revocation on reuse must commit, so the transaction returns a verdict instead of throwing.
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select({
        usedAt: refreshTokens.usedAt,
        expiresAt: refreshTokens.expiresAt,
        sessionId: sessions.id,
        accountId: sessions.accountId,
        remember: sessions.remember,
        sessionExpiresAt: sessions.expiresAt,
        revokedAt: sessions.revokedAt,
        isActive: accounts.isActive,
      })
      .from(refreshTokens)
      .innerJoin(sessions, eq(sessions.id, refreshTokens.sessionId))
      .innerJoin(accounts, eq(accounts.id, sessions.accountId))
      .where(eq(refreshTokens.tokenHash, sha256(presented)))
      .for('update', { of: refreshTokens });
    if (!row) return { kind: 'invalid' };
    if (row.usedAt) {
      if (!row.revokedAt) {
        await tx.update(sessions).set({ revokedAt: now, revokeReason: 'refresh_reuse' }).where(eq(sessions.id, row.sessionId));
      }
      return { kind: 'reused' };
    }
    if (row.revokedAt || !row.isActive || row.expiresAt <= now || row.sessionExpiresAt <= now) return { kind: 'invalid' };
    await tx
      .update(refreshTokens)
      .set({ usedAt: now })
      .where(eq(refreshTokens.tokenHash, sha256(presented)));
    await tx.update(sessions).set({ lastUsedAt: now }).where(eq(sessions.id, row.sessionId));
    const refresh = await issueRefreshToken(tx, row.sessionId, row.sessionExpiresAt, row.remember, now);
    return {
      kind: 'ok',
      accountId: row.accountId,
      session: { sessionId: row.sessionId, refreshToken: refresh.token, refreshExpiresAt: refresh.expiresAt, remember: row.remember },
    };
  });
}

export async function revokeSession(db: Db, sessionId: string, reason: string, now = new Date()): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: now, revokeReason: reason })
    .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
}

export async function revokeAllSessions(db: Db, accountId: number, reason: string, now = new Date()): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: now, revokeReason: reason })
    .where(and(eq(sessions.accountId, accountId), isNull(sessions.revokedAt)));
}

/** The session a refresh token belongs to, if any (logout without a valid access token). */
export async function sessionOfRefreshToken(db: Db, presented: string): Promise<string | null> {
  const [row] = await db
    .select({ sessionId: refreshTokens.sessionId })
    .from(refreshTokens)
    .where(eq(refreshTokens.tokenHash, sha256(presented)));
  return row?.sessionId ?? null;
}

/**
 * Starts a session for the account (sign-in, a verified registration): the access token and the
 * account in the answer, the refresh token only in its HttpOnly cookie, where a script on the page
 * never sees it.
 */
export async function signIn(c: Context, deps: AppDeps, accountId: number, remember: boolean): Promise<LoginAnswer> {
  const session = await createSession(deps.db, {
    accountId,
    remember,
    userAgent: c.req.header('user-agent') ?? null,
    ip: clientIp(c, deps.env.proxyHops),
  });
  const access = await signAccessToken(deps.keys, accountId, session.sessionId);
  const account = await loadAccountView(deps.db, accountId);
  setRefreshCookie(c, session, deps.env.cookieSecure);
  return { access, account: account! };
}
