/**
 * Tokens the simulated Zalo hands out: signed, so a simulator started afresh (npm start after a
 * restart) still knows the tokens the app kept, and carrying what Zalo documents for them: an access
 * token of 25 hours, a refresh token of 3 months. Single use of refresh tokens and "the old access
 * token dies when a new one is issued" are kept in memory by ./state.ts.
 */
import crypto from 'node:crypto';

const SIGNING_KEY = 'zalo-simulator-token-signing-key';
export const ACCESS_TOKEN_SECONDS = 25 * 3600;
export const REFRESH_TOKEN_SECONDS = 90 * 24 * 3600;

export type TokenClaims = { kind: 'access' | 'refresh'; appId: string; oaId: string; exp: number; nonce: string };

function sign(body: string): string {
  return crypto.createHmac('sha256', SIGNING_KEY).update(body).digest('base64url');
}

export function mintToken(claims: Omit<TokenClaims, 'nonce'>): { token: string; nonce: string } {
  const nonce = crypto.randomBytes(9).toString('base64url');
  const body = Buffer.from(JSON.stringify({ ...claims, nonce })).toString('base64url');
  return { token: `${claims.kind === 'access' ? 'zat' : 'zrt'}.${body}.${sign(body)}`, nonce };
}

/** The token's claims when it is one of ours and unexpired, else null. */
export function readToken(token: string | undefined | null, kind: TokenClaims['kind'], now = Date.now()): TokenClaims | null {
  if (!token) return null;
  const [prefix, body, signature] = token.split('.');
  if (prefix !== (kind === 'access' ? 'zat' : 'zrt') || !body || !signature) return null;
  const expected = sign(body);
  if (expected.length !== signature.length || !crypto.timingSafeEqual(Buffer.from(expected), Buffer.from(signature))) return null;
  try {
    const claims = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as TokenClaims;
    return claims.kind === kind && claims.exp * 1000 > now ? claims : null;
  } catch {
    return null;
  }
}

export function pkceChallenge(verifier: string): string {
  return crypto.createHash('sha256').update(verifier).digest('base64url');
}
