/**
 * The demo's route plans (server/seed/demo-route-plans.ts): each rep has a week of routes, one plan
 * waits for approval, and the visit history since they took effect is judged planned or unplanned.
 */
import { and, eq, isNotNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { vietnamDay } from '@contract/price-policy';
import { dayPlace, planPaths, plannedStops, type RoutePlanRecord } from '@contract/visits-plans';
import { visits } from '@server/kernel/db/schema';
import { startDemoServer, type DemoServer } from '@server/testing/test-server';

let demo: DemoServer;

beforeAll(async () => {
  demo = await startDemoServer();
});
afterAll(async () => {
  await demo?.server.stop();
});

describe('the demo’s route plans', () => {
  it('give each rep approved stops on every working day, one plan waiting and one change waiting', async () => {
    const answer = await demo.server.call<RoutePlanRecord[]>(`${planPaths.plans}?company=${demo.anKhang}`, { token: demo.an.access });
    const plans = answer.body.data;
    expect(plans.map((plan) => [plan.account_name, plan.name, plan.status])).toEqual([
      ['Lê Văn Trình', 'Tuyến Thủ Đức – Quận 1', 'approved'],
      ['Lê Văn Trình', 'Tuyến tháng – thứ Bảy', 'waiting'],
      ['Phạm Thị Hoa', 'Tuyến Hoàn Kiếm', 'waiting'],
    ]);
    expect(new Set(plans.flatMap((plan) => plan.stops.map((stop) => stop.frequency)))).toEqual(new Set(['F12', 'F8', 'F1']));
    const hoa = plans[2]!;
    expect(hoa.approved_stops![0]!.frequency).toBe('F24');
    // Every working day of the coming fortnight, as the phones will list them.
    const days = Array.from({ length: 14 }, (_, i) => vietnamDay(new Date(Date.now() + i * 86_400_000))).filter(
      (day) => dayPlace(day).weekday <= 5,
    );
    for (const day of days)
      for (const plan of [plans[0]!, hoa])
        expect(plannedStops(plans, plan.account_id, day).length, `${plan.account_name} ${day}`).toBeGreaterThan(0);
  });

  it('judge the history since then: visits on the plan, and a few off it with a reason', async () => {
    const judged = await demo.server.deps.db
      .select({ state: visits.planState, reason: visits.unplannedReason })
      .from(visits)
      .where(and(eq(visits.companyId, demo.anKhang), isNotNull(visits.planState)));
    const planned = judged.filter((row) => row.state === 'planned');
    const unplanned = judged.filter((row) => row.state === 'unplanned');
    expect(planned.length).toBeGreaterThan(0);
    expect(unplanned.length).toBeGreaterThan(0);
    expect(unplanned.every((row) => row.reason !== null)).toBe(true);
  });
});
