/**
 * Reps' positions through a logged read (contract/visits-positions.ts): the visit list hides another
 * rep's coordinates, the day call answers them within the caller's scope and logs each answer to
 * someone other than the rep, and the log's readers.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LoginAnswer } from '@contract/auth';
import { vietnamDay } from '@contract/price-policy';
import type { PushAnswer } from '@contract/sync';
import { uuidv7 } from '@contract/uuid';
import type { GeoLocation, VisitRecord } from '@contract/visits';
import { privacyPaths } from '@contract/customers-privacy';
import { positionPaths, type PositionDay, type PositionViewRecord } from '@contract/visits-positions';
import { customers, positionViews } from '@server/kernel/db/schema';
import { DEMO } from '@server/seed/demo';
import { DEMO_STAFF } from '@server/seed/demo-employees';
import { startDemoServer, type TestServer } from '@server/testing/test-server';
import { unguarded } from '@server/testing/change-log-guard';

let server: TestServer;
let an: LoginAnswer;
let south: LoginAnswer;
let north: LoginAnswer;
let manager: LoginAnswer;
let accountant: LoginAnswer;
let anKhang: number;
let southShop: string;
let northShop: string;

// A day of the past within the positions' keeping (365 days by default), before the demo's history.
const DAY = vietnamDay(new Date(Date.now() - 150 * 86_400_000));
const at = (time: string) => new Date(`${DAY}T${time}:00+07:00`).toISOString();
const HERE: GeoLocation = { lat: 10.7769, lng: 106.7009, accuracy: 12 };

async function shop(name: string, provinceCode: string, staffId: number): Promise<string> {
  const id = uuidv7();
  await unguarded(server.deps.db, (tx) =>
    tx.insert(customers).values({
      id,
      companyId: anKhang,
      code: `KH-POS-${id.slice(-6)}`,
      name,
      kind: 'Nhà thuốc',
      staffId,
      provinceCode,
      searchText: name.toLowerCase(),
    }),
  );
  return id;
}

async function visitAt(token: string, customerId: string, checkIn: string, checkOut?: string) {
  const visitId = uuidv7();
  const op = (type: string, payload: object, when: string) => ({ opId: uuidv7(), type, schemaVersion: 1, clientCreatedAt: when, payload });
  const ops = [op('visit.checkIn', { visitId, customerId, at: checkIn, location: HERE }, checkIn)];
  if (checkOut) ops.push(op('visit.checkOut', { visitId, at: checkOut, location: HERE }, checkOut));
  const answer = await server.call<PushAnswer>('/sync/push', { token, body: { company: anKhang, deviceId: uuidv7(), ops } });
  expect(answer.body.data.results.map((result) => result.outcome)).toEqual(ops.map(() => 'applied'));
  return visitId;
}

const dayOf = (account: number, token: string, date = DAY, company = anKhang) =>
  server.call<PositionDay>(`${positionPaths.day}?company=${company}&account=${account}&date=${date}`, { token });

const logOf = (token: string, query = '') =>
  server.call<PositionViewRecord[]>(`${positionPaths.views}?company=${anKhang}${query}`, { token });

async function logRows(account: number) {
  return server.deps.db
    .select()
    .from(positionViews)
    .where(and(eq(positionViews.companyId, anKhang), eq(positionViews.accountId, account)));
}

beforeAll(async () => {
  ({ server, an, anKhang } = await startDemoServer());
  [south, north, manager, accountant] = await Promise.all([
    server.login(DEMO_STAFF.repSouth),
    server.login(DEMO_STAFF.repNorth),
    server.login(DEMO_STAFF.regionalManager),
    server.login(DEMO_STAFF.accountant),
  ]);
  // Hồ Chí Minh (79) is the regional manager's Miền Nam; Hà Nội (01) is not.
  southShop = await shop('Nhà thuốc Vị Trí Nam', '79', south.account.id);
  northShop = await shop('Nhà thuốc Vị Trí Bắc', '01', north.account.id);
  await visitAt(south.access, southShop, at('15:00'));
  await visitAt(south.access, southShop, at('08:30'), at('09:10'));
  await visitAt(north.access, northShop, at('10:00'));
});
afterAll(async () => {
  await server?.stop();
});

describe('the visit list and positions', () => {
  const listed = (token: string, account: number) =>
    server.call<VisitRecord[]>(`/visit/api/visits/?company=${anKhang}&customer=${southShop}&account=${account}`, { token });

  it('hides another rep’s coordinates, saying there is a position, and shows the rep their own', async () => {
    const seen = await listed(manager.access, south.account.id);
    expect(seen.status).toBe(200);
    expect(seen.body.data).toHaveLength(2);
    for (const visit of seen.body.data)
      expect(visit).toMatchObject({ check_in_location: null, check_out_location: null, has_location: true });
    const own = await listed(south.access, south.account.id);
    expect(own.body.data.map((visit) => visit.check_in_location)).toEqual([HERE, HERE]);
    expect(own.body.data[1]!.check_out_location).toEqual(HERE);
    expect(own.body.data[0]!.has_location).toBe(true);
  });
});

describe('visit/api/visits/positions/', () => {
  it('answers the rep’s day in time order to the regional manager and logs exactly one row', async () => {
    const before = (await logRows(south.account.id)).length;
    const answer = await dayOf(south.account.id, manager.access);
    expect(answer.status).toBe(200);
    expect(answer.body.data).toMatchObject({
      account_id: south.account.id,
      account_name: 'Lê Văn Trình',
      date: DAY,
      positions: 3,
      logged: true,
    });
    expect(answer.body.data.visits.map((visit) => visit.check_in_at)).toEqual([at('08:30'), at('15:00')]);
    expect(answer.body.data.visits[0]).toMatchObject({
      customer_name: 'Nhà thuốc Vị Trí Nam',
      check_in_location: HERE,
      check_out_location: HERE,
    });
    const rows = await logRows(south.account.id);
    expect(rows).toHaveLength(before + 1);
    expect(rows.at(-1)).toMatchObject({ viewerId: manager.account.id, day: DAY, positions: 3, source: 'day' });
  });

  it('logs nothing for the rep’s own day', async () => {
    const before = (await logRows(south.account.id)).length;
    const answer = await dayOf(south.account.id, south.access);
    expect(answer.body.data).toMatchObject({ positions: 3, logged: false });
    expect(await logRows(south.account.id)).toHaveLength(before);
  });

  it('refuses a rep outside the caller’s scope or company, and logs nothing', async () => {
    const before = [(await logRows(north.account.id)).length, (await logRows(south.account.id)).length];
    // The regional manager of Miền Nam, for a rep of Hà Nội; a rep, for another rep.
    expect((await dayOf(north.account.id, manager.access)).status).toBe(404);
    expect((await dayOf(south.account.id, north.access)).status).toBe(404);
    // Bình is no member of An Khang: not its rep, and no reader of its visits.
    const binh = await server.login(DEMO.binh.phone);
    expect((await dayOf(binh.account.id, an.access)).status).toBe(404);
    expect((await dayOf(south.account.id, binh.access)).status).toBe(403);
    // The accountant has no visits view.
    expect((await dayOf(south.account.id, accountant.access)).status).toBe(403);
    expect([(await logRows(north.account.id)).length, (await logRows(south.account.id)).length]).toEqual(before);
  });

  it('refuses bad input in Vietnamese', async () => {
    const bad = await dayOf(south.account.id, manager.access, '2026-02-30');
    expect(bad.status).toBe(400);
    expect(bad.body.fields?.date).toBe('Ngày không hợp lệ (YYYY-MM-DD)');
    const noAccount = await server.call(`${positionPaths.day}?company=${anKhang}&date=${DAY}`, { token: an.access });
    expect(noAccount.status).toBe(400);
    expect((await server.call(`${positionPaths.day}?company=${anKhang}&account=${south.account.id}&date=${DAY}`)).status).toBe(401);
  });
});

describe('visit/api/position-views/', () => {
  it('lists the whole log, newest first, to who keeps it', async () => {
    await dayOf(north.account.id, an.access);
    for (const token of [an.access, manager.access]) {
      const answer = await logOf(token);
      expect(answer.status).toBe(200);
      expect(answer.body.data[0]).toMatchObject({ viewer_name: 'Nguyễn Văn An', account_id: north.account.id, date: DAY, positions: 1 });
      expect(answer.body.count).toBeGreaterThanOrEqual(2);
    }
    const one = await logOf(an.access, `&account=${south.account.id}&limit=1&page=1`);
    expect(one.body.data.map((row) => row.account_id)).toEqual([south.account.id]);
    expect(one.body.count).toBe((await logRows(south.account.id)).length);
  });

  it('shows a rep who viewed their positions, and no one else’s', async () => {
    const mine = await logOf(south.access);
    expect(mine.status).toBe(200);
    expect(mine.body.data.length).toBeGreaterThan(0);
    expect(mine.body.data.every((row) => row.account_id === south.account.id)).toBe(true);
    expect(mine.body.data.some((row) => row.viewer_name === 'Võ Minh Quân')).toBe(true);
    expect((await logOf(south.access, `&account=${north.account.id}`)).status).toBe(403);
    expect((await logOf(accountant.access)).body).toMatchObject({ data: [], count: 0 });
    expect((await logOf(an.access, '&page=0')).status).toBe(400);
  });
});

describe('a customer’s access export', () => {
  it('logs the reps whose check-in positions it hands out, one row each', async () => {
    const before = (await logRows(south.account.id)).length;
    const response = await fetch(`${server.url}/api${privacyPaths.access(southShop)}?company=${anKhang}`, {
      headers: { authorization: `Bearer ${an.access}` },
    });
    expect(response.status).toBe(200);
    await response.arrayBuffer();
    const rows = await logRows(south.account.id);
    expect(rows).toHaveLength(before + 1);
    expect(rows.at(-1)).toMatchObject({ viewerId: an.account.id, source: 'privacy_export', day: null, positions: 2 });
  });
});
