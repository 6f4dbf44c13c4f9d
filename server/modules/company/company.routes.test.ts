import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LoginAnswer } from '@contract/auth';
import type { Company, Membership } from '@contract/company';
import { FEATURE_CODES, REPORT_CONFIG_KEYS, SWITCH_CODES } from '@contract/company-switches';
import { customerPaths } from '@contract/customers';
import { accountCompanies } from '@server/kernel/db/schema';
import { DEMO } from '@server/seed/demo';
import { addAccount } from '@server/testing/fixtures';
import { startDemoServer, type DemoCompanies, type TestServer } from '@server/testing/test-server';

let server: TestServer;
let an: LoginAnswer;
let binh: LoginAnswer;
let ids: DemoCompanies;

beforeAll(async () => {
  ({ server, an, ...ids } = await startDemoServer());
  binh = await server.login(DEMO.binh.phone);
});
afterAll(async () => {
  await server?.stop();
});

const onoff = (company: number | string, code?: string) =>
  `/company/api/functiononoff/?company=${company}${code === undefined ? '' : `&code=${encodeURIComponent(code)}`}`;

describe('functiononoff/', () => {
  it('answers is_enabled true for every switch and report config of An Khang', async () => {
    for (const code of SWITCH_CODES) {
      const answer = await server.call<{ is_enabled: boolean }>(onoff(ids.anKhang, code), { token: an.access });
      expect([code, answer.status, answer.body.data.is_enabled]).toEqual([code, 200, true]);
    }
  });

  it('answers is_enabled false for every switch of Minh Phát, which has no report config', async () => {
    for (const code of [...FEATURE_CODES, ...REPORT_CONFIG_KEYS]) {
      const answer = await server.call<{ is_enabled: boolean }>(onoff(ids.minhPhat, code), { token: binh.access });
      expect([code, answer.body.data.is_enabled]).toEqual([code, false]);
    }
  });

  it('answers every switch at once without a code', async () => {
    const answer = await server.call<{ code: string; is_enabled: boolean }[]>(onoff(ids.anKhang), { token: an.access });
    expect(answer.body.data).toHaveLength(SWITCH_CODES.length);
    expect(answer.body.data.every((row) => row.is_enabled)).toBe(true);
  });

  it('refuses a pending member, a non-member and an unknown company with the same 403', async () => {
    for (const [company, token] of [
      [ids.hoaBinh, an.access],
      [ids.anKhang, binh.access],
      [987654, an.access],
    ] as const) {
      const answer = await server.call(onoff(company, 'VAT'), { token });
      expect([answer.status, answer.body.error]).toEqual([403, 'NOT_A_MEMBER']);
      expect(answer.body.data).toBeNull();
    }
  });

  it('answers 400 for an unknown code, a missing or malformed company', async () => {
    const unknown = await server.call(onoff(ids.anKhang, 'NOPE'), { token: an.access });
    expect([unknown.status, unknown.body.error]).toEqual([400, 'UNKNOWN_FEATURE']);
    const missing = await server.call('/company/api/functiononoff/?code=VAT', { token: an.access });
    expect([missing.status, missing.body.fields?.company]).toEqual([400, 'Vui lòng nhập công ty']);
    for (const bad of ['abc', '-1', '0', '1.5', '99999999999']) {
      expect((await server.call(onoff(bad, 'VAT'), { token: an.access })).status).toBe(400);
    }
  });

  it('lets only the owner switch a feature', async () => {
    const notOwner = await server.call(onoff(''), {
      method: 'PUT',
      token: an.access,
      body: { company: ids.minhPhat, code: 'VAT', is_enabled: true },
    });
    expect(notOwner.status).toBe(403);
    const owner = await server.call('/company/api/functiononoff/', {
      method: 'PUT',
      token: binh.access,
      body: { company: ids.minhPhat, code: 'VAT', is_enabled: true },
    });
    expect(owner.status).toBe(200);
    const read = await server.call<{ is_enabled: boolean }>(onoff(ids.minhPhat, 'VAT'), { token: binh.access });
    expect(read.body.data.is_enabled).toBe(true);
    await server.call('/company/api/functiononoff/', {
      method: 'PUT',
      token: binh.access,
      body: { company: ids.minhPhat, code: 'VAT', is_enabled: false },
    });
    const badValue = await server.call('/company/api/functiononoff/', {
      method: 'PUT',
      token: binh.access,
      body: { company: ids.minhPhat, code: 'VAT', is_enabled: 'có' },
    });
    expect(badValue.status).toBe(400);
  });
});

describe('company/', () => {
  it('lists the companies the caller belongs to, with a count and a title filter', async () => {
    const mine = await server.call<Company[]>('/company/api/company/', { token: an.access });
    expect(mine.body.count).toBe(3);
    expect(mine.body.data.map((c) => c.title)).toEqual([DEMO.anKhang.title, DEMO.minhPhat.title, DEMO.hoaBinh.title]);
    const filtered = await server.call<Company[]>('/company/api/company/?title__icontains=minh%20ph', { token: an.access });
    expect(filtered.body.data.map((c) => c.title)).toEqual([DEMO.minhPhat.title]);
    const paged = await server.call<Company[]>('/company/api/company/?page=2&limit=2', { token: an.access });
    expect([paged.body.count, paged.body.data.length]).toEqual([3, 1]);
    const binhs = await server.call<Company[]>('/company/api/company/', { token: binh.access });
    expect(binhs.body.data.map((c) => c.title)).toEqual([DEMO.minhPhat.title]);
    expect((await server.call('/company/api/company/?limit=100000', { token: an.access })).status).toBe(400);
  });

  it('shows a company to its accepted members only', async () => {
    const detail = await server.call<Company>(`/company/api/company/${ids.anKhang}/`, { token: an.access });
    expect(detail.body.data).toMatchObject({ title: DEMO.anKhang.title, type: 'Dược phẩm' });
    expect((await server.call(`/company/api/company/${ids.anKhang}/`, { token: binh.access })).status).toBe(403);
    expect((await server.call(`/company/api/company/${ids.hoaBinh}/`, { token: an.access })).status).toBe(403);
  });

  it('creates a company whose creator is its accepted owner', async () => {
    const user = await addAccount(server.deps.db);
    const session = await server.login(user.phone, user.password);
    const made = await server.call<Company>('/company/api/company/', {
      token: session.access,
      body: { title: 'Công ty Thử Nghiệm Sao Mai', type: 'Khác', tax_code: '0319998887' },
    });
    expect(made.status).toBe(201);
    const memberships = await server.call<Membership[]>('/company/api/accountcompany/', { token: session.access });
    expect(memberships.body.data).toEqual([
      expect.objectContaining({
        company: made.body.data.id,
        status_display: 'accept',
        is_owner: true,
        company_data: { id: made.body.data.id, title: 'Công ty Thử Nghiệm Sao Mai', type: 'Khác' },
      }),
    ]);
    const duplicate = await server.call('/company/api/company/', {
      token: session.access,
      body: { title: 'Khác', type: 'Khác', tax_code: '0319998887' },
    });
    expect(duplicate.status).toBe(409);
    const badType = await server.call('/company/api/company/', { token: session.access, body: { title: 'X', type: 'Ngân hàng' } });
    expect([badType.status, badType.body.fields?.type]).toEqual([400, 'Loại công ty không hợp lệ']);
    const noTitle = await server.call('/company/api/company/', { token: session.access, body: { title: '   ', type: 'Khác' } });
    expect(noTitle.body.fields?.title).toBe('Vui lòng nhập tên công ty');
  });

  it('lets only the owner edit a company', async () => {
    const edit = await server.call<Company>(`/company/api/company/${ids.minhPhat}/`, {
      method: 'PUT',
      token: binh.access,
      body: { address: '45 Hàng Bài, Hà Nội' },
    });
    expect(edit.body.data.address).toBe('45 Hàng Bài, Hà Nội');
    const notOwner = await server.call(`/company/api/company/${ids.minhPhat}/`, {
      method: 'PUT',
      token: an.access,
      body: { address: 'x' },
    });
    expect(notOwner.status).toBe(403);
  });
});

describe('accountcompany/', () => {
  it('lists members of a company for its members only', async () => {
    const members = await server.call<{ account: { full_name: string }; status_display: string }[]>(
      `/company/api/accountcompany/?company=${ids.minhPhat}`,
      { token: an.access },
    );
    expect(members.body.data.map((m) => m.account.full_name).sort()).toEqual(['Nguyễn Văn An', 'Trần Thị Bình']);
    expect((await server.call(`/company/api/accountcompany/?company=${ids.anKhang}`, { token: binh.access })).status).toBe(403);
  });

  it('turns a join request into an accepted membership when the owner accepts it', async () => {
    const user = await addAccount(server.deps.db);
    const session = await server.login(user.phone, user.password);
    const join = await server.call<Membership>('/company/api/accountcompany/', { token: session.access, body: { company: ids.minhPhat } });
    expect([join.status, join.body.data.status_display]).toEqual([201, 'pending']);
    expect((await server.call(onoff(ids.minhPhat, 'VAT'), { token: session.access })).status).toBe(403);
    expect((await server.call('/company/api/accountcompany/', { token: session.access, body: { company: ids.minhPhat } })).status).toBe(
      409,
    );
    const refused = await server.call(`/company/api/accountcompany/${join.body.data.id}/`, {
      method: 'PUT',
      token: session.access,
      body: { status: 'accept' },
    });
    expect(refused.status).toBe(403);
    const accepted = await server.call(`/company/api/accountcompany/${join.body.data.id}/`, {
      method: 'PUT',
      token: binh.access,
      body: { status: 'accept' },
    });
    expect(accepted.status).toBe(200);
    expect((await server.call(onoff(ids.minhPhat, 'VAT'), { token: session.access })).status).toBe(200);
    const badStatus = await server.call(`/company/api/accountcompany/${join.body.data.id}/`, {
      method: 'PUT',
      token: binh.access,
      body: { status: 'ok' },
    });
    expect(badStatus.status).toBe(400);
  });
});

describe('checkcompany/', () => {
  it('tells whether a company title or tax code is taken', async () => {
    const taken = await server.call<{ exists: boolean }>('/company/api/checkcompany/', {
      token: an.access,
      body: { title: 'công ty dược phẩm an khang' },
    });
    const free = await server.call<{ exists: boolean }>('/company/api/checkcompany/', {
      token: an.access,
      body: { tax_code: '0000000001' },
    });
    expect([taken.body.data.exists, free.body.data.exists]).toEqual([true, false]);
    expect((await server.call('/company/api/checkcompany/', { token: an.access, body: {} })).status).toBe(400);
  });
});

describe('every company call', () => {
  it('answers the same membership check whether the company is in the query or in the body', async () => {
    // A company named in the query is checked with the session in one statement (server/kernel/authenticate.ts);
    // one named in the body is checked on its own. Every state must answer the same both ways.
    const [pending, inactive] = await Promise.all([
      addAccount(server.deps.db, { memberships: [{ companyId: ids.anKhang, status: 'pending' }] }),
      addAccount(server.deps.db, { memberships: [{ companyId: ids.anKhang, status: 'accept' }] }),
    ]);
    await server.deps.db
      .update(accountCompanies)
      .set({ isActive: false })
      .where(and(eq(accountCompanies.accountId, inactive.id), eq(accountCompanies.companyId, ids.anKhang)));
    const callers = {
      member: an.access,
      stranger: binh.access,
      pending: (await server.login(pending.phone, pending.password)).access,
      inactive: (await server.login(inactive.phone, inactive.password)).access,
    };
    const answers: Record<string, unknown[]> = {};
    for (const [who, token] of Object.entries(callers)) {
      for (const company of [ids.anKhang, 999_999]) {
        const read = await server.call(`${customerPaths.tableView}?company=${company}`, { token });
        const write = await server.call(customerPaths.tableView, { method: 'PUT', token, body: { company, columns: ['code', 'name'] } });
        answers[`${who} ${company === ids.anKhang ? 'in' : 'unknown'}`] = [read.status, read.body.error, write.status, write.body.error];
      }
    }
    expect(answers).toEqual({
      'member in': [200, undefined, 200, undefined],
      'member unknown': [403, 'NOT_A_MEMBER', 403, 'NOT_A_MEMBER'],
      'stranger in': [403, 'NOT_A_MEMBER', 403, 'NOT_A_MEMBER'],
      'stranger unknown': [403, 'NOT_A_MEMBER', 403, 'NOT_A_MEMBER'],
      'pending in': [403, 'NOT_A_MEMBER', 403, 'NOT_A_MEMBER'],
      'pending unknown': [403, 'NOT_A_MEMBER', 403, 'NOT_A_MEMBER'],
      'inactive in': [403, 'MEMBER_INACTIVE', 403, 'MEMBER_INACTIVE'],
      'inactive unknown': [403, 'NOT_A_MEMBER', 403, 'NOT_A_MEMBER'],
    });
  });

  it('requires sign-in', async () => {
    for (const path of [
      '/company/api/company/',
      `/company/api/company/${ids.anKhang}/`,
      '/company/api/accountcompany/',
      onoff(ids.anKhang, 'VAT'),
    ]) {
      const answer = await server.call(path);
      expect([path, answer.status]).toEqual([path, 401]);
    }
  });
});
