/**
 * The proof-of-work challenge before a code is sent by SMS (contract/auth-challenge.ts; the rule
 * and its numbers: docs/security.md "One-time codes").
 *
 * Past the threshold (env.smsChallenge: the platform has sent a quarter of its daily budget, or
 * this address asked for 2 codes in 15 minutes) a code request without a solution is refused 428
 * CHALLENGE_REQUIRED before anything is counted or sent. The browser asks POST otp-challenge/ for
 * a challenge, solves it and sends the request again with it. A challenge is stateless until it is
 * spent: HMAC-SHA-256 over its salt, difficulty and expiry with a key derived from the access-token
 * secret (JWT_SECRET, or the one kept in the database): no new setting. A solution is checked
 * (signature, expiry, difficulty, hash) and spent once, atomically (a row in login_failures under
 * its salt, kept past its expiry), before the code request is counted.
 */
import crypto from 'node:crypto';
import { and, like, lt } from 'drizzle-orm';
import {
  CHALLENGE_ALGORITHM,
  CHALLENGE_TEXTS,
  challengeSigningText,
  solves,
  type ChallengeSolution,
  type OtpChallenge,
} from '@contract/auth-challenge';
import type { AppDeps } from '@server/kernel/app-types';
import { loginFailures } from '@server/kernel/db/schema';
import { HttpError } from '@server/kernel/errors';
import type { TokenKeys } from '@server/lib/tokens';
import { codeRequestCounts, takeAttempt, takeCodeRequest } from './throttle';

/** How long a challenge may be solved and used: minutes for a slow phone, not a stockpile. */
export const CHALLENGE_TTL_SECONDS = 5 * 60;
const SPENT_PREFIX = 'pow:';
/** A spent salt is remembered past its challenge's expiry (then the expiry refuses it anyway). */
const SPENT_WINDOW_MS = 2 * CHALLENGE_TTL_SECONDS * 1000;

const derivedKeys = new WeakMap<TokenKeys, Promise<CryptoKey>>();

/** The challenges' HMAC key: HMAC(access-token key, a label), so it is never the token key itself. */
function challengeKey(keys: TokenKeys): Promise<CryptoKey> {
  let key = derivedKeys.get(keys);
  if (!key) {
    key = (async () => {
      const raw = await crypto.webcrypto.subtle.sign('HMAC', keys.key, new TextEncoder().encode('otp-challenge-key:v1'));
      return crypto.webcrypto.subtle.importKey('raw', raw, { name: 'HMAC', hash: 'SHA-256' }, false, ['sign', 'verify']);
    })();
    derivedKeys.set(keys, key);
  }
  return key;
}

export async function issueChallenge(deps: Pick<AppDeps, 'keys' | 'env'>, now = new Date()): Promise<OtpChallenge> {
  const unsigned = {
    algorithm: CHALLENGE_ALGORITHM,
    salt: crypto.randomBytes(16).toString('hex'),
    bits: deps.env.smsChallenge.bits,
    expires_at: Math.floor(now.getTime() / 1000) + CHALLENGE_TTL_SECONDS,
  } as const;
  const signature = await crypto.webcrypto.subtle.sign(
    'HMAC',
    await challengeKey(deps.keys),
    new TextEncoder().encode(challengeSigningText(unsigned)),
  );
  return { ...unsigned, signature: Buffer.from(signature).toString('hex') };
}

const refused = (message: string) => new HttpError(400, 'CHALLENGE_INVALID', message, { challenge: message });

/** Checks a solution and spends it; refused 400 CHALLENGE_INVALID (forged, wrong, expired or used) otherwise. */
export async function spendSolution(
  deps: Pick<AppDeps, 'keys' | 'env' | 'db'>,
  solution: ChallengeSolution,
  now = new Date(),
): Promise<void> {
  const { signature, number, ...unsigned } = solution;
  const signed = await crypto.webcrypto.subtle.verify(
    'HMAC',
    await challengeKey(deps.keys),
    Buffer.from(signature, 'hex'),
    new TextEncoder().encode(challengeSigningText(unsigned)),
  );
  // A challenge signed at a lower difficulty than today's is not enough.
  if (!signed || solution.bits < deps.env.smsChallenge.bits) throw refused(CHALLENGE_TEXTS.invalid);
  if (solution.expires_at * 1000 <= now.getTime()) throw refused(CHALLENGE_TEXTS.expired);
  if (!(await solves(solution, number))) throw refused(CHALLENGE_TEXTS.invalid);
  // Forget salts whose challenges have expired long enough ago.
  await deps.db
    .delete(loginFailures)
    .where(and(like(loginFailures.key, `${SPENT_PREFIX}%`), lt(loginFailures.at, new Date(now.getTime() - SPENT_WINDOW_MS))));
  const spent = await takeAttempt(deps.db, [{ key: `${SPENT_PREFIX}${solution.salt}`, limit: 1, windowMs: SPENT_WINDOW_MS }], now);
  if (spent.blocked) throw refused(CHALLENGE_TEXTS.used);
}

/** Whether a code request from this address must carry a solved challenge now. */
export async function challengeNeeded(deps: Pick<AppDeps, 'env' | 'db'>, ip: string): Promise<boolean> {
  const { afterSent, afterPerAddress } = deps.env.smsChallenge;
  const counts = await codeRequestCounts(deps.db, ip);
  return counts.byAddress >= afterPerAddress || counts.platformSms >= afterSent;
}

/**
 * Before a code is sent to a phone, in this order: a solution given is checked and spent (whether
 * or not one was needed), none given past the threshold is refused 428 CHALLENGE_REQUIRED; then the
 * request is counted against the phone's, the address's and the platform's limits (./throttle.ts).
 */
export async function takePhoneCodeRequest(
  deps: Pick<AppDeps, 'keys' | 'env' | 'db'>,
  ip: string,
  phone: string,
  solution: ChallengeSolution | undefined,
): Promise<void> {
  if (solution) await spendSolution(deps, solution);
  else if (await challengeNeeded(deps, ip)) throw new HttpError(428, 'CHALLENGE_REQUIRED', CHALLENGE_TEXTS.required);
  await takeCodeRequest(deps.db, phone, ip, deps.env.smsDailyBudget);
}
