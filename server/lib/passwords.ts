/**
 * Password hashing with scrypt (OWASP: N=2^17, r=8, p=1). The parameters travel inside the stored
 * hash so the cost can be raised later without breaking old hashes.
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

function options(logN: number, r: number, p: number): crypto.ScryptOptions {
  // scrypt needs 128 * N * r bytes; give it headroom.
  return { N: 2 ** logN, r, p, maxmem: 256 * 2 ** logN * r + 1024 * 1024 };
}

export async function hashPassword(password: string, logN = 17): Promise<string> {
  const salt = crypto.randomBytes(16);
  const key = await scrypt(password.normalize('NFC'), salt, KEY_LENGTH, options(logN, 8, 1));
  return ['scrypt', logN, 8, 1, salt.toString('base64'), key.toString('base64')].join('$');
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [kind, logN, r, p, salt, key] = stored.split('$');
  if (kind !== 'scrypt' || !logN || !r || !p || !salt || !key) return false;
  const expected = Buffer.from(key, 'base64');
  const actual = await scrypt(
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
