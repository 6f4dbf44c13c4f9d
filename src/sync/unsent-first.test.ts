import { describe, expect, it } from 'vitest';
import { withUnsentFirst } from './unsent-first';

type Row = { id: string; name: string };
const local = (id: string, syncState: 'pending' | 'synced' | 'rejected', error: string | null = null) => ({
  id,
  name: id,
  syncState,
  error,
});

describe('a server page with the device rows', () => {
  it('puts the unsent rows first and gives the server rows their device state', () => {
    const page = {
      rows: [
        { id: 'a', name: 'a' },
        { id: 'b', name: 'b' },
      ] as Row[],
      count: 7,
    };
    const merged = withUnsentFirst(page, [local('x', 'pending'), local('b', 'rejected', 'Bị từ chối'), local('a', 'pending')]);
    expect(merged.rows.map((row) => [row.id, row.syncState, row.error])).toEqual([
      ['x', 'pending', null],
      ['a', 'pending', null],
      ['b', 'rejected', 'Bị từ chối'],
    ]);
    expect(merged.count).toBe(8);
  });

  it('leaves the unsent rows out when asked (a later page)', () => {
    const merged = withUnsentFirst({ rows: [{ id: 'a', name: 'a' }], count: 1 }, [local('x', 'pending')], false);
    expect(merged.rows.map((row) => [row.id, row.syncState])).toEqual([['a', 'synced']]);
    expect(merged.count).toBe(1);
  });
});
