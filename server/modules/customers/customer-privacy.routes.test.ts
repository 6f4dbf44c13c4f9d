/**
 * A customer's personal data through the API (contract/customers-privacy.ts): consent required to
 * create a household business online and offline, recorded and withdrawn later (the Zalo link goes
 * with it), the access workbook, erasing that keeps what accounting law needs, and who may do what.
 */
import ExcelJS from 'exceljs';
import { and, desc, eq, isNotNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LoginAnswer } from '@contract/auth';
import type { CustomerRecord } from '@contract/customers';
import {
  answerDueDay,
  CONSENT_NOTICE,
  CONSENT_REQUIRED_MESSAGE,
  ERASED_EDIT_MESSAGE,
  ERASED_NAME,
  privacyPaths,
  type PrivacyEventRecord,
} from '@contract/customers-privacy';
import { messagingPaths, type FollowerRecord } from '@contract/messaging';
import type { OrderRecord } from '@contract/orders';
import type { PullAnswer, PushAnswer, SyncChange } from '@contract/sync';
import { uuidv7 } from '@contract/uuid';
import { accounts, customers, orders, zaloFollowers, zaloOas } from '@server/kernel/db/schema';
import { DEMO } from '@server/seed/demo';
import { DEMO_STAFF } from '@server/seed/demo-employees';
import { startDemoServer, type TestServer } from '@server/testing/test-server';

let server: TestServer;
let an: LoginAnswer;
let binh: LoginAnswer;
let manager: LoginAnswer;
let anKhang: number;
let minhPhat: number;
let oaRowId: number;

beforeAll(async () => {
  ({ server, an, anKhang, minhPhat } = await startDemoServer());
  binh = await server.login(DEMO.binh.phone);
  manager = await server.login(DEMO_STAFF.regionalManager);
  const [oa] = await server.deps.db.select({ id: zaloOas.id }).from(zaloOas).where(eq(zaloOas.companyId, anKhang));
  oaRowId = oa!.id;
});
afterAll(async () => {
  await server?.stop();
});

let phoneSeq = 0;
const newCustomer = (patch: Record<string, unknown> = {}) => ({
  company: anKhang,
  name: 'Nhà thuốc Thanh Tâm',
  kind: 'Nhà thuốc',
  phone: `090345${String(6000 + (phoneSeq += 1)).padStart(4, '0')}`,
  owner_name: 'Trần Thanh Tâm',
  address: {
    province_code: '79',
    province_name: 'Thành phố Hồ Chí Minh',
    ward_code: '26743',
    ward_name: 'Phường Bến Thành',
    street: '21 Lý Tự Trọng',
  },
  lat: 10.7769,
  lng: 106.7009,
  note: 'Chủ cửa hàng hay đi vắng buổi chiều',
  ...patch,
});

const consentNow = () => ({ method: 'on_device', given_at: new Date().toISOString() });

const create = (body: Record<string, unknown>, token = an.access) =>
  server.call<CustomerRecord>('/customer/api/customer/', { token, body });

async function createWithConsent(patch: Record<string, unknown> = {}): Promise<CustomerRecord> {
  const answer = await create(newCustomer({ person: true, consent: consentNow(), ...patch }));
  expect(answer.status).toBe(201);
  return answer.body.data;
}

/** Every change a member's phone pulls after `cursor`, and the cursor after them. */
async function pullFrom(cursor: number, token: string): Promise<{ changes: SyncChange[]; cursor: number }> {
  const changes: SyncChange[] = [];
  for (let current = cursor; ;) {
    const page = await server.call<PullAnswer>(`/sync/pull?company=${anKhang}&cursor=${current}&limit=2000`, { token });
    expect(page.status).toBe(200);
    changes.push(...page.body.data.changes);
    current = page.body.data.cursor;
    if (!page.body.data.hasMore) return { changes, cursor: current };
  }
}

const getRecord = async (id: string) =>
  (await server.call<CustomerRecord>(`/customer/api/customer/${id}/?company=${anKhang}`, { token: an.access })).body.data;

const eventsOf = async (id: string, token = an.access) =>
  (await server.call<PrivacyEventRecord[]>(privacyPaths.events(id, anKhang), { token })).body.data;

const post = <T = CustomerRecord>(path: string, body: Record<string, unknown>, token = an.access, company = anKhang) =>
  server.call<T>(path, { token, body: { company, ...body } });

const countNamed = async (name: string) =>
  (
    await server.deps.db
      .select({ id: customers.id })
      .from(customers)
      .where(and(eq(customers.companyId, anKhang), eq(customers.name, name)))
  ).length;

/** One op through the sync push, as An's phone sends it. */
const pushOne = (type: string, payload: unknown) =>
  server.call<PushAnswer>('/sync/push', {
    token: an.access,
    body: {
      company: anKhang,
      deviceId: uuidv7(),
      ops: [{ opId: uuidv7(), type, schemaVersion: 1, clientCreatedAt: new Date().toISOString(), payload }],
    },
  });

/** A follower of An Khang's demo OA, as the follower sync would have stored it, linked to `customerId` or nobody. */
async function addFollower(displayName: string, customerId: string | null = null): Promise<number> {
  const [row] = await server.deps.db
    .insert(zaloFollowers)
    .values({
      companyId: anKhang,
      oaRowId,
      userId: `84${Date.now()}${Math.floor(Math.random() * 1000)}`,
      displayName,
      customerId,
      linkedBy: customerId ? an.account.id : null,
      linkedAt: customerId ? new Date() : null,
    })
    .returning({ id: zaloFollowers.id });
  return row!.id;
}

const followerCustomer = async (id: number) =>
  (await server.deps.db.select({ customerId: zaloFollowers.customerId }).from(zaloFollowers).where(eq(zaloFollowers.id, id)))[0]!
    .customerId;

const linkFollower = (follower: number, customer: string | null) =>
  server.call<FollowerRecord>(messagingPaths.follower(follower), { method: 'PUT', token: an.access, body: { company: anKhang, customer } });

async function download(path: string, token = an.access): Promise<Response> {
  return fetch(`${server.url}/api${path}`, { headers: { authorization: `Bearer ${token}` } });
}

/** The workbook's rows below the header, as cell values. */
async function sheetRows(response: Response): Promise<unknown[][]> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(await response.arrayBuffer());
  const rows: unknown[][] = [];
  workbook.worksheets[0]!.eachRow((row, number) => {
    if (number > 1) rows.push((row.values as unknown[]).slice(1));
  });
  return rows;
}

describe('creating a household business (consentOnCreate)', () => {
  it('refuses a person without the owner’s consent online, in Vietnamese, and creates nothing', async () => {
    const refused = await create(newCustomer({ name: 'Nhà thuốc Chưa Đồng Ý', person: true }));
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe(CONSENT_REQUIRED_MESSAGE);
    const unchecked = await create(newCustomer({ name: 'Nhà thuốc Chưa Đồng Ý', person: true, consent: null }));
    expect(unchecked.status).toBe(400);
    expect(await countNamed('Nhà thuốc Chưa Đồng Ý')).toBe(0);
  });

  it('takes online a pharmacy whose caller does not say whether it is a person: the kind decides, no consent on file', async () => {
    // An integration or a script, like the sheet import: the customer's page then asks for the consent.
    const taken = await create(newCustomer({ name: 'Nhà thuốc Không Nói' }));
    expect(taken.status).toBe(201);
    expect(taken.body.data.privacy).toEqual({ person: true, consent_at: null, consent_method: null, erased_at: null });
  });

  it('creates a person with consent, on file and in the log with the notice’s version', async () => {
    const before = Date.now();
    const answer = await create(newCustomer({ name: 'Nhà thuốc Có Đồng Ý', person: true, consent: consentNow() }));
    expect(answer.status).toBe(201);
    const record = answer.body.data;
    expect(record.privacy).toMatchObject({ person: true, consent_method: 'on_device', erased_at: null });
    expect(Date.parse(record.privacy.consent_at!)).toBeGreaterThanOrEqual(before - 1_000);
    expect((await getRecord(record.id)).privacy.consent_at).toBe(record.privacy.consent_at);
    const events = await eventsOf(record.id);
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({
      kind: 'consent',
      method: 'on_device',
      notice_version: CONSENT_NOTICE.version,
      by_name: DEMO.an.fullName,
    });
  });

  it('never dates consent after the server received it, whatever the phone’s clock said', async () => {
    const ahead = new Date(Date.now() + 86_400_000).toISOString();
    const record = await createWithConsent({ name: 'Nhà thuốc Đồng Hồ Nhanh', consent: { method: 'paper', given_at: ahead } });
    expect(Date.parse(record.privacy.consent_at!)).toBeLessThanOrEqual(Date.now());
  });

  it('creates an organisation without consent, with nothing in its log', async () => {
    const answer = await create(newCustomer({ name: 'Bệnh viện Quận 1', kind: 'Bệnh viện', person: false, owner_name: null }));
    expect(answer.status).toBe(201);
    expect(answer.body.data.privacy).toEqual({ person: false, consent_at: null, consent_method: null, erased_at: null });
    expect(await eventsOf(answer.body.data.id)).toEqual([]);
  });

  it('rejects the customer.create op of a person without consent with the message, and applies one with consent', async () => {
    const { company: _, ...payload } = newCustomer({ name: 'Nhà thuốc Ngoại Tuyến Chưa Đồng Ý', person: true });
    const refused = await pushOne('customer.create', { ...payload, id: uuidv7() });
    expect(refused.status).toBe(200);
    const [result] = refused.body.data.results;
    expect(result?.outcome).toBe('rejected');
    expect(result?.error?.message).toBe(CONSENT_REQUIRED_MESSAGE);
    expect(await countNamed('Nhà thuốc Ngoại Tuyến Chưa Đồng Ý')).toBe(0);

    const id = uuidv7();
    const agreed = await pushOne('customer.create', { ...payload, name: 'Nhà thuốc Ngoại Tuyến Đồng Ý', id, consent: consentNow() });
    expect(agreed.body.data.results.map((r) => r.outcome)).toEqual(['applied']);
    expect((await getRecord(id)).privacy).toMatchObject({ person: true, consent_method: 'on_device' });
    expect((await eventsOf(id)).map((event) => event.kind)).toEqual(['consent']);
  });

  it('applies an op queued before the rule (no `person`): a pharmacy with no consent on file, nothing lost', async () => {
    const { company: _, ...payload } = newCustomer({ name: 'Nhà thuốc Máy Cũ' });
    const id = uuidv7();
    const pushed = await pushOne('customer.create', { ...payload, id });
    expect(pushed.body.data.results.map((r) => r.outcome)).toEqual(['applied']);
    expect((await getRecord(id)).privacy).toEqual({ person: true, consent_at: null, consent_method: null, erased_at: null });
    expect(await eventsOf(id)).toEqual([]);
  });
});

describe('editing', () => {
  const edit = (id: string, body: Record<string, unknown>) =>
    server.call<CustomerRecord>(`/customer/api/customer/${id}/`, { token: an.access, method: 'PUT', body: { company: anKhang, ...body } });

  it('keeps whether a customer is a person when an edit does not say', async () => {
    const clinic = (await create(newCustomer({ name: 'Phòng khám Bác sĩ Lan', kind: 'Phòng khám', person: true, consent: consentNow() })))
      .body.data;
    const { company: _, ...fields } = newCustomer({ name: 'Phòng khám Bác sĩ Lan (sửa)', kind: 'Phòng khám' });
    const edited = await edit(clinic.id, fields);
    expect(edited.status).toBe(200);
    expect(edited.body.data.privacy.person).toBe(true);
    const withdrawn = await post(privacyPaths.withdraw(clinic.id), {});
    expect(withdrawn.status).toBe(200);
    await edit(clinic.id, fields);
    const follower = await addFollower('Bác sĩ Lan', null);
    expect(await linkFollower(follower, clinic.id), 'still a person: no consent, no Zalo link').toMatchObject({ status: 400 });
  });

  it('refuses to fill an erased customer again, changing nothing', async () => {
    const record = await createWithConsent({ name: 'Nhà thuốc Đã Xóa Sửa Lại' });
    expect((await post(privacyPaths.erase(record.id), { confirm_code: record.code })).status).toBe(200);
    const { company: _, ...fields } = newCustomer({ name: 'Nhà thuốc Đã Xóa Sửa Lại', phone: '0909111222', status: 'active' });
    const refused = await edit(record.id, fields);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(ERASED_EDIT_MESSAGE);
    expect(await getRecord(record.id)).toMatchObject({ phone: null, owner_name: null, status: 'inactive' });
  });
});

describe('consent later, and withdrawn (withdrawWithin)', () => {
  it('records consent on an existing customer, and a withdrawal ends it and unlinks the Zalo follower', async () => {
    const { company: _, ...payload } = newCustomer({ name: 'Nhà thuốc Đồng Ý Sau' });
    const id = uuidv7();
    await pushOne('customer.create', { ...payload, id });

    const agreed = await post(privacyPaths.consent(id), { method: 'paper', note: 'Giấy đồng ý lưu tại văn phòng' });
    expect(agreed.status).toBe(200);
    expect(agreed.body.data.privacy).toMatchObject({ person: true, consent_method: 'paper' });
    expect(agreed.body.data.privacy.consent_at).not.toBeNull();
    const follower = await addFollower('Chủ Nhà thuốc Đồng Ý Sau', id);

    const withdrawn = await post(privacyPaths.withdraw(id), { received_on: '2026-01-02', note: 'Chủ cửa hàng gọi điện' });
    expect(withdrawn.status).toBe(200);
    expect(withdrawn.body.data.privacy).toMatchObject({ consent_at: null, consent_method: null });
    expect(await followerCustomer(follower)).toBeNull();
    const [last, first] = await eventsOf(id);
    expect(first).toMatchObject({ kind: 'consent', method: 'paper', notice_version: CONSENT_NOTICE.version });
    expect(last).toMatchObject({ kind: 'withdraw', received_on: '2026-01-02', due_on: '2026-01-06', note: 'Chủ cửa hàng gọi điện' });

    const again = await post(privacyPaths.withdraw(id), {});
    expect(again.status).toBe(400);
    expect(again.body.message).toMatch(/không có sự đồng ý/);
    expect(await eventsOf(id)).toHaveLength(2);
  });

  it('refuses a consent with an unknown method', async () => {
    const record = await createWithConsent({ name: 'Nhà thuốc Cách Lạ' });
    const refused = await post(privacyPaths.consent(record.id), { method: 'telepathy' });
    expect(refused.status).toBe(400);
    expect(await eventsOf(record.id)).toHaveLength(1);
  });
});

describe('linking a Zalo follower (consentBeforeZalo)', () => {
  it('refuses a person with no consent on file, then links once the owner agreed', async () => {
    const { company: _, ...payload } = newCustomer({ name: 'Nhà thuốc Zalo Chờ' });
    const id = uuidv7();
    await pushOne('customer.create', { ...payload, id });
    const follower = await addFollower('Chủ Nhà thuốc Zalo Chờ');

    const refused = await linkFollower(follower, id);
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe(
      'Chưa liên kết được: Nhà thuốc Zalo Chờ chưa đồng ý cho dùng thông tin cá nhân. Ghi nhận sự đồng ý ở trang khách hàng trước.',
    );
    expect(await followerCustomer(follower)).toBeNull();

    expect((await post(privacyPaths.consent(id), { method: 'message' })).status).toBe(200);
    const linked = await linkFollower(follower, id);
    expect(linked.status).toBe(200);
    expect(linked.body.data.customer?.name).toBe('Nhà thuốc Zalo Chờ');
    expect(await followerCustomer(follower)).toBe(id);
  });

  it('links an organisation without consent', async () => {
    const answer = await create(newCustomer({ name: 'Phòng khám Zalo', kind: 'Phòng khám', person: false }));
    const follower = await addFollower('Phòng khám Zalo');
    expect((await linkFollower(follower, answer.body.data.id)).status).toBe(200);
  });
});

describe('access request (answerWithin)', () => {
  it('hands over a workbook of what is held, and logs the answer with the day received and the day due', async () => {
    const [order] = await server.deps.db
      .select({ customerId: orders.customerId, total: orders.total })
      .from(orders)
      .where(eq(orders.companyId, anKhang))
      .limit(1);
    const record = await getRecord(order!.customerId);
    expect(record.phone).toBeTruthy();

    const response = await download(`${privacyPaths.access(record.id)}?company=${anKhang}&received_on=2026-01-03`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(response.headers.get('content-disposition')).toContain(`du-lieu-ca-nhan-${record.code}-`);
    const rows = await sheetRows(response);
    expect(rows).toContainEqual(expect.arrayContaining(['Khách hàng', 'Số điện thoại', record.phone]));
    const orderRows = rows.filter((row) => row[0] === 'Đơn hàng');
    expect(orderRows.length).toBeGreaterThan(0);
    expect(orderRows.map((row) => row[3])).toContain(order!.total);
    expect(typeof orderRows[0]![3]).toBe('number');

    const [event] = await eventsOf(record.id);
    expect(event).toMatchObject({ kind: 'access', received_on: '2026-01-03', due_on: '2026-01-06', by_name: DEMO.an.fullName });
  });

  it('lists the consent and a linked follower in the workbook of a new customer', async () => {
    const record = await createWithConsent({ name: 'Nhà thuốc Xem Dữ Liệu' });
    await addFollower('Chủ Nhà thuốc Xem Dữ Liệu', record.id);
    const rows = await sheetRows(await download(`${privacyPaths.access(record.id)}?company=${anKhang}`));
    expect(rows.map((row) => row[0])).toEqual(expect.arrayContaining(['Khách hàng', 'Đồng ý, yêu cầu', 'Zalo']));
    expect(rows).toContainEqual(expect.arrayContaining(['Khách hàng', 'Chủ cửa hàng', 'Trần Thanh Tâm']));
    const [event] = await eventsOf(record.id);
    expect(event?.kind).toBe('access');
    // Received today (Vietnam's day) when the request does not say; due 2 working days later.
    expect(event?.received_on).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(event?.due_on).toBe(answerDueDay(event!.received_on!));
    expect(event!.due_on! > event!.received_on!).toBe(true);
  });
});

describe('erase request (keepAccountingRecords)', () => {
  it('refuses a wrong confirmation code and changes nothing', async () => {
    const record = await createWithConsent({ name: 'Nhà thuốc Gõ Nhầm' });
    const refused = await post(privacyPaths.erase(record.id), { confirm_code: 'KH999999' });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe(`Mã xác nhận không khớp: nhập đúng mã ${record.code}`);
    const after = await getRecord(record.id);
    expect(after).toMatchObject({ name: record.name, phone: record.phone, owner_name: record.owner_name, status: 'active' });
    expect(after.privacy).toEqual(record.privacy);
    expect((await eventsOf(record.id)).map((event) => event.kind)).toEqual(['consent']);
  });

  it('clears a customer without orders down to the placeholder name, unlinks Zalo, and refuses a second erase and a new consent', async () => {
    const record = await createWithConsent({ name: 'Nhà thuốc Xóa Hết' });
    const follower = await addFollower('Chủ Nhà thuốc Xóa Hết', record.id);
    const erased = await post(privacyPaths.erase(record.id), { confirm_code: record.code, received_on: '2026-01-07' });
    expect(erased.status).toBe(200);
    expect(erased.body.data).toMatchObject({
      name: ERASED_NAME,
      code: record.code,
      phone: null,
      owner_name: null,
      lat: null,
      lng: null,
      note: null,
      status: 'inactive',
    });
    expect(erased.body.data.address.street).toBeFalsy();
    expect(erased.body.data.privacy).toMatchObject({ consent_at: null, consent_method: null });
    expect(erased.body.data.privacy.erased_at).not.toBeNull();
    expect(await getRecord(record.id)).toMatchObject({ name: ERASED_NAME, phone: null, status: 'inactive' });
    expect(await followerCustomer(follower)).toBeNull();
    const [event] = await eventsOf(record.id);
    expect(event).toMatchObject({ kind: 'erase', received_on: '2026-01-07', due_on: '2026-01-09' });

    const again = await post(privacyPaths.erase(record.id), { confirm_code: record.code });
    expect(again.status).toBe(409);
    const consent = await post(privacyPaths.consent(record.id), { method: 'paper' });
    expect(consent.status).toBe(409);
    expect((await getRecord(record.id)).privacy.consent_at).toBeNull();
    expect(await linkFollower(follower, record.id)).toMatchObject({ status: 400 });
  });

  it('keeps the name of a customer with orders and blanks the phone copied onto its orders', async () => {
    // A demo customer whose orders carry a copy of its phone, and the rep whose phone mirrors one.
    const [order] = await server.deps.db
      .select({ id: orders.id, customerId: orders.customerId, repPhone: accounts.phone })
      .from(orders)
      .innerJoin(accounts, eq(accounts.id, orders.accountId))
      .where(and(eq(orders.companyId, anKhang), isNotNull(orders.customerPhone)))
      .orderBy(desc(orders.createdAt))
      .limit(1);
    const record = await getRecord(order!.customerId);
    expect(record.phone).not.toBeNull();
    const repToken = order!.repPhone === DEMO.an.phone ? an.access : (await server.login(order!.repPhone)).access;
    const { cursor } = await pullFrom(0, repToken);
    const erased = await post(privacyPaths.erase(record.id), { confirm_code: record.code });
    expect(erased.status).toBe(200);
    expect(erased.body.data).toMatchObject({
      name: record.name,
      phone: null,
      owner_name: null,
      lat: null,
      lng: null,
      note: null,
      status: 'inactive',
    });
    expect(erased.body.data.privacy.erased_at).not.toBeNull();
    const phones = await server.deps.db
      .select({ phone: orders.customerPhone })
      .from(orders)
      .where(and(eq(orders.companyId, anKhang), eq(orders.customerId, record.id)));
    expect(phones.length).toBeGreaterThan(0);
    expect(phones.every((row) => row.phone === null)).toBe(true);
    // The rep's phone pulls the order again, without the phone.
    const pulled = (await pullFrom(cursor, repToken)).changes.filter((change) => change.entity === 'order' && change.id === order!.id);
    expect(pulled.map((change) => (change.data as OrderRecord).customer_phone)).toEqual([null]);
    const [event] = await eventsOf(record.id);
    expect(event?.kind).toBe('erase');
    expect(event?.note).toMatch(/Luật Kế toán/);
  });
});

describe('who may', () => {
  it('answers 404 to a member of another company for every privacy route on this customer', async () => {
    const record = await createWithConsent({ name: 'Nhà thuốc Riêng Tư' });
    const answers = [
      await server.call(privacyPaths.events(record.id, minhPhat), { token: binh.access }),
      await post(privacyPaths.consent(record.id), { method: 'paper' }, binh.access, minhPhat),
      await post(privacyPaths.withdraw(record.id), {}, binh.access, minhPhat),
      await post(privacyPaths.erase(record.id), { confirm_code: record.code }, binh.access, minhPhat),
    ];
    expect(answers.map((answer) => answer.status)).toEqual([404, 404, 404, 404]);
    const access = await download(`${privacyPaths.access(record.id)}?company=${minhPhat}`, binh.access);
    expect(access.status).toBe(404);
    expect(await getRecord(record.id)).toMatchObject({ name: record.name, phone: record.phone, privacy: record.privacy });
    expect((await eventsOf(record.id)).map((event) => event.kind)).toEqual(['consent']);
  });

  it('refuses erasing to a role without customers/delete, changing nothing', async () => {
    const record = await createWithConsent({ name: 'Nhà thuốc Không Được Xóa' });
    const refused = await post(privacyPaths.erase(record.id), { confirm_code: record.code }, manager.access);
    expect(refused.status).toBe(403);
    expect(await getRecord(record.id)).toMatchObject({ name: record.name, phone: record.phone, status: 'active' });
    expect((await getRecord(record.id)).privacy.erased_at).toBeNull();
  });
});

describe('deleting a customer', () => {
  it('deletes a customer with no history whose log holds its consent', async () => {
    const record = await createWithConsent({ name: 'Nhà thuốc Tạo Nhầm' });
    const deleted = await server.call(`/customer/api/customer/${record.id}/?company=${anKhang}`, { method: 'DELETE', token: an.access });
    expect(deleted.status).toBe(200);
    expect(await countNamed('Nhà thuốc Tạo Nhầm')).toBe(0);
    const log = await server.call(privacyPaths.events(record.id, anKhang), { token: an.access });
    expect(log.status).toBe(404);
  });
});
