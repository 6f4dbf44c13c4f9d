import { describe, expect, it } from 'vitest';
import {
  activePromotionFilterCount,
  applyPromotionFilterChange,
  parsePromotionFilter,
  PROMOTION_FILTER_SLOT,
  toPromotionExportQuery,
  toPromotionListQuery,
} from './promotion-filter';

describe('the programme list filter in the URL', () => {
  it('reads the spec fields as the router hands them, dropping what it cannot read', () => {
    expect(parsePromotionFilter({})).toEqual({ page: 1, limit: 10 });
    // The router reads `status=3` and `search=123` as numbers.
    expect(parsePromotionFilter({ page: 2, limit: 50, search: 123, status: 3, startDate: '2026-11-01', endDate: '2026-11-30' })).toEqual({
      page: 2,
      limit: 50,
      search: '123',
      status: 3,
      startDate: '2026-11-01',
      endDate: '2026-11-30',
    });
    expect(parsePromotionFilter({ status: '6' }).status).toBe(6);
    expect(parsePromotionFilter({ page: 0, limit: 500, status: 9, startDate: '2026-13-45', endDate: 'hôm qua', search: '  ' })).toEqual({
      page: 1,
      limit: 10,
    });
    expect(parsePromotionFilter(null)).toEqual({ page: 1, limit: 10 });
  });

  it('reads a range typed backwards the right way round', () => {
    expect(parsePromotionFilter({ startDate: '2026-12-01', endDate: '2026-11-01' })).toMatchObject({
      startDate: '2026-11-01',
      endDate: '2026-12-01',
    });
  });

  it('leaves defaults and empty values out of the saved slot', () => {
    expect(PROMOTION_FILTER_SLOT.write(null, { page: 1, limit: 10 })).toEqual({});
    expect(PROMOTION_FILTER_SLOT.write(null, { page: 3, limit: 10, status: 1, search: undefined })).toEqual({ page: 3, status: 1 });
  });

  it('goes back to page 1 on any change but paging, and drops a blank search', () => {
    const filter = { page: 4, limit: 20, status: 3 as const, search: 'prospan' };
    expect(applyPromotionFilterChange(filter, { status: 5 })).toEqual({ page: 1, limit: 20, status: 5, search: 'prospan' });
    expect(applyPromotionFilterChange(filter, { search: '   ' })).toEqual({ page: 1, limit: 20, status: 3, search: undefined });
    expect(applyPromotionFilterChange(filter, { search: ' tặng ' }).search).toBe('tặng');
  });

  it('reads the section’s saved filter back, without defaults (restored on a bare URL: src/ui/list-page/url-filter.test.tsx)', () => {
    expect(PROMOTION_FILTER_SLOT.section).toBe('promotion');
    expect(PROMOTION_FILTER_SLOT.read({ status: 1, page: 2 })).toEqual({ status: 1, page: 2 });
    expect(PROMOTION_FILTER_SLOT.read(null)).toBeNull();
    expect(PROMOTION_FILTER_SLOT.read({})).toBeNull();
    // A hand-edited or older slot: what cannot be read is dropped.
    expect(PROMOTION_FILTER_SLOT.read({ status: 'x', limit: 10 })).toBeNull();
    expect(PROMOTION_FILTER_SLOT.read('status=1')).toBeNull();
  });

  it('counts the date range once and maps the filter to the list and export queries', () => {
    expect(activePromotionFilterCount({ page: 1, limit: 10 })).toBe(0);
    expect(activePromotionFilterCount({ page: 1, limit: 10, startDate: '2026-11-01', endDate: '2026-11-30' })).toBe(1);
    const filter = { page: 2, limit: 20, search: ' km ', status: 2 as const, startDate: '2026-11-01' };
    expect(toPromotionListQuery(4, filter)).toEqual({
      company: 4,
      page: 2,
      limit: 20,
      search: 'km',
      status: 2,
      startDate: '2026-11-01',
      endDate: undefined,
    });
    expect(toPromotionExportQuery(4, filter)).not.toHaveProperty('page');
  });
});
