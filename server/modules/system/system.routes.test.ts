/**
 * The system administrator's calls (docs/system.md): each refused to a company's owner and to a rep,
 * accounts (list, search without diacritics, detail, update, lock with every session ended, unlock,
 * password), account types, the overview, system orders, shops created with their owner's account
 * (multipart, image checked), business types, and historical sales from Excel.
 */
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  AccountTypeRecord,
  AdminAccountDetail,
  AdminAccountRecord,
  HistoryImportAnswer,
  HistoryMonth,
  ShopRecord,
  SystemOverview,
} from '@contract/system';
import { DEMO } from '@server/seed/demo';
import { DEMO_STAFF } from '@server/seed/demo-employees';
import { DEMO_SYSTEM } from '@server/seed/demo-system';
import { addAccount, freshPhone } from '@server/testing/fixtures';
import { startDemoServer, type SignedIn, type TestServer } from '@server/testing/test-server';

let server: TestServer;
let admin: SignedIn;
let an: SignedIn;
let rep: SignedIn;
let anKhang: number;

const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]);

beforeAll(async () => {
  ({ server, an, anKhang } = await startDemoServer());
  [admin, rep] = await Promise.all([server.login(DEMO_SYSTEM.phone), server.login(DEMO_STAFF.repSouth)]);
});
afterAll(async () => {
  await server?.stop();
});

async function upload<T>(
  path: string,
  fields: Record<string, string>,
  file: { bytes: Uint8Array; name: string; type: string } | null,
  token = admin.access,
) {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) form.append(key, value);
  if (file) form.append('file', new Blob([file.bytes.slice()], { type: file.type }), file.name);
  const response = await fetch(`${server.url}/api${path}`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form });
  return { status: response.status, body: (await response.json()) as { data: T; message?: string; fields?: Record<string, string> } };
}

async function sheet(rows: (string | number | null)[][]): Promise<Uint8Array> {
  const workbook = new ExcelJS.Workbook();
  const page = workbook.addWorksheet('Doanh số');
  for (const row of rows) page.addRow(row);
  return new Uint8Array(await workbook.xlsx.writeBuffer());
}

/** Every admin-level call, with a body that would pass its validation. */
function adminCalls(accountId: number) {
  const shopFields = { phone: freshPhone(), full_name: 'Chủ cửa hàng', password: 'Cua@hang2026', name: 'Cửa hàng thử' };
  return [
    { name: 'GET admin/account', path: '/account/api/admin/account/' },
    { name: 'GET admin/account/{id}', path: `/account/api/admin/account/${accountId}/` },
    { name: 'PUT admin/account/{id}', path: `/account/api/admin/account/${accountId}/`, method: 'PUT', body: { full_name: 'Đổi tên' } },
    {
      name: 'PUT admin/updatestatusaccount',
      path: '/account/api/admin/updatestatusaccount/',
      method: 'PUT',
      body: { account: accountId, is_active: false },
    },
    {
      name: 'PUT admin/updatepassword/{id}',
      path: `/account/api/admin/updatepassword/${accountId}/`,
      method: 'PUT',
      body: { new_password: 'Moi@matkhau2026' },
    },
    { name: 'GET accounttype', path: '/account/api/accounttype/' },
    { name: 'POST accounttype', path: '/account/api/accounttype/', body: { code: 'KHACH', title: 'Khách' } },
    { name: 'PUT accounttype', path: '/account/api/accounttype/', method: 'PUT', body: { id: 2, code: 'COMPANY', title: 'Doanh nghiệp' } },
    { name: 'GET system', path: '/account/api/system/' },
    { name: 'GET ordersystem', path: '/order/api/ordersystem/' },
    { name: 'PUT cancelordersystem', path: '/order/api/cancelordersystem/', method: 'PUT', body: { order: 1, reason: 'Thử' } },
    { name: 'PUT updatestatusorder/{id}', path: '/order/api/updatestatusorder/1/', method: 'PUT', body: { status: 'confirmed' } },
    { name: 'PUT adminconfirmorder/{id}', path: '/order/api/adminconfirmorder/1/', method: 'PUT', body: {} },
    { name: 'GET shop', path: '/shop/api/shop/' },
    { name: 'GET shop/{id}/image', path: '/shop/api/shop/1/image/' },
    { name: 'POST bussinesstype', path: '/shop/api/bussinesstype/', body: { code: 'THU', name: 'Thử' } },
    { name: 'GET service-package?all', path: '/service/api/service-package/?all=1' },
    {
      name: 'POST service-package',
      path: '/service/api/service-package/',
      body: { code: 'X', name: 'X', price_per_month: 1, seats: 1, features: [] },
    },
    {
      name: 'PUT service-package/{id}',
      path: '/service/api/service-package/1/',
      method: 'PUT',
      body: { code: 'X', name: 'X', price_per_month: 1, seats: 1, features: [] },
    },
    { name: 'GET voucher', path: '/service/api/voucher/' },
    {
      name: 'POST voucher',
      path: '/service/api/voucher/',
      body: { code: 'X', kind: 'amount', value: 1000, starts_on: '2026-01-01', ends_on: '2026-12-31' },
    },
    {
      name: 'PUT voucher/{id}',
      path: '/service/api/voucher/1/',
      method: 'PUT',
      body: { code: 'X', kind: 'amount', value: 1000, starts_on: '2026-01-01', ends_on: '2026-12-31' },
    },
    { name: 'GET admin/sales-history', path: `/account/api/admin/sales-history/?company=${anKhang}` },
    { name: 'GET admin/import-sales-history/template', path: '/account/api/admin/import-sales-history/template/' },
    ...(['chth', 'ncc', 'npt'] as const).map((kind) => ({
      name: `POST ${kind}/admincreate`,
      path: `/account/api/${kind}/admincreate/`,
      multipart: shopFields,
      sheet: false,
    })),
    {
      name: 'POST admin/import-sales-history',
      path: '/account/api/admin/import-sales-history/',
      multipart: { company: String(anKhang) },
      sheet: true,
    },
  ];
}

describe('the system administrator’s calls', () => {
  it('are refused to a company’s owner and to a rep, every one of them, and change nothing', async () => {
    const target = await addAccount(server.deps.db);
    const history = await sheet([
      ['Tháng', 'Doanh số'],
      ['01/2026', 1000],
    ]);
    for (const who of [an, rep]) {
      for (const call of adminCalls(target.id)) {
        const answer = call.multipart
          ? await upload(
              call.path,
              call.multipart,
              call.sheet ? { bytes: history, name: 'lich-su.xlsx', type: 'application/octet-stream' } : null,
              who.access,
            )
          : await server.call(call.path, { token: who.access, method: call.method ?? (call.body ? 'POST' : 'GET'), body: call.body });
        expect(answer.status, `${call.name} by ${who.account.full_name}`).toBe(403);
      }
    }
    // The account they tried to lock and rename is as it was.
    const detail = await server.call<AdminAccountDetail>(`/account/api/admin/account/${target.id}/`, { token: admin.access });
    expect(detail.body.data).toMatchObject({ full_name: 'Người Thử Nghiệm', is_active: true });
    expect((await server.call<ShopRecord[]>('/shop/api/shop/', { token: admin.access })).body.count).toBe(3);
  });

  it('list and search accounts without diacritics, show one with its companies, and change it', async () => {
    const found = await server.call<AdminAccountRecord[]>('/account/api/admin/account/?search=nguyen%20van%20an', { token: admin.access });
    expect(found.body.data.map((account) => account.phone)).toEqual([DEMO.an.phone]);
    const systems = await server.call<AdminAccountRecord[]>('/account/api/admin/account/?account_type=SYSTEM', { token: admin.access });
    expect(systems.body.data.map((account) => account.phone)).toEqual([DEMO_SYSTEM.phone]);
    const detail = await server.call<AdminAccountDetail>(`/account/api/admin/account/${an.account.id}/`, { token: admin.access });
    expect(detail.body.data.companies.map((m) => [m.title, m.status])).toEqual([
      [DEMO.anKhang.title, 'accept'],
      [DEMO.minhPhat.title, 'accept'],
      [DEMO.hoaBinh.title, 'pending'],
    ]);
    expect(detail.body.data.company_count).toBe(2);
    const target = await addAccount(server.deps.db);
    const changed = await server.call<AdminAccountDetail>(`/account/api/admin/account/${target.id}/`, {
      token: admin.access,
      method: 'PUT',
      body: { full_name: 'Trần Văn Mới', email: 'moi@example.vn', address: '1 Lê Lợi' },
    });
    expect(changed.body.data).toMatchObject({ full_name: 'Trần Văn Mới', email: 'moi@example.vn', address: '1 Lê Lợi' });
    const bad = await server.call(`/account/api/admin/account/${target.id}/`, {
      token: admin.access,
      method: 'PUT',
      body: { full_name: '', email: 'khong-phai-email' },
    });
    expect(bad.status).toBe(400);
    expect((await server.call('/account/api/admin/account/999999/', { token: admin.access })).status).toBe(404);
    const self = await server.call(`/account/api/admin/account/${admin.account.id}/`, {
      token: admin.access,
      method: 'PUT',
      body: { full_name: DEMO_SYSTEM.fullName, account_type: 2 },
    });
    expect([self.status, self.body.message]).toEqual([403, 'Không thể đổi loại tài khoản của chính mình']);
  });

  it('lock an account (its sessions end at once, it cannot sign in) and unlock it; set its password', async () => {
    const person = await addAccount(server.deps.db, { memberships: [{ companyId: anKhang, status: 'accept' }] });
    const signedIn = await server.login(person.phone, person.password);
    const locked = await server.call<AdminAccountDetail>('/account/api/admin/updatestatusaccount/', {
      token: admin.access,
      method: 'PUT',
      body: { account: person.id, is_active: false },
    });
    expect([locked.status, locked.body.data.is_active, locked.body.message]).toEqual([200, false, 'Đã khóa tài khoản']);
    expect((await server.call(`/account/api/account/${person.id}/`, { token: signedIn.access })).status).toBe(401);
    const again = await server.call('/account/api/login/', { body: { phone: person.phone, password: person.password } });
    expect(again.status).not.toBe(200);
    const unlocked = await server.call<AdminAccountDetail>('/account/api/admin/updatestatusaccount/', {
      token: admin.access,
      method: 'PUT',
      body: { account: person.id, is_active: true },
    });
    expect(unlocked.body.data.is_active).toBe(true);
    expect(
      (
        await server.call('/account/api/admin/updatestatusaccount/', {
          token: admin.access,
          method: 'PUT',
          body: { account: admin.account.id, is_active: false },
        })
      ).status,
    ).toBe(403);

    const weak = await server.call(`/account/api/admin/updatepassword/${person.id}/`, {
      token: admin.access,
      method: 'PUT',
      body: { new_password: '123' },
    });
    expect(weak.status).toBe(400);
    const reset = await server.call(`/account/api/admin/updatepassword/${person.id}/`, {
      token: admin.access,
      method: 'PUT',
      body: { new_password: 'Moi@matkhau2026' },
    });
    expect(reset.status).toBe(200);
    expect((await server.login(person.phone, 'Moi@matkhau2026')).account.id).toBe(person.id);
    // With a company, the same path is the company's own reset of its member (the employees module's).
    const byCompany = await server.call(`/account/api/admin/updatepassword/${person.id}/`, {
      token: an.access,
      method: 'PUT',
      body: { company: anKhang, new_password: 'Cong@ty2026x' },
    });
    expect(byCompany.status).toBe(200);
    expect((await server.login(person.phone, 'Cong@ty2026x')).account.id).toBe(person.id);
  });

  it('keep account types, the platform’s own codes fixed', async () => {
    const types = (await server.call<AccountTypeRecord[]>('/account/api/accounttype/', { token: admin.access })).body.data;
    expect(types.map((type) => type.code)).toEqual(['SYSTEM', 'COMPANY', 'CHTH', 'NCC', 'NPT']);
    const made = await server.call<AccountTypeRecord>('/account/api/accounttype/', {
      token: admin.access,
      body: { code: 'ctv', title: 'Cộng tác viên' },
    });
    expect([made.status, made.body.data.code, made.body.data.is_builtin]).toEqual([201, 'CTV', false]);
    expect((await server.call('/account/api/accounttype/', { token: admin.access, body: { code: 'CTV', title: 'Trùng' } })).status).toBe(
      409,
    );
    const system = types.find((type) => type.code === 'SYSTEM')!;
    const renamed = await server.call('/account/api/accounttype/', {
      token: admin.access,
      method: 'PUT',
      body: { id: system.id, code: 'ADMIN', title: 'X' },
    });
    expect([renamed.status, renamed.body.message]).toEqual([400, 'Không thể đổi mã của loại tài khoản hệ thống SYSTEM']);
    const retitled = await server.call<AccountTypeRecord>('/account/api/accounttype/', {
      token: admin.access,
      method: 'PUT',
      body: { id: made.body.data.id, code: 'CTV2', title: 'Cộng tác viên bán hàng' },
    });
    expect(retitled.body.data).toMatchObject({ code: 'CTV2', title: 'Cộng tác viên bán hàng' });
  });

  it('give the platform’s figures', async () => {
    const overview = (await server.call<SystemOverview>('/account/api/system/', { token: admin.access })).body.data;
    expect(overview.companies).toBeGreaterThanOrEqual(3);
    expect(overview.shops).toBeGreaterThanOrEqual(3);
    expect(overview.accounts).toBeGreaterThan(overview.locked_accounts);
  });

  it('create a store, supplier or distributor with its owner’s account and picture, and list them', async () => {
    const types = (await server.call<{ id: number; code: string }[]>('/shop/api/bussinesstype/', { token: rep.access })).body.data;
    const phone = freshPhone();
    const made = await upload<ShopRecord>(
      '/account/api/ncc/admincreate/',
      {
        phone,
        full_name: 'Đỗ Văn Nhà',
        password: 'Cung@cap2026',
        name: 'Công ty Cung Ứng Thử',
        business_type: String(types[0]!.id),
        tax_code: '0312345679',
        address: '1 Lý Thường Kiệt, Hà Nội',
      },
      { bytes: PNG, name: 'giay-phep.png', type: 'image/png' },
    );
    expect(made.status).toBe(201);
    expect(made.body.data).toMatchObject({
      kind: 'ncc',
      name: 'Công ty Cung Ứng Thử',
      account: { phone, full_name: 'Đỗ Văn Nhà' },
      business_type: { id: types[0]!.id },
    });
    expect(made.body.data.code).toMatch(/^NCC\d{6}$/);
    const image = await fetch(`${server.url}/api${made.body.data.image_url}`, { headers: { authorization: `Bearer ${admin.access}` } });
    expect([image.status, image.headers.get('content-type')]).toEqual([200, 'image/png']);
    // The owner signs in with the password given; their account is of the supplier type.
    const owner = await server.login(phone, 'Cung@cap2026');
    expect(owner.account.account_type_data.code).toBe('NCC');

    const suppliers = await server.call<ShopRecord[]>('/shop/api/shop/?kind=ncc&search=cung ung', { token: admin.access });
    expect(suppliers.body.data.map((shop) => shop.name)).toEqual(['Công ty Cung Ứng Thử']);
    const taken = await upload(
      '/account/api/chth/admincreate/',
      { phone, full_name: 'X', password: 'Cua@hang2026', name: 'Trùng số' },
      null,
    );
    expect([taken.status, taken.body.message]).toEqual([409, 'Số điện thoại đã được đăng ký cho một tài khoản khác']);
    const notImage = await upload(
      '/account/api/npt/admincreate/',
      { phone: freshPhone(), full_name: 'X', password: 'Phan@phoi2026', name: 'Ảnh giả' },
      { bytes: new TextEncoder().encode('<svg/>'), name: 'a.png', type: 'image/png' },
    );
    expect(notImage.status).toBe(415);
    const missing = await upload('/account/api/npt/admincreate/', { phone: freshPhone(), full_name: 'X', password: 'Phan@phoi2026' }, null);
    expect([missing.status, missing.body.fields?.name]).toEqual([400, 'Vui lòng nhập tên cửa hàng']);
    const tooBig = await upload(
      '/account/api/chth/admincreate/',
      { phone: freshPhone(), full_name: 'X', password: 'Cua@hang2026', name: 'To' },
      { bytes: new Uint8Array(3 * 1024 * 1024), name: 'to.png', type: 'image/png' },
    );
    expect(tooBig.status).toBe(413);

    const business = await server.call('/shop/api/bussinesstype/', {
      token: admin.access,
      body: { code: 'van-phong-pham', name: 'Văn phòng phẩm' },
    });
    expect(business.status).toBe(201);
    expect(
      (await server.call('/shop/api/bussinesstype/', { token: admin.access, body: { code: 'VAN-PHONG-PHAM', name: 'Trùng' } })).status,
    ).toBe(409);
  });

  it('import a company’s historical sales from Excel, each bad row named, a new upload replacing its months', async () => {
    const header = [
      'Tháng',
      'Ngày',
      'Mã NV',
      'Mã KH',
      'Tên khách hàng',
      'Mã SP',
      'Tên sản phẩm',
      'Mã tỉnh',
      'Số lượng',
      'Doanh số',
      'Số đơn',
    ];
    const first = await upload<HistoryImportAnswer>(
      '/account/api/admin/import-sales-history/',
      { company: String(anKhang) },
      {
        bytes: await sheet([
          header,
          ['01/2026', '15/01/2026', 'TDV001', 'KH000001', 'Nhà thuốc Minh Châu', 'SP1', 'Hapacol 500', '79', 100, '1.200.000', 3],
          ['02/2026', null, null, null, null, null, null, null, null, 5_000_000, 10],
          ['03/2026', '15/04/2026', null, null, null, null, null, null, null, 1000, 1],
          ['13/2026', null, null, null, null, null, null, null, null, 1000, 1],
          ['04/2026', null, 'KHONGCO', null, null, null, null, null, null, 1000, 1],
          ['05/2026', null, null, null, null, null, null, null, null, null, 1],
        ]),
        name: 'lich-su.xlsx',
        type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      },
    );
    expect(first.status).toBe(200);
    expect(first.body.data).toMatchObject({ total: 6, saved: 2, failed: 4, months: ['2026-01', '2026-02'] });
    expect(first.body.data.rows.filter((row) => !row.ok).map((row) => [row.row, row.message])).toEqual([
      [4, 'Ngày: Ngày không thuộc Tháng của dòng'],
      [5, 'Tháng: Tháng không hợp lệ (nhập theo dạng MM/YYYY)'],
      [6, 'Mã NV: Không có nhân viên nào có mã KHONGCO'],
      [7, 'Doanh số: Vui lòng nhập Doanh số'],
    ]);
    const months = () => server.call<HistoryMonth[]>(`/account/api/admin/sales-history/?company=${anKhang}`, { token: admin.access });
    expect((await months()).body.data).toEqual([
      { month: '2026-01', revenue: 1_200_000, orders: 3, quantity: 100, rows: 1 },
      { month: '2026-02', revenue: 5_000_000, orders: 10, quantity: 0, rows: 1 },
    ]);
    const again = await upload<HistoryImportAnswer>(
      '/account/api/admin/import-sales-history/',
      { company: String(anKhang) },
      {
        bytes: await sheet([header, ['02/2026', null, null, null, null, null, null, null, 7, 6_000_000, 12]]),
        name: 'lich-su.xlsx',
        type: 'application/octet-stream',
      },
    );
    expect(again.body.data.saved).toBe(1);
    expect((await months()).body.data.map((entry) => [entry.month, entry.revenue])).toEqual([
      ['2026-01', 1_200_000],
      ['2026-02', 6_000_000],
    ]);
    const notExcel = await upload(
      '/account/api/admin/import-sales-history/',
      { company: String(anKhang) },
      { bytes: new TextEncoder().encode('a,b'), name: 'a.csv', type: 'text/csv' },
    );
    expect([notExcel.status, notExcel.body.message]).toEqual([400, 'Tệp không phải tệp Excel .xlsx hợp lệ']);
    const noCompany = await upload(
      '/account/api/admin/import-sales-history/',
      { company: '999999' },
      { bytes: await sheet([header]), name: 'a.xlsx', type: 'application/octet-stream' },
    );
    expect(noCompany.status).toBe(404);
  });
});
