/**
 * Route compliance in the staff report (server/modules/reports/report-route.ts): the demo reps'
 * planned calls as their approved plans say, the planned visits made, the visits off the plan and
 * the flagged places, under the report's period and scope; a new unplanned check-in counts at once.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LoginAnswer } from '@contract/auth';
import { vietnamDay } from '@contract/price-policy';
import { reportPaths, type StaffReport, type StaffRow } from '@contract/reports';
import { PLACE_FLAGS, type VisitRecord } from '@contract/visits';
import { planPaths, plannedCalls, plannedStops, type RoutePlanRecord } from '@contract/visits-plans';
import { pushCheckIn } from '@server/testing/fixtures';
import { startDemoServer, type DemoServer } from '@server/testing/test-server';

let demo: DemoServer;
let trinh: LoginAnswer;
const today = vietnamDay();
/** The last four weeks: the demo's plans took effect four Mondays ago (server/seed/demo-route-plans.ts). */
const from = vietnamDay(new Date(Date.now() - 27 * 86_400_000));

async function staffRow(token: string, name: string): Promise<StaffRow | undefined> {
  const answer = await demo.server.call<StaffReport>(`${reportPaths.staff}?company=${demo.anKhang}&date_from=${from}&date_to=${today}`, {
    token,
  });
  expect(answer.status, answer.body.message).toBe(200);
  return answer.body.data.rows.find((row) => row.name === name);
}

async function visitsOf(accountId: number): Promise<VisitRecord[]> {
  const answer = await demo.server.call<VisitRecord[]>(
    `/visit/api/visits/?company=${demo.anKhang}&account=${accountId}&date_from=${from}&date_to=${today}&limit=200`,
    { token: demo.an.access },
  );
  return answer.body.data;
}

beforeAll(async () => {
  demo = await startDemoServer();
  trinh = await demo.server.login('0912000001');
});
afterAll(async () => {
  await demo?.server.stop();
});

describe('route compliance in the staff report', () => {
  it('counts each demo rep’s planned calls, the planned visits made, those off the plan and the flagged places', async () => {
    const plans = (await demo.server.call<RoutePlanRecord[]>(`${planPaths.plans}?company=${demo.anKhang}`, { token: demo.an.access })).body
      .data;
    for (const name of ['Lê Văn Trình', 'Phạm Thị Hoa']) {
      const row = (await staffRow(demo.an.access, name))!;
      const accountId = row.account_id;
      const visits = await visitsOf(accountId);
      const dayOf = (visit: VisitRecord) => vietnamDay(new Date(visit.check_in_at));
      const done = new Set(visits.filter((visit) => visit.plan_state === 'planned').map((visit) => `${dayOf(visit)} ${visit.customer_id}`));
      expect(row.planned_calls, name).toBe(plannedCalls(plans, accountId, from, today));
      expect(row.planned_calls, name).toBeGreaterThan(0);
      expect(row.planned_done, name).toBe(done.size);
      expect(row.route_compliance, name).toBe(Math.round((1000 * Math.min(done.size, row.planned_calls)) / row.planned_calls) / 10);
      expect(row.unplanned_visits, name).toBe(visits.filter((visit) => visit.plan_state === 'unplanned').length);
      expect(row.place_flagged, name).toBe(visits.filter((visit) => visit.flags.some((flag) => PLACE_FLAGS.includes(flag))).length);
    }
  });

  it('opens the visits behind each figure: the visit list filtered on or off the plan, or flagged; a wrong filter is refused in Vietnamese', async () => {
    const row = (await staffRow(demo.an.access, 'Lê Văn Trình'))!;
    const list = (filter: string) =>
      demo.server.call<VisitRecord[]>(
        `/visit/api/visits/?company=${demo.anKhang}&account=${row.account_id}&date_from=${from}&date_to=${today}&limit=200&${filter}`,
        { token: demo.an.access },
      );
    const unplanned = await list('plan_state=unplanned');
    expect(unplanned.body.count).toBe(row.unplanned_visits);
    expect(unplanned.body.data.every((visit) => visit.plan_state === 'unplanned')).toBe(true);
    const planned = await list('plan_state=planned');
    expect(planned.body.data.every((visit) => visit.plan_state === 'planned')).toBe(true);
    const flagged = await list('flagged=1');
    expect(flagged.body.count).toBe(row.place_flagged);
    expect(flagged.body.data.every((visit) => visit.flags.some((flag) => PLACE_FLAGS.includes(flag)))).toBe(true);
    const wrong = await list('plan_state=maybe');
    expect([wrong.status, wrong.body.message]).toEqual([400, 'Trạng thái theo tuyến không hợp lệ']);
  });

  it('counts a new check-in off today’s plan at once, and a rep sees only their own row', async () => {
    const before = (await staffRow(trinh.access, 'Lê Văn Trình'))!;
    expect(await staffRow(trinh.access, 'Phạm Thị Hoa')).toBeUndefined();
    // One of his two pharmacies is off today's plan whatever the weekday (F12 on Monday, Wednesday, Friday; F8 on Tuesday, Thursday).
    const plans = (await demo.server.call<RoutePlanRecord[]>(`${planPaths.plans}?company=${demo.anKhang}`, { token: trinh.access })).body
      .data;
    const planned = new Set(plannedStops(plans, before.account_id, today).map((stop) => stop.customer_id));
    const offPlan = plans.flatMap((plan) => plan.stops.map((stop) => stop.customer_id)).find((id) => !planned.has(id))!;
    const pushed = await pushCheckIn(demo.server, trinh.access, demo.anKhang, { customerId: offPlan, unplannedReason: 'CUSTOMER_CALLED' });
    expect(pushed.entity!.data).toMatchObject({ plan_state: 'unplanned', unplanned_reason: 'CUSTOMER_CALLED' });
    const after = (await staffRow(trinh.access, 'Lê Văn Trình'))!;
    expect(after.unplanned_visits).toBe(before.unplanned_visits + 1);
    expect(after.planned_done).toBe(before.planned_done);
    expect(after.planned_calls).toBe(before.planned_calls);
  });
});
