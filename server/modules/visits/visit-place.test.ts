/**
 * Check-in at the customer (contract/visits-place.ts) through the sync push, as a phone sends it:
 * the company's rule against the pin, the pin set from a first check-in, and the heuristics the
 * server records as flags; the settings' reads, writes and refusals.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { LoginAnswer } from '@contract/auth';
import type { OpResult, PushAnswer } from '@contract/sync';
import { uuidv7 } from '@contract/uuid';
import type { GeoLocation, VisitRecord } from '@contract/visits';
import {
  DEFAULT_VISIT_SETTINGS,
  LOCATION_NOTICE,
  visitSettingsPaths,
  type LocationNoticeRow,
  type VisitSettings,
} from '@contract/visits-place';
import { changeLog, customers, locationNoticeAcceptances, visits } from '@server/kernel/db/schema';
import { vietnamDay } from '@contract/price-policy';
import { employeePaths } from '@contract/employees';
import { removeOldPositions } from './position-retention';
import { DEMO } from '@server/seed/demo';
import { STAFF } from '@server/testing/employees.kit';
import { startDemoServer, type TestServer } from '@server/testing/test-server';
import { unguarded } from '@server/testing/change-log-guard';

let server: TestServer;
let an: LoginAnswer;
let rep: LoginAnswer;
let anKhang: number;

const PIN = { lat: 10.7736, lng: 106.7013 };
const north = (metres: number, accuracy = 10): GeoLocation => ({ lat: PIN.lat + metres / 111_195, lng: PIN.lng, accuracy });

/** A pharmacy of the rep's own, with the pin given (or none). */
async function pharmacy(pin: { lat: number; lng: number } | null): Promise<string> {
  const id = uuidv7();
  await unguarded(server.deps.db, (tx) =>
    tx.insert(customers).values({
      id,
      companyId: anKhang,
      code: `KH-PIN-${id.slice(-6)}`,
      name: 'Nhà thuốc Ghim',
      kind: 'Nhà thuốc',
      staffId: rep.account.id,
      searchText: 'nha thuoc ghim',
      lat: pin?.lat ?? null,
      lng: pin?.lng ?? null,
    }),
  );
  return id;
}

/** Times in the past, so no check-in reads as a clock ahead of the server's (CLOCK_AHEAD). */
const hoursAgo = (hours: number) => new Date(Date.now() - hours * 3_600_000).toISOString();

type CheckIn = { customerId: string; location: GeoLocation | null; at?: string; pin?: boolean; token?: string; deviceId?: string };

async function checkIn(input: CheckIn): Promise<{ result: OpResult; visit: VisitRecord | undefined }> {
  const at = input.at ?? new Date().toISOString();
  const visitId = uuidv7();
  const payload = { visitId, customerId: input.customerId, at, location: input.location, note: null, pin: input.pin ?? false };
  const answer = await server.call<PushAnswer>('/sync/push', {
    token: input.token ?? rep.access,
    body: {
      company: anKhang,
      deviceId: input.deviceId ?? uuidv7(),
      ops: [{ opId: uuidv7(), type: 'visit.checkIn', schemaVersion: 1, clientCreatedAt: at, payload }],
    },
  });
  expect(answer.status).toBe(200);
  const result = answer.body.data.results[0]!;
  return { result, visit: result.entity?.data as VisitRecord | undefined };
}

async function setSettings(settings: Partial<VisitSettings>, token = an.access) {
  return server.call<VisitSettings>(visitSettingsPaths.settings, {
    method: 'PUT',
    token,
    body: { company: anKhang, ...DEFAULT_VISIT_SETTINGS, ...settings },
  });
}

beforeAll(async () => {
  ({ server, an, anKhang } = await startDemoServer());
  rep = await server.login(STAFF.rep);
});
afterAll(async () => {
  await server?.stop();
});
beforeEach(async () => {
  expect((await setSettings({})).status).toBe(200);
});

describe('check-in rules', () => {
  it('a rep reads them; only who keeps the company settings changes them; bad values are refused in Vietnamese', async () => {
    const read = await server.call<VisitSettings>(`${visitSettingsPaths.settings}?company=${anKhang}`, { token: rep.access });
    expect([read.status, read.body.data]).toEqual([200, DEFAULT_VISIT_SETTINGS]);
    expect((await setSettings({ place_rule: 'allow' }, rep.access)).status).toBe(403);
    const bad = await setSettings({ radius_m: 5, accuracy_limit_m: 100.5, place_rule: 'maybe' as never, position_days: 7 });
    expect(bad.status).toBe(400);
    expect(bad.body.fields).toMatchObject({
      radius_m: 'Bán kính phải là số nguyên từ 20 đến 5.000 m',
      accuracy_limit_m: 'Độ chính xác tối thiểu phải là số nguyên từ 10 đến 2.000 m',
      place_rule: 'Cách xử lý không hợp lệ',
      position_days: 'Số ngày giữ vị trí GPS phải là số nguyên từ 30 đến 3.650 ngày',
    });
    const unchanged = await server.call<VisitSettings>(`${visitSettingsPaths.settings}?company=${anKhang}`, { token: an.access });
    expect(unchanged.body.data).toEqual(DEFAULT_VISIT_SETTINGS);
    const saved = await setSettings({ place_rule: 'block', radius_m: 300 });
    expect([saved.body.data, saved.body.message]).toEqual([
      { place_rule: 'block', radius_m: 300, accuracy_limit_m: 100, position_days: 365 },
      'Đã lưu quy tắc check-in',
    ]);
    // The phones hear of it: a change of the company's one settings record.
    const changes = await server.deps.db
      .select()
      .from(changeLog)
      .where(and(eq(changeLog.companyId, anKhang), eq(changeLog.entity, 'visit_settings')));
    expect(changes.map((change) => change.entityId)).toContain(String(anKhang));
  });

  it('another company’s member can neither read nor change them', async () => {
    const binh = await server.login(DEMO.binh.phone);
    expect((await server.call(`${visitSettingsPaths.settings}?company=${anKhang}`, { token: binh.access })).status).toBe(403);
    expect((await setSettings({ place_rule: 'allow' }, binh.access)).status).toBe(403);
    expect((await server.call(`${visitSettingsPaths.settings}?company=abc`, { token: an.access })).status).toBe(400);
  });
});

describe('a check-in against the customer’s pin', () => {
  it('warn (the default): 512 m away is recorded with its distance and flag; at the pin, nothing is flagged', async () => {
    const shop = await pharmacy(PIN);
    const far = await checkIn({ customerId: shop, location: north(512), at: hoursAgo(2) });
    expect(far.result.outcome).toBe('applied');
    expect(far.visit).toMatchObject({ check_in_distance_m: 512, flags: ['FAR_FROM_PIN'] });
    const near = await checkIn({ customerId: shop, location: north(30), at: hoursAgo(1) });
    expect(near.visit).toMatchObject({ check_in_distance_m: 30, flags: [] });
  });

  it('block: refused with the phone’s own words, and nothing is recorded; within the radius it passes', async () => {
    await setSettings({ place_rule: 'block' });
    const shop = await pharmacy(PIN);
    const far = await checkIn({ customerId: shop, location: north(512) });
    expect(far.result).toMatchObject({
      outcome: 'rejected',
      error: { code: 'CHECK_IN_PLACE', message: 'Không thể check-in: máy đang cách vị trí khách hàng 512 m, quá bán kính 200 m.' },
    });
    const blind = await checkIn({ customerId: shop, location: null });
    expect(blind.result.error?.message).toBe('Không thể check-in: không lấy được vị trí GPS của máy.');
    const list = await server.call<VisitRecord[]>(`/visit/api/visits/?company=${anKhang}&customer=${shop}`, { token: an.access });
    expect(list.body.count).toBe(0);
    const near = await checkIn({ customerId: shop, location: north(150) });
    expect(near.result.outcome).toBe('applied');
    expect(near.visit?.flags).toEqual([]);
  });

  it('allow: passes, flagged for the office all the same', async () => {
    await setSettings({ place_rule: 'allow' });
    const shop = await pharmacy(PIN);
    const far = await checkIn({ customerId: shop, location: north(900, 400) });
    expect(far.result.outcome).toBe('applied');
    expect(far.visit?.flags).toEqual(['FAR_FROM_PIN', 'POOR_ACCURACY']);
  });
});

describe('the pin from a first check-in', () => {
  it('a customer without a pin is pinned where the rep stands; a pin once set is not moved by a later check-in', async () => {
    const shop = await pharmacy(null);
    const first = await checkIn({ customerId: shop, location: north(0, 25), pin: true, at: hoursAgo(2) });
    expect(first.visit).toMatchObject({ check_in_distance_m: null, flags: ['PIN_SET'] });
    const [pinned] = await server.deps.db.select({ lat: customers.lat, lng: customers.lng }).from(customers).where(eq(customers.id, shop));
    expect(pinned).toEqual({ lat: PIN.lat, lng: PIN.lng });
    const later = await checkIn({ customerId: shop, location: north(150), pin: true, at: hoursAgo(1) });
    expect(later.visit).toMatchObject({ check_in_distance_m: 150, flags: [] });
    const [still] = await server.deps.db.select({ lat: customers.lat }).from(customers).where(eq(customers.id, shop));
    expect(still!.lat).toBe(PIN.lat);
  });

  it('a fix less accurate than the limit does not set a pin', async () => {
    const shop = await pharmacy(null);
    const rough = await checkIn({ customerId: shop, location: north(0, 300), pin: true });
    expect(rough.visit?.flags).toEqual([]);
    const [row] = await server.deps.db.select({ lat: customers.lat }).from(customers).where(eq(customers.id, shop));
    expect(row!.lat).toBeNull();
  });
});

describe('heuristics, recorded as flags', () => {
  it('a speed no road allows since the rep’s previous fix', async () => {
    const here = await pharmacy(PIN);
    const there = await pharmacy({ lat: PIN.lat + 0.5, lng: PIN.lng });
    // Before the demo history's 120 days, so no demo visit of the account is the previous fix.
    const start = Date.parse('2025-06-01T02:00:00Z');
    await checkIn({ customerId: here, location: north(0, 8), at: new Date(start).toISOString() });
    const jump = await checkIn({
      customerId: there,
      location: { lat: PIN.lat + 0.5, lng: PIN.lng, accuracy: 8 },
      at: new Date(start + 10 * 60_000).toISOString(),
    });
    expect(jump.visit?.flags).toContain('IMPOSSIBLE_SPEED');
  });

  it('one device used by two reps on one day, and a position sitting on the pin while the GPS is unsure', async () => {
    const shop = await pharmacy(PIN);
    const deviceId = uuidv7();
    // Before the demo history's 120 days: the owner's demo visits are not the previous fix.
    const day = '2025-06-02T';
    const mine = await checkIn({ customerId: shop, location: north(20), deviceId, at: `${day}02:00:00.000Z` });
    expect(mine.visit?.flags).toEqual([]);
    const other = await checkIn({
      customerId: shop,
      location: { ...PIN, accuracy: 80 },
      deviceId,
      token: an.access,
      at: `${day}04:00:00.000Z`,
    });
    expect(other.visit?.flags).toEqual(['SHARED_DEVICE', 'ON_PIN']);
    // The next day the device is another's without a flag.
    const next = await checkIn({ customerId: shop, location: north(20), deviceId, at: '2025-06-03T02:00:00.000Z' });
    expect(next.visit?.flags).toEqual([]);
  });
});

describe('reps’ positions kept no longer than the company says (REP_LOCATION_RULES)', () => {
  const positionsOf = async (ids: string[]) =>
    (
      await server.deps.db
        .select({ id: visits.id, lat: visits.checkInLat, outLat: visits.checkOutLat, distance: visits.checkInDistance })
        .from(visits)
    )
      .filter((row) => ids.includes(row.id))
      .sort((a, b) => ids.indexOf(a.id) - ids.indexOf(b.id));

  it('the nightly run removes the positions of visits older than the kept days, and keeps the visits and their distance', async () => {
    expect((await setSettings({ position_days: 30 })).status).toBe(200);
    const shop = await pharmacy(PIN);
    const old = await checkIn({ customerId: shop, location: north(40), at: new Date(Date.now() - 40 * 86_400_000).toISOString() });
    const recent = await checkIn({ customerId: shop, location: north(40), at: hoursAgo(3) });
    const seqOf = async () =>
      (await server.deps.db.select({ seq: changeLog.seq }).from(changeLog).where(eq(changeLog.entityId, old.visit!.id)))[0]?.seq ?? 0;
    const before = await seqOf();
    const cleared = await removeOldPositions(server.deps.db, vietnamDay());
    expect(cleared).toBeGreaterThanOrEqual(1);
    expect(await positionsOf([old.visit!.id, recent.visit!.id])).toEqual([
      { id: old.visit!.id, lat: null, outLat: null, distance: 40 },
      { id: recent.visit!.id, lat: recent.visit!.check_in_location!.lat, outLat: null, distance: 40 },
    ]);
    // The phones hear of it: the cleared visit is changed again in the log they pull.
    expect(await seqOf()).toBeGreaterThan(before);
  });

  it('a rep made inactive loses the positions of all their visits at once; another rep keeps theirs', async () => {
    const shop = await pharmacy(PIN);
    const mine = await checkIn({ customerId: shop, location: north(20), at: hoursAgo(5) });
    const owners = await checkIn({ customerId: shop, location: north(20), token: an.access, at: hoursAgo(5) });
    const off = await server.call(employeePaths.inactiveStaff, {
      method: 'POST',
      token: an.access,
      body: { company: anKhang, account: rep.account.id, is_active: false },
    });
    expect(off.status).toBe(200);
    try {
      const [repVisit, ownerVisit] = await positionsOf([mine.visit!.id, owners.visit!.id]);
      expect(repVisit).toMatchObject({ lat: null, distance: 20 });
      expect(ownerVisit!.lat).not.toBeNull();
    } finally {
      await server.call(employeePaths.inactiveStaff, {
        method: 'POST',
        token: an.access,
        body: { company: anKhang, account: rep.account.id, is_active: true },
      });
    }
  });
});

describe('the location notice (LOCATION_NOTICE)', () => {
  async function accept(token: string, version: string, at: string) {
    const answer = await server.call<PushAnswer>('/sync/push', {
      token,
      body: {
        company: anKhang,
        deviceId: uuidv7(),
        ops: [{ opId: uuidv7(), type: 'visit.acceptLocationNotice', schemaVersion: 1, clientCreatedAt: at, payload: { version, at } }],
      },
    });
    return answer.body.data.results[0]!;
  }
  const notices = (token = an.access) =>
    server.call<LocationNoticeRow[]>(`${visitSettingsPaths.locationNotices}?company=${anKhang}`, { token });

  it('is kept once per rep and version, dated no later than it arrived; the office sees who accepted which', async () => {
    const before = (await notices()).body.data.find((row) => row.account_id === rep.account.id);
    expect(before).toMatchObject({ full_name: 'Lê Văn Trình', version: null, accepted_at: null });
    expect((await accept(rep.access, LOCATION_NOTICE.version, hoursAgo(2))).outcome).toBe('applied');
    expect((await accept(rep.access, LOCATION_NOTICE.version, hoursAgo(1))).outcome).toBe('applied');
    const ahead = new Date(Date.now() + 86_400_000).toISOString();
    expect((await accept(rep.access, '2027-01-01', ahead)).outcome).toBe('applied');
    const row = (await notices()).body.data.find((candidate) => candidate.account_id === rep.account.id)!;
    expect(row.version).toBe('2027-01-01');
    expect(Date.parse(row.accepted_at!)).toBeLessThanOrEqual(Date.now());
    const kept = await server.deps.db
      .select()
      .from(locationNoticeAcceptances)
      .where(eq(locationNoticeAcceptances.accountId, rep.account.id));
    expect(kept.map((acceptance) => acceptance.version).sort()).toEqual([LOCATION_NOTICE.version, '2027-01-01']);
  });

  it('a bad version is refused in Vietnamese; a rep may not read the list, another company neither', async () => {
    const bad = await accept(rep.access, 'mới nhất', hoursAgo(1));
    expect(bad).toMatchObject({ outcome: 'rejected' });
    expect(JSON.stringify(bad.error)).toContain('Phiên bản thông báo không hợp lệ');
    expect((await notices(rep.access)).status).toBe(403);
    const binh = await server.login(DEMO.binh.phone);
    expect((await notices(binh.access)).status).toBe(403);
  });
});
