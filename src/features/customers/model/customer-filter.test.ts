import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { CustomerListQuery } from '@contract/customers';
import { activeFilterCount, applyFilterChange, CustomerFilterSchema, toCustomerQuery, type CustomerFilter } from './customer-filter';

const parse = (search: Record<string, unknown>) => v.parse(CustomerFilterSchema, search);

describe('customer filter in the URL', () => {
  it('defaults to page 1, limit 10, no search (product-spec.md §4)', () => {
    expect(parse({})).toEqual({
      page: 1,
      limit: 10,
      search: undefined,
      filterCustomerType: undefined,
      filterUserSale: undefined,
      filterCustomerGroup: undefined,
      filterCustomerLevel: undefined,
      tabFilter: undefined,
    });
  });

  it('falls back field by field on a hand-edited URL instead of failing the page', () => {
    const filter = parse({
      page: -3,
      limit: 5000,
      tabFilter: 'everything',
      filterCustomerGroup: 'abc',
      filterCustomerLevel: 4,
      search: 'minh',
    });
    expect(filter).toMatchObject({
      page: 1,
      limit: 10,
      tabFilter: undefined,
      filterCustomerGroup: undefined,
      filterCustomerLevel: 4,
      search: 'minh',
    });
  });
});

describe('toCustomerQuery', () => {
  it('maps the spec’s filter names onto the customer/ call', () => {
    const filter = parse({
      page: 3,
      limit: 20,
      search: '  nha thuoc  ',
      filterCustomerType: 'Phòng khám',
      filterUserSale: 7,
      filterCustomerGroup: 12,
      filterCustomerLevel: 4,
      tabFilter: 'ungrouped',
    });
    expect(toCustomerQuery(5, filter)).toEqual({
      company: 5,
      page: 3,
      limit: 20,
      search: 'nha thuoc',
      kind: 'Phòng khám',
      staff: 7,
      customer_type: 12,
      level: 4,
      tab: 'ungrouped',
    });
  });

  it('leaves out what is not set, and the tab defaults to all', () => {
    expect(toCustomerQuery(5, parse({ search: '   ' }))).toEqual({
      company: 5,
      page: 1,
      limit: 10,
      search: undefined,
      kind: undefined,
      staff: undefined,
      customer_type: undefined,
      level: undefined,
      tab: 'all',
    });
  });

  it('produces a query the server’s own schema accepts', () => {
    const query = toCustomerQuery(
      5,
      parse({ page: 2, filterCustomerGroup: 3, filterCustomerLevel: 1, filterUserSale: 9, tabFilter: 'active' }),
    );
    const asUrl = Object.fromEntries(
      Object.entries(query)
        .filter(([, value]) => value !== undefined)
        .map(([k, value]) => [k, String(value)]),
    );
    expect(v.safeParse(CustomerListQuery, asUrl).success).toBe(true);
  });
});

describe('applyFilterChange', () => {
  const base: CustomerFilter = { ...parse({ page: 4, limit: 20, search: 'abc', filterCustomerGroup: 2 }) };

  it('goes back to page 1 on any change and keeps the rest', () => {
    expect(applyFilterChange(base, { filterCustomerLevel: 3 })).toMatchObject({
      page: 1,
      limit: 20,
      search: 'abc',
      filterCustomerGroup: 2,
      filterCustomerLevel: 3,
    });
    expect(applyFilterChange(base, { limit: 50 })).toMatchObject({ page: 1, limit: 50 });
    expect(applyFilterChange(base, { tabFilter: 'inactive' }).page).toBe(1);
  });

  it('drops empty values so the URL stays clean', () => {
    const next = applyFilterChange(base, { search: '  ', tabFilter: 'all', filterCustomerGroup: undefined });
    expect(next.search).toBeUndefined();
    expect(next.tabFilter).toBeUndefined();
    expect(next.filterCustomerGroup).toBeUndefined();
  });

  it('counts the drop-down filters that are set', () => {
    expect(activeFilterCount(base)).toBe(1);
    expect(activeFilterCount(applyFilterChange(base, { filterUserSale: 1, filterCustomerType: 'Nhà thuốc' }))).toBe(3);
  });
});
