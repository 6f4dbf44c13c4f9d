import { describe, expect, it } from 'vitest';
import { toggleColumn } from './order-list-columns';

describe('toggleColumn', () => {
  it('shows and hides a column, keeping the table’s order', () => {
    expect(toggleColumn(['code', 'total'], 'customer', true)).toEqual(['code', 'customer', 'total']);
    expect(toggleColumn(['code', 'customer', 'total'], 'customer', false)).toEqual(['code', 'total']);
  });

  it('never hides the last column', () => {
    expect(toggleColumn(['total'], 'total', false)).toEqual(['total']);
  });
});
