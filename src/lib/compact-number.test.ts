import { describe, expect, it } from 'vitest';
import { compactNumber } from './compact-number';

describe('compactNumber', () => {
  it('leaves numbers below one thousand as they are', () => {
    expect(compactNumber(0)).toBe('0');
    expect(compactNumber(999)).toBe('999');
  });

  it('writes thousands as k with one decimal and no trailing .0', () => {
    expect(compactNumber(1000)).toBe('1k');
    expect(compactNumber(1500)).toBe('1.5k');
    expect(compactNumber(12_340)).toBe('12.3k');
    expect(compactNumber(999_000)).toBe('999k');
  });

  it('writes millions and above as m', () => {
    expect(compactNumber(1_000_000)).toBe('1m');
    expect(compactNumber(1_250_000)).toBe('1.3m');
    expect(compactNumber(2_500_000_000)).toBe('2500m');
  });

  it('promotes to the next unit when rounding reaches 1000', () => {
    expect(compactNumber(999_950)).toBe('1m');
    expect(compactNumber(999.96)).toBe('1k');
  });

  it('mirrors negatives', () => {
    expect(compactNumber(-1500)).toBe('-1.5k');
    expect(compactNumber(-1_250_000)).toBe('-1.3m');
    expect(compactNumber(-0.01)).toBe('0');
  });
});
