import { describe, expect, it } from 'vitest';
import { lineName } from './line-name';

describe('lineName', () => {
  it('adds the variant only when it says more than the product', () => {
    expect(lineName({ product_name: 'Panadol', variant_name: ' Hộp 10 vỉ ' })).toBe('Panadol – Hộp 10 vỉ');
    expect(lineName({ product_name: 'Panadol', variant_name: 'Panadol' })).toBe('Panadol');
    expect(lineName({ product_name: 'Panadol', variant_name: '  ' })).toBe('Panadol');
  });
});
