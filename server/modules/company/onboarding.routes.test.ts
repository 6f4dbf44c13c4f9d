import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Account, LoginAnswer } from '@contract/auth';
import type { CompanyCheck, Membership } from '@contract/company';
import type { RegisteredCompany, SimilarTitles } from '@contract/company-onboarding';
import type { MemberAccess } from '@contract/roles';
import type { BusinessTypeRecord } from '@contract/system';
import { roles, warehouses } from '@server/kernel/db/schema';
import { DEMO } from '@server/seed/demo';
import { addAccount } from '@server/testing/fixtures';
import { startDemoServer, type TestServer } from '@server/testing/test-server';

let server: TestServer;
let an: LoginAnswer;
let anKhangId: number;
/** The system's business types (shop/api/bussinesstype/): the demo seeds Nhà thuốc, quầy thuốc among them. */
let pharmacyType: number;

beforeAll(async () => {
  ({ server, an, anKhang: anKhangId } = await startDemoServer());
  const types = await server.call<BusinessTypeRecord[]>('/shop/api/bussinesstype/', { token: an.access });
  pharmacyType = types.body.data.find((type) => type.code === 'NHA-THUOC')!.id;
  // A distributor finds its own trade among them.
  expect(types.body.data.map((type) => type.code)).toEqual(expect.arrayContaining(['PP-DUOC', 'PP-TONG-HOP']));
});
afterAll(async () => {
  await server?.stop();
});

async function newcomer(): Promise<LoginAnswer> {
  const { phone, password } = await addAccount(server.deps.db, { fullName: 'Người Mới' });
  return server.login(phone, password);
}

const companyForm = (extra: Record<string, unknown> = {}) => ({
  title: 'Công ty TNHH Dược phẩm Sao Mai',
  type: 'Dược phẩm',
  tax_code: '0100109106',
  address: '12 Lý Thường Kiệt, Phường Cửa Nam, Hà Nội',
  business_type: pharmacyType,
  ...extra,
});

describe('registercompany/', () => {
  it("makes the company with its owner, default roles and warehouse, and answers the account's new workspace", async () => {
    const me = await newcomer();
    const answer = await server.call<RegisteredCompany>('/account/api/registercompany/', { token: me.access, body: companyForm() });
    expect(answer.status).toBe(201);
    const { company, account } = answer.body.data;
    expect(company).toMatchObject({
      title: 'Công ty TNHH Dược phẩm Sao Mai',
      type: 'Dược phẩm',
      tax_code: '0100109106',
      business_type: pharmacyType,
    });
    expect(account.company_data).toEqual([
      expect.objectContaining({ company: company.id, status_display: 'accept', is_owner: true }) as Membership,
    ]);
    const access = await server.call<MemberAccess>(`/role/api/my-access/?company=${company.id}`, { token: me.access });
    expect(access.body.data).toMatchObject({ isAdmin: true });
    const seededRoles = await server.deps.db.select().from(roles).where(eq(roles.companyId, company.id));
    expect(seededRoles.map((role) => role.name)).toEqual(expect.arrayContaining(['Quản trị', 'Trình dược viên', 'Kế toán']));
    const [warehouse] = await server.deps.db.select().from(warehouses).where(eq(warehouses.companyId, company.id));
    expect(warehouse?.isDefault).toBe(true);

    // The tax code is taken now: the next one is pointed at the company to ask to join.
    const other = await newcomer();
    const taken = await server.call('/account/api/registercompany/', { token: other.access, body: companyForm({ title: 'Sao Mai 2' }) });
    expect(taken.status).toBe(409);
    expect(taken.body.fields?.tax_code).toBe(
      'Mã số thuế đã được đăng ký cho Công ty TNHH Dược phẩm Sao Mai. Nếu bạn làm việc tại đây, hãy gửi yêu cầu tham gia công ty.',
    );
  });

  it('refuses a tax code with a wrong check digit, a type other than Dược phẩm or Khác, and missing fields; nothing is made', async () => {
    const me = await newcomer();
    const cases: [Record<string, unknown>, string, string][] = [
      [{ tax_code: '0100109107' }, 'tax_code', 'Mã số thuế không đúng (sai chữ số kiểm tra)'],
      [{ tax_code: '01001' }, 'tax_code', 'Mã số thuế gồm 10 chữ số, 10 chữ số và mã đơn vị phụ thuộc (0312345673-001) hoặc 12 chữ số'],
      [{ type: 'Mỹ phẩm' }, 'type', 'Vui lòng chọn loại hình: Dược phẩm hoặc Khác'],
      [{ title: ' ' }, 'title', 'Vui lòng nhập tên công ty'],
      [{ address: '' }, 'address', 'Vui lòng nhập địa chỉ'],
      [{ business_type: 987_654 }, 'business_type', 'Ngành hàng không tồn tại'],
    ];
    for (const [change, field, message] of cases) {
      const answer = await server.call('/account/api/registercompany/', {
        token: me.access,
        body: companyForm({ tax_code: '0300588569', ...change }),
      });
      expect([answer.status, answer.body.fields?.[field]]).toEqual([400, message]);
    }
    const view = await server.call<Account>(`/account/api/account/${me.account.id}/`, { token: me.access });
    expect(view.body.data.company_data).toEqual([]);
    expect((await server.call('/account/api/registercompany/', { body: companyForm() })).status).toBe(401);
  });

  it('takes a branch tax code typed without its hyphen and a company of type Khác', async () => {
    const me = await newcomer();
    const answer = await server.call<RegisteredCompany>('/account/api/registercompany/', {
      token: me.access,
      body: companyForm({ title: 'Chi nhánh Viettel Thương Mại', type: 'Khác', tax_code: '0100109106001', business_type: null }),
    });
    expect(answer.status).toBe(201);
    expect(answer.body.data.company).toMatchObject({ type: 'Khác', tax_code: '0100109106-001' });
  });
});

describe('counttitle/', () => {
  it('counts names alike whatever the diacritics and legal form, and shows them', async () => {
    const me = await newcomer();
    const like = await server.call<SimilarTitles>('/account/api/counttitle/', {
      token: me.access,
      body: { title: 'CTY TNHH DUOC PHAM AN KHANG' },
    });
    expect(like.body.data.count).toBe(1);
    expect(like.body.data.similar).toEqual([expect.objectContaining({ id: anKhangId, title: DEMO.anKhang.title })]);
    const unlike = await server.call<SimilarTitles>('/account/api/counttitle/', {
      token: me.access,
      body: { title: 'Công ty Dược phẩm An Bình' },
    });
    expect(unlike.body.data).toEqual({ count: 0, similar: [] });
    const empty = await server.call('/account/api/counttitle/', { token: me.access, body: { title: '' } });
    expect([empty.status, empty.body.fields?.title]).toEqual([400, 'Vui lòng nhập tên công ty']);
  });
});

describe('asking to join (checkcompany, account-register-company) and the owner deciding', () => {
  it('finds An Khang by its tax code, sends one request, and the owner accepts it with a role', async () => {
    const me = await newcomer();
    const found = await server.call<CompanyCheck>('/company/api/checkcompany/', {
      token: me.access,
      body: { tax_code: DEMO.anKhang.taxCode },
    });
    expect(found.body.data).toEqual({ exists: true, company: { id: anKhangId, title: DEMO.anKhang.title, type: 'Dược phẩm' } });

    const asked = await server.call<Membership>(`/account/api/account-register-company/${anKhangId}/`, { method: 'PUT', token: me.access });
    expect([asked.status, asked.body.data.status_display, asked.body.message]).toEqual([
      201,
      'pending',
      'Đã gửi yêu cầu tham gia, vui lòng chờ công ty xác nhận',
    ]);
    const twice = await server.call(`/account/api/account-register-company/${anKhangId}/`, { method: 'PUT', token: me.access });
    expect([twice.status, twice.body.message]).toEqual([409, 'Bạn đã gửi yêu cầu tham gia công ty này, vui lòng chờ công ty xác nhận']);
    // A pending member is not in yet.
    expect((await server.call(`/company/api/company/${anKhangId}/`, { token: me.access })).status).toBe(403);

    const members = await server.call<{ id: number; account: { id: number }; status_display: string }[]>(
      `/company/api/accountcompany/?company=${anKhangId}`,
      { token: an.access },
    );
    const request = members.body.data.find((member) => member.account.id === me.account.id)!;
    expect(request.status_display).toBe('pending');

    // Someone of the company who is not its owner cannot decide.
    const keeper = await server.login('0912000005');
    expect(
      (await server.call(`/company/api/accountcompany/${request.id}/`, { method: 'PUT', token: keeper.access, body: { status: 'accept' } }))
        .status,
    ).toBe(403);

    const [anKhangAccountant] = (await server.deps.db.select().from(roles).where(eq(roles.companyId, anKhangId))).filter(
      (r) => r.name === 'Kế toán',
    );
    const accepted = await server.call(`/company/api/accountcompany/${request.id}/`, {
      method: 'PUT',
      token: an.access,
      body: { status: 'accept', role: anKhangAccountant!.id },
    });
    expect(accepted.status).toBe(200);
    const mine = await server.call<Membership[]>('/company/api/accountcompany/', { token: me.access });
    expect(mine.body.data).toEqual([expect.objectContaining({ company: anKhangId, status_display: 'accept' })]);
    const access = await server.call<MemberAccess>(`/role/api/my-access/?company=${anKhangId}`, { token: me.access });
    expect(access.body.data.roleName).toBe('Kế toán');
  });

  it('refused, the person sees it and may ask once more', async () => {
    const me = await newcomer();
    await server.call(`/account/api/account-register-company/${anKhangId}/`, { method: 'PUT', token: me.access });
    const members = await server.call<{ id: number; account: { id: number } }[]>(`/company/api/accountcompany/?company=${anKhangId}`, {
      token: an.access,
    });
    const request = members.body.data.find((member) => member.account.id === me.account.id)!;
    const refused = await server.call(`/company/api/accountcompany/${request.id}/`, {
      method: 'PUT',
      token: an.access,
      body: { status: 'reject' },
    });
    expect(refused.status).toBe(200);
    const mine = await server.call<Membership[]>('/company/api/accountcompany/', { token: me.access });
    expect(mine.body.data).toEqual([expect.objectContaining({ company: anKhangId, status_display: 'reject' })]);
    const again = await server.call<Membership>(`/account/api/account-register-company/${anKhangId}/`, { method: 'PUT', token: me.access });
    expect([again.status, again.body.data.status_display]).toEqual([201, 'pending']);
  });

  it('refuses a role of another company when accepting, and an unknown company when asking', async () => {
    const me = await newcomer();
    expect((await server.call('/account/api/account-register-company/987654/', { method: 'PUT', token: me.access })).status).toBe(404);
    await server.call(`/account/api/account-register-company/${anKhangId}/`, { method: 'PUT', token: me.access });
    const members = await server.call<{ id: number; account: { id: number } }[]>(`/company/api/accountcompany/?company=${anKhangId}`, {
      token: an.access,
    });
    const request = members.body.data.find((member) => member.account.id === me.account.id)!;
    const foreignRole = (await server.deps.db.select().from(roles)).find((role) => role.companyId !== anKhangId)!;
    const answer = await server.call(`/company/api/accountcompany/${request.id}/`, {
      method: 'PUT',
      token: an.access,
      body: { status: 'accept', role: foreignRole.id },
    });
    expect([answer.status, answer.body.fields?.role]).toEqual([400, 'Vai trò không tồn tại trong công ty']);
    const mine = await server.call<Membership[]>('/company/api/accountcompany/', { token: me.access });
    expect(mine.body.data[0]?.status_display).toBe('pending');
  });
});
