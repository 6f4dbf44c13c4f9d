import { describe, expect, it } from 'vitest';
import { AREAS } from '@contract/address-units';
import { ORDER_SORTS as CONTRACT_SORTS } from '@contract/orders';
import { ORDER_STATUSES } from '@contract/orders-status';
import {
  activeOrderFilterCount,
  applyOrderFilterChange,
  clearedOrderFilter,
  DEFAULT_ORDER_FILTER,
  formatDateRange,
  ORDER_SORT_LABELS,
  FILTER_STATUSES,
  ORDER_SORTS,
  parseDateRange,
  parseOrderFilter,
  toCountQuery,
  toExportQuery,
  toOrderQuery,
  type OrderFilter,
} from './order-filter';
import { compactFilter, sectionSlot } from '@/ui/list-page/url-filter';

const CUSTOMER = '0192f3a4-5b6c-7d8e-9f01-23456789abcd';
const provincesOf = (area: 'MB' | 'MT' | 'MN') => AREAS.find((candidate) => candidate.code === area)!.province_codes;

describe('the order filter in the URL', () => {
  it('offers exactly the contract’s sorts, each with a label', () => {
    expect([...ORDER_SORTS]).toEqual([...CONTRACT_SORTS]);
    expect(Object.keys(ORDER_SORT_LABELS).sort()).toEqual([...CONTRACT_SORTS].sort());
  });

  it('knows exactly the contract’s statuses', () => {
    expect([...FILTER_STATUSES]).toEqual([...ORDER_STATUSES]);
  });

  it('defaults to page 1, limit 10 and nothing else (product-spec.md §4)', () => {
    expect(parseOrderFilter({})).toEqual({ ...DEFAULT_ORDER_FILTER, page: 1, limit: 10 });
    expect(Object.values(DEFAULT_ORDER_FILTER).filter((value) => value !== undefined)).toEqual([1, 10]);
  });

  it('reads every spec field', () => {
    const filter = parseOrderFilter({
      page: 3,
      limit: 20,
      search: 'minh chau',
      statusOrder: 'pending',
      customer: CUSTOMER,
      dateRange: '2026-11-01_2026-11-21',
      area: 'MN',
      province: '79',
      district: '760',
      ward: '26734',
      region: 4,
      orderBy: '-total',
      view: 'all',
    });
    expect(filter).toMatchObject({
      page: 3,
      limit: 20,
      statusOrder: 'pending',
      area: 'MN',
      province: '79',
      ward: '26734',
      orderBy: '-total',
    });
  });

  it('keeps codes and search as text whether the router parsed them as numbers or not', () => {
    expect(parseOrderFilter({ province: 79, ward: 26734, search: 123 })).toMatchObject({ province: '79', ward: '26734', search: '123' });
    expect(parseOrderFilter({ province: '01', ward: '00004' })).toMatchObject({ province: '01', ward: '00004' });
  });

  it('drops what it cannot read instead of failing the page', () => {
    const filter = parseOrderFilter({
      page: -2,
      limit: 5000,
      statusOrder: 'lost',
      customer: 'not-a-uuid',
      dateRange: '21/11/2026',
      area: 'XX',
      province: 'abc',
      orderBy: 'price',
      view: 'nobody',
    });
    expect(filter).toEqual(DEFAULT_ORDER_FILTER);
  });
});

describe('filter → query of the order calls', () => {
  const filter = parseOrderFilter({
    page: 2,
    limit: 50,
    search: '  Minh Châu ',
    statusOrder: 'confirmed',
    customer: CUSTOMER,
    dateRange: '2026-11-01_2026-11-21',
    area: 'MN',
    province: '79',
    ward: '26734',
    orderBy: 'total',
  });

  it('maps the list filter onto OrderListQuery names', () => {
    expect(toOrderQuery(7, filter)).toEqual({
      company: 7,
      page: 2,
      limit: 50,
      search: 'Minh Châu',
      status: 'confirmed',
      customer: CUSTOMER,
      date_from: '2026-11-01',
      date_to: '2026-11-21',
      area: 'MN',
      province: '79',
      district: undefined,
      ward: '26734',
      region: undefined,
      ordering: 'total',
    });
  });

  it('counts across statuses and pages (the tabs show every status)', () => {
    const counts = toCountQuery(7, filter);
    expect(counts).not.toHaveProperty('status');
    expect(counts).not.toHaveProperty('page');
    expect(counts).not.toHaveProperty('limit');
    expect(counts).toMatchObject({ company: 7, search: 'Minh Châu', date_from: '2026-11-01', province: '79' });
  });

  it('exports every page of the list as it is filtered and sorted', () => {
    const exported = toExportQuery(7, filter);
    expect(exported).not.toHaveProperty('page');
    expect(exported).not.toHaveProperty('limit');
    expect(exported).toMatchObject({ status: 'confirmed', ordering: 'total', customer: CUSTOMER });
  });

  it('sends no empty values and sorts newest first by default', () => {
    const query = toOrderQuery(7, parseOrderFilter({ search: '   ' }));
    expect(query.search).toBeUndefined();
    expect(query.ordering).toBe('-created_at');
    expect(query.date_from).toBeUndefined();
  });

  it('reads one-sided date ranges', () => {
    expect(toOrderQuery(7, parseOrderFilter({ dateRange: '2026-11-01_' }))).toMatchObject({ date_from: '2026-11-01', date_to: undefined });
    expect(toOrderQuery(7, parseOrderFilter({ dateRange: '_2026-11-21' }))).toMatchObject({ date_from: undefined, date_to: '2026-11-21' });
  });
});

describe('date ranges', () => {
  it('round-trips', () => {
    expect(parseDateRange(formatDateRange(['2026-11-01', '2026-11-21']))).toEqual(['2026-11-01', '2026-11-21']);
    expect(formatDateRange([null, null])).toBeUndefined();
    expect(parseDateRange(undefined)).toEqual([null, null]);
  });

  it('puts a reversed range in order', () => {
    expect(formatDateRange(['2026-11-21', '2026-11-01'])).toBe('2026-11-01_2026-11-21');
  });
});

describe('changing the filter', () => {
  const start = parseOrderFilter({ page: 4, search: 'an', area: 'MN', province: '79', ward: '26734' });

  it('goes back to page 1 (product-spec.md §4)', () => {
    expect(applyOrderFilterChange(start, { statusOrder: 'pending' }).page).toBe(1);
  });

  it('clears the ward when the province changes', () => {
    const next = applyOrderFilterChange(start, { province: '75' }, provincesOf);
    expect(next).toMatchObject({ province: '75', ward: undefined });
  });

  it('clears a province outside the new area, keeps one inside it', () => {
    expect(applyOrderFilterChange(start, { area: 'MB' }, provincesOf)).toMatchObject({ area: 'MB', province: undefined, ward: undefined });
    expect(applyOrderFilterChange(start, { area: 'MN' }, provincesOf)).toMatchObject({ province: '79', ward: '26734' });
  });

  it('drops an empty search', () => {
    expect(applyOrderFilterChange(start, { search: '  ' }).search).toBeUndefined();
  });

  it('counts the drop-down filters and clears them with the search and tab, keeping the page size', () => {
    expect(activeOrderFilterCount(start)).toBe(3);
    const cleared = clearedOrderFilter({ ...start, limit: 50, statusOrder: 'pending', view: 'all' });
    expect(cleared).toEqual({ ...DEFAULT_ORDER_FILTER, limit: 50, view: 'all' });
  });
});

describe('the saved filter of the order section', () => {
  it('keeps only what differs from the defaults', () => {
    expect(compactFilter(parseOrderFilter({ page: 1, limit: 10, statusOrder: 'pending' }))).toEqual({ statusOrder: 'pending' });
    expect(compactFilter(DEFAULT_ORDER_FILTER)).toEqual({});
  });

  it('has nothing to restore when the saved slot holds only defaults', () => {
    const slot = sectionSlot<OrderFilter>('order', parseOrderFilter);
    expect(slot.read({})).toBeNull();
    expect(slot.read({ page: 1, limit: 10 })).toBeNull();
    expect(slot.read({ statusOrder: 'pending', view: 'all' })).toEqual({ statusOrder: 'pending', view: 'all' });
  });

  it('round-trips through the URL form', () => {
    const filter = parseOrderFilter({ page: 2, statusOrder: 'confirmed', dateRange: '2026-11-01_2026-11-21', province: '79' });
    expect(parseOrderFilter(JSON.parse(JSON.stringify(compactFilter(filter))))).toEqual(filter);
  });
});
