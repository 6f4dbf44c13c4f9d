/**
 * A customer's licence papers (docs/pharma.md "The customer's papers"): the `customer.licence` op
 * (applied, logged for the phones, refused outside the rep's scope or for an unknown customer, bad
 * input refused in Vietnamese) and the business type it may carry, the office form carrying the same
 * fields, and the list's "Giấy phép" filter.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import type { LoginAnswer } from '@contract/auth';
import { addDays } from '@contract/calendar-days';
import type { CustomerRecord } from '@contract/customers';
import { pharmaPaths, type LicenceExpiryRow } from '@contract/pharma';
import { vietnamDay } from '@contract/price-policy';
import type { PullAnswer, PushAnswer } from '@contract/sync';
import { uuidv7 } from '@contract/uuid';
import { customers } from '@server/kernel/db/schema';
import { DEMO_STAFF } from '@server/seed/demo-employees';
import { startDemoServer, type TestServer } from '@server/testing/test-server';
import { unguarded } from '@server/testing/change-log-guard';

let server: TestServer;
let an: LoginAnswer;
let rep: LoginAnswer;
let anKhang: number;
let minhPhat: number;

beforeAll(async () => {
  ({ server, an, anKhang, minhPhat } = await startDemoServer());
  rep = await server.login(DEMO_STAFF.repSouth);
});
afterAll(async () => {
  await server?.stop();
});

async function customerByCode(code: string, company = anKhang): Promise<CustomerRecord> {
  const answer = await server.call<CustomerRecord[]>(`/customer/api/customer/?company=${company}&search=${code}`, { token: an.access });
  const found = answer.body.data.find((customer) => customer.code === code);
  if (!found) throw new Error(`no customer ${code}`);
  return found;
}

const licence = (customerId: string, patch: Record<string, unknown> = {}) => ({
  customerId,
  licence_number: '0123/ĐKKDD-HCM',
  licence_issuer: 'Sở Y tế Thành phố Hồ Chí Minh',
  licence_date: '2024-05-02',
  controlled_scope: true,
  gpp_number: '456/GPP',
  gpp_expiry: '2027-05-02',
  outlet_code: 'HCM-0001',
  editedAt: new Date().toISOString(),
  ...patch,
});

/** One op through the sync push, as the rep's phone sends it. */
async function push(payload: unknown, token = rep.access, company = anKhang) {
  const answer = await server.call<PushAnswer>('/sync/push', {
    token,
    body: {
      company,
      deviceId: uuidv7(),
      ops: [{ opId: uuidv7(), type: 'customer.licence', schemaVersion: 1, clientCreatedAt: new Date().toISOString(), payload }],
    },
  });
  expect(answer.status).toBe(200);
  return answer.body.data.results[0]!;
}

async function storedLicence(id: string) {
  const [row] = await server.deps.db
    .select({ number: customers.licenceNumber, expiry: customers.gppExpiry, scope: customers.controlledScope })
    .from(customers)
    .where(eq(customers.id, id));
  return row;
}

describe('customer.licence', () => {
  it('is applied to the rep’s own customer, answered with the record and logged for the phones', async () => {
    const mine = await customerByCode('KH000004');
    const before = await server.call<PullAnswer>(`/sync/pull?company=${anKhang}&limit=2000`, { token: rep.access });
    const result = await push(licence(mine.id, { licence_number: '  0123/ĐKKDD-HCM ', outlet_code: '' }));
    expect(result.outcome).toBe('applied');
    expect(result.entity?.data).toMatchObject({
      id: mine.id,
      licence_number: '0123/ĐKKDD-HCM',
      licence_issuer: 'Sở Y tế Thành phố Hồ Chí Minh',
      licence_date: '2024-05-02',
      controlled_scope: true,
      gpp_number: '456/GPP',
      gpp_expiry: '2027-05-02',
      outlet_code: null,
      name: mine.name,
    });
    const pulled = await server.call<PullAnswer>(`/sync/pull?company=${anKhang}&cursor=${before.body.data.cursor}`, { token: rep.access });
    const change = pulled.body.data.changes.find((c) => c.entity === 'customer' && c.id === mine.id);
    expect(change?.data).toMatchObject({ licence_number: '0123/ĐKKDD-HCM', gpp_expiry: '2027-05-02' });
    const read = await server.call<CustomerRecord>(`/customer/api/customer/${mine.id}/?company=${anKhang}`, { token: an.access });
    expect(read.body.data).toMatchObject({ licence_number: '0123/ĐKKDD-HCM', controlled_scope: true, licence_scan: null });
  });

  it('clears the papers when sent empty', async () => {
    const mine = await customerByCode('KH000005');
    await push(licence(mine.id));
    const cleared = await push({ customerId: mine.id, editedAt: new Date().toISOString() });
    expect(cleared.outcome).toBe('applied');
    expect(await storedLicence(mine.id)).toEqual({ number: null, expiry: null, scope: false });
  });

  it('refuses, in Vietnamese, another rep’s customer and changes nothing', async () => {
    const theirs = await customerByCode('KH000007');
    const before = await storedLicence(theirs.id);
    const result = await push(licence(theirs.id, { licence_number: 'KHONG-DUOC' }));
    expect(result).toMatchObject({
      outcome: 'rejected',
      error: { code: 'CUSTOMER_OUT_OF_SCOPE', message: expect.stringContaining('không thuộc phạm vi bạn phụ trách') },
    });
    expect(await storedLicence(theirs.id)).toEqual(before);
  });

  it('refuses a customer that does not exist, or is another company’s, as not found', async () => {
    const unknown = await push(licence(uuidv7()), an.access);
    expect(unknown).toMatchObject({
      outcome: 'rejected',
      error: { code: 'CUSTOMER_NOT_FOUND', message: 'Không tìm thấy khách hàng để cập nhật giấy phép' },
    });
    const made = await server.call<CustomerRecord>('/customer/api/customer/', {
      token: an.access,
      body: { company: minhPhat, name: 'Đại lý Minh Phát Giấy Phép', kind: 'Đại lý' },
    });
    expect(made.status).toBe(201);
    const crossed = await push(licence(made.body.data.id), an.access);
    expect(crossed.error?.code).toBe('CUSTOMER_NOT_FOUND');
    expect((await storedLicence(made.body.data.id))?.number).toBeNull();
  });

  it('refuses bad input before anything is written, naming the field in Vietnamese', async () => {
    const mine = await customerByCode('KH000004');
    const before = await storedLicence(mine.id);
    const badDay = await push(licence(mine.id, { gpp_expiry: '2027-02-30' }));
    expect(badDay).toMatchObject({ outcome: 'rejected', error: { code: 'VALIDATION_FAILED' } });
    expect(badDay.error?.fields?.gpp_expiry).toBe('Ngày hết hạn GPP/GDP không hợp lệ');
    const badScope = await push(licence(mine.id, { controlled_scope: 'có', licence_number: 'x'.repeat(61) }));
    expect(badScope.error?.code).toBe('VALIDATION_FAILED');
    expect(badScope.error?.fields).toMatchObject({
      controlled_scope: 'Phạm vi kinh doanh thuốc kiểm soát đặc biệt không hợp lệ',
      licence_number: 'Số giấy chứng nhận đủ điều kiện kinh doanh dược không được dài quá 60 ký tự',
    });
    expect(await storedLicence(mine.id)).toEqual(before);
  });
});

async function storedKind(id: string) {
  const [row] = await server.deps.db
    .select({ kind: customers.kind, drugBusiness: customers.drugBusiness, number: customers.licenceNumber })
    .from(customers)
    .where(eq(customers.id, id));
  return row;
}

/** Whether the office's "no licence on file" list (drug buyers only, judged by kind) holds the customer. */
async function listedAsMissing(id: string) {
  const page = await server.call<LicenceExpiryRow[]>(`${pharmaPaths.licenceExpiry}?company=${anKhang}&state=missing`, { token: an.access });
  expect(page.status).toBe(200);
  return page.body.data.some((row) => row.customer_id === id);
}

describe('customer.licence with the business type', () => {
  it('changes the kind with the papers in one logged write, and what hangs on the kind follows', async () => {
    const mine = await customerByCode('KH000005');
    expect([mine.kind, mine.drug_business]).toEqual(['Nhà thuốc', true]);
    await push({ customerId: mine.id, editedAt: new Date().toISOString() });
    expect(await listedAsMissing(mine.id)).toBe(true);
    const before = await server.call<PullAnswer>(`/sync/pull?company=${anKhang}&limit=2000`, { token: rep.access });
    const result = await push(licence(mine.id, { kind: 'Cửa hàng', licence_number: 'CH-01' }));
    expect(result.outcome).toBe('applied');
    expect(result.entity?.data).toMatchObject({ kind: 'Cửa hàng', drug_business: false, licence_number: 'CH-01' });
    // One change-log entry carries both: the phones never see the papers without the kind.
    const pulled = await server.call<PullAnswer>(`/sync/pull?company=${anKhang}&cursor=${before.body.data.cursor}`, { token: rep.access });
    const changes = pulled.body.data.changes.filter((c) => c.entity === 'customer' && c.id === mine.id);
    expect(changes).toHaveLength(1);
    expect(changes[0]?.data).toMatchObject({ kind: 'Cửa hàng', drug_business: false, licence_number: 'CH-01' });
    // Not a drug buyer any more: the office's missing-licence list leaves it out even with no number.
    await push({ customerId: mine.id, kind: 'Cửa hàng', editedAt: new Date().toISOString() });
    expect(await listedAsMissing(mine.id)).toBe(false);
    const back = await push(licence(mine.id, { kind: 'Nhà thuốc' }));
    expect(back.entity?.data).toMatchObject({ kind: 'Nhà thuốc', drug_business: true });
  });

  it('keeps the stored kind when an older phone’s op carries none, and a licence flag set by hand', async () => {
    const mine = await customerByCode('KH000004');
    const kept = await push(licence(mine.id, { licence_number: 'PK-CU-01' }));
    expect(kept.outcome).toBe('applied');
    expect(await storedKind(mine.id)).toEqual({ kind: mine.kind, drugBusiness: mine.drug_business, number: 'PK-CU-01' });
    // A clinic marked by hand as a drug business stays one when its kind changes.
    await unguarded(server.deps.db, (tx) =>
      tx
        .update(customers)
        .set({ drugBusiness: true })
        .where(and(eq(customers.id, mine.id), eq(customers.companyId, anKhang))),
    );
    await push(licence(mine.id, { kind: 'Bệnh viện' }));
    expect(await storedKind(mine.id)).toMatchObject({ kind: 'Bệnh viện', drugBusiness: true });
    await push(licence(mine.id, { kind: mine.kind }));
  });

  it('refuses a kind not on the list in Vietnamese and changes nothing', async () => {
    const mine = await customerByCode('KH000004');
    const before = await storedKind(mine.id);
    for (const kind of ['Siêu thị', '', 7, null]) {
      const bad = await push(licence(mine.id, { kind, licence_number: 'KHONG-LUU' }));
      expect(bad).toMatchObject({ outcome: 'rejected', error: { code: 'VALIDATION_FAILED' } });
      expect(bad.error?.fields?.kind, String(kind)).toBe('Loại hình kinh doanh không hợp lệ');
    }
    expect(await storedKind(mine.id)).toEqual(before);
  });

  it('refuses another company’s customer as not found, its kind untouched', async () => {
    const made = await server.call<CustomerRecord>('/customer/api/customer/', {
      token: an.access,
      body: { company: minhPhat, name: 'Nhà thuốc Minh Phát Loại Hình', kind: 'Nhà thuốc' },
    });
    expect(made.status).toBe(201);
    const crossed = await push(licence(made.body.data.id, { kind: 'Cửa hàng' }), an.access);
    expect(crossed).toMatchObject({ outcome: 'rejected', error: { code: 'CUSTOMER_NOT_FOUND' } });
    expect(await storedKind(made.body.data.id)).toEqual({ kind: 'Nhà thuốc', drugBusiness: true, number: null });
  });

  it('refuses another rep’s customer before its kind changes', async () => {
    const theirs = await customerByCode('KH000007');
    const before = await storedKind(theirs.id);
    const result = await push(licence(theirs.id, { kind: 'Khác' }));
    expect(result.error?.code).toBe('CUSTOMER_OUT_OF_SCOPE');
    expect(await storedKind(theirs.id)).toEqual(before);
  });
});

describe('customer.create with its papers', () => {
  it('saves the licence a phone typed with the new customer (the scan is attached by its own upload)', async () => {
    const id = uuidv7();
    const answer = await server.call<PushAnswer>('/sync/push', {
      token: rep.access,
      body: {
        company: anKhang,
        deviceId: uuidv7(),
        ops: [
          {
            opId: uuidv7(),
            type: 'customer.create',
            schemaVersion: 1,
            clientCreatedAt: new Date().toISOString(),
            payload: {
              id,
              name: 'Quầy thuốc Mới Mở',
              kind: 'Quầy thuốc',
              licence_number: 'QT-MOI-01',
              gpp_expiry: '2028-06-30',
              controlled_scope: false,
              licence_scan: uuidv7(),
            },
          },
        ],
      },
    });
    expect(answer.body.data.results[0]).toMatchObject({
      outcome: 'applied',
      entity: { data: { licence_number: 'QT-MOI-01', gpp_expiry: '2028-06-30', licence_scan: null } },
    });
  });
});

describe('licence fields on the office form and the list', () => {
  const form = (patch: Record<string, unknown> = {}) => ({
    company: anKhang,
    name: 'Quầy thuốc Giấy Phép',
    kind: 'Quầy thuốc',
    ...patch,
  });

  it('creates and edits a customer with its papers; an edit keeps the scan the upload attached', async () => {
    const made = await server.call<CustomerRecord>('/customer/api/customer/', {
      token: an.access,
      body: form({ licence_number: 'QT-01', licence_date: '2025-01-15', gpp_number: 'GPP-01', gpp_expiry: '2028-01-15' }),
    });
    expect(made.status).toBe(201);
    expect(made.body.data).toMatchObject({ licence_number: 'QT-01', licence_date: '2025-01-15', gpp_expiry: '2028-01-15' });
    const scan = uuidv7();
    await unguarded(server.deps.db, (tx) =>
      tx
        .update(customers)
        .set({ licenceScan: scan })
        .where(and(eq(customers.id, made.body.data.id), eq(customers.companyId, anKhang))),
    );
    const edited = await server.call<CustomerRecord>(`/customer/api/customer/${made.body.data.id}/`, {
      method: 'PUT',
      token: an.access,
      body: form({ code: made.body.data.code, licence_number: 'QT-02', gpp_expiry: null, licence_scan: null }),
    });
    expect(edited.status).toBe(200);
    expect(edited.body.data).toMatchObject({ licence_number: 'QT-02', licence_date: null, gpp_expiry: null, licence_scan: scan });
  });

  it('refuses a bad day on the form with a 400 naming the field', async () => {
    const bad = await server.call('/customer/api/customer/', { token: an.access, body: form({ licence_date: '15/01/2025' }) });
    expect([bad.status, bad.body.fields?.licence_date]).toEqual([400, 'Ngày cấp giấy chứng nhận không hợp lệ']);
  });

  it('filters the list by how the licence stands today', async () => {
    const today = vietnamDay();
    const states = {
      valid: addDays(today, 200),
      expiring: addDays(today, 10),
      expired: addDays(today, -1),
    };
    const ids: Record<string, string> = {};
    for (const [state, expiry] of Object.entries(states)) {
      const made = await server.call<CustomerRecord>('/customer/api/customer/', {
        token: an.access,
        body: form({ name: `Nhà thuốc Lọc ${state}`, kind: 'Nhà thuốc', licence_number: `LOC-${state}`, gpp_expiry: expiry }),
      });
      ids[state] = made.body.data.id;
    }
    const missing = await server.call<CustomerRecord>('/customer/api/customer/', {
      token: an.access,
      body: form({ name: 'Nhà thuốc Lọc missing', kind: 'Nhà thuốc', licence_number: '   ' }),
    });
    ids.missing = missing.body.data.id;
    for (const state of ['valid', 'expiring', 'expired', 'missing']) {
      const page = await server.call<CustomerRecord[]>(`/customer/api/customer/?company=${anKhang}&search=loc&licence=${state}&limit=100`, {
        token: an.access,
      });
      expect(page.status).toBe(200);
      expect(
        page.body.data.map((c) => c.id),
        state,
      ).toEqual([ids[state]]);
      expect(page.body.count).toBe(1);
    }
    const bad = await server.call(`/customer/api/customer/?company=${anKhang}&licence=soon`, { token: an.access });
    expect([bad.status, bad.body.message]).toEqual([400, 'Bộ lọc giấy phép không hợp lệ']);
  });
});
