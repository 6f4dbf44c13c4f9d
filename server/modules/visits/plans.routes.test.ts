/**
 * Route plans over HTTP and sync (contract/visits-plans.ts): who may build, approve, read and pull
 * them, what is refused, and how a check-in is judged against the plan in effect.
 */
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LoginAnswer } from '@contract/auth';
import type { PullAnswer } from '@contract/sync';
import { uuidv7 } from '@contract/uuid';
import type { VisitRecord } from '@contract/visits';
import { planPaths, type RoutePlanRecord, type RouteStop } from '@contract/visits-plans';
import { accounts, customers } from '@server/kernel/db/schema';
import { pushCheckIn } from '@server/testing/fixtures';
import { startDemoServer, type DemoServer } from '@server/testing/test-server';
import { unguarded } from '@server/testing/change-log-guard';

let demo: DemoServer;
let quan: LoginAnswer;
let trinh: LoginAnswer;
let hoa: LoginAnswer;
let trinhId: number;
let hoaId: number;
/** Three of Trình's pharmacies. */
let mine: string[];
/** 2025 is before every plan of the demo (server/seed/demo-route-plans.ts): only this test's plans are in effect. */
const FROM = '2025-01-06';

async function accountId(phone: string): Promise<number> {
  const [row] = await demo.server.deps.db.select({ id: accounts.id }).from(accounts).where(eq(accounts.phone, phone));
  return row!.id;
}

const body = (stops: RouteStop[], extra: Record<string, unknown> = {}) => ({
  company: demo.anKhang,
  account_id: trinhId,
  name: 'Tuyến thử Quận 1',
  effective_from: FROM,
  stops,
  ...extra,
});

const send = <T = RoutePlanRecord>(path: string, token: string, payload: unknown, method = 'POST') =>
  demo.server.call<T>(path, { token, method, body: payload });

async function pulled(token: string): Promise<string[]> {
  const ids: string[] = [];
  for (let cursor = 0; ;) {
    const page = await demo.server.call<PullAnswer>(`/sync/pull?company=${demo.anKhang}&cursor=${cursor}&limit=1000`, { token });
    ids.push(...page.body.data.changes.filter((change) => change.entity === 'route_plan').map((change) => `${change.op}:${change.id}`));
    cursor = page.body.data.cursor;
    if (!page.body.data.hasMore) return ids;
  }
}

async function checkIn(customerId: string, at: string, unplannedReason: string | null = null): Promise<VisitRecord> {
  const result = await pushCheckIn(demo.server, trinh.access, demo.anKhang, { customerId, at, unplannedReason });
  expect(result.outcome, JSON.stringify(result.error)).toBe('applied');
  return result.entity!.data as VisitRecord;
}

beforeAll(async () => {
  demo = await startDemoServer();
  quan = await demo.server.login('0912000003');
  trinh = await demo.server.login('0912000001');
  hoa = await demo.server.login('0912000002');
  [trinhId, hoaId] = await Promise.all([accountId('0912000001'), accountId('0912000002')]);
  // His two pharmacies of the demo (server/seed/demo-employees.ts) and, for this test, a third.
  const db = demo.server.deps.db;
  await unguarded(db, (tx) =>
    tx
      .update(customers)
      .set({ staffId: trinhId })
      .where(and(eq(customers.companyId, demo.anKhang), eq(customers.code, 'KH000001'))),
  );
  const rows = await db
    .select({ id: customers.id })
    .from(customers)
    .where(and(eq(customers.companyId, demo.anKhang), inArray(customers.code, ['KH000001', 'KH000004', 'KH000005'])))
    .orderBy(customers.code);
  mine = rows.map((row) => row.id);
  expect(mine).toHaveLength(3);
});
afterAll(async () => {
  await demo?.server.stop();
});

describe('building and approving a route plan', () => {
  it('lets the region manager plan his region’s rep, waiting for approval, with the customers’ names', async () => {
    const created = await send(
      planPaths.plans,
      quan.access,
      body([{ customer_id: mine[0]!, frequency: 'F8', weekdays: [1, 4], weeks: [] }]),
    );
    expect(created.status, created.body.message).toBe(201);
    expect(created.body.message).toBe('Đã tạo tuyến, chờ duyệt');
    expect(created.body.data).toMatchObject({ status: 'waiting', account_id: trinhId, approved_stops: null, approved_from: null });
    expect(created.body.data.stops[0]!.customer_name).toBeTruthy();
    const seen = await demo.server.call<RoutePlanRecord[]>(`${planPaths.plans}?company=${demo.anKhang}`, { token: trinh.access });
    expect(seen.body.data.map((plan) => plan.id)).toContain(created.body.data.id);
    const other = await demo.server.call<RoutePlanRecord[]>(`${planPaths.plans}?company=${demo.anKhang}`, { token: hoa.access });
    expect(other.body.data.map((plan) => plan.id)).not.toContain(created.body.data.id);
  });

  it('refuses with reasons: a rep building plans, another region’s rep, someone not of the company, a customer not the company’s, a misfit frequency', async () => {
    const stops: RouteStop[] = [{ customer_id: mine[0]!, frequency: 'F4', weekdays: [2], weeks: [] }];
    expect((await send(planPaths.plans, trinh.access, body(stops))).status).toBe(403);
    const outside = await send(planPaths.plans, quan.access, body(stops, { account_id: hoaId }));
    expect([outside.status, outside.body.message]).toEqual([400, 'Nhân viên không thuộc công ty hoặc ngoài khu vực bạn phụ trách']);
    const stranger = await send(planPaths.plans, quan.access, body([{ ...stops[0]!, customer_id: uuidv7() }]));
    expect([stranger.status, stranger.body.message]).toEqual([400, 'Dòng 1: không tìm thấy khách hàng']);
    const misfit = await send(planPaths.plans, quan.access, body([{ ...stops[0]!, frequency: 'F12' }]));
    expect([misfit.status, misfit.body.message]).toEqual([400, 'Tần suất F12 cần chọn 3 ngày trong tuần']);
    const nobody = await send(planPaths.plans, demo.an.access, body(stops, { account_id: 2_147_483_000 }));
    expect([nobody.status, nobody.body.message]).toEqual([400, 'Nhân viên không thuộc công ty hoặc ngoài khu vực bạn phụ trách']);
  });

  it('approves, keeps the approved stops in effect while a change waits, and sends the plan to the rep’s phone only', async () => {
    const stops: RouteStop[] = [
      { customer_id: mine[1]!, frequency: 'F4', weekdays: [2], weeks: [] },
      { customer_id: mine[2]!, frequency: 'F2', weekdays: [2], weeks: [1, 3] },
    ];
    const { body: created } = await send(planPaths.plans, quan.access, body(stops, { name: 'Tuyến thử duyệt' }));
    const plan = created.data;
    expect((await send(planPaths.approve(plan.id), trinh.access, { company: demo.anKhang })).status).toBe(403);
    const approved = await send(planPaths.approve(plan.id), quan.access, { company: demo.anKhang });
    expect(approved.body.data).toMatchObject({
      status: 'approved',
      approved_stops: stops,
      approved_from: FROM,
      approved_by_name: 'Võ Minh Quân',
    });
    const changed = await send(planPaths.plan(plan.id), quan.access, body(stops.slice(0, 1), { name: 'Tuyến thử duyệt' }), 'PUT');
    expect(changed.body.data).toMatchObject({ status: 'waiting', approved_stops: stops });
    expect(await pulled(trinh.access)).toContain(`upsert:${plan.id}`);
    expect(await pulled(hoa.access)).not.toContain(`upsert:${plan.id}`);
    const reassigned = await send(planPaths.plan(plan.id), quan.access, body(stops, { account_id: hoaId }), 'PUT');
    expect(reassigned.body.message).toBe('Không đổi được nhân viên của tuyến; hãy sao chép tuyến cho nhân viên khác');
  });

  it('copies a plan to another rep and removes one, the phone told of both', async () => {
    const { body: created } = await send(
      planPaths.plans,
      demo.an.access,
      body([{ customer_id: mine[0]!, frequency: 'F4', weekdays: [3], weeks: [] }]),
    );
    const copy = await send(planPaths.copy(created.data.id), demo.an.access, { company: demo.anKhang, account_id: hoaId });
    expect(copy.status).toBe(201);
    expect(copy.body.data).toMatchObject({ account_id: hoaId, status: 'waiting', name: created.data.name });
    const removed = await demo.server.call(`${planPaths.plan(created.data.id)}?company=${demo.anKhang}`, {
      token: demo.an.access,
      method: 'DELETE',
    });
    expect(removed.status).toBe(200);
    expect(await pulled(trinh.access)).toContain(`delete:${created.data.id}`);
    const again = await demo.server.call(`${planPaths.plan(created.data.id)}?company=${demo.anKhang}`, {
      token: demo.an.access,
      method: 'DELETE',
    });
    expect([again.status, again.body.message]).toEqual([404, 'Không tìm thấy tuyến']);
    const badId = await send(planPaths.approve('not-a-uuid'), demo.an.access, { company: demo.anKhang });
    expect(badId.status).toBe(404);
  });
});

describe('a check-in against the plan in effect', () => {
  it('is planned on the plan’s day, unplanned with the rep’s reason elsewhere, and neither before any plan', async () => {
    // Approved in the test above: mine[1] weekly on Tuesdays, mine[2] on the first and third Tuesday, from 6 January 2025.
    const tuesday = '2025-01-07T02:00:00.000Z';
    expect(await checkIn(mine[1]!, tuesday)).toMatchObject({ plan_state: 'planned', unplanned_reason: null });
    expect(await checkIn(mine[2]!, '2025-01-14T02:00:00.000Z', 'CUSTOMER_CALLED')).toMatchObject({
      plan_state: 'unplanned',
      unplanned_reason: 'CUSTOMER_CALLED',
    });
    expect(await checkIn(mine[2]!, '2025-01-21T02:00:00.000Z', 'CUSTOMER_CALLED')).toMatchObject({
      plan_state: 'planned',
      unplanned_reason: null,
    });
    expect(await checkIn(mine[1]!, '2024-12-31T02:00:00.000Z')).toMatchObject({ plan_state: null, unplanned_reason: null });
  });
});
