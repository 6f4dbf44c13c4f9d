import crypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { keyFromEnv, secretHint, vaultFromKey } from './vault';

describe('vault', () => {
  const vault = vaultFromKey(crypto.randomBytes(32));

  it('opens what it sealed, in the same context only', () => {
    const sealed = vault.seal('token-ABC-123', 'company:1:ghn:token');
    expect(sealed).not.toContain('token-ABC');
    expect(vault.open(sealed, 'company:1:ghn:token')).toBe('token-ABC-123');
    expect(() => vault.open(sealed, 'company:2:ghn:token')).toThrow();
  });

  it('seals the same value differently each time', () => {
    expect(vault.seal('x', 'c')).not.toBe(vault.seal('x', 'c'));
  });

  it('refuses a value changed after sealing, or sealed with another key', () => {
    const sealed = vault.seal('secret', 'c');
    // One bit of the ciphertext flipped in the decoded bytes, so the change is real whatever the text.
    const [version, packed] = sealed.split('.');
    const bytes = Buffer.from(packed!, 'base64url');
    const last = bytes.length - 1;
    bytes.writeUInt8(bytes.readUInt8(last) ^ 1, last);
    const flipped = `${version}.${bytes.toString('base64url')}`;
    expect(flipped).not.toBe(sealed);
    expect(() => vault.open(flipped, 'c')).toThrow();
    expect(() => vaultFromKey(crypto.randomBytes(32)).open(sealed, 'c')).toThrow();
  });

  it('reads SECRETS_KEY as hex or base64 and refuses a short one', () => {
    const key = crypto.randomBytes(32);
    expect(keyFromEnv(key.toString('hex'))).toEqual(key);
    expect(keyFromEnv(key.toString('base64'))).toEqual(key);
    expect(() => keyFromEnv('short')).toThrow(/32 bytes/);
  });

  it('hints at a secret without showing it', () => {
    expect(secretHint('abcdefghijkl1234')).toBe('••••1234');
    expect(secretHint('short')).toBe('••••');
    expect(secretHint(null)).toBeNull();
  });
});
