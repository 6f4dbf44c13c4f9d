/**
 * Password hashing with scrypt (OWASP: N=2^17, r=8, p=1). The parameters travel inside the stored
 * hash so the cost can be raised later without breaking old hashes.
 *
 * At most two hashes run at once. scrypt runs on Node's four libuv threads, where the access-token
 * check (WebCrypto HMAC) and file reads also run: a burst of sign-ins used to hold all four, and
 * every signed-in call waited seconds behind them (measured by `npm run bench`, server load).
 */
import crypto from 'node:crypto';
import { promisify } from 'node:util';

const scrypt = promisify(crypto.scrypt) as (
  password: crypto.BinaryLike,
  salt: crypto.BinaryLike,
  keylen: number,
  options: crypto.ScryptOptions,
) => Promise<Buffer>;

const KEY_LENGTH = 32;
const MAX_CONCURRENT_HASHES = 2;

/** Runs tasks with at most `max` of them in flight; the others wait in order. */
export function concurrencyLimit(max: number): <T>(task: () => Promise<T>) => Promise<T> {
  let running = 0;
  const waiting: (() => void)[] = [];
  return async (task) => {
    if (running >= max) await new Promise<void>((resolve) => waiting.push(resolve));
    else running += 1;
    try {
      return await task();
    } finally {
      const next = waiting.shift();
      if (next) next();
      else running -= 1;
    }
  };
}

const limited = concurrencyLimit(MAX_CONCURRENT_HASHES);
const scryptLimited: typeof scrypt = (...args) => limited(() => scrypt(...args));

function options(logN: number, r: number, p: number): crypto.ScryptOptions {
  // scrypt needs 128 * N * r bytes; give it headroom.
  return { N: 2 ** logN, r, p, maxmem: 256 * 2 ** logN * r + 1024 * 1024 };
}

export async function hashPassword(password: string, logN = 17): Promise<string> {
  const salt = crypto.randomBytes(16);
  const key = await scryptLimited(password.normalize('NFC'), salt, KEY_LENGTH, options(logN, 8, 1));
  return ['scrypt', logN, 8, 1, salt.toString('base64'), key.toString('base64')].join('$');
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [kind, logN, r, p, salt, key] = stored.split('$');
  if (kind !== 'scrypt' || !logN || !r || !p || !salt || !key) return false;
  const expected = Buffer.from(key, 'base64');
  const actual = await scryptLimited(
    password.normalize('NFC'),
    Buffer.from(salt, 'base64'),
    expected.length,
    options(Number(logN), Number(r), Number(p)),
  );
  return crypto.timingSafeEqual(actual, expected);
}

/** A hash of nothing, so that a sign-in for an unknown phone costs the same time as a real one. */
let decoy: Promise<string> | null = null;
export function decoyHash(logN: number): Promise<string> {
  decoy ??= hashPassword(crypto.randomUUID(), logN);
  return decoy;
}
