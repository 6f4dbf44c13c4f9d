import { describe, expect, it } from 'vitest';
import { lineName, variantName } from './line-name';

describe('lineName', () => {
  it('adds the variant only when it says more than the product', () => {
    expect(lineName({ product_name: 'Panadol', variant_name: ' Hộp 10 vỉ ' })).toBe('Panadol – Hộp 10 vỉ');
    expect(lineName({ product_name: 'Panadol', variant_name: 'Panadol' })).toBe('Panadol');
    expect(lineName({ product_name: 'Panadol', variant_name: '  ' })).toBe('Panadol');
    expect(lineName({ product_name: 'Panadol', variant_name: null })).toBe('Panadol');
  });

  it('names a catalogue variant by the same rule', () => {
    expect(variantName({ product_name: 'Panadol', name: 'Hộp 10 vỉ' })).toBe('Panadol – Hộp 10 vỉ');
    expect(variantName({ product_name: 'Panadol', name: '' })).toBe('Panadol');
  });
});
