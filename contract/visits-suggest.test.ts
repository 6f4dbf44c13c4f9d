import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import {
  boughtOrders,
  idleCustomers,
  lastOrderLines,
  lotsToPush,
  mustCarryMissing,
  SuggestionSettingsSchema,
  usualLines,
  type SuggestOrder,
} from './visits-suggest';
import type { OrderLineRecord } from './orders';

type Line = Pick<OrderLineRecord, 'variant_id' | 'product_name' | 'variant_name' | 'unit' | 'factor' | 'quantity' | 'is_gift'>;
const line = (variant_id: number, quantity: number, unit = 'hộp', factor = 10, is_gift = false): Line => ({
  variant_id,
  product_name: `SP ${variant_id}`,
  variant_name: 'Hộp 10 vỉ',
  unit,
  factor,
  quantity,
  is_gift,
});
let n = 0;
const order = (created_at: string, lines: Line[], status: SuggestOrder['status'] = 'completed'): SuggestOrder => ({
  id: `o${++n}`,
  code: `DH${n}`,
  local_no: `L${n}`,
  status,
  created_at,
  total: 100_000,
  lines: lines as OrderLineRecord[],
});

describe('boughtOrders', () => {
  it('keeps sales newest first and drops drafts, cancelled, rejected and returned orders', () => {
    const orders = [
      order('2026-11-01T03:00:00Z', [line(1, 1)]),
      order('2026-11-20T03:00:00Z', [line(1, 1)], 'cancelled'),
      order('2026-11-10T03:00:00Z', [line(1, 1)], 'pending'),
      order('2026-11-15T03:00:00Z', [line(1, 1)], 'returned'),
      order('2026-11-16T03:00:00Z', [line(1, 1)], 'rejected'),
      order('2026-11-17T03:00:00Z', [line(1, 1)], 'draft'),
    ];
    expect(boughtOrders(orders).map((o) => o.created_at)).toEqual(['2026-11-10T03:00:00Z', '2026-11-01T03:00:00Z']);
  });
});

describe('lastOrderLines', () => {
  it('gives the lines as ordered, without the programmes’ gifts', () => {
    const last = order('2026-11-01T03:00:00Z', [line(1, 3), line(2, 1, 'chai', 1, true), line(3, 2, 'vỉ', 1)]);
    expect(lastOrderLines(last)).toEqual([
      { variant_id: 1, product_name: 'SP 1', variant_name: 'Hộp 10 vỉ', unit: 'hộp', quantity: 3 },
      { variant_id: 3, product_name: 'SP 3', variant_name: 'Hộp 10 vỉ', unit: 'vỉ', quantity: 2 },
    ]);
  });
});

describe('usualLines', () => {
  it('averages each variant over the orders that had it, in base units, given in its latest unit', () => {
    // Newest first: 2 hộp (20 vỉ), then 30 vỉ, then 1 hộp (10): 60 vỉ over 3 orders = 2 hộp.
    const orders = [
      order('2026-11-20T03:00:00Z', [line(1, 2), line(2, 5, 'chai', 1)]),
      order('2026-11-10T03:00:00Z', [line(1, 30, 'vỉ', 1)]),
      order('2026-11-01T03:00:00Z', [line(1, 1)]),
    ];
    const usual = usualLines(orders);
    expect(usual[0]).toMatchObject({ variant_id: 1, unit: 'hộp', quantity: 2, times: 3, of: 3 });
    expect(usual[1]).toMatchObject({ variant_id: 2, unit: 'chai', quantity: 5, times: 1, of: 3 });
  });

  it('counts a variant once per order, rounds to at least 1 and looks at the last five orders only', () => {
    const orders = [
      order('2026-11-06T03:00:00Z', [line(1, 1, 'vỉ', 1), line(1, 1, 'vỉ', 1)]),
      ...[5, 4, 3, 2].map((day) => order(`2026-11-0${day}T03:00:00Z`, [line(2, 1)])),
      order('2026-11-01T03:00:00Z', [line(3, 9)]),
    ];
    const usual = usualLines(orders);
    expect(usual.map((row) => row.variant_id)).toEqual([2, 1]);
    expect(usual[1]).toMatchObject({ unit: 'vỉ', quantity: 2, times: 1, of: 5 });
    expect(usualLines([order('2026-11-01T03:00:00Z', [line(1, 2, 'vỉ', 1)])], 5)[0]!.quantity).toBe(2);
    expect(usualLines([order('2026-11-01T03:00:00Z', [line(1, 1, 'vỉ', 1), line(9, 1, 'vỉ', 1, true)])])).toHaveLength(1);
  });

  it('ranks the most often bought first, then the most recently bought', () => {
    const orders = [
      order('2026-11-03T03:00:00Z', [line(7, 1)]),
      order('2026-11-02T03:00:00Z', [line(8, 1), line(9, 1)]),
      order('2026-11-01T03:00:00Z', [line(9, 1)]),
    ];
    expect(usualLines(orders).map((row) => row.variant_id)).toEqual([9, 7, 8]);
  });
});

describe('mustCarryMissing', () => {
  it('names the must-carry goods not bought in this Vietnam month, in the settings’ order', () => {
    const orders = [
      order('2026-12-01T02:00:00Z', [line(1, 1)]),
      // 30/11 23:30 in Vietnam is still November: it does not count for December.
      order('2026-11-30T16:30:00Z', [line(2, 1)]),
      order('2026-12-02T02:00:00Z', [line(3, 1)], 'cancelled'),
      order('2026-12-03T02:00:00Z', [line(4, 1, 'hộp', 10, true)]),
    ];
    expect(mustCarryMissing([4, 3, 2, 1, 5], orders, '2026-12-04')).toEqual([4, 3, 2, 5]);
    // 30/11 17:30 UTC is 01/12 00:30 in Vietnam: December's.
    expect(mustCarryMissing([2], [order('2026-11-30T17:30:00Z', [line(2, 1)])], '2026-12-04')).toEqual([]);
  });
});

describe('lotsToPush', () => {
  it('offers sellable lots expiring within the days, nearest first, not expired ones or empty ones', () => {
    const stock = [
      {
        variant_id: 1,
        lots: [
          { lot_no: 'A', expires_on: '2027-01-10', available: 5 },
          { lot_no: 'B', expires_on: '2027-06-01', available: 5 },
        ],
      },
      { variant_id: 2, lots: [{ lot_no: 'C', expires_on: '2026-12-04', available: 3 }] },
      { variant_id: 3, lots: [{ lot_no: 'D', expires_on: '2026-12-03', available: 3 }] },
      { variant_id: 4, lots: [{ lot_no: 'E', expires_on: '2026-12-20', available: 0 }] },
      { variant_id: 5 },
    ];
    expect(lotsToPush(stock, '2026-12-04', 90)).toEqual([
      { variant_id: 2, lot_no: 'C', expires_on: '2026-12-04', available: 3, days_left: 0 },
      { variant_id: 1, lot_no: 'A', expires_on: '2027-01-10', available: 5, days_left: 37 },
    ]);
    expect(lotsToPush(stock, '2026-12-04', 37).map((lot) => lot.lot_no)).toEqual(['C', 'A']);
    expect(lotsToPush(stock, '2026-12-04', 36).map((lot) => lot.lot_no)).toEqual(['C']);
  });
});

describe('idleCustomers', () => {
  const today = '2026-12-04';
  it('lists customers with nothing in the idle days, never seen first, then the longest idle', () => {
    const last = new Map([
      ['a', '2026-11-04'],
      ['b', '2026-11-05'],
      ['c', '2026-10-01'],
    ]);
    const idle = idleCustomers([{ id: 'a' }, { id: 'b' }, { id: 'c' }, { id: 'd', created_at: '2026-01-01T00:00:00Z' }], last, today, 30);
    expect(idle).toEqual([
      { id: 'd', last_day: null, idle_days: null },
      { id: 'c', last_day: '2026-10-01', idle_days: 64 },
      { id: 'a', last_day: '2026-11-04', idle_days: 30 },
    ]);
  });

  it('does not call a customer entered within the days idle', () => {
    expect(idleCustomers([{ id: 'new', created_at: '2026-11-20T03:00:00Z' }], new Map(), today, 30)).toEqual([]);
    expect(idleCustomers([{ id: 'old', created_at: null }], new Map(), today, 30)).toHaveLength(1);
  });
});

describe('SuggestionSettingsSchema', () => {
  const base = { company: 1, must_carry: [3, 3, 4], idle_days: 30, push_expiry_days: 90 };
  it('takes the settings, each variant once', () => {
    expect(v.parse(SuggestionSettingsSchema, base).must_carry).toEqual([3, 4]);
  });
  it.each([
    [{ idle_days: 6 }, 'Số ngày coi là lâu chưa ghé phải là số nguyên từ 7 đến 365 ngày'],
    [{ push_expiry_days: 731 }, 'Số ngày trước hạn dùng cần đẩy bán phải là số nguyên từ 7 đến 730 ngày'],
    [{ must_carry: [0] }, 'Sản phẩm không hợp lệ'],
    [{ must_carry: Array.from({ length: 101 }, (_, i) => i + 1) }, 'Tối đa 100 sản phẩm bắt buộc'],
  ])('refuses %j in Vietnamese', (change, message) => {
    const parsed = v.safeParse(SuggestionSettingsSchema, { ...base, ...change });
    expect(parsed.success).toBe(false);
    expect(parsed.issues?.[0]?.message).toBe(message);
  });
});
