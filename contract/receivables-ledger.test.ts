import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addDays, daysBetween } from './calendar-days';
import {
  ageItems,
  agingBoundsProblem,
  agingBuckets,
  creditVerdict,
  paymentState,
  settle,
  statementTotals,
  type SettleOrder,
  type SettlePayment,
} from './receivables-ledger';

const order = (id: string, total: number, due: string | null, credited = 0): SettleOrder => ({
  id,
  total,
  credited,
  due_date: due,
  created_at: `2026-01-01T00:00:0${id.length}Z`,
});

describe('payment state', () => {
  it('reads unpaid, partial and paid from what settled the order', () => {
    expect([paymentState(100, 0), paymentState(100, 40), paymentState(100, 100), paymentState(100, 130), paymentState(0, 0)]).toEqual([
      'unpaid',
      'partial',
      'paid',
      'paid',
      'paid',
    ]);
  });
});

describe('days', () => {
  it('adds and counts calendar days across months and years', () => {
    expect(addDays('2026-01-31', 30)).toBe('2026-03-02');
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(daysBetween('2026-03-02', '2026-01-31')).toBe(-30);
  });
});

describe('settling payments over orders', () => {
  it('pays the named order first, then the oldest due debt, and keeps the rest as an advance', () => {
    const orders = [order('a', 100, '2026-02-01'), order('bb', 200, '2026-01-01'), order('ccc', 50, null)];
    const result = settle(orders, [
      { id: 'p1', amount: 80, order_id: 'ccc' },
      { id: 'p2', amount: 250, order_id: null },
    ]);
    expect(result.allocations).toEqual([
      { payment_id: 'p1', order_id: 'ccc', amount: 50 },
      { payment_id: 'p1', order_id: 'bb', amount: 30 },
      { payment_id: 'p2', order_id: 'bb', amount: 170 },
      { payment_id: 'p2', order_id: 'a', amount: 80 },
    ]);
    expect(Object.fromEntries(result.settledByOrder)).toEqual({ a: 80, bb: 200, ccc: 50 });
    expect(result.unallocated).toBe(0);
  });

  it('does not give a payment to an order a return already settled', () => {
    const result = settle([order('a', 100, '2026-01-01', 60)], [{ id: 'p', amount: 100, order_id: 'a' }]);
    expect([result.settledByOrder.get('a'), result.unallocated]).toEqual([100, 60]);
  });

  it('never allocates more than a payment or an order holds, and loses no money (property)', () => {
    const orders = fc.array(
      fc.record({
        total: fc.integer({ min: 0, max: 10_000_000 }),
        credited: fc.integer({ min: 0, max: 2_000_000 }),
        due: fc.option(fc.integer({ min: 0, max: 400 }), { nil: null }),
      }),
      { maxLength: 12 },
    );
    const payments = fc.array(
      fc.record({ amount: fc.integer({ min: 1, max: 20_000_000 }), target: fc.option(fc.nat(15), { nil: null }) }),
      {
        maxLength: 12,
      },
    );
    fc.assert(
      fc.property(orders, payments, (rawOrders, rawPayments) => {
        const list: SettleOrder[] = rawOrders.map((raw, index) => ({
          id: `o${index}`,
          total: raw.total,
          credited: raw.credited,
          due_date: raw.due === null ? null : addDays('2026-01-01', raw.due),
          created_at: `2026-01-01T00:00:${String(index).padStart(2, '0')}Z`,
        }));
        const paid: SettlePayment[] = rawPayments.map((raw, index) => ({
          id: `p${index}`,
          amount: raw.amount,
          order_id: raw.target !== null && raw.target < list.length ? list[raw.target]!.id : null,
        }));
        const result = settle(list, paid);
        const byPayment = new Map<string, number>();
        for (const allocation of result.allocations) {
          expect(allocation.amount).toBeGreaterThan(0);
          byPayment.set(allocation.payment_id, (byPayment.get(allocation.payment_id) ?? 0) + allocation.amount);
        }
        for (const payment of paid) expect(byPayment.get(payment.id) ?? 0).toBeLessThanOrEqual(payment.amount);
        for (const entry of list) expect(result.settledByOrder.get(entry.id)!).toBeLessThanOrEqual(entry.total);
        const allocated = result.allocations.reduce((sum, allocation) => sum + allocation.amount, 0);
        expect(allocated + result.unallocated).toBe(paid.reduce((sum, payment) => sum + payment.amount, 0));
      }),
    );
  });
});

describe('aging', () => {
  it('names the default buckets 0–30, 31–60, 61–90 and over 90 days', () => {
    expect(agingBuckets([30, 60, 90]).map((bucket) => bucket.label)).toEqual(['0–30 ngày', '31–60 ngày', '61–90 ngày', 'Trên 90 ngày']);
  });

  it('puts each debt in the bucket of its days past due; not yet due apart', () => {
    const asOf = '2026-06-30';
    const aged = ageItems(
      [
        { due_date: '2026-07-10', amount: 1 },
        { due_date: '2026-06-30', amount: 2 },
        { due_date: '2026-05-31', amount: 4 },
        { due_date: '2026-05-30', amount: 8 },
        { due_date: '2026-04-01', amount: 16 },
        { due_date: '2026-01-01', amount: 32 },
      ],
      asOf,
      [30, 60, 90],
    );
    expect(aged).toEqual({ not_due: 3, buckets: [4, 8, 16, 32], overdue: 60, total: 63, max_days_overdue: 180 });
  });

  it('refuses bounds that do not rise', () => {
    expect([agingBoundsProblem([30, 60, 90]), agingBoundsProblem([30, 30]), agingBoundsProblem([]), agingBoundsProblem([0])]).toEqual([
      null,
      'Các mốc tuổi nợ phải tăng dần',
      'Cần từ 1 đến 6 mốc tuổi nợ',
      'Mốc tuổi nợ là số ngày từ 1 đến 3650',
    ]);
  });

  it('loses no debt across buckets (property)', () => {
    fc.assert(
      fc.property(
        fc.array(fc.record({ days: fc.integer({ min: -100, max: 1000 }), amount: fc.integer({ min: 0, max: 1_000_000 }) })),
        fc.uniqueArray(fc.integer({ min: 1, max: 400 }), { minLength: 1, maxLength: 6 }),
        (items, rawBounds) => {
          const bounds = [...rawBounds].sort((a, b) => a - b);
          const aged = ageItems(
            items.map((item) => ({ due_date: addDays('2026-06-30', -item.days), amount: item.amount })),
            '2026-06-30',
            bounds,
          );
          const sum = items.reduce((total, item) => total + item.amount, 0);
          expect(aged.total).toBe(sum);
          expect(aged.not_due + aged.buckets.reduce((total, amount) => total + amount, 0)).toBe(sum);
        },
      ),
    );
  });
});

describe('credit check', () => {
  const standing = { who: 'Khách hàng Nhà thuốc An Bình', limit: 10_000_000, days: 30, exposure: 8_000_000, max_days_overdue: 0 };

  it('is clear under the limit and over it follows the policy', () => {
    expect(creditVerdict('block', 2_000_000, [standing])).toEqual({ decision: 'ok', reasons: [] });
    const over = creditVerdict('block', 3_000_000, [standing]);
    expect(over.decision).toBe('block');
    // formatMoney puts a no-break space before ₫.
    expect(over.reasons[0]?.replace(/\u00a0/g, ' ')).toBe(
      'Khách hàng Nhà thuốc An Bình vượt hạn mức công nợ: dư nợ tính cả đơn đang xử lý 8.000.000 ₫ + đơn này 3.000.000 ₫ = 11.000.000 ₫, hạn mức 10.000.000 ₫',
    );
    expect(creditVerdict('warn', 3_000_000, [standing]).decision).toBe('warn');
    expect(creditVerdict('allow', 3_000_000, [standing])).toEqual({ decision: 'ok', reasons: [] });
  });

  it('counts debts past their due date against a limit in days, and no limit means none', () => {
    const late = creditVerdict('warn', 1, [{ ...standing, max_days_overdue: 12 }]);
    expect(late.reasons).toEqual(['Khách hàng Nhà thuốc An Bình có nợ quá hạn 12 ngày (hạn nợ 30 ngày)']);
    expect(creditVerdict('block', 1e9, [{ ...standing, limit: null, days: null, max_days_overdue: 99 }]).decision).toBe('ok');
  });
});

describe('statement', () => {
  it('closes as opening plus sales less payments and returns', () => {
    const totals = statementTotals(1_000, [
      { day: '2026-06-01', kind: 'order', amount: 500 },
      { day: '2026-06-02', kind: 'payment', amount: -300 },
      { day: '2026-06-03', kind: 'return', amount: -100 },
      { day: '2026-06-04', kind: 'reversal', amount: 300 },
    ]);
    expect(totals).toEqual({ opening: 1_000, increases: 800, payments: 300, returns: 100, closing: 1_400 });
  });
});
