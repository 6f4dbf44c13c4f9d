/**
 * Requires a valid access token and a live session: a token whose session was revoked (logout,
 * password change, refresh-token reuse) or whose account was locked is refused at once, even before
 * it expires (ASVS 7.4.1).
 */
import { and, eq } from 'drizzle-orm';
import { createMiddleware } from 'hono/factory';
import type { AppDeps, AppEnv } from './app-types';
import { accounts, accountTypes, sessions } from './db/schema';
import { unauthorized } from './errors';
import { verifyAccessToken } from '@server/lib/tokens';

export function bearerToken(header: string | undefined): string | null {
  if (!header) return null;
  const match = /^Bearer\s+(\S+)$/i.exec(header.trim());
  return match?.[1] ?? null;
}

export function authenticate(deps: AppDeps) {
  return createMiddleware<AppEnv>(async (c, next) => {
    // Two route groups mounted on one prefix (regions and KPI) each ask; the first answer holds.
    if (c.get('auth')) return next();
    const token = bearerToken(c.req.header('authorization'));
    if (!token) throw unauthorized('UNAUTHENTICATED');
    const verified = await verifyAccessToken(deps.keys, token);
    if (!verified.ok) throw unauthorized(verified.reason === 'expired' ? 'TOKEN_EXPIRED' : 'TOKEN_INVALID');
    const { accountId, sessionId } = verified.claims;
    const [row] = await deps.db
      .select({
        isActive: accounts.isActive,
        typeCode: accountTypes.code,
        revokedAt: sessions.revokedAt,
        expiresAt: sessions.expiresAt,
      })
      .from(sessions)
      .innerJoin(accounts, eq(accounts.id, sessions.accountId))
      .innerJoin(accountTypes, eq(accountTypes.id, accounts.accountTypeId))
      .where(and(eq(sessions.id, sessionId), eq(sessions.accountId, accountId)));
    if (!row || row.revokedAt || row.expiresAt.getTime() <= Date.now()) throw unauthorized('SESSION_REVOKED');
    if (!row.isActive) throw unauthorized('ACCOUNT_INACTIVE');
    c.set('auth', { accountId, sessionId, accountTypeCode: row.typeCode });
    await next();
  });
}
