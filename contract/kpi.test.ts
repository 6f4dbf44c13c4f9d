import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  addValues,
  daysInMonth,
  formatMonth,
  isEmptyTarget,
  isMonth,
  judgeMonth,
  KPI_METRICS,
  KPI_ORDER_STATUSES,
  kpiProgress,
  metricProgress,
  monthBounds,
  monthClock,
  rollupTarget,
  shiftMonth,
  sumValues,
  vietnamMonth,
  ZERO_KPI,
  type KpiValues,
  type MonthClock,
} from './kpi';

const values = (revenue: number, orders: number, new_customers: number, visits: number): KpiValues => ({
  revenue,
  orders,
  new_customers,
  visits,
});

/** A clock in the middle of a 30-day month: 10 days passed, 21 left (today included). */
const midMonth: MonthClock = monthClock('2026-06', new Date('2026-06-11T10:00:00+07:00'));

describe('months in Vietnam time', () => {
  it('reads and checks YYYY-MM', () => {
    expect(isMonth('2026-05')).toBe(true);
    expect(isMonth('2026-12')).toBe(true);
    for (const bad of ['2026-13', '2026-00', '2026-5', '26-05', '2026/05', '2026-05-01', '', null, 202605, '1999-12', '2101-01']) {
      expect(isMonth(bad)).toBe(false);
    }
  });

  it('takes the month of the Vietnam calendar, not of UTC', () => {
    // 31 May 18:30 UTC is already 1 June 01:30 in Hà Nội.
    expect(vietnamMonth(new Date('2026-05-31T18:30:00Z'))).toBe('2026-06');
    expect(vietnamMonth(new Date('2026-05-31T16:59:59Z'))).toBe('2026-05');
  });

  it('bounds a month from its first Vietnam midnight to the next one', () => {
    const { start, end } = monthBounds('2026-05');
    expect(start.toISOString()).toBe('2026-04-30T17:00:00.000Z');
    expect(end.toISOString()).toBe('2026-05-31T17:00:00.000Z');
    expect(monthBounds('2026-12').end.toISOString()).toBe('2026-12-31T17:00:00.000Z');
    expect(() => monthBounds('2026-13')).toThrow(RangeError);
  });

  it('shifts across years, counts days (leap years too) and formats as MM/YYYY', () => {
    expect(shiftMonth('2026-01', -1)).toBe('2025-12');
    expect(shiftMonth('2025-12', 1)).toBe('2026-01');
    expect(shiftMonth('2026-05', 14)).toBe('2027-07');
    expect(daysInMonth('2026-02')).toBe(28);
    expect(daysInMonth('2028-02')).toBe(29);
    expect(daysInMonth('2026-04')).toBe(30);
    expect(daysInMonth('2026-05')).toBe(31);
    expect(formatMonth('2026-05')).toBe('05/2026');
  });
});

describe('monthClock', () => {
  it('counts the days passed in the current month without today', () => {
    expect(midMonth).toEqual({ month: '2026-06', state: 'current', days: 30, today: 11, elapsed: 10, fraction: 10 / 30, days_left: 20 });
    const first = monthClock('2026-06', new Date('2026-05-31T17:00:00Z'));
    expect([first.today, first.elapsed, first.fraction, first.days_left]).toEqual([1, 0, 0, 30]);
    const last = monthClock('2026-06', new Date('2026-06-30T23:59:00+07:00'));
    expect([last.today, last.elapsed, last.days_left]).toEqual([30, 29, 1]);
  });

  it('is over for past months and not started for future ones', () => {
    const now = new Date('2026-06-11T10:00:00+07:00');
    expect(monthClock('2026-05', now)).toMatchObject({ state: 'past', elapsed: 31, fraction: 1, days_left: 0, today: null });
    expect(monthClock('2026-07', now)).toMatchObject({ state: 'future', elapsed: 0, fraction: 0, days_left: 31, today: null });
  });
});

describe('metricProgress', () => {
  it('gives percent, remaining, expected by now and what is needed per day', () => {
    // 40 orders, 10 of 30 days passed: 14 expected (⌈13.33⌉), 20 days left.
    expect(metricProgress(40, 15, midMonth)).toEqual({
      target: 40,
      actual: 15,
      percent: 37.5,
      remaining: 25,
      expected: 14,
      on_track: true,
      per_day: 2,
    });
    expect(metricProgress(40, 13, midMonth)).toMatchObject({ on_track: false, remaining: 27, per_day: 2 });
  });

  it('keeps going past 100% and never asks for a negative remainder', () => {
    expect(metricProgress(100, 250, midMonth)).toMatchObject({ percent: 250, remaining: 0, on_track: true, per_day: 0 });
  });

  it('rounds percents to one decimal', () => {
    expect(metricProgress(3, 1, midMonth).percent).toBe(33.3);
    expect(metricProgress(150_000_000, 12_345_678, midMonth).percent).toBe(8.2);
  });

  it('treats a zero (or bad) target as no target', () => {
    for (const target of [0, -5, Number.NaN]) {
      expect(metricProgress(target, 7, midMonth)).toEqual({
        target: 0,
        actual: 7,
        percent: null,
        remaining: 0,
        expected: 0,
        on_track: null,
        per_day: null,
      });
    }
  });

  it('does not let floating point ask for one more than the share of the month', () => {
    // 40 × 9/30 = 12.000000000000002 in floating point; 12 is enough.
    const clock = monthClock('2026-06', new Date('2026-06-10T08:00:00+07:00'));
    expect(metricProgress(40, 12, clock)).toMatchObject({ expected: 12, on_track: true });
  });

  it('judges a past month against the whole target and a future one as on track', () => {
    const past = monthClock('2026-05', new Date('2026-06-11T10:00:00+07:00'));
    expect(metricProgress(40, 39, past)).toMatchObject({ expected: 40, on_track: false, per_day: null });
    expect(metricProgress(40, 40, past)).toMatchObject({ on_track: true, percent: 100 });
    const future = monthClock('2026-07', new Date('2026-06-11T10:00:00+07:00'));
    expect(metricProgress(40, 0, future)).toMatchObject({ expected: 0, on_track: true, per_day: 2 });
  });

  it('is never behind on the first day of the month', () => {
    const first = monthClock('2026-06', new Date('2026-06-01T20:00:00+07:00'));
    expect(metricProgress(500_000_000, 0, first)).toMatchObject({ expected: 0, on_track: true, per_day: 16_666_667 });
  });

  it('holds its invariants for any target and actual', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 1e12 }),
        fc.integer({ min: 0, max: 1e12 }),
        fc.integer({ min: 1, max: 30 }),
        (target, actual, day) => {
          const clock = monthClock('2026-06', new Date(`2026-06-${String(day).padStart(2, '0')}T12:00:00+07:00`));
          const progress = metricProgress(target, actual, clock);
          expect(progress.remaining).toBe(Math.max(0, target - actual));
          expect(progress.expected).toBeGreaterThanOrEqual(0);
          expect(progress.expected).toBeLessThanOrEqual(target);
          expect(progress.on_track).toBe(actual >= progress.expected);
          if (actual >= target) expect(progress.on_track).toBe(true);
          expect(progress.per_day! * clock.days_left).toBeGreaterThanOrEqual(progress.remaining);
        },
      ),
    );
  });
});

describe('kpiProgress', () => {
  it('scores the metrics that have a target and is on track only when all of them are', () => {
    const progress = kpiProgress(values(100_000_000, 40, 0, 100), values(50_000_000, 10, 3, 200), midMonth);
    expect(progress.metrics.new_customers.percent).toBeNull();
    // (50 + 25 + 100 [200 capped]) / 3
    expect(progress.score).toBe(58.3);
    expect(progress.on_track).toBe(false);
    expect(kpiProgress(values(100, 40, 0, 100), values(50, 14, 0, 40), midMonth).on_track).toBe(true);
  });

  it('has no score and no verdict without a target', () => {
    const progress = kpiProgress(null, values(5, 1, 1, 1), midMonth);
    expect([progress.score, progress.on_track]).toEqual([null, null]);
    expect(progress.metrics.revenue).toMatchObject({ actual: 5, percent: null });
    expect(kpiProgress(ZERO_KPI, ZERO_KPI, midMonth).score).toBeNull();
  });
});

describe('sums and roll-up', () => {
  it('adds values and knows an empty target', () => {
    expect(addValues(values(1, 2, 3, 4), values(10, 20, 30, 40))).toEqual(values(11, 22, 33, 44));
    expect(sumValues([])).toEqual(ZERO_KPI);
    expect(isEmptyTarget(null)).toBe(true);
    expect(isEmptyTarget(ZERO_KPI)).toBe(true);
    expect(isEmptyTarget(values(0, 0, 0, 1))).toBe(false);
  });

  it('uses its own target, else the sum of the parts that have one, else none', () => {
    expect(rollupTarget(values(5, 5, 5, 5), [values(1, 1, 1, 1)])).toEqual({ target: values(5, 5, 5, 5), source: 'own' });
    expect(rollupTarget(null, [values(1, 2, 3, 4), null, values(10, 0, 0, 0)])).toEqual({ target: values(11, 2, 3, 4), source: 'sum' });
    expect(rollupTarget(ZERO_KPI, [ZERO_KPI, null])).toEqual({ target: null, source: 'none' });
  });

  it('judges reps, regions and the company, rolling targets up but never actuals', () => {
    const judged = judgeMonth({
      clock: midMonth,
      company: { target: null, actual: values(900, 90, 9, 99) },
      regions: [
        { id: 1, name: 'Miền Nam', target: values(500, 50, 5, 50), actual: values(300, 30, 3, 30) },
        { id: 2, name: 'Hà Nội', target: null, actual: values(100, 10, 1, 10) },
        { id: 3, name: 'Miền Trung', target: null, actual: ZERO_KPI },
      ],
      reps: [
        { id: 11, regionId: 1, target: values(150, 15, 1, 15), actual: values(1000, 1, 1, 1) },
        { id: 12, regionId: 2, target: values(120, 12, 2, 12), actual: values(60, 6, 0, 6) },
        { id: 13, regionId: 2, target: values(80, 8, 1, 8), actual: ZERO_KPI },
        { id: 14, regionId: null, target: values(10, 1, 1, 1), actual: ZERO_KPI },
        { id: 15, regionId: 2, target: null, actual: values(5, 1, 0, 0) },
      ],
    });
    const [south, hanoi, centre] = judged.regions;
    expect(south).toMatchObject({ name: 'Miền Nam', target_source: 'own', effective_target: values(500, 50, 5, 50) });
    expect(south!.progress.metrics.revenue.percent).toBe(60);
    // Hà Nội has no target of its own: its reps' 120 + 80; its actual stays its own 100, not the reps' 65.
    expect(hanoi).toMatchObject({ target_source: 'sum', effective_target: values(200, 20, 3, 20) });
    expect(hanoi!.progress.metrics.revenue).toMatchObject({ actual: 100, percent: 50 });
    expect(centre).toMatchObject({ target_source: 'none', effective_target: null });
    expect(centre!.progress.score).toBeNull();
    // Company: Miền Nam's own 500 + Hà Nội's summed 200 + the unassigned rep's 10.
    expect(judged.company).toMatchObject({ target_source: 'sum', effective_target: values(710, 71, 9, 71) });
    expect(judged.company.progress.metrics.orders.percent).toBe(126.8);
    const [, , , , idle] = judged.reps;
    expect(idle).toMatchObject({ target_source: 'none', effective_target: null });
    expect(judged.reps[0]!.progress.metrics.revenue.percent).toBe(666.7);
  });

  it('prefers the company’s own target, and counts reps of an unknown region as unassigned', () => {
    const judged = judgeMonth({
      clock: midMonth,
      company: { target: values(1, 1, 1, 1), actual: ZERO_KPI },
      regions: [],
      reps: [{ id: 1, regionId: 99, target: values(7, 7, 7, 7), actual: ZERO_KPI }],
    });
    expect(judged.company).toMatchObject({ target_source: 'own', effective_target: values(1, 1, 1, 1) });
    const summed = judgeMonth({ clock: midMonth, company: { target: null, actual: ZERO_KPI }, regions: [], reps: judged.reps });
    expect(summed.company.effective_target).toEqual(values(7, 7, 7, 7));
  });
});

describe('what counts', () => {
  it('counts submitted orders that are not cancelled, refused or drafts', () => {
    expect([...KPI_ORDER_STATUSES]).toEqual(['pending', 'confirmed', 'delivering', 'completed']);
    expect(KPI_METRICS).toEqual(['revenue', 'orders', 'new_customers', 'visits']);
  });
});
