import { describe, expect, it } from 'vitest';
import { voucherRefusal, voucherStanding, type VoucherRecord } from './plans';

const voucher: VoucherRecord = {
  id: 1,
  code: 'KHAITRUONG',
  description: null,
  kind: 'percent',
  value: 10,
  max_discount: null,
  starts_on: '2026-11-01',
  ends_on: '2026-11-30',
  max_uses: 5,
  used_count: 0,
  package_ids: [],
  is_active: true,
};

describe('a voucher on the administrator’s list', () => {
  it('says where it stands by the rules a company meets when it uses it', () => {
    const cases: [VoucherRecord, string, string][] = [
      [voucher, '2026-11-15', 'Đang áp dụng'],
      [voucher, '2026-12-02', 'Hết hạn'],
      [voucher, '2026-10-31', 'Chưa đến ngày'],
      [{ ...voucher, used_count: 5 }, '2026-11-15', 'Hết lượt'],
      [{ ...voucher, is_active: false }, '2026-11-15', 'Ngừng'],
    ];
    for (const [shown, day, label] of cases) {
      expect(voucherStanding(shown, day).label).toBe(label);
      // Shown usable exactly when a company could use it that day.
      expect(voucherStanding(shown, day).usable).toBe(voucherRefusal(shown, { packageId: 1, day, usedByCompany: false }) === null);
    }
  });
});
