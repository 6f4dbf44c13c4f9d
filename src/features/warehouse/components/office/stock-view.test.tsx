import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { StockBonus, StockRow } from '@contract/warehouse';
import { ADMIN_ACCESS, enterWorkspace, leaveWorkspace, renderScreen, serveApi, TEST_ACCOUNT, TEST_COMPANY } from '@/testing/screen-harness';
import { StockView } from './stock-view';

const ROW: StockRow = {
  warehouse_id: 1,
  warehouse_name: 'Kho chính',
  variant_id: 5,
  product_name: 'Amoxicillin 500mg',
  variant_name: '',
  sku: 'SP000005-1',
  base_unit: 'viên',
  on_hand: 9_100,
  reserved: 100,
  available: 8_000,
  value: 5_478_200,
  average_cost: 602,
  nearest_expiry: '2026-12-20',
  lots: [
    {
      lot_id: 33,
      lot_no: 'AK2605',
      manufactured_on: null,
      expires_on: '2026-12-20',
      status: 'usable',
      quantity: 1_100,
      days_to_expiry: 25,
    },
    {
      lot_id: 5,
      lot_no: 'AK2505',
      manufactured_on: null,
      expires_on: '2028-05-06',
      status: 'quarantine',
      quantity: 8_000,
      days_to_expiry: 528,
    },
  ],
};
const BONUS: StockBonus = { variants: 34, on_hand: 102_592, value: 316_713_600, near_expiry_lots: 11, expired_lots: 2 };
const scope = { companyId: TEST_COMPANY.id, accountId: TEST_ACCOUNT.id, multi: true, active: 1, isMobile: false };

afterEach(() => {
  leaveWorkspace();
  vi.unstubAllGlobals();
});

describe('StockView', () => {
  it('shows the figures of the filter, the rows of the active warehouse and, opened, their lots', async () => {
    enterWorkspace(ADMIN_ACCESS);
    const fetchMock = serveApi({ '/inventory/': { data: [ROW], count: 1, bonus: BONUS }, '/warehouse/': { data: [] } });
    const onFilter = vi.fn();
    renderScreen(<StockView scope={scope} filter={{ page: 1, limit: 10, expiring: 30 }} onFilter={onFilter} isMobile={false} />);
    const row = await screen.findByTestId('stock-row');
    expect(row.dataset.variant).toBe('5');
    expect(within(row).getByTestId('stock-on-hand').textContent).toBe('9.100 viên');
    expect(within(row).getByTestId('stock-available').textContent).toBe('8.000');
    expect(screen.getByTestId('stock-figure-value').textContent?.replace(/\u00a0/g, ' ')).toContain('316.713.600 ₫');
    expect(screen.getByTestId('stock-figure-expired').textContent).toContain('2');
    const inventoryCall = fetchMock.mock.calls.map(([url]) => String(url)).find((url) => url.includes('/inventory/'))!;
    expect(new URL(inventoryCall, 'http://x').searchParams.get('warehouse')).toBe('1');
    expect(new URL(inventoryCall, 'http://x').searchParams.get('expiring')).toBe('30');

    expect(screen.queryByTestId('stock-lot')).toBeNull();
    fireEvent.click(within(row).getByTestId('stock-row-toggle'));
    const lots = await screen.findAllByTestId('stock-lot');
    expect(lots.map((lot) => [lot.dataset.lotNo, within(lot).getByTestId('stock-lot-quantity').textContent])).toEqual([
      ['AK2605', '1.100 viên'],
      ['AK2505', '8.000 viên'],
    ]);
    expect(within(lots[1]!).getByTestId('lot-status').textContent).toBe('Biệt trữ');
  });

  it('asks for every warehouse when "Tất cả kho" was chosen', async () => {
    enterWorkspace(ADMIN_ACCESS);
    const fetchMock = serveApi({ '/inventory/': { data: [], count: 0, bonus: { ...BONUS, variants: 0 } } });
    renderScreen(<StockView scope={scope} filter={{ page: 1, limit: 10, warehouse: 'all' }} onFilter={vi.fn()} isMobile={false} />);
    await screen.findByText('Không có hàng phù hợp');
    await waitFor(() => {
      const call = fetchMock.mock.calls.map(([url]) => String(url)).find((url) => url.includes('/inventory/'))!;
      expect(new URL(call, 'http://x').searchParams.has('warehouse')).toBe(false);
    });
  });
});
