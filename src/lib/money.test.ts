import { describe, expect, it } from 'vitest';
import { formatMoney, formatNumber, parseMoney, roundDong } from './money';

describe('formatMoney', () => {
  it('writes đồng with dot thousands, no decimals and a no-break space before ₫', () => {
    expect(formatMoney(1234567)).toBe('1.234.567\u00a0₫');
    expect(formatMoney(999)).toBe('999\u00a0₫');
    expect(formatMoney(1234.5)).toBe('1.235\u00a0₫');
  });

  it('shows missing amounts as zero', () => {
    expect(formatMoney(null)).toBe('0\u00a0₫');
    expect(formatMoney(undefined)).toBe('0\u00a0₫');
    expect(formatMoney(Number.NaN)).toBe('0\u00a0₫');
  });

  it('keeps the minus sign, but not on amounts that round to zero', () => {
    expect(formatMoney(-1234567)).toBe('-1.234.567\u00a0₫');
    expect(formatMoney(-0.3)).toBe('0\u00a0₫');
  });
});

describe('formatNumber', () => {
  it('uses dot thousands and a comma decimal, dropping trailing zero decimals', () => {
    expect(formatNumber(1234567.5)).toBe('1.234.567,5');
    expect(formatNumber(1234567)).toBe('1.234.567');
    expect(formatNumber(1234.567)).toBe('1.234,57');
    expect(formatNumber(1234.567, 0)).toBe('1.235');
    expect(formatNumber(-0.125, 3)).toBe('-0,125');
  });
});

describe('whole numbers, written without Intl', () => {
  it('read exactly as Intl writes them for vi-VN', () => {
    const money = new Intl.NumberFormat('vi-VN', { style: 'currency', currency: 'VND', maximumFractionDigits: 0, signDisplay: 'negative' });
    const number = new Intl.NumberFormat('vi-VN', { maximumFractionDigits: 2, signDisplay: 'negative' });
    const values = [0, -0, 1, -1, 9, 10, 999, 1000, -1000, 12345, 100000, 999999, 1000000, 123456789, -987654321];
    values.push(Number.MAX_SAFE_INTEGER, Number.MIN_SAFE_INTEGER);
    // Every length from 1 to 16 digits, both signs, from a fixed sequence.
    let seed = 7;
    for (let i = 0; i < 640; i += 1) {
      seed = (seed * 48271) % 2147483647;
      const digits = 1 + (i % 16);
      values.push((i % 2 ? -1 : 1) * Math.floor((seed / 2147483647) * 10 ** digits));
    }
    for (const value of values) {
      expect(formatMoney(value), String(value)).toBe(money.format(value));
      expect(formatNumber(value), String(value)).toBe(number.format(value));
    }
  });
});

describe('fractions, written without Intl', () => {
  it('read exactly as Intl writes them for vi-VN, rounding included', () => {
    const values = [
      0.5,
      -0.5,
      0.05,
      -0.004,
      0.005,
      1.005,
      2.675,
      0.95,
      9.995,
      -9.995,
      1e-7,
      99.95,
      99.99,
      100.05,
      1234.5678,
      -1234.5678,
      999999.995,
      1e14 + 0.5,
    ];
    let seed = 11;
    for (let i = 0; i < 800; i += 1) {
      seed = (seed * 48271) % 2147483647;
      const digits = 1 + (i % 14);
      values.push((i % 2 ? -1 : 1) * (seed / 2147483647) * 10 ** digits);
    }
    for (const fractionDigits of [0, 1, 2, 3]) {
      const number = new Intl.NumberFormat('vi-VN', {
        minimumFractionDigits: 0,
        maximumFractionDigits: fractionDigits,
        signDisplay: 'negative',
      });
      for (const value of values) expect(formatNumber(value, fractionDigits), `${value} to ${fractionDigits}`).toBe(number.format(value));
    }
  });
});

describe('parseMoney', () => {
  it('reads dot thousands and a comma decimal', () => {
    expect(parseMoney('1.234.567,5')).toBe(1234567.5);
    expect(parseMoney('1.234.567')).toBe(1234567);
    expect(parseMoney('-12,5')).toBe(-12.5);
  });

  it('ignores spaces and currency marks', () => {
    expect(parseMoney('1.234.567\u00a0₫')).toBe(1234567);
    expect(parseMoney(' 50.000 đ ')).toBe(50000);
    expect(parseMoney('50.000 VND')).toBe(50000);
  });

  it('round-trips what formatMoney and formatNumber print', () => {
    expect(parseMoney(formatMoney(-9876543))).toBe(-9876543);
    expect(parseMoney(formatNumber(1234567.25))).toBe(1234567.25);
  });

  it('returns null for empty or non-numeric text', () => {
    expect(parseMoney('')).toBeNull();
    expect(parseMoney('  ₫ ')).toBeNull();
    expect(parseMoney('abc')).toBeNull();
    expect(parseMoney('1,2,3')).toBeNull();
    expect(parseMoney('12a')).toBeNull();
  });
});

describe('roundDong', () => {
  it('rounds half away from zero to whole đồng', () => {
    expect(roundDong(2.5)).toBe(3);
    expect(roundDong(-2.5)).toBe(-3);
    expect(roundDong(2.49)).toBe(2);
    expect(roundDong(1234567.5)).toBe(1234568);
  });

  it('never returns negative zero', () => {
    expect(Object.is(roundDong(-0.2), 0)).toBe(true);
  });
});
