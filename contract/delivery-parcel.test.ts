import { describe, expect, it } from 'vitest';
import { DEFAULT_BOX, defaultCod, parcelWarnings, proposeParcel } from './delivery-parcel';

const line = (baseQuantity: number, weightGrams: number | null, size: [number, number, number] | null = null) => ({
  baseQuantity,
  weightGrams,
  lengthCm: size?.[0] ?? null,
  widthCm: size?.[1] ?? null,
  heightCm: size?.[2] ?? null,
});

describe('the parcel an order makes', () => {
  it('weighs every base unit and packs the units’ volume into a box near a cube', () => {
    const { parcel, estimated } = proposeParcel([line(10, 120, [12, 8, 4]), line(2, 300, [10, 10, 10])]);
    expect(parcel.weight_grams).toBe(10 * 120 + 2 * 300);
    // 10 × 384 + 2 × 1000 = 5840 cm³: a box of 19 × 19 × 19 cm (6859 cm³), not the units laid end to end.
    expect(parcel).toMatchObject({ length_cm: 19, width_cm: 19, height_cm: 19 });
    expect(estimated).toBe(false);
  });

  it('makes the box at least as long as the longest unit', () => {
    // Three 20 cm bottles of 6 × 6 cm: 2160 cm³, but no side under the bottle's own.
    const { parcel } = proposeParcel([line(3, 520, [6, 21, 6])]);
    expect(parcel.length_cm).toBe(21);
    expect(parcel.width_cm * parcel.height_cm * parcel.length_cm).toBeGreaterThanOrEqual(3 * 6 * 21 * 6);
    expect(Math.max(parcel.width_cm, parcel.height_cm)).toBeLessThan(21);
  });

  it('weighs 14 boxes of 100 tablets and 33 bottles of syrup as a few kilograms in a box under half a metre', () => {
    const { parcel } = proposeParcel([line(14 * 100, 1, [1, 1, 1]), line(33, 180, [5, 5, 14])]);
    expect(parcel.weight_grams).toBe(1400 + 33 * 180);
    expect(Math.max(parcel.length_cm, parcel.width_cm, parcel.height_cm)).toBeLessThanOrEqual(50);
    expect(parcelWarnings(parcel)).toEqual([]);
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

describe('an implausible parcel', () => {
  it('is warned about in Vietnamese when too heavy or too long for a pharmacy order', () => {
    expect(parcelWarnings({ weight_grams: 582_000, length_cm: 12, width_cm: 8, height_cm: 300 })).toEqual([
      'Gói hàng nặng 582 kg, quá nặng với một đơn nhà thuốc (trên 30 kg): kiểm tra khối lượng khai báo của sản phẩm (tính cho 1 đơn vị cơ bản, ví dụ 1 viên) hoặc sửa khối lượng trước khi lấy báo giá.',
      'Gói hàng có cạnh dài 300 cm (trên 150 cm): kiểm tra kích thước khai báo của sản phẩm hoặc sửa kích thước trước khi lấy báo giá.',
    ]);
    expect(parcelWarnings({ weight_grams: 30_000, length_cm: 150, width_cm: 40, height_cm: 40 })).toEqual([]);
  });
});

describe('the COD asked by default', () => {
  it('is what the order still owes, never below zero', () => {
    expect(defaultCod(1_250_000, 0)).toBe(1_250_000);
    expect(defaultCod(1_250_000, 250_000)).toBe(1_000_000);
    expect(defaultCod(100_000, 150_000)).toBe(0);
  });
});
