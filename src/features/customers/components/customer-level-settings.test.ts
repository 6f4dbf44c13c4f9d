import { describe, expect, it } from 'vitest';
import type { CustomerLevelRecord } from '@contract/customers';
import { reorderedRanks } from './customer-level-settings';

const level = (id: number, rank: number): CustomerLevelRecord => ({ id, company: 1, title: `L${id}`, rank, note: null, updated_at: '' });

describe('reorderedRanks', () => {
  const levels = [level(1, 0), level(2, 5), level(3, 5), level(4, 9)];

  it('swaps with the neighbour and numbers every level 1…n', () => {
    expect(reorderedRanks(levels, 2, -1)).toEqual([
      { id: 1, rank: 1 },
      { id: 3, rank: 2 },
      { id: 2, rank: 3 },
      { id: 4, rank: 4 },
    ]);
    expect(reorderedRanks(levels, 0, 1).map((r) => r.id)).toEqual([2, 1, 3, 4]);
  });

  it('does nothing past either end', () => {
    expect(reorderedRanks(levels, 0, -1)).toEqual([]);
    expect(reorderedRanks(levels, 3, 1)).toEqual([]);
  });
});
