import { describe, expect, it } from 'vitest';
import type { LocalStock } from '@/db/app-db';
import { availableFor, lessQueued, overStock, stockLabel } from './stock-note';

const stock: LocalStock = {
  id: 7,
  company: 1,
  variant_id: 7,
  available: 150,
  by_warehouse: { '1': 100, '2': 50 },
  default_warehouse_id: 1,
  updated_at: '2026-11-25T00:00:00Z',
};

describe('stock on the order screen', () => {
  it('reads the warehouse the order ships from: the chosen one, else the default; untracked is null', () => {
    expect(availableFor(stock, null)).toBe(100);
    expect(availableFor(stock, 2)).toBe(50);
    expect(availableFor(stock, 9)).toBe(0);
    expect(availableFor(undefined, 2)).toBeNull();
  });

  it('warns a line that asks for more than the warehouse can sell, in base units', () => {
    expect(overStock(100, 1, 100, 'viên')).toBeNull();
    expect(overStock(100, 2, 100, 'viên')).toBe('Vượt tồn kho: chỉ còn 100 viên, máy chủ sẽ giảm số lượng khi nhận đơn');
    expect(overStock(0, 1, 1, 'viên')).toBe('Kho đã hết hàng: máy chủ sẽ bỏ dòng này khi nhận đơn');
    expect(overStock(null, 999, 1, 'viên')).toBeNull();
    expect(stockLabel(12, 'hộp')).toBe('Còn 12 hộp');
    expect(stockLabel(0, 'hộp')).toBe('Hết hàng');
  });

  it('writes thousands with dots, as everywhere in the app', () => {
    expect(stockLabel(12_056, 'viên')).toBe('Còn 12.056 viên');
    expect(overStock(4_497, 100, 100, 'viên')).toBe('Vượt tồn kho: chỉ còn 4.497 viên, máy chủ sẽ giảm số lượng khi nhận đơn');
  });

  it('takes off what the orders queued on the phone will reserve, in the warehouse each ships from', () => {
    const queued = [
      { warehouseId: null, lines: [{ variant_id: 7, quantity: 11, factor: 1 }] },
      {
        warehouseId: 2,
        lines: [
          { variant_id: 7, quantity: 2, factor: 10 },
          { variant_id: 99, quantity: 5, factor: 1 },
        ],
      },
    ];
    const left = lessQueued(new Map([[7, stock]]), queued);
    expect(left.get(7)).toMatchObject({ available: 150 - 11 - 20, by_warehouse: { '1': 89, '2': 30 } });
    expect(availableFor(left.get(7), null)).toBe(89);
    // The mirror itself is left as the server sent it.
    expect(stock.by_warehouse).toEqual({ '1': 100, '2': 50 });
    expect(left.has(99)).toBe(false);
  });
});
