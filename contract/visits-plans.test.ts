import { describe, expect, it } from 'vitest';
import * as v from 'valibot';
import {
  dayPlace,
  describeStop,
  plannedStops,
  plannedCalls,
  planStateOf,
  RoutePlanSchema,
  stopDueOn,
  stopProblem,
  type ApprovedPlan,
  type RouteStop,
} from './visits-plans';

const stop = (customer: string, frequency: RouteStop['frequency'], weekdays: number[], weeks: number[] = []): RouteStop => ({
  customer_id: customer,
  frequency,
  weekdays,
  weeks,
});

/** The days of December 2026 a stop falls on (1 December 2026 is a Tuesday). */
function decemberDays(rule: RouteStop): number[] {
  return Array.from({ length: 31 }, (_, i) => i + 1).filter((day) => stopDueOn(rule, `2026-12-${String(day).padStart(2, '0')}`));
}

describe('frequency to dates', () => {
  it('places a day in its ISO weekday and its week of the month', () => {
    expect(dayPlace('2026-12-01')).toEqual({ weekday: 2, week: 1 });
    expect(dayPlace('2026-12-07')).toEqual({ weekday: 1, week: 1 });
    expect(dayPlace('2026-12-08')).toEqual({ weekday: 2, week: 2 });
    expect(dayPlace('2026-12-27')).toEqual({ weekday: 7, week: 4 });
    expect(dayPlace('2026-12-29')).toEqual({ weekday: 2, week: 5 });
  });

  it('F4 visits every such weekday, five Tuesdays in December', () => {
    expect(decemberDays(stop('a', 'F4', [2]))).toEqual([1, 8, 15, 22, 29]);
  });

  it('F8, F12 and F24 visit two, three and six weekdays each week', () => {
    expect(decemberDays(stop('a', 'F8', [1, 4])).slice(0, 4)).toEqual([3, 7, 10, 14]);
    expect(decemberDays(stop('a', 'F12', [1, 3, 5])).slice(0, 3)).toEqual([2, 4, 7]);
    expect(decemberDays(stop('a', 'F24', [1, 2, 3, 4, 5, 6]))).toHaveLength(27);
  });

  it('F2 visits weeks 1 and 3, or 2 and 4; the fifth Tuesday is neither', () => {
    expect(decemberDays(stop('a', 'F2', [2], [1, 3]))).toEqual([1, 15]);
    expect(decemberDays(stop('a', 'F2', [2], [2, 4]))).toEqual([8, 22]);
  });

  it('F1 visits once, in the chosen week', () => {
    expect(decemberDays(stop('a', 'F1', [5], [3]))).toEqual([18]);
  });
});

describe('a stop fits its frequency', () => {
  it('accepts each frequency with as many weekdays as it needs', () => {
    expect(stopProblem(stop('a', 'F4', [3]))).toBeNull();
    expect(stopProblem(stop('a', 'F8', [2, 5]))).toBeNull();
    expect(stopProblem(stop('a', 'F12', [1, 3, 5]))).toBeNull();
    expect(stopProblem(stop('a', 'F24', [1, 2, 3, 4, 5, 6]))).toBeNull();
    expect(stopProblem(stop('a', 'F2', [2], [3, 1]))).toBeNull();
    expect(stopProblem(stop('a', 'F1', [2], [4]))).toBeNull();
  });

  it('says what is wrong in Vietnamese', () => {
    expect(stopProblem(stop('a', 'F8', [2]))).toBe('Tần suất F8 cần chọn 2 ngày trong tuần');
    expect(stopProblem(stop('a', 'F4', [2, 2]))).toBe('Ngày trong tuần không hợp lệ');
    expect(stopProblem(stop('a', 'F4', [8]))).toBe('Ngày trong tuần không hợp lệ');
    expect(stopProblem(stop('a', 'F4', [2], [1]))).toBe('Tần suất F4 không chọn tuần trong tháng');
    expect(stopProblem(stop('a', 'F2', [2], [1, 2]))).toBe('Tần suất F2 cần chọn tuần 1 và 3, hoặc tuần 2 và 4');
    expect(stopProblem(stop('a', 'F1', [2], [5]))).toBe('Tần suất F1 cần chọn một tuần (1–4) trong tháng');
    expect(stopProblem(stop('a', 'F1', [2]))).toBe('Tần suất F1 cần chọn một tuần (1–4) trong tháng');
  });

  it('reads back in words', () => {
    expect(describeStop(stop('a', 'F2', [3], [1, 3]))).toBe('F2 – 2 tuần 1 lần: T4, tuần 1 và 3');
    expect(describeStop(stop('a', 'F8', [1, 7]))).toBe('F8 – tuần 2 lần: T2, CN');
  });

  it('refuses a plan body with a misfit stop, a customer twice or no name', () => {
    const customer = '0b7e7f4a-4c1e-4f57-9a51-1f9f2b0c1d11';
    const body = { company: 1, account_id: 2, name: 'Tuyến T2', effective_from: '2026-12-07', stops: [stop(customer, 'F4', [1])] };
    expect(v.safeParse(RoutePlanSchema, body).success).toBe(true);
    const misfit = v.safeParse(RoutePlanSchema, { ...body, stops: [stop(customer, 'F8', [1])] });
    expect(misfit.issues?.[0]?.message).toBe('Tần suất F8 cần chọn 2 ngày trong tuần');
    const twice = v.safeParse(RoutePlanSchema, { ...body, stops: [stop(customer, 'F4', [1]), stop(customer, 'F4', [2])] });
    expect(twice.issues?.[0]?.message).toBe('Một khách hàng chỉ có một dòng trong tuyến');
    expect(v.safeParse(RoutePlanSchema, { ...body, name: '  ' }).issues?.[0]?.message).toBe('Vui lòng nhập tên tuyến');
    expect(v.safeParse(RoutePlanSchema, { ...body, effective_from: '2026-02-30' }).success).toBe(false);
  });
});

describe("a rep's day", () => {
  const plans: ApprovedPlan[] = [
    {
      id: 'p2',
      name: 'Tuyến B',
      account_id: 7,
      approved_from: '2026-12-01',
      approved_stops: [stop('c3', 'F4', [2]), stop('c1', 'F4', [2])],
    },
    {
      id: 'p1',
      name: 'Tuyến A',
      account_id: 7,
      approved_from: '2026-12-01',
      approved_stops: [stop('c1', 'F8', [2, 5]), stop('c2', 'F4', [3])],
    },
    { id: 'p3', name: 'Tuyến C', account_id: 7, approved_from: '2027-01-01', approved_stops: [stop('c4', 'F4', [2])] },
    { id: 'p4', name: 'Chưa duyệt', account_id: 7, approved_from: null, approved_stops: null },
    { id: 'p5', name: 'Của người khác', account_id: 8, approved_from: '2026-12-01', approved_stops: [stop('c5', 'F4', [2])] },
  ];

  it('lists the approved stops in effect that day, plans by name, each customer once', () => {
    const today = plannedStops(plans, 7, '2026-12-08');
    expect(today.map((item) => [item.customer_id, item.plan_name])).toEqual([
      ['c1', 'Tuyến A'],
      ['c3', 'Tuyến B'],
    ]);
    expect(plannedStops(plans, 7, '2026-12-09').map((item) => item.customer_id)).toEqual(['c2']);
    expect(plannedStops(plans, 7, '2026-11-24')).toEqual([]);
    expect(plannedStops(plans, 7, '2027-01-05').map((item) => item.customer_id)).toEqual(['c1', 'c3', 'c4']);
  });

  it('counts the planned calls of a period, each day as the plans in effect then say', () => {
    // 7–13 December 2026 (Monday to Sunday): Tuesday c1 and c3 (c1 of Tuyến B counted once),
    // Wednesday c2, Friday c1.
    expect(plannedCalls(plans, 7, '2026-12-07', '2026-12-13')).toBe(4);
    // The same week's days from 29 December, then Tuyến C's c4 joins on Tuesday 5 January 2027.
    expect(plannedCalls(plans, 7, '2026-12-28', '2027-01-05')).toBe(4 + 3);
    expect(plannedCalls(plans, 7, '2026-11-01', '2026-11-30')).toBe(0);
    expect(plannedCalls(plans, 7, '2026-12-09', '2026-12-08')).toBe(0);
  });

  it('calls a check-in planned, unplanned, or neither when the rep has no plan in effect', () => {
    expect(planStateOf(plans, 7, '2026-12-08', 'c3')).toBe('planned');
    expect(planStateOf(plans, 7, '2026-12-08', 'c2')).toBe('unplanned');
    expect(planStateOf(plans, 7, '2026-11-24', 'c2')).toBeNull();
    expect(planStateOf(plans, 9, '2026-12-08', 'c2')).toBeNull();
  });
});
