/**
 * Access tokens: short-lived HS256 JWTs naming the account and its session. Refresh tokens and
 * reset tokens: opaque 256-bit random strings of which only the SHA-256 is stored.
 */
import crypto from 'node:crypto';
import { errors, jwtVerify, SignJWT } from 'jose';

export const ACCESS_TOKEN_TTL_SECONDS = 15 * 60;
const ISSUER = 'salesfield';
const AUDIENCE = 'salesfield-api';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export type AccessClaims = { accountId: number; sessionId: string; issuedAt: number };

/** The HMAC key, imported once: given raw bytes, jose imports them again on every verify (a third of its time). */
export type TokenKeys = { key: CryptoKey };

export async function keysFromSecret(secret: string): Promise<TokenKeys> {
  const raw = new TextEncoder().encode(secret);
  return { key: await crypto.webcrypto.subtle.importKey('raw', raw, { name: 'HMAC', hash: 'SHA-256' }, false, ['sign', 'verify']) };
}

export async function signAccessToken(keys: TokenKeys, accountId: number, sessionId: string, now = new Date()): Promise<string> {
  const iat = Math.floor(now.getTime() / 1000);
  return new SignJWT({ sid: sessionId, typ: 'access' })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(String(accountId))
    .setIssuer(ISSUER)
    .setAudience(AUDIENCE)
    .setIssuedAt(iat)
    .setExpirationTime(iat + ACCESS_TOKEN_TTL_SECONDS)
    .sign(keys.key);
}

export type VerifyResult = { ok: true; claims: AccessClaims } | { ok: false; reason: 'expired' | 'invalid' };

export async function verifyAccessToken(keys: TokenKeys, token: string): Promise<VerifyResult> {
  if (token.length > 4096) return { ok: false, reason: 'invalid' };
  try {
    const { payload } = await jwtVerify(token, keys.key, {
      algorithms: ['HS256'],
      issuer: ISSUER,
      audience: AUDIENCE,
      typ: 'JWT',
    });
    const accountId = Number(payload.sub);
    const sessionId = payload.sid;
    if (
      payload.typ !== 'access' ||
      !Number.isInteger(accountId) ||
      accountId < 1 ||
      typeof sessionId !== 'string' ||
      !UUID.test(sessionId) ||
      typeof payload.iat !== 'number'
    ) {
      return { ok: false, reason: 'invalid' };
    }
    return { ok: true, claims: { accountId, sessionId, issuedAt: payload.iat } };
  } catch (error) {
    if (error instanceof errors.JWTExpired) return { ok: false, reason: 'expired' };
    return { ok: false, reason: 'invalid' };
  }
}

export function randomToken(): string {
  return crypto.randomBytes(32).toString('base64url');
}

export function sha256(value: string): string {
  return crypto.createHash('sha256').update(value).digest('hex');
}
