import { describe, expect, it } from 'vitest';
import { defaultOrderType, orderTypeRefusal, usableOrderTypes, type OrderTypeRecord } from './orders-types';

const type = (id: number, patch: Partial<OrderTypeRecord> = {}): OrderTypeRecord => ({
  id,
  company: 1,
  code: `T${id}`,
  name: `Loại ${id}`,
  description: null,
  wholesale: false,
  is_default: false,
  is_active: true,
  everyone: true,
  account_ids: [],
  sort: id,
  updated_at: '2026-11-27T00:00:00.000Z',
  ...patch,
});

describe('order types a member may use', () => {
  const types = [
    type(1),
    type(2, { is_default: true }),
    type(3, { wholesale: true }),
    type(4, { everyone: false, account_ids: [7] }),
    type(5, { is_active: false }),
  ];

  it('puts the default first, then the company’s order; leaves out stopped, wholesale without WHOLESALE, and types for others', () => {
    expect(usableOrderTypes(types, 9, {}).map((t) => t.id)).toEqual([2, 1]);
    expect(usableOrderTypes(types, 7, { WHOLESALE: true }).map((t) => t.id)).toEqual([2, 1, 3, 4]);
  });

  it('says why one may not be used', () => {
    expect(orderTypeRefusal(types[2]!, 9, {})).toBe('Loại đơn hàng "Loại 3" cần bật chức năng Bán sỉ');
    expect(orderTypeRefusal(types[3]!, 9, {})).toBe('Bạn không được phép tạo đơn hàng loại "Loại 4"');
    expect(orderTypeRefusal(types[4]!, 9, {})).toBe('Loại đơn hàng "Loại 5" đã ngừng sử dụng');
    expect(orderTypeRefusal(types[3]!, 7, {})).toBeNull();
  });

  it('falls back to the member’s first type when the default is not theirs, and to none when they have none', () => {
    const onlyFor7 = [type(1, { is_default: true, everyone: false, account_ids: [7] }), type(2)];
    expect(defaultOrderType(onlyFor7, 9, {})?.id).toBe(2);
    expect(defaultOrderType([type(1, { everyone: false, account_ids: [7] })], 9, {})).toBeNull();
  });
});
