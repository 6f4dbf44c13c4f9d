import { describe, expect, it } from 'vitest';
import { expiryTone } from './expiry';
import { closableMonths } from './periods';
import { HUB_TABS, INVENTORY_TABS, parseTab, parseWarehouseFilter, urlSearch, warehouseParam } from './warehouse-search';

describe('warehouse URL state', () => {
  it('reads a filter from the URL, dropping what is malformed', () => {
    expect(
      parseWarehouseFilter({
        page: '3',
        limit: 20,
        search: ' hapacol ',
        status: 'completed',
        warehouse: '2',
        from: '2026-11-30',
        to: '2026-11-01',
        expiring: '60',
        lot_status: 'quarantine',
        in_stock: 'true',
        variant: 'abc',
        mode: 'card',
      }),
    ).toEqual({
      page: 3,
      limit: 20,
      search: 'hapacol',
      status: 'completed',
      warehouse: 2,
      from: '2026-11-01',
      to: '2026-11-30',
      expiring: 60,
      lot_status: 'quarantine',
      in_stock: true,
      mode: 'card',
    });
    expect(parseWarehouseFilter({ page: '0', limit: '7', status: 'lost', expiring: '45', warehouse: 'all' })).toEqual({
      page: 1,
      limit: 10,
      warehouse: 'all',
    });
  });

  it('writes the URL without defaults', () => {
    expect(urlSearch(undefined, { page: 1, limit: 10, search: undefined })).toEqual({});
    expect(urlSearch('lots', { page: 2, limit: 10, lot_status: 'recalled', open: 5 })).toEqual({
      tab: 'lots',
      page: 2,
      lot_status: 'recalled',
      open: 5,
    });
  });

  it('opens lists on the active warehouse unless another or every warehouse is chosen', () => {
    expect(warehouseParam({}, 3)).toBe(3);
    expect(warehouseParam({}, null)).toBeUndefined();
    expect(warehouseParam({ warehouse: 'all' }, 3)).toBeUndefined();
    expect(warehouseParam({ warehouse: 2 }, 3)).toBe(2);
  });

  it('knows the tabs of each page', () => {
    expect(parseTab('transfer', HUB_TABS)).toBe('transfer');
    expect(parseTab('transfer', INVENTORY_TABS)).toBe('stock');
    expect(parseTab(undefined, HUB_TABS)).toBe('stock');
  });
});

describe('expiry and periods', () => {
  it('colours an expiry by the 30/60/90-day windows', () => {
    const today = '2026-11-25';
    expect(expiryTone('2026-11-24', today)).toEqual({ color: 'red', label: 'Đã hết hạn' });
    expect(expiryTone('2026-11-25', today)).toEqual({ color: 'orange', label: 'Còn 0 ngày' });
    expect(expiryTone('2027-01-19', today)?.color).toBe('yellow');
    expect(expiryTone('2027-02-18', today)?.color).toBe('lime');
    expect(expiryTone('2027-06-01', today)).toBeNull();
    expect(expiryTone(null, today)).toBeNull();
  });

  it('offers the ended months after the last closed one, newest first', () => {
    expect(closableMonths('2026-01-15', null, 3)).toEqual(['2025-12', '2025-11', '2025-10']);
    expect(closableMonths('2026-11-25', '2026-08', 12)).toEqual(['2026-10', '2026-09']);
  });
});
