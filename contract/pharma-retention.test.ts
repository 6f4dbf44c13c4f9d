import { describe, expect, it } from 'vitest';
import { isRetained, LOT_RETENTION, retainedUntil, retentionRefusal, type RetentionLot } from './pharma-retention';

const lot = (expires_on: string | null, is_medicine = true): RetentionLot => ({
  lot_no: 'L1',
  expires_on,
  product: 'Hapacol',
  is_medicine,
});

describe('lot retention', () => {
  it("keeps a lot's documents one year past its expiry, that last day included", () => {
    expect(LOT_RETENTION.years).toBe(1);
    expect(retainedUntil('2025-06-30')).toBe('2026-06-30');
    expect(retainedUntil('2024-02-29')).toBe('2025-03-01');
    expect(isRetained(lot('2025-06-30'), '2026-06-30')).toBe(true);
    expect(isRetained(lot('2025-06-30'), '2026-07-01')).toBe(false);
  });

  it('keeps a medicine lot with no expiry; a lot of goods that are not medicines is not held', () => {
    expect(isRetained(lot(null), '2099-01-01')).toBe(true);
    expect(isRetained(lot('2099-01-01', false), '2026-01-01')).toBe(false);
  });

  it('refuses in Vietnamese naming the lot and the day it may go', () => {
    expect(retentionRefusal('delivery', [lot('2025-06-30')], '2026-07-01')).toBeNull();
    const text = retentionRefusal('receipt', [lot('2026-03-31')], '2026-12-02');
    expect(text).toBe(
      'Không xóa được phiếu kho: chứng từ của lô thuốc phải lưu ít nhất 1 năm sau hạn dùng (Luật Dược): ' +
        'Hapacol lô L1 (hạn dùng 31/03/2026, lưu đến hết 31/03/2027).',
    );
  });
});
