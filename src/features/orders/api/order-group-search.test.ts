import { describe, expect, it } from 'vitest';
import { ORDER_GROUP_STATUSES } from '@contract/orders-groups';
import { GROUP_STATUSES, parseGroupSearch } from './order-group-search';

describe('the group list in the URL', () => {
  it('knows exactly the contract’s group statuses', () => {
    expect([...GROUP_STATUSES]).toEqual([...ORDER_GROUP_STATUSES]);
  });

  it('defaults to page 1, limit 10, every status, and ignores what it cannot read', () => {
    expect(parseGroupSearch({})).toEqual({ page: 1, limit: 10, status: undefined });
    expect(parseGroupSearch({ page: 2, status: 'delivering' })).toEqual({ page: 2, limit: 10, status: 'delivering' });
    expect(parseGroupSearch({ page: 0, limit: 999, status: 'lost' })).toEqual({ page: 1, limit: 10, status: undefined });
  });
});
