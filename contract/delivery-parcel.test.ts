import { describe, expect, it } from 'vitest';
import { DEFAULT_BOX, defaultCod, proposeParcel } from './delivery-parcel';

const line = (baseQuantity: number, weightGrams: number | null, size: [number, number, number] | null = null) => ({
  baseQuantity,
  weightGrams,
  lengthCm: size?.[0] ?? null,
  widthCm: size?.[1] ?? null,
  heightCm: size?.[2] ?? null,
});

describe('the parcel an order makes', () => {
  it('weighs every base unit and stacks the units into the widest footprint', () => {
    const { parcel, estimated } = proposeParcel([line(10, 120, [12, 8, 4]), line(2, 300, [10, 10, 10])]);
    expect(parcel.weight_grams).toBe(10 * 120 + 2 * 300);
    // 10 × 384 + 2 × 1000 = 5840 cm³ over 12 × 10 cm: 49 cm high.
    expect(parcel).toMatchObject({ length_cm: 12, width_cm: 10, height_cm: 49 });
    expect(estimated).toBe(false);
  });

  it('says it estimated when a variant gives no weight or size', () => {
    const { parcel, estimated } = proposeParcel([line(3, null)]);
    expect(parcel).toEqual({ weight_grams: 600, ...DEFAULT_BOX });
    expect(estimated).toBe(true);
  });

  it('keeps every side within what carriers take', () => {
    const { parcel } = proposeParcel([line(100_000, 10, [20, 20, 20])]);
    expect(parcel.height_cm).toBe(300);
  });
});

describe('the COD asked by default', () => {
  it('is what the order still owes, never below zero', () => {
    expect(defaultCod(1_250_000, 0)).toBe(1_250_000);
    expect(defaultCod(1_250_000, 250_000)).toBe(1_000_000);
    expect(defaultCod(100_000, 150_000)).toBe(0);
  });
});
