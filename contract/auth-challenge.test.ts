import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { challengeHash, challengeSigningText, ChallengeSolutionSchema, leadingZeroBits, solveChallenge, solves } from './auth-challenge';

const SALT = '0123456789abcdef0123456789abcdef';

describe('leadingZeroBits', () => {
  it('counts the zero bits before the first one', () => {
    expect(leadingZeroBits(new Uint8Array([0x80]))).toBe(0);
    expect(leadingZeroBits(new Uint8Array([0x01]))).toBe(7);
    expect(leadingZeroBits(new Uint8Array([0x00, 0x00, 0x10]))).toBe(19);
    expect(leadingZeroBits(new Uint8Array([0x00, 0x00]))).toBe(16);
  });
});

describe('the challenge hash', () => {
  it('is SHA-256 of the salt followed by the number in decimal', async () => {
    const hex = (bytes: Uint8Array) => Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
    // sha256sum of the text `${SALT}1234`.
    expect(hex(await challengeHash(SALT, 1234))).toBe('ae60819222c8c4c5e7a63dd250d88f4913926c0ca96d4fcd0accb1b14b34fc7e');
    expect(hex(await challengeHash('x', 12))).toBe(hex(await challengeHash('x1', 2)));
  });

  it('finds the smallest number with the leading zero bits asked for, which the check accepts', async () => {
    const found = await solveChallenge({ salt: SALT, bits: 10 }, { batch: 64 });
    expect(leadingZeroBits(await challengeHash(SALT, found))).toBeGreaterThanOrEqual(10);
    await expect(solves({ salt: SALT, bits: 10 }, found)).resolves.toBe(true);
    // Smallest: no number before it solves it (the batch size does not change the answer).
    for (let number = 0; number < found; number += 1) await expect(solves({ salt: SALT, bits: 10 }, number)).resolves.toBe(false);
    await expect(solveChallenge({ salt: SALT, bits: 10 }, { batch: 7 })).resolves.toBe(found);
  });

  it('stops when asked to', async () => {
    const controller = new AbortController();
    controller.abort();
    await expect(solveChallenge({ salt: SALT, bits: 30 }, { signal: controller.signal })).rejects.toThrow();
  });
});

describe('the challenge shape', () => {
  const solution = { algorithm: 'SHA-256', salt: SALT, bits: 15, expires_at: 1_800_000_000, signature: 'ab'.repeat(32), number: 42 };

  it('signs every part but the signature, in a fixed order', () => {
    expect(challengeSigningText(solution as never)).toBe(`otp-challenge:v1:SHA-256:${SALT}:15:1800000000`);
  });

  it('takes a well-formed solution and refuses odd ones with the Vietnamese text', () => {
    expect(v.safeParse(ChallengeSolutionSchema, solution).success).toBe(true);
    for (const odd of [
      { ...solution, algorithm: 'SHA-1' },
      { ...solution, salt: 'XYZ' },
      { ...solution, bits: 0 },
      { ...solution, bits: 33 },
      { ...solution, number: -1 },
      { ...solution, number: 1.5 },
      { ...solution, signature: 'zz' },
      'challenge',
    ]) {
      const parsed = v.safeParse(ChallengeSolutionSchema, odd);
      expect(parsed.success).toBe(false);
      expect(parsed.issues?.[0]?.message).toBe('Xác minh thiết bị không hợp lệ. Vui lòng gửi lại yêu cầu');
    }
  });
});
