/**
 * The proof-of-work challenge asked before a one-time code is sent by SMS past a threshold (the
 * rule and its numbers: docs/security.md "One-time codes"). Shared by the server, which issues and
 * checks it, and the browser, which solves it.
 *
 * The design is ALTCHA's (altcha.org, PoW v1: a random salt with its expiry, signed by the server
 * with an HMAC, so the server keeps nothing until a solution comes back) with hashcash's difficulty
 * (A. Back, "Hashcash – A Denial of Service Counter-Measure", 2002: a number is searched for until
 * the hash has `bits` leading zero bits, 2^bits hashes on average; checking it takes one). The
 * server keeps each spent salt until its expiry, hashcash's "double-spend database".
 *
 * Hashed: SHA-256 of the UTF-8 text `${salt}${number}` (number in decimal). Signed: the text of
 * `challengeSigningText` (HMAC-SHA-256, hex), which binds the salt, the difficulty and the expiry.
 */
import * as v from 'valibot';

export const CHALLENGE_ALGORITHM = 'SHA-256';
/** The search never needs to pass this (2^32: at 32 bits of difficulty, four expected solutions). */
export const CHALLENGE_MAX_NUMBER = 2 ** 32;

/** What the server issues (POST accountPaths.otpChallenge). `expires_at`: Unix seconds. */
export type OtpChallenge = {
  algorithm: typeof CHALLENGE_ALGORITHM;
  salt: string;
  bits: number;
  expires_at: number;
  signature: string;
};

/** The challenge sent back whole, with the number found, in the `challenge` field of a code request. */
export type ChallengeSolution = OtpChallenge & { number: number };

export const CHALLENGE_TEXTS = {
  required: 'Hệ thống cần xác minh thiết bị của bạn trước khi gửi mã. Vui lòng gửi lại yêu cầu',
  invalid: 'Xác minh thiết bị không hợp lệ. Vui lòng gửi lại yêu cầu',
  expired: 'Phiên xác minh thiết bị đã hết hạn. Vui lòng gửi lại yêu cầu',
  used: 'Phiên xác minh thiết bị này đã được dùng. Vui lòng gửi lại yêu cầu',
  /** Shown while the browser solves the challenge. */
  verifying: 'Đang xác minh…',
} as const;

const invalid = CHALLENGE_TEXTS.invalid;

export const ChallengeSolutionSchema = v.object(
  {
    algorithm: v.literal(CHALLENGE_ALGORITHM, invalid),
    salt: v.pipe(v.string(invalid), v.regex(/^[0-9a-f]{32}$/, invalid)),
    bits: v.pipe(v.number(invalid), v.integer(invalid), v.minValue(1, invalid), v.maxValue(32, invalid)),
    expires_at: v.pipe(v.number(invalid), v.integer(invalid), v.minValue(0, invalid), v.maxValue(2 ** 40, invalid)),
    signature: v.pipe(v.string(invalid), v.regex(/^[0-9a-f]{64}$/, invalid)),
    number: v.pipe(v.number(invalid), v.integer(invalid), v.minValue(0, invalid), v.maxValue(CHALLENGE_MAX_NUMBER, invalid)),
  },
  invalid,
);

/** The optional `challenge` field of a code request's body. */
export const challengeField = v.optional(ChallengeSolutionSchema);

/** The text the server signs: every part of the challenge but the signature. */
export function challengeSigningText(challenge: Omit<OtpChallenge, 'signature'>): string {
  return `otp-challenge:v1:${challenge.algorithm}:${challenge.salt}:${challenge.bits}:${challenge.expires_at}`;
}

/** How many bits at the start of `bytes` are zero. */
export function leadingZeroBits(bytes: Uint8Array): number {
  let bits = 0;
  for (const byte of bytes) {
    if (byte === 0) {
      bits += 8;
      continue;
    }
    return bits + Math.clz32(byte) - 24;
  }
  return bits;
}

const encoder = new TextEncoder();

export async function challengeHash(salt: string, number: number): Promise<Uint8Array> {
  return new Uint8Array(await globalThis.crypto.subtle.digest(CHALLENGE_ALGORITHM, encoder.encode(`${salt}${number}`)));
}

/** Whether `number` solves the challenge (the hash alone: the server also checks signature, expiry and reuse). */
export async function solves(challenge: Pick<OtpChallenge, 'salt' | 'bits'>, number: number): Promise<boolean> {
  return leadingZeroBits(await challengeHash(challenge.salt, number)) >= challenge.bits;
}

/**
 * Finds the smallest number that solves the challenge, hashing `batch` numbers at a time (Web
 * Crypto answers asynchronously: many digests in flight are several times faster than one by one).
 */
export async function solveChallenge(
  challenge: Pick<OtpChallenge, 'salt' | 'bits'>,
  options: { batch?: number; signal?: AbortSignal } = {},
): Promise<number> {
  const batch = options.batch ?? 256;
  for (let start = 0; start <= CHALLENGE_MAX_NUMBER; start += batch) {
    options.signal?.throwIfAborted();
    const numbers = Array.from({ length: Math.min(batch, CHALLENGE_MAX_NUMBER - start + 1) }, (_, index) => start + index);
    const hashes = await Promise.all(numbers.map((number) => challengeHash(challenge.salt, number)));
    const found = hashes.findIndex((hash) => leadingZeroBits(hash) >= challenge.bits);
    if (found >= 0) return numbers[found]!;
  }
  throw new Error('no solution below CHALLENGE_MAX_NUMBER');
}
