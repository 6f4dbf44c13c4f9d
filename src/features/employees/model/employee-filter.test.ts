import { afterEach, describe, expect, it } from 'vitest';
import {
  applyFilterChange,
  filterToRestore,
  listFilter,
  readSavedAccountFilter,
  saveAccountFilter,
  toListQuery,
  urlPart,
  withList,
  type AccountFilter,
} from './employee-filter';

afterEach(() => sessionStorage.clear());

describe('the account list filter (product-spec.md §3)', () => {
  it('reads each list from its own keys, with the shared region and status, and the defaults', () => {
    const state: AccountFilter = { pageTDV: 3, searchTDV: 'hoa', limitEmployee: 20, region: 7, status: 'inactive' };
    expect(listFilter(state, 'sales')).toEqual({ page: 3, limit: 10, search: 'hoa', region: 7, status: 'inactive' });
    expect(listFilter(state, 'office')).toEqual({ page: 1, limit: 20, search: undefined, region: 7, status: 'inactive' });
  });

  it('writes a list back to its keys, dropping defaults and blank search, keeping the other list', () => {
    const state: AccountFilter = { pageEmployee: 2, searchEmployee: 'kế toán' };
    const next = withList(state, 'sales', { page: 1, limit: 10, search: '  ', region: 3, status: 'active' });
    expect(next).toEqual({ pageEmployee: 2, searchEmployee: 'kế toán', region: 3, status: 'active' });
    expect(urlPart(next, 'sales')).toEqual({ region: 3, status: 'active' });
    expect(urlPart(next, 'office')).toEqual({ pageEmployee: 2, searchEmployee: 'kế toán', region: 3, status: 'active' });
  });

  it('goes back to page 1 on any change (product-spec.md §4)', () => {
    const filter = { page: 4, limit: 10, search: 'a', region: undefined, status: undefined };
    expect(applyFilterChange(filter, { status: 'invited' })).toEqual({ ...filter, page: 1, status: 'invited' });
    expect(applyFilterChange(filter, { search: ' ' }).search).toBeUndefined();
  });

  it('saves to session storage and restores a bare URL, ignoring unreadable saved values', () => {
    saveAccountFilter({ pageTDV: 2, region: 5, searchEmployee: 'x' });
    expect(readSavedAccountFilter()).toEqual({ pageTDV: 2, region: 5, searchEmployee: 'x' });
    expect(filterToRestore({}, readSavedAccountFilter(), 'sales')).toEqual({ pageTDV: 2, region: 5 });
    expect(filterToRestore({ pageTDV: 1 }, readSavedAccountFilter(), 'sales')).toBeNull();
    expect(filterToRestore({}, {}, 'office')).toBeNull();
    sessionStorage.setItem('savedFilter:account', '{"pageTDV":"abc","status":"gone","region":9}');
    expect(readSavedAccountFilter()).toEqual({ region: 9 });
    sessionStorage.setItem('savedFilter:account', 'not json');
    expect(readSavedAccountFilter()).toEqual({});
  });

  it('builds the query of GET employee/', () => {
    expect(toListQuery(4, 'sales', { page: 2, limit: 20, search: ' hoa ', region: 3, status: 'active' })).toEqual({
      company: 4,
      kind: 'sales',
      page: '2',
      limit: '20',
      search: 'hoa',
      region: 3,
      status: 'active',
    });
  });
});
