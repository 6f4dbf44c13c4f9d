import { describe, expect, it } from 'vitest';
import {
  axisTicks,
  labelEvery,
  chartDays,
  countShown,
  dashboardQuery,
  parseDashboardSearch,
  rangeTotals,
  revenueShown,
  shortDay,
  statusShares,
} from './dashboard-format';
import { ORDER_STATUSES } from '@contract/orders-status';

const nbsp = (text: string) => text.replace(/\u00a0/g, ' ');

describe('dashboard numbers', () => {
  it('show revenue compact (product-spec.md §9: k, m) with the full amount for the tooltip', () => {
    expect(nbsp(revenueShown(0).short)).toBe('0 ₫');
    expect(nbsp(revenueShown(950).short)).toBe('950 ₫');
    expect(nbsp(revenueShown(1_500).short)).toBe('1.5k ₫');
    expect(nbsp(revenueShown(1_250_000).short)).toBe('1.3m ₫');
    expect(nbsp(revenueShown(12_000_000).short)).toBe('12m ₫');
    expect(nbsp(revenueShown(999_950).short)).toBe('1m ₫');
    expect(nbsp(revenueShown(1_250_000).full)).toBe('1.250.000 ₫');
  });

  it('show order counts compact with the full count', () => {
    expect(countShown(7)).toEqual({ short: '7', full: '7 đơn' });
    expect(countShown(1_234)).toEqual({ short: '1.2k', full: '1.234 đơn' });
  });
});

describe('chart days', () => {
  it('label the x axis DD/MM and keep the values', () => {
    expect(shortDay('2026-11-05')).toBe('05/11');
    expect(chartDays([{ day: '2026-11-05', revenue: 100, orders: 1 }])).toEqual([
      { day: '05/11', date: '2026-11-05', revenue: 100, orders: 1 },
    ]);
  });

  it('add up the range', () => {
    expect(
      rangeTotals([
        { day: '2026-11-01', revenue: 100, orders: 1 },
        { day: '2026-11-02', revenue: 250, orders: 2 },
      ]),
    ).toEqual({ revenue: 350, orders: 3 });
  });
});

describe('orders by status', () => {
  it('lists every status in the table order with its share', () => {
    const { total, shares } = statusShares({
      draft: 0,
      pending: 1,
      confirmed: 2,
      delivering: 0,
      completed: 1,
      returned: 0,
      rejected: 0,
      cancelled: 0,
    });
    expect(total).toBe(4);
    expect(shares.map((share) => share.status)).toEqual(ORDER_STATUSES);
    expect(shares.find((share) => share.status === 'confirmed')).toEqual({ status: 'confirmed', count: 2, percent: 50 });
  });

  it('has no shares without orders', () => {
    const { total, shares } = statusShares({
      draft: 0,
      pending: 0,
      confirmed: 0,
      delivering: 0,
      completed: 0,
      returned: 0,
      rejected: 0,
      cancelled: 0,
    });
    expect(total).toBe(0);
    expect(shares.every((share) => share.percent === 0)).toBe(true);
  });
});

describe('dashboard query', () => {
  it('filters by the person for "Của tôi" and not for the company', () => {
    expect(dashboardQuery(3, 'mine', 12, {})).toEqual({ company: 3, account: 12, date_from: undefined, date_to: undefined });
    expect(dashboardQuery(3, 'company', 12, {}).account).toBeUndefined();
  });

  it('sends the chosen days, a reversed range in order', () => {
    expect(dashboardQuery(3, 'company', null, { from: '2026-11-21', to: '2026-11-01' })).toMatchObject({
      date_from: '2026-11-01',
      date_to: '2026-11-21',
    });
  });

  it('reads its URL state and ignores what it does not know', () => {
    expect(parseDashboardSearch({ scope: 'mine', from: '2026-11-01', to: 'yesterday' })).toEqual({
      scope: 'mine',
      from: '2026-11-01',
      to: undefined,
    });
    expect(parseDashboardSearch({ scope: 'everyone' }).scope).toBeUndefined();
  });
});

describe('chart axes', () => {
  it('steps in round numbers up to at least the largest day', () => {
    expect(axisTicks(0)).toEqual([0, 1]);
    expect(axisTicks(100)).toEqual([0, 50, 100]);
    expect(axisTicks(7_300_000)).toEqual([0, 2_000_000, 4_000_000, 6_000_000, 8_000_000]);
    expect(axisTicks(950)).toEqual([0, 500, 1000]);
    const ticks = axisTicks(123_456_789);
    expect(ticks.at(-1)!).toBeGreaterThanOrEqual(123_456_789);
    expect(ticks.length).toBeLessThanOrEqual(6);
  });

  it('labels every n-th day so labels do not overlap', () => {
    expect(labelEvery(30, 1200, 40)).toBe(1);
    expect(labelEvery(30, 300, 40)).toBe(4);
    expect(labelEvery(0, 300, 40)).toBe(1);
  });
});
