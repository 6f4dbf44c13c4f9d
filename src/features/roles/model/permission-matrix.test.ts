import { describe, expect, it } from 'vitest';
import { allowsOffRoute, grantedCount, MATRIX_SIZE, toggle, toggleRow, withOffRoute } from './permission-matrix';

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
    expect(MATRIX_SIZE).toBe(108); // 18 areas × 6 actions
  });

  it('grants and takes back selling off route beside the matrix, without counting it as a cell', () => {
    const allowed = withOffRoute({ orders: ['view'] }, true);
    expect(allowed).toEqual({ orders: ['view'], off_route: ['view', 'create'] });
    expect(allowsOffRoute(allowed)).toBe(true);
    expect(grantedCount(allowed)).toBe(1);
    expect(withOffRoute(allowed, false)).toEqual({ orders: ['view'] });
    expect(allowsOffRoute({})).toBe(false);
  });
});
