/**
 * The refresh token also travels in an HttpOnly, SameSite=Strict cookie scoped to /api, so page
 * scripts never need to hold it (docs/architecture.md "Auth and session").
 */
import type { Context } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import type { IssuedSession } from './sessions';

export const REFRESH_COOKIE = 'refreshToken';

function isHttps(c: Context, cookieSecure: boolean): boolean {
  return cookieSecure || new URL(c.req.url).protocol === 'https:';
}

export function setRefreshCookie(c: Context, session: IssuedSession, cookieSecure: boolean): void {
  setCookie(c, REFRESH_COOKIE, session.refreshToken, {
    httpOnly: true,
    sameSite: 'Strict',
    secure: isHttps(c, cookieSecure),
    path: '/api',
    // Without "remember" it is a browser-session cookie.
    ...(session.remember ? { expires: session.refreshExpiresAt } : {}),
  });
}

export function clearRefreshCookie(c: Context, cookieSecure: boolean): void {
  deleteCookie(c, REFRESH_COOKIE, { path: '/api', secure: isHttps(c, cookieSecure), httpOnly: true, sameSite: 'Strict' });
}

export function readRefreshCookie(c: Context): string | undefined {
  const value = getCookie(c, REFRESH_COOKIE);
  return value && value.length <= 512 ? value : undefined;
}
