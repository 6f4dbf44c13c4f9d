import { describe, expect, it } from 'vitest';
import { grantedCount, MATRIX_SIZE, toggle, toggleRow } from './permission-matrix';

describe('permission matrix editing', () => {
  it('ticks "view" with any other action, and unticking "view" clears the row', () => {
    const edited = toggle({}, 'orders', 'export');
    expect(edited).toEqual({ orders: ['view', 'export'] });
    expect(toggle(edited, 'orders', 'create')).toEqual({ orders: ['view', 'create', 'export'] });
    expect(toggle(edited, 'orders', 'view')).toEqual({});
  });

  it('unticks one action and drops a row left empty', () => {
    expect(toggle({ orders: ['view', 'export'] }, 'orders', 'export')).toEqual({ orders: ['view'] });
    expect(toggle({ kpi: ['view'] }, 'kpi', 'view')).toEqual({});
  });

  it('fills a row, or empties it when it is already full, leaving the others', () => {
    const full = toggleRow({ visits: ['view'] }, 'orders');
    expect(full.orders).toEqual(['view', 'create', 'edit', 'delete', 'approve', 'export']);
    expect(full.visits).toEqual(['view']);
    expect(toggleRow(full, 'orders')).toEqual({ visits: ['view'] });
  });

  it('counts granted cells out of the whole matrix', () => {
    expect(grantedCount({ orders: ['view', 'export'], visits: ['view'] })).toBe(3);
    expect(MATRIX_SIZE).toBe(90);
  });
});
