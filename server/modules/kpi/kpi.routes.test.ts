import { and, eq, sql } from 'drizzle-orm';
import { rowsOf } from '@server/kernel/sql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CustomerRecord } from '@contract/customers';
import { kpiPaths, MONTH_MESSAGE, monthBounds, shiftMonth, vietnamMonth, type KpiValues } from '@contract/kpi';
import type { OrderRecord } from '@contract/orders';
import type { KpiConfigAnswer, KpiViewsAnswer, MyKpiAnswer } from '@contract/regions';
import type { PushAnswer } from '@contract/sync';
import { uuidv7 } from '@contract/uuid';
import { accounts, customers, kpiTargets, staffSales } from '@server/kernel/db/schema';
import { startRegionKit, STAFF, type RegionKit } from '@server/testing/regions.kit';
import { unguarded } from '@server/testing/change-log-guard';

let kit: RegionKit;
const month = vietnamMonth();
const DEMO_AN = '0901234567';

beforeAll(async () => {
  kit = await startRegionKit();
});
afterAll(async () => {
  await kit?.stop();
});

const views = (query: Record<string, string | number> = {}, token?: string) =>
  kit.get<KpiViewsAnswer>(kpiPaths.views, { company: kit.anKhang, ...query }, token);
const myKpi = (token: string, query: Record<string, string | number> = {}) =>
  kit.get<MyKpiAnswer>(kpiPaths.myKpi, { company: kit.anKhang, ...query }, token);
const config = (query: Record<string, string | number> = {}, token?: string) =>
  kit.get<KpiConfigAnswer>(kpiPaths.configKpi, { company: kit.anKhang, ...query }, token);
const saveTargets = (targets: Record<string, unknown>[], token?: string, targetMonth = month) =>
  kit.send<KpiConfigAnswer>('POST', kpiPaths.configKpi, { company: kit.anKhang, month: targetMonth, targets }, token);

async function accountId(phone: string): Promise<number> {
  const [row] = await kit.server.deps.db.select({ id: accounts.id }).from(accounts).where(eq(accounts.phone, phone));
  return row!.id;
}

/**
 * What the demo's order history (server/seed/demo-history.ts) sold this month at a province's addresses
 * or by one person, counted straight from the rows: orders submitted and not cancelled or refused, and
 * check-ins (at the province's customers, or by the person). New customers are the test's to add.
 */
async function soldThisMonth(where: { province?: string; account?: number }): Promise<KpiValues> {
  const { start, end } = monthBounds(month);
  const orderWhere = where.province ? sql`o.province_code = ${where.province}` : sql`o.account_id = ${where.account!}`;
  const visitWhere = where.province ? sql`c.province_code = ${where.province}` : sql`v.account_id = ${where.account!}`;
  const [sold] = rowsOf<{ revenue: string; orders: string }>(
    await kit.server.deps.db.execute(sql`
      select coalesce(sum(o.total), 0) as revenue, count(*) as orders from orders o
      where o.company_id = ${kit.anKhang} and o.created_at >= ${start} and o.created_at < ${end}
        and o.status in ('pending', 'confirmed', 'delivering', 'completed') and ${orderWhere}`),
  );
  const [visited] = rowsOf<{ n: string }>(
    await kit.server.deps.db.execute(sql`
      select count(*) as n from visits v join customers c on c.id = v.customer_id
      where v.company_id = ${kit.anKhang} and v.check_in_at >= ${start} and v.check_in_at < ${end} and ${visitWhere}`),
  );
  return { revenue: Number(sold!.revenue), orders: Number(sold!.orders), new_customers: 0, visits: Number(visited!.n) };
}

const repRow = (answer: KpiViewsAnswer, phone: string) => answer.reps.find((rep) => rep.account.phone === phone)!;
const regionRow = (answer: KpiViewsAnswer, code: string) => answer.regions.find((row) => row.region.code === code)!;
const actualOf = (values: KpiValues) => [values.revenue, values.orders, values.new_customers, values.visits];

async function checkIn(token: string, customerId: string, at = new Date().toISOString()) {
  const answer = await kit.server.call<PushAnswer>('/sync/push', {
    token,
    body: {
      company: kit.anKhang,
      deviceId: uuidv7(),
      ops: [
        { opId: uuidv7(), type: 'visit.checkIn', schemaVersion: 1, clientCreatedAt: at, payload: { visitId: uuidv7(), customerId, at } },
      ],
    },
  });
  expect(answer.body.data.results[0]!.outcome).toBe('applied');
}

const cancel = (order: OrderRecord) =>
  kit.server.call(`/order/api/updatestatusordercompany/${order.id}/`, {
    method: 'PUT',
    token: kit.an.access,
    body: { company: kit.anKhang, status: 'cancelled', reason: 'Khách đổi ý' },
  });

describe('configkpi/ (read)', () => {
  it('gives the owner every target of the month (the demo seeds this month’s)', async () => {
    const answer = await config();
    expect(answer.status).toBe(200);
    expect(answer.body.data.month).toBe(month);
    expect(answer.body.data.targets).toHaveLength(5);
    const trinh = answer.body.data.targets.find((target) => target.account_id !== null && target.revenue === 150_000_000)!;
    expect(trinh).toMatchObject({ orders: 40, new_customers: 5, visits: 100, region_id: null });
    expect((await config({ month: '2020-01' })).body.data).toEqual({ month: '2020-01', targets: [] });
  });

  it('gives a regional manager their region and its reps, a rep only their own, and refuses the others', async () => {
    const south = await kit.regionId('MN');
    const trinh = await accountId(STAFF.rep);
    const managed = await config({}, kit.manager.access);
    expect(managed.status).toBe(200);
    expect(managed.body.data.targets.map((target) => [target.region_id, target.account_id]).sort()).toEqual(
      [
        [south, null],
        [null, trinh],
      ].sort(),
    );
    const own = await config({}, kit.rep.access);
    expect(own.body.data.targets.map((target) => target.account_id)).toEqual([trinh]);
    const accountant = await config({}, kit.accountant.access);
    expect([accountant.status, accountant.body.message]).toEqual([403, 'Bạn không có quyền xem mục KPI']);
    expect((await config({}, kit.binh.access)).status).toBe(403);
    const bad = await config({ month: '2026-13' });
    expect([bad.status, bad.body.message]).toEqual([400, MONTH_MESSAGE]);
  });
});

describe('views/ and my-kpi/', () => {
  it('judges every region and rep of the month, the company against the sum of the regions', async () => {
    const answer = await views();
    expect(answer.status).toBe(200);
    const data = answer.body.data;
    expect(data).toMatchObject({ month, scope: 'company', clock: { month, state: 'current' } });
    expect(data.regions.map((row) => row.region.code)).toEqual(['HN', 'MN', 'MT']);
    expect(regionRow(data, 'MN')).toMatchObject({
      target_source: 'own',
      own_target: { revenue: 500_000_000, orders: 120, new_customers: 15, visits: 300 },
      rep_count: 1,
      // The demo customers were made when the server seeded them, this month: new customers of their regions;
      // the demo's order history (server/seed/demo-history.ts) sold and visited there this month.
      actual: { ...(await soldThisMonth({ province: '79' })), new_customers: 6 },
    });
    expect(regionRow(data, 'HN').actual).toEqual({ ...(await soldThisMonth({ province: '01' })), new_customers: 3 });
    expect(regionRow(data, 'MT')).toMatchObject({ target_source: 'none', target: null, own_target: null });
    expect(regionRow(data, 'MT').progress.score).toBeNull();
    // Reps: the two sales reps, and An who has a target of his own; not the office staff.
    expect(data.reps.map((rep) => rep.account.full_name).sort()).toEqual(['Lê Văn Trình', 'Nguyễn Văn An', 'Phạm Thị Hoa']);
    expect(repRow(data, STAFF.rep)).toMatchObject({ region: { code: 'MN' }, is_active: true, account: { code: 'TDV001' } });
    const trinhSold = (await soldThisMonth({ account: await accountId(STAFF.rep) })).revenue;
    expect(repRow(data, STAFF.rep).progress.metrics.revenue).toMatchObject({
      target: 150_000_000,
      actual: trinhSold,
      percent: Math.round((trinhSold / 150_000_000) * 1000) / 10,
      remaining: 150_000_000 - trinhSold,
    });
    // No company target of its own: Miền Nam 500 + Hà Nội 300 (Miền Trung has none) + An, in no region, 80 (million).
    expect(data.company).toMatchObject({
      own_target: null,
      target_source: 'sum',
      target: { revenue: 880_000_000, orders: 220, new_customers: 28, visits: 540 },
    });
  });

  it('moves the rep’s, the region’s and the company’s actuals after an order, and back when it is cancelled', async () => {
    const before = (await views()).body.data;
    const order = await kit.createOrder({
      customerCode: 'KH000001',
      lines: [{ variant: kit.variant('Smecta'), unit: 'gói', quantity: 3 }],
    });
    // The order kit submits as An; the rep submits one too, from his phone, at one of his customers.
    const result = await kit.submit(
      { customerCode: 'KH000005', lines: [{ variant: kit.variant('Smecta'), unit: 'gói', quantity: 2 }] },
      { token: kit.rep.access },
    );
    expect(result.outcome, result.error?.message).not.toBe('rejected');
    const repOrder = result.order!;

    const after = (await views()).body.data;
    const rep = repRow(before, STAFF.rep).actual;
    const an = repRow(before, DEMO_AN).actual;
    const south = regionRow(before, 'MN').actual;
    expect(repRow(after, STAFF.rep).actual).toMatchObject({ revenue: rep.revenue + repOrder.total, orders: rep.orders + 1 });
    expect(repRow(after, DEMO_AN).actual).toMatchObject({ revenue: an.revenue + order.total, orders: an.orders + 1 });
    expect(regionRow(after, 'MN').actual).toMatchObject({
      revenue: south.revenue + order.total + repOrder.total,
      orders: south.orders + 2,
    });
    expect(regionRow(after, 'HN').actual).toEqual(regionRow(before, 'HN').actual);
    expect(after.company!.actual.revenue - before.company!.actual.revenue).toBe(order.total + repOrder.total);
    const percent = Math.round(((rep.revenue + repOrder.total) / 150_000_000) * 1000) / 10;
    expect(repRow(after, STAFF.rep).progress.metrics.revenue.percent).toBe(percent);

    const mine = await myKpi(kit.rep.access);
    expect(mine.status).toBe(200);
    expect(mine.body.data).toMatchObject({
      month,
      account: { full_name: 'Lê Văn Trình' },
      region: { code: 'MN', name: 'Miền Nam' },
      target: { revenue: 150_000_000, orders: 40, new_customers: 5, visits: 100 },
      actual: { revenue: rep.revenue + repOrder.total, orders: rep.orders + 1 },
    });
    expect(mine.body.data.progress.metrics.orders).toMatchObject({ target: 40, actual: rep.orders + 1, remaining: 40 - rep.orders - 1 });

    expect((await cancel(repOrder)).status).toBe(200);
    expect((await cancel(order)).status).toBe(200);
    const cancelled = (await views()).body.data;
    expect(repRow(cancelled, STAFF.rep).actual.revenue).toBe(rep.revenue);
    expect(regionRow(cancelled, 'MN').actual).toEqual(regionRow(before, 'MN').actual);
    expect((await myKpi(kit.rep.access)).body.data.actual.orders).toBe(rep.orders);
  });

  it('counts an order in the Vietnam month it was made in', async () => {
    const payload = kit.payloadOf({ customerCode: 'KH000004', lines: [{ variant: kit.variant('Smecta'), unit: 'gói', quantity: 1 }] });
    // One minute before this month began in Hà Nội: last month's order.
    payload.createdAt = new Date(monthBounds(month).start.getTime() - 60_000).toISOString();
    const lastBefore = regionRow((await views({ month: shiftMonth(month, -1) })).body.data, 'MN').actual;
    const nowBefore = regionRow((await views()).body.data, 'MN').actual;
    const result = await kit.submitPayload(payload);
    expect(result.order).toBeDefined();
    const last = (await views({ month: shiftMonth(month, -1) })).body.data;
    expect(last.clock.state).toBe('past');
    expect(regionRow(last, 'MN').actual).toMatchObject({
      revenue: lastBefore.revenue + result.order!.total,
      orders: lastBefore.orders + 1,
    });
    expect(regionRow(last, 'MN').progress.score).toBeNull();
    const now = (await views()).body.data;
    expect(regionRow(now, 'MN').actual.orders).toBe(nowBefore.orders);
    expect((await cancel(result.order!)).status).toBe(200);
  });

  it('adds imported sales, new customers (old province codes too) and check-ins', async () => {
    const db = kit.server.deps.db;
    const before = (await views()).body.data;
    const delta = (after: KpiValues, was: KpiValues) => actualOf(after).map((value, i) => value - actualOf(was)[i]!);
    const hoa = await accountId(STAFF.rep2);
    await db.insert(staffSales).values({ companyId: kit.anKhang, accountId: hoa, month, revenue: 12_000_000, orders: 4 });
    // The rep adds a pharmacy in Hà Nội (outside his region) and checks in at one of his in TP. Hồ Chí Minh.
    const made = await kit.server.call<CustomerRecord>('/customer/api/customer/', {
      token: kit.rep.access,
      body: {
        company: kit.anKhang,
        name: 'Nhà thuốc Long Biên',
        phone: '0912345678',
        address: {
          scheme: 'VN2025',
          province_code: '01',
          province_name: 'Thành phố Hà Nội',
          ward_code: '00070',
          ward_name: 'Phường Hoàn Kiếm',
          street: '3 Hàng Bè',
        },
      },
    });
    expect(made.status).toBe(201);
    await checkIn(kit.rep.access, kit.customers.get('KH000004')!.id);
    // Entered on the old units in Bình Dương (74), now TP. Hồ Chí Minh: Miền Nam.
    const createdBy = await accountId(STAFF.manager);
    await unguarded(db, (tx) =>
      tx.insert(customers).values({
        id: uuidv7(),
        companyId: kit.anKhang,
        code: 'KH-BD-KPI',
        name: 'Nhà thuốc Dĩ An',
        kind: 'Nhà thuốc',
        addressScheme: 'VN_LEGACY',
        provinceCode: '74',
        createdBy,
      }),
    );

    const data = (await views()).body.data;
    expect(delta(repRow(data, STAFF.rep2).actual, repRow(before, STAFF.rep2).actual)).toEqual([12_000_000, 4, 0, 0]);
    expect(delta(regionRow(data, 'HN').actual, regionRow(before, 'HN').actual)).toEqual([12_000_000, 4, 1, 0]);
    expect(delta(repRow(data, STAFF.rep).actual, repRow(before, STAFF.rep).actual)).toEqual([0, 0, 1, 1]);
    expect(delta(regionRow(data, 'MN').actual, regionRow(before, 'MN').actual)).toEqual([0, 0, 1, 1]);
    expect(delta(data.company!.actual, before.company!.actual)).toEqual([12_000_000, 4, 2, 1]);
    expect((await myKpi(kit.rep.access)).body.data.actual).toEqual(repRow(data, STAFF.rep).actual);
    await db.delete(staffSales).where(and(eq(staffSales.accountId, hoa), eq(staffSales.month, month)));
  });

  it('shows a regional manager their region and its reps only', async () => {
    const answer = await views({}, kit.manager.access);
    expect(answer.status).toBe(200);
    expect(answer.body.data.scope).toBe('region');
    expect(answer.body.data.company).toBeNull();
    expect(answer.body.data.regions.map((row) => row.region.code)).toEqual(['MN']);
    expect(answer.body.data.reps.map((rep) => rep.account.full_name)).toEqual(['Lê Văn Trình']);
    const other = await views({ region: await kit.regionId('HN') }, kit.manager.access);
    expect([other.status, other.body.message]).toEqual([403, 'Bạn chỉ được xem khu vực mình phụ trách']);
    expect((await views({ region: await kit.regionId('MN') }, kit.manager.access)).status).toBe(200);
  });

  it('shows a rep only their own progress', async () => {
    const answer = await views({}, kit.rep.access);
    expect(answer.status).toBe(200);
    expect(answer.body.data).toMatchObject({ scope: 'own', company: null, regions: [] });
    expect(answer.body.data.reps.map((rep) => rep.account.phone)).toEqual([STAFF.rep]);
    const region = await views({ region: await kit.regionId('MN') }, kit.rep.access);
    expect([region.status, region.body.message]).toEqual([403, 'Bạn chỉ được xem KPI của chính mình']);
  });

  it('filters the owner’s view to one region', async () => {
    const answer = await views({ region: await kit.regionId('HN') });
    expect(answer.body.data.company).toBeNull();
    expect(answer.body.data.regions.map((row) => row.region.code)).toEqual(['HN']);
    expect(answer.body.data.reps.map((rep) => rep.account.full_name)).toEqual(['Phạm Thị Hoa']);
    const unknown = await views({ region: 999_999 });
    expect([unknown.status, unknown.body.message]).toEqual([400, 'Khu vực không thuộc công ty này']);
  });

  it('refuses members without the permission, other companies and bad months', async () => {
    for (const call of [() => views({}, kit.accountant.access), () => myKpi(kit.accountant.access)]) {
      const answer = await call();
      expect([answer.status, answer.body.message]).toEqual([403, 'Bạn không có quyền xem mục KPI']);
    }
    expect((await views({}, kit.binh.access)).body.error).toBe('NOT_A_MEMBER');
    expect((await myKpi(kit.binh.access)).status).toBe(403);
    // An sells for Minh Phát: a rep there sees his own KPI.
    expect((await kit.get(kpiPaths.myKpi, { company: kit.minhPhat })).status).toBe(200);
    for (const bad of ['2026-5', '2026-00', 'tháng 5', '1999-12']) {
      const answer = await views({ month: bad });
      expect([answer.status, answer.body.fields?.month], bad).toEqual([400, MONTH_MESSAGE]);
    }
  });

  it('gives a member with no target their actuals and no verdict', async () => {
    const mine = await myKpi(kit.manager.access);
    expect(mine.status).toBe(200);
    expect(mine.body.data).toMatchObject({ target: null, region: { code: 'MN' } });
    expect(mine.body.data.progress).toMatchObject({ score: null, on_track: null });
  });
});

describe('configkpi/ (write)', () => {
  it('sets targets for a region, a rep and the company; all zeros remove one', async () => {
    const north = await kit.regionId('HN');
    const centre = await kit.regionId('MT');
    const hoa = await accountId(STAFF.rep2);
    const answer = await saveTargets([
      { region: north, revenue: 350_000_000, orders: 90, new_customers: 12, visits: 210 },
      { region: centre, revenue: 200_000_000 },
      { account: hoa, revenue: 0, orders: 0, new_customers: 0, visits: 0 },
      { revenue: 1_200_000_000, orders: 300, new_customers: 40, visits: 800 },
    ]);
    expect([answer.status, answer.body.message]).toEqual([200, 'Đã lưu chỉ tiêu KPI']);
    const targets = answer.body.data.targets;
    expect(targets.find((target) => target.region_id === north)).toMatchObject({
      revenue: 350_000_000,
      orders: 90,
      new_customers: 12,
      visits: 210,
    });
    expect(targets.find((target) => target.region_id === centre)).toMatchObject({ revenue: 200_000_000, orders: 0 });
    expect(targets.some((target) => target.account_id === hoa)).toBe(false);
    expect(targets.find((target) => target.region_id === null && target.account_id === null)).toMatchObject({ revenue: 1_200_000_000 });

    const data = (await views()).body.data;
    expect(data.company).toMatchObject({ target_source: 'own', own_target: { revenue: 1_200_000_000 } });
    expect(regionRow(data, 'MT')).toMatchObject({ target_source: 'own' });
    expect(repRow(data, STAFF.rep2).target).toBeNull();
    // Saving again updates in place.
    await saveTargets([{ region: north, revenue: 360_000_000, orders: 90, new_customers: 12, visits: 210 }]);
    const rows = await kit.server.deps.db
      .select()
      .from(kpiTargets)
      .where(and(eq(kpiTargets.regionId, north), eq(kpiTargets.month, month)));
    expect(rows.map((row) => row.revenue)).toEqual([360_000_000]);
    // Another month's targets are separate.
    const next = shiftMonth(month, 1);
    expect((await saveTargets([{ region: north, revenue: 1 }], undefined, next)).body.data).toMatchObject({
      month: next,
      targets: [{ revenue: 1 }],
    });
  });

  it('refuses bad targets with Vietnamese messages naming the field', async () => {
    const north = await kit.regionId('HN');
    const cases: [unknown[], string, string][] = [
      [[{ region: north, revenue: -1 }], 'targets.0.revenue', 'Doanh thu mục tiêu không được âm'],
      [[{ region: north, orders: 1.5 }], 'targets.0.orders', 'Số đơn hàng mục tiêu phải là số nguyên'],
      [[{ region: north, visits: '10' }], 'targets.0.visits', 'Số lượt ghé thăm mục tiêu phải là số'],
      [[{ region: north, account: 1, revenue: 1 }], 'targets.0', 'Một chỉ tiêu chỉ dành cho một khu vực hoặc một nhân viên'],
      [[{ region: 0, revenue: 1 }], 'targets.0.region', 'Khu vực không hợp lệ'],
    ];
    for (const [targets, field, message] of cases) {
      const answer = await saveTargets(targets as Record<string, unknown>[]);
      expect([answer.status, answer.body.fields?.[field]], JSON.stringify(targets)).toEqual([400, message]);
    }
    const twice = await saveTargets([
      { region: north, revenue: 1 },
      { region: north, revenue: 2 },
    ]);
    expect([twice.status, twice.body.message]).toEqual([400, 'Mỗi khu vực hoặc nhân viên chỉ có một chỉ tiêu trong tháng']);
    const empty = await saveTargets([]);
    expect([empty.status, empty.body.message]).toEqual([400, 'Vui lòng nhập ít nhất một chỉ tiêu']);
    const badMonth = await kit.send('POST', kpiPaths.configKpi, {
      company: kit.anKhang,
      month: '2026-13',
      targets: [{ region: north, revenue: 1 }],
    });
    expect([badMonth.status, badMonth.body.fields?.month]).toEqual([400, MONTH_MESSAGE]);
    const noMonth = await kit.send('POST', kpiPaths.configKpi, { company: kit.anKhang, targets: [{ region: north, revenue: 1 }] });
    expect([noMonth.status, noMonth.body.message]).toEqual([400, MONTH_MESSAGE]);
    // Regions and people of another company.
    const binh = await accountId('0907654321');
    const foreignPerson = await saveTargets([{ account: binh, revenue: 1 }]);
    expect([foreignPerson.status, foreignPerson.body.fields?.['targets.0.account']]).toEqual([400, 'Nhân viên không thuộc công ty này']);
    const foreignRegion = await saveTargets([{ region: 999_999, revenue: 1 }]);
    expect([foreignRegion.status, foreignRegion.body.message]).toEqual([400, 'Khu vực không thuộc công ty này']);
    expect(
      (
        await kit.server.deps.db
          .select()
          .from(kpiTargets)
          .where(and(eq(kpiTargets.regionId, north), eq(kpiTargets.month, month)))
      ).map((row) => row.revenue),
    ).toEqual([360_000_000]);
  });

  it('lets a regional manager set targets for their region and its reps only; refuses reps and outsiders', async () => {
    const south = await kit.regionId('MN');
    const north = await kit.regionId('HN');
    const trinh = await accountId(STAFF.rep);
    const hoa = await accountId(STAFF.rep2);
    const mine = await saveTargets(
      [
        { region: south, revenue: 520_000_000, orders: 120, new_customers: 15, visits: 300 },
        { account: trinh, revenue: 160_000_000, orders: 40, new_customers: 5, visits: 100 },
      ],
      kit.manager.access,
    );
    expect(mine.status).toBe(200);
    expect(mine.body.data.targets).toHaveLength(2);
    for (const targets of [[{ region: north, revenue: 1 }], [{ account: hoa, revenue: 1 }], [{ revenue: 1 }]]) {
      const answer = await saveTargets(targets, kit.manager.access);
      expect([answer.status, answer.body.message], JSON.stringify(targets)).toEqual([
        403,
        'Bạn chỉ được đặt chỉ tiêu cho khu vực mình phụ trách và nhân viên trong khu vực đó',
      ]);
    }
    const rep = await saveTargets([{ account: trinh, revenue: 999_000_000_000 }], kit.rep.access);
    expect([rep.status, rep.body.message]).toEqual([403, 'Bạn không có quyền sửa mục KPI']);
    expect((await saveTargets([{ region: south, revenue: 1 }], kit.accountant.access)).status).toBe(403);
    const outsider = await kit.send(
      'POST',
      kpiPaths.configKpi,
      { company: kit.anKhang, month, targets: [{ region: south, revenue: 1 }] },
      kit.binh.access,
    );
    expect([outsider.status, outsider.body.error]).toEqual([403, 'NOT_A_MEMBER']);
    expect((await myKpi(kit.rep.access)).body.data.target?.revenue).toBe(160_000_000);
  });
});
