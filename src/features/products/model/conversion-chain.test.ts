import { describe, expect, it } from 'vitest';
import { conversionChain, unitInBase } from './conversion-chain';

describe('conversionChain', () => {
  it('writes the units biggest first, each in terms of the biggest', () => {
    const units = [
      { unit: 'viên', factor: 1 },
      { unit: 'hộp', factor: 100 },
      { unit: 'vỉ', factor: 10 },
    ];
    expect(conversionChain(units)).toBe('1 hộp = 10 vỉ = 100 viên');
  });

  it('shows an uneven conversion with a comma decimal', () => {
    expect(
      conversionChain([
        { unit: 'viên', factor: 1 },
        { unit: 'vỉ', factor: 30 },
        { unit: 'hộp', factor: 100 },
      ]),
    ).toBe('1 hộp = 3,33 vỉ = 100 viên');
  });

  it('is null with one unit, and skips unnamed rows or bad factors', () => {
    expect(conversionChain([{ unit: 'chai', factor: 1 }])).toBeNull();
    expect(
      conversionChain([
        { unit: 'chai', factor: 1 },
        { unit: ' ', factor: 12 },
        { unit: 'thùng', factor: Number.NaN },
      ]),
    ).toBeNull();
    expect(
      conversionChain([
        { unit: ' chai ', factor: 1 },
        { unit: 'thùng', factor: 24 },
      ]),
    ).toBe('1 thùng = 24 chai');
  });

  it('expresses one unit in the base unit', () => {
    const units = [
      { unit: 'viên', factor: 1 },
      { unit: 'hộp', factor: 1000 },
    ];
    expect(unitInBase(units, units[1]!)).toBe('1 hộp = 1.000 viên');
    expect(unitInBase(units, units[0]!)).toBeNull();
  });
});
