import { describe, expect, it } from 'vitest';
import { concurrencyLimit, hashPassword, verifyPassword } from './passwords';

describe('passwords', () => {
  it('verifies the password a hash was made from, and only that one', async () => {
    const hash = await hashPassword('Demo@2026', 10);
    expect(hash).toMatch(/^scrypt\$10\$8\$1\$/);
    expect(await verifyPassword('Demo@2026', hash)).toBe(true);
    expect(await verifyPassword('demo@2026', hash)).toBe(false);
    expect(await verifyPassword('Demo@2026', 'md5$abc')).toBe(false);
  });

  it('hashes many passwords at once without losing any', async () => {
    const hashes = await Promise.all(Array.from({ length: 6 }, (_, i) => hashPassword(`Mật khẩu ${i}`, 10)));
    const checks = await Promise.all(hashes.map((hash, i) => verifyPassword(`Mật khẩu ${i}`, hash)));
    expect(checks).toEqual([true, true, true, true, true, true]);
  });
});

describe('concurrencyLimit', () => {
  it('keeps at most the limit in flight, starts the rest in order, and survives failures', async () => {
    const limit = concurrencyLimit(2);
    let inFlight = 0;
    let most = 0;
    const started: number[] = [];
    const task = (n: number) =>
      limit(async () => {
        started.push(n);
        inFlight += 1;
        most = Math.max(most, inFlight);
        await new Promise((resolve) => setTimeout(resolve, 5));
        inFlight -= 1;
        if (n === 2) throw new Error('hỏng');
        return n;
      });
    const results = await Promise.allSettled([1, 2, 3, 4, 5].map(task));
    expect(most).toBe(2);
    expect(started).toEqual([1, 2, 3, 4, 5]);
    expect(results.map((result) => (result.status === 'fulfilled' ? result.value : 'failed'))).toEqual([1, 'failed', 3, 4, 5]);
    expect(await limit(async () => 'again')).toBe('again');
  });
});
