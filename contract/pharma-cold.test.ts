import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { coldBookingRefusal, coldItems, outOfRange, rangeText, STORAGE_RANGES, TemperatureReadingSchema } from './pharma-cold';

describe('storage ranges', () => {
  it('cold is 2–8 °C and frozen at or below −10 °C, both bounds inside', () => {
    expect(STORAGE_RANGES.cold).toMatchObject({ min: 2, max: 8 });
    expect(STORAGE_RANGES.frozen).toMatchObject({ min: null, max: -10 });
    expect(rangeText('cold')).toBe('2–8 °C');
    for (const inside of [2, 5.5, 8]) expect(outOfRange(inside, ['cold'])).toBeNull();
    expect(outOfRange(-10, ['frozen'])).toBeNull();
    expect(outOfRange(-18.5, ['frozen'])).toBeNull();
  });

  it('flags a reading outside any storage condition present, naming it', () => {
    expect(outOfRange(8.1, ['cold'])).toMatch(/ngoài khoảng bảo quản Lạnh \(2–8 °C\)/);
    expect(outOfRange(1.9, ['cold'])).toMatch(/ngoài khoảng bảo quản/);
    expect(outOfRange(-9.9, ['frozen'])).toMatch(/Đông lạnh/);
    // A parcel of cold and frozen goods has no reading right for both.
    expect(outOfRange(4, ['cold', 'frozen'])).toMatch(/Đông lạnh/);
    expect(outOfRange(4, ['cold', 'frozen'])).not.toMatch(/Lạnh \(2–8/);
  });
});

describe('cold items and the booking refusal', () => {
  it('keeps the cold and frozen lines once each, in order', () => {
    expect(
      coldItems([
        { name: 'Insulin', storage: 'cold' },
        { name: 'Hapacol', storage: 'normal' },
        { name: 'Insulin', storage: 'cold' },
        { name: 'Vắc xin', storage: 'frozen' },
        { name: 'Siro', storage: 'cool' },
      ]),
    ).toEqual([
      { name: 'Insulin', storage: 'cold' },
      { name: 'Vắc xin', storage: 'frozen' },
    ]);
  });

  it('names the carrier and the items and offers self delivery', () => {
    const text = coldBookingRefusal('GHN', [{ name: 'Insulin', storage: 'cold' }]);
    expect(text).toContain('Không gửi được qua GHN');
    expect(text).toContain('Insulin (Lạnh (2–8 °C))');
    expect(text).toContain('Tự giao');
  });
});

describe('TemperatureReadingSchema', () => {
  const parse = (celsius: unknown) => v.safeParse(TemperatureReadingSchema, { company: 1, celsius, note: null });
  it('takes one decimal within −80…60 °C', () => {
    expect(parse(4.5).success).toBe(true);
    expect(parse(-18).success).toBe(true);
    expect(parse(4.55).issues?.[0]?.message).toBe('Nhiệt độ chỉ ghi một chữ số thập phân');
    expect(parse(61).issues?.[0]?.message).toBe('Nhiệt độ phải từ −80 đến 60 °C');
    expect(parse('5').success).toBe(false);
  });
});
