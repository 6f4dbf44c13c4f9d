import { describe, expect, it } from 'vitest';
import { sectionOf, sectionToClear } from './saved-filters';

describe('section filters (rule 4)', () => {
  it('knows the sections by path', () => {
    expect(sectionOf('/product')).toBe('product');
    expect(sectionOf('/product/variant')).toBe('product');
    expect(sectionOf('/order/create')).toBe('order');
    expect(sectionOf('/order-groups')).toBeNull();
    expect(sectionOf('/promotion')).toBe('promotion');
    expect(sectionOf('/customers')).toBeNull();
  });

  it('clears the filter of the section being left, and only then', () => {
    expect(sectionToClear('/product', '/order')).toBe('product');
    expect(sectionToClear('/order', '/dashboard')).toBe('order');
    expect(sectionToClear('/product', '/product/variant')).toBeNull();
    expect(sectionToClear('/dashboard', '/promotion')).toBeNull();
    expect(sectionToClear(null, '/product')).toBeNull();
  });
});
