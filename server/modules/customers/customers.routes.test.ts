import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LoginAnswer } from '@contract/auth';
import type { CustomerLevelRecord, CustomerRecord, CustomerTypeSummary } from '@contract/customers';
import type { PullAnswer, PushAnswer } from '@contract/sync';
import { uuidv7 } from '@contract/uuid';
import { and, eq, sql } from 'drizzle-orm';
import { DEMO } from '@server/seed/demo';
import { DEMO_STAFF } from '@server/seed/demo-employees';
import { accountCompanies, customerCounts, customers } from '@server/kernel/db/schema';
import { startDemoServer, type TestServer } from '@server/testing/test-server';

let server: TestServer;
let an: LoginAnswer;
let binh: LoginAnswer;
let anKhang: number;
let minhPhat: number;

beforeAll(async () => {
  ({ server, an, anKhang, minhPhat } = await startDemoServer());
  binh = await server.login(DEMO.binh.phone);
});
afterAll(async () => {
  await server?.stop();
});

const list = (query: string, token = an.access, company = anKhang) =>
  server.call<CustomerRecord[]>(`/customer/api/customer/?company=${company}${query}`, { token });

const newCustomer = (patch: Record<string, unknown> = {}) => ({
  company: anKhang,
  name: 'Nhà thuốc Thanh Tâm',
  kind: 'Nhà thuốc',
  phone: '0903456789',
  owner_name: 'Trần Thanh Tâm',
  address: {
    province_code: '79',
    province_name: 'Thành phố Hồ Chí Minh',
    ward_code: '26743',
    ward_name: 'Phường Bến Thành',
    street: '21 Lý Tự Trọng',
  },
  ...patch,
});

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

async function typesOf(company = anKhang, token = an.access) {
  return (await server.call<CustomerTypeSummary[]>(`/customer/api/customertype/?company=${company}&limit=100`, { token })).body.data;
}

describe('customer/ list', () => {
  it('pages the company’s customers with a count, sorted by name', async () => {
    const page = await list('&limit=4');
    expect(page.status).toBe(200);
    expect(page.body.count).toBe(11);
    expect(page.body.data).toHaveLength(4);
    const names = page.body.data.map((c) => c.name);
    expect([...names].sort((a, b) => a.localeCompare(b))).toEqual(names);
    expect(page.body.data[0]).toMatchObject({ company: anKhang, staff_name: 'Nguyễn Văn An' });
  });

  it('searches without diacritics across name, code, phone and owner', async () => {
    expect((await list('&search=minh chau')).body.data.map((c) => c.name)).toEqual(['Nhà thuốc Minh Châu']);
    expect((await list('&search=MINH CHÂU')).body.data.map((c) => c.name)).toEqual(['Nhà thuốc Minh Châu']);
    expect((await list('&search=KH000003')).body.data.map((c) => c.name)).toEqual(['Quầy thuốc Đức Hạnh']);
    expect((await list('&search=0918333')).body.data.map((c) => c.name)).toEqual(['Quầy thuốc Đức Hạnh']);
    expect((await list('&search=duc hanh')).body.data.map((c) => c.name)).toEqual(['Quầy thuốc Đức Hạnh']);
    expect((await list('&search=100%25')).body.count).toBe(0);
  });

  it('filters by group, level, kind, staff, province, ward and tab', async () => {
    const types = await typesOf();
    const retail = types.find((t) => t.title === 'Nhà thuốc bán lẻ')!;
    expect((await list(`&customer_type=${retail.id}`)).body.count).toBe(retail.customer_count);
    expect((await list('&kind=Phòng khám')).body.data.map((c) => c.name)).toEqual(['Phòng khám Đa khoa Sài Gòn']);
    expect((await list('&province=01')).body.count).toBe(3);
    expect((await list('&ward=00070')).body.data.map((c) => c.code)).toEqual(['KH000006']);
    // Three demo customers are looked after by the reps (server/seed/demo-employees.ts).
    expect((await list(`&staff=${an.account.id}`)).body.count).toBe(8);
    expect((await list('&tab=inactive')).body.count).toBe(0);
    const levels = (await server.call<CustomerLevelRecord[]>(`/customer/api/customer-level/?company=${anKhang}`, { token: an.access })).body
      .data;
    expect(levels.map((l) => l.title)).toEqual(['Đồng', 'Bạc', 'Vàng', 'Kim cương']);
    const diamond = levels.find((l) => l.title === 'Kim cương')!;
    expect((await list(`&level=${diamond.id}`)).body.data.map((c) => c.code).sort()).toEqual(['KH000004', 'KH000006']);
  });

  it('refuses other tenants and bad filters with Vietnamese messages', async () => {
    expect((await list('', binh.access)).status).toBe(403);
    expect((await list('&tab=everything')).body.fields?.tab).toBe('Bộ lọc không hợp lệ');
    expect((await list('&ordering=drop')).status).toBe(400);
    expect((await list('&level=abc')).body.fields?.level).toBe('Cấp độ không hợp lệ');
    expect((await server.call('/customer/api/customer/')).status).toBe(401);
  });
});

describe('customer/ create, read, update, status, delete', () => {
  it('creates a customer with a KH code and shows it in the change log', async () => {
    const before = await server.call<PullAnswer>(`/sync/pull?company=${anKhang}&limit=2000`, { token: an.access });
    const made = await server.call<CustomerRecord>('/customer/api/customer/', { token: an.access, body: newCustomer() });
    expect(made.status).toBe(201);
    expect(made.body.data.code).toMatch(/^KH\d{6}$/);
    expect(made.body.data.address).toMatchObject({ scheme: 'VN2025', ward_name: 'Phường Bến Thành', district_name: null });
    const pulled = await server.call<PullAnswer>(`/sync/pull?company=${anKhang}&cursor=${before.body.data.cursor}`, { token: an.access });
    expect(pulled.body.data.changes.map((c) => c.id)).toEqual([made.body.data.id]);
    const read = await server.call<CustomerRecord>(`/customer/api/customer/${made.body.data.id}/?company=${anKhang}`, { token: an.access });
    expect(read.body.data.name).toBe('Nhà thuốc Thanh Tâm');
    expect((await server.call(`/customer/api/customer/${made.body.data.id}/?company=${minhPhat}`, { token: an.access })).status).toBe(404);
  });

  it('gives a new id, without a word about it, to a customer sent with an id another company uses', async () => {
    const theirs = await server.call<CustomerRecord>('/customer/api/customer/', {
      token: binh.access,
      body: newCustomer({ company: minhPhat, name: 'Đại lý Minh Phát', phone: null }),
    });
    expect(theirs.status).toBe(201);
    const taken = theirs.body.data.id;
    const mine = await server.call<CustomerRecord>('/customer/api/customer/', { token: an.access, body: newCustomer({ id: taken }) });
    expect(mine.status, 'was 409 "Khách hàng này đã được tạo": the id exists somewhere').toBe(201);
    expect(mine.body.data.id).not.toBe(taken);
    expect(mine.body.data.name).toBe('Nhà thuốc Thanh Tâm');
    const still = await server.call<CustomerRecord>(`/customer/api/customer/${taken}/?company=${minhPhat}`, { token: binh.access });
    expect([still.body.data.name, still.body.data.company]).toEqual(['Đại lý Minh Phát', minhPhat]);
    const again = await server.call('/customer/api/customer/', { token: an.access, body: newCustomer({ id: mine.body.data.id }) });
    expect([again.status, again.body.message], 'the same form sent twice in one company is still a conflict').toEqual([
      409,
      'Khách hàng này đã được tạo',
    ]);
  });

  it('refuses a duplicate code, bad fields and references to another company', async () => {
    const dup = await server.call('/customer/api/customer/', { token: an.access, body: newCustomer({ code: 'KH000001' }) });
    expect([dup.status, dup.body.fields?.code]).toEqual([409, 'Mã khách hàng đã tồn tại']);
    const bad = await server.call('/customer/api/customer/', {
      token: an.access,
      body: newCustomer({ name: ' ', phone: '12ab', tax_code: '123', lat: 200, kind: 'Ngân hàng' }),
    });
    expect(bad.status).toBe(400);
    expect(bad.body.fields).toMatchObject({
      name: 'Vui lòng nhập tên khách hàng',
      phone: 'Số điện thoại không hợp lệ',
      tax_code: 'Mã số thuế gồm 10 chữ số (hoặc 10 chữ số - 3 chữ số)',
      lat: 'Vĩ độ không hợp lệ',
      kind: 'Loại khách hàng không hợp lệ',
    });
    const foreignGroup = (await typesOf(minhPhat, binh.access))[0]!;
    const crossed = await server.call('/customer/api/customer/', {
      token: an.access,
      body: newCustomer({ customer_type_id: foreignGroup.id }),
    });
    expect([crossed.status, crossed.body.fields?.customer_type_id]).toEqual([400, 'Nhóm khách hàng không tồn tại']);
    const outsider = await server.call('/customer/api/customer/', { token: binh.access, body: newCustomer() });
    expect(outsider.status).toBe(403);
    const legacyWithoutDistrict = await server.call('/customer/api/customer/', {
      token: an.access,
      body: newCustomer({ address: { scheme: 'VN2025', district_code: '760', district_name: 'Quận 1' } }),
    });
    expect(legacyWithoutDistrict.status).toBe(400);

    // A deactivated rep takes no new customers; the office is told to pick someone else.
    const repNorth = await server.login(DEMO_STAFF.repNorth);
    const member = and(eq(accountCompanies.companyId, anKhang), eq(accountCompanies.accountId, repNorth.account.id));
    await server.deps.db.update(accountCompanies).set({ isActive: false }).where(member);
    try {
      const toInactive = await server.call('/customer/api/customer/', {
        token: an.access,
        body: newCustomer({ staff_id: repNorth.account.id }),
      });
      expect([toInactive.status, toInactive.body.message, toInactive.body.fields?.staff_id]).toEqual([
        400,
        'Nhân viên phụ trách đã ngừng hoạt động, vui lòng chọn người khác',
        'Nhân viên đã ngừng hoạt động',
      ]);
    } finally {
      await server.deps.db.update(accountCompanies).set({ isActive: true }).where(member);
    }
  });

  it('updates, changes status, and deletes only customers without history', async () => {
    const made = (
      await server.call<CustomerRecord>('/customer/api/customer/', { token: an.access, body: newCustomer({ name: 'Nhà thuốc Sẽ Xóa' }) })
    ).body.data;
    const edited = await server.call<CustomerRecord>(`/customer/api/customer/${made.id}/`, {
      method: 'PUT',
      token: an.access,
      body: newCustomer({ name: 'Nhà thuốc Đã Sửa', code: made.code }),
    });
    expect(edited.body.data.name).toBe('Nhà thuốc Đã Sửa');
    expect((await list('&search=da sua')).body.count).toBe(1);
    const paused = await server.call<CustomerRecord>(`/customer/api/customer/${made.id}/status/`, {
      method: 'PUT',
      token: an.access,
      body: { company: anKhang, status: 'inactive' },
    });
    expect(paused.body.data.status).toBe('inactive');
    expect((await list('&tab=inactive')).body.data.map((c) => c.id)).toEqual([made.id]);
    const removed = await server.call(`/customer/api/customer/${made.id}/?company=${anKhang}`, { method: 'DELETE', token: an.access });
    expect(removed.status).toBe(200);
    expect((await server.call(`/customer/api/customer/${made.id}/?company=${anKhang}`, { token: an.access })).status).toBe(404);
    expect((await server.call(`/customer/api/customer/not-a-uuid/?company=${anKhang}`, { token: an.access })).status).toBe(404);
  });

  it('refuses to delete a customer with visits', async () => {
    const customer = (await list('&search=KH000001')).body.data[0]!;
    const visitId = uuidv7();
    await pushOne('visit.checkIn', { visitId, customerId: customer.id, at: new Date().toISOString() });
    const refused = await server.call(`/customer/api/customer/${customer.id}/?company=${anKhang}`, { method: 'DELETE', token: an.access });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toMatch(/Ngừng hoạt động/);
  });
});

describe('customer groups and levels', () => {
  it('creates a group, adds and removes customers, and deletes it leaving its customers ungrouped', async () => {
    const group = await server.call<CustomerTypeSummary>('/customer/api/customertype/', {
      token: an.access,
      body: { company: anKhang, title: 'Nhà thuốc chuỗi', is_wholesale: true },
    });
    expect(group.status).toBe(201);
    expect(group.body.data).toMatchObject({ title: 'Nhà thuốc chuỗi', is_wholesale: true, customer_count: 0 });
    const ids = (await list('&province=01')).body.data.map((c) => c.id);
    const added = await server.call<{ updated: number }>('/customer/api/addcustomer/', {
      token: an.access,
      body: { company: anKhang, customer_type_id: group.body.data.id, customers: ids },
    });
    expect(added.body.data.updated).toBe(3);
    const detail = await server.call<CustomerTypeSummary>(`/customer/api/customertype/${group.body.data.id}/?company=${anKhang}`, {
      token: an.access,
    });
    expect(detail.body.data.customer_count).toBe(3);
    const removed = await server.call<{ updated: number }>('/customer/api/deletecustomer/', {
      token: an.access,
      body: { company: anKhang, customer_type_id: group.body.data.id, customers: ids.slice(0, 1) },
    });
    expect(removed.body.data.updated).toBe(1);
    const deleted = await server.call(`/customer/api/customertype/${group.body.data.id}/?company=${anKhang}`, {
      method: 'DELETE',
      token: an.access,
    });
    expect([deleted.status, deleted.body.message]).toEqual([200, 'Xoá nhóm khách hàng thành công !!!']);
    expect((await list('&tab=ungrouped')).body.data.filter((c) => ids.includes(c.id))).toHaveLength(3);
  });

  it('finds groups without diacritics and refuses foreign ids', async () => {
    const found = await server.call<CustomerTypeSummary[]>(`/customer/api/customertype/?company=${anKhang}&search=benh vien`, {
      token: an.access,
    });
    expect(found.body.data.map((t) => t.title)).toEqual(['Nhà thuốc bệnh viện']);
    const foreign = (await typesOf(minhPhat, binh.access))[0]!;
    expect((await server.call(`/customer/api/customertype/${foreign.id}/?company=${anKhang}`, { token: an.access })).status).toBe(404);
    const steal = await server.call('/customer/api/addcustomer/', {
      token: an.access,
      body: { company: anKhang, customer_type_id: foreign.id, customers: [uuidv7()] },
    });
    expect(steal.status).toBe(404);
  });

  it('manages levels and refuses bad input', async () => {
    const made = await server.call<CustomerLevelRecord>('/customer/api/customer-level/', {
      token: an.access,
      body: { company: anKhang, title: 'Bạch kim', rank: 5 },
    });
    expect(made.status).toBe(201);
    const renamed = await server.call<CustomerLevelRecord>(`/customer/api/customer-level/${made.body.data.id}/`, {
      method: 'PUT',
      token: an.access,
      body: { company: anKhang, title: 'Bạch kim+', rank: 6 },
    });
    expect(renamed.body.data).toMatchObject({ title: 'Bạch kim+', rank: 6 });
    expect(
      (await server.call(`/customer/api/customer-level/${made.body.data.id}/?company=${anKhang}`, { method: 'DELETE', token: an.access }))
        .status,
    ).toBe(200);
    const bad = await server.call('/customer/api/customer-level/', { token: an.access, body: { company: anKhang, title: '', rank: -1 } });
    expect(bad.body.fields).toMatchObject({ title: 'Vui lòng nhập tên cấp độ', rank: 'Thứ hạng không được âm' });
  });
});

describe('update-customer/ (bulk)', () => {
  it('assigns a level to many customers at once, all or nothing', async () => {
    const levels = (await server.call<CustomerLevelRecord[]>(`/customer/api/customer-level/?company=${anKhang}`, { token: an.access })).body
      .data;
    const gold = levels.find((l) => l.title === 'Vàng')!;
    const ids = (await list('&province=79&limit=3')).body.data.map((c) => c.id);
    const done = await server.call<{ updated: number }>('/customer/api/update-customer/', {
      method: 'PUT',
      token: an.access,
      body: { company: anKhang, customers: ids, changes: { level_id: gold.id } },
    });
    expect(done.body.data.updated).toBe(3);
    expect((await list(`&level=${gold.id}&province=79`)).body.data.filter((c) => ids.includes(c.id))).toHaveLength(3);
    const mixed = await server.call('/customer/api/update-customer/', {
      method: 'PUT',
      token: an.access,
      body: { company: anKhang, customers: [...ids, uuidv7()], changes: { status: 'inactive' } },
    });
    expect(mixed.status).toBe(404);
    expect((await list('&tab=inactive')).body.data.filter((c) => ids.includes(c.id))).toHaveLength(0);
    const nothing = await server.call('/customer/api/update-customer/', {
      method: 'PUT',
      token: an.access,
      body: { company: anKhang, customers: ids, changes: {} },
    });
    expect([nothing.status, nothing.body.message]).toEqual([400, 'Chưa chọn thay đổi nào']);
  });
});

describe('customer-table views', () => {
  it('keeps each person’s columns in their order, per company, and refuses unknown columns and strangers', async () => {
    const read = (token = an.access, company = anKhang) =>
      server.call<{ columns: string[] }>(`/customer/api/customer-table/?company=${company}`, { token });
    expect((await read()).body.data.columns).toEqual(['code', 'name', 'kind', 'phone', 'address', 'group', 'level', 'staff', 'status']);
    const saved = await server.call('/customer/api/customer-table/', {
      method: 'PUT',
      token: an.access,
      body: { company: anKhang, columns: ['name', 'code', 'staff'] },
    });
    expect(saved.status).toBe(200);
    expect((await read()).body.data.columns).toEqual(['name', 'code', 'staff']);
    // Another company of the same person, and another person, keep their own.
    expect((await read(an.access, minhPhat)).body.data.columns).toHaveLength(9);
    expect((await read(binh.access, minhPhat)).body.data.columns).toHaveLength(9);
    const bad = await server.call('/customer/api/customer-table/', {
      method: 'PUT',
      token: an.access,
      body: { company: anKhang, columns: ['salary'] },
    });
    expect([bad.status, bad.body.fields?.['columns.0'] ?? bad.body.message]).toEqual([400, 'Cột không hợp lệ']);
    expect((await read(binh.access, anKhang)).status).toBe(403);
  });
});

describe('the list’s count per tab (kept by triggers, migration 0027)', () => {
  /** Each tab's count as the list answers it, beside the same count taken from the rows. */
  async function tabCounts(company = anKhang) {
    const answered: Record<string, number | undefined> = {};
    for (const tab of ['all', 'active', 'inactive', 'ungrouped'])
      answered[tab] = (await list(`&tab=${tab}&limit=1`, an.access, company)).body.count;
    const [counted] = await server.deps.db
      .select({
        all: sql<number>`count(*)::int`,
        active: sql<number>`(count(*) filter (where ${customers.status} = 'active'))::int`,
        inactive: sql<number>`(count(*) filter (where ${customers.status} = 'inactive'))::int`,
        ungrouped: sql<number>`(count(*) filter (where ${customers.customerTypeId} is null))::int`,
      })
      .from(customers)
      .where(eq(customers.companyId, company));
    if (!counted) throw new Error('no count');
    return { answered, counted };
  }

  it('stays the rows’ count through creates, status and group changes, bulk edits, offline creates and deletes', async () => {
    // The tests above created, edited, paused, grouped, ungrouped and deleted customers.
    const before = await tabCounts();
    expect(before.answered).toEqual(before.counted);

    const made = (
      await server.call<CustomerRecord>('/customer/api/customer/', { token: an.access, body: newCustomer({ name: 'Nhà thuốc Đếm' }) })
    ).body.data;
    const ids = (await list('&province=79&limit=2')).body.data.map((c) => c.id);
    await server.call('/customer/api/update-customer/', {
      method: 'PUT',
      token: an.access,
      body: { company: anKhang, customers: [...ids, made.id], changes: { status: 'inactive' } },
    });
    const paused = await tabCounts();
    expect(paused.answered).toEqual(paused.counted);
    expect(paused.answered).toMatchObject({
      all: before.counted.all + 1,
      inactive: before.counted.inactive + 3,
      ungrouped: before.counted.ungrouped + 1,
    });

    const group = (
      await server.call<CustomerTypeSummary>('/customer/api/customertype/', {
        token: an.access,
        body: { company: anKhang, title: 'Nhóm đếm' },
      })
    ).body.data;
    await server.call('/customer/api/addcustomer/', {
      token: an.access,
      body: { company: anKhang, customer_type_id: group.id, customers: [made.id] },
    });
    expect((await tabCounts()).answered.ungrouped).toBe(before.counted.ungrouped);
    await server.call(`/customer/api/customertype/${group.id}/?company=${anKhang}`, { method: 'DELETE', token: an.access });
    await server.call(`/customer/api/customer/${made.id}/?company=${anKhang}`, { method: 'DELETE', token: an.access });
    await server.call('/customer/api/update-customer/', {
      method: 'PUT',
      token: an.access,
      body: { company: anKhang, customers: ids, changes: { status: 'active' } },
    });
    const back = await tabCounts();
    expect(back.answered).toEqual(back.counted);
    expect(back.answered).toEqual(before.counted);

    // A customer made on a phone arrives through the outbox, and another company's counts stay its own.
    // (Nguyễn Văn An sees only his own customers at Minh Phát, so its list counts exactly: read its kept row.)
    const keptAtMinhPhat = async () => {
      const [row] = await server.deps.db.select().from(customerCounts).where(eq(customerCounts.companyId, minhPhat));
      return row && { all: row.total, active: row.active, inactive: row.inactive, ungrouped: row.ungrouped };
    };
    const otherBefore = await tabCounts(minhPhat);
    expect(await keptAtMinhPhat()).toEqual(otherBefore.counted);
    const pushed = await pushOne('customer.create', {
      ...newCustomer({ name: 'Nhà thuốc Ngoại Tuyến' }),
      company: undefined,
      id: uuidv7(),
    });
    expect(pushed.body.data.results.map((r) => r.outcome)).toEqual(['applied']);
    const offline = await tabCounts();
    expect(offline.answered).toEqual(offline.counted);
    expect(offline.answered.all).toBe(before.counted.all + 1);
    expect(await keptAtMinhPhat()).toEqual(otherBefore.counted);
  });

  it('counts exactly what a narrowed list holds', async () => {
    const inactive79 = (await list('&tab=inactive&province=79')).body;
    expect(inactive79.count).toBe(inactive79.data.length);
    const bySearch = (await list('&search=nha thuoc&limit=1')).body.count;
    const all = (await list('&search=nha thuoc&limit=100')).body.data.length;
    expect(bySearch).toBe(all);
  });
});
