import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LoginAnswer } from '@contract/auth';
import type { MemberAccess, RoleRecord, RoleRequestRecord } from '@contract/roles';
import { DEMO } from '@server/seed/demo';
import { DEMO_STAFF } from '@server/seed/demo-employees';
import { accountCompanies, roleRequests, roles } from '@server/kernel/db/schema';
import { startDemoServer, type TestServer } from '@server/testing/test-server';

let server: TestServer;
let an: LoginAnswer;
let binh: LoginAnswer;
let manager: LoginAnswer;
let rep: LoginAnswer;
let accountant: LoginAnswer;
let anKhang: number;
let minhPhat: number;

beforeAll(async () => {
  ({ server, an, anKhang, minhPhat } = await startDemoServer());
  [binh, manager, rep, accountant] = await Promise.all([
    server.login(DEMO.binh.phone),
    server.login(DEMO_STAFF.regionalManager),
    server.login(DEMO_STAFF.repSouth),
    server.login(DEMO_STAFF.accountant),
  ]);
});
afterAll(async () => {
  await server?.stop();
});

const myAccess = (token: string, company = anKhang) => server.call<MemberAccess>(`/role/api/my-access/?company=${company}`, { token });
const listRoles = (token: string, query = '', company = anKhang) =>
  server.call<RoleRecord[]>(`/role/api/role/?company=${company}${query}`, { token });
const roleBody = (patch: Record<string, unknown> = {}) => ({
  company: anKhang,
  name: 'Giám sát bán hàng',
  description: 'Theo dõi đơn hàng và khách hàng trong vùng',
  scope: 'region',
  permissions: { orders: ['view', 'export'], customers: ['view'] },
  ...patch,
});

async function roleId(name: string, company = anKhang): Promise<number> {
  const [row] = await server.deps.db
    .select({ id: roles.id })
    .from(roles)
    .where(and(eq(roles.companyId, company), eq(roles.name, name)));
  return row!.id;
}

describe('my-access/', () => {
  it('answers what each demo member may do: owner everything, a rep their own sales', async () => {
    expect((await myAccess(an.access)).body.data).toMatchObject({ isAdmin: true, scope: 'company', roleName: 'Quản trị' });
    const repAccess = (await myAccess(rep.access)).body.data;
    expect(repAccess).toMatchObject({ isAdmin: false, scope: 'own', roleName: 'Trình dược viên' });
    expect(repAccess.permissions.orders).toEqual(['view', 'create']);
    expect(repAccess.permissions.employees).toBeUndefined();
    expect((await myAccess(manager.access)).body.data).toMatchObject({ scope: 'region', roleName: 'Quản lý vùng' });
    // An sells for Minh Phát: there he is a rep, not the administrator.
    expect((await myAccess(an.access, minhPhat)).body.data).toMatchObject({ isAdmin: false, roleName: 'Trình dược viên' });
  });

  it('refuses a company the caller is not a member of, and a bad company id', async () => {
    const other = await myAccess(binh.access, anKhang);
    expect(other.status).toBe(403);
    const bad = await server.call(`/role/api/my-access/?company=abc`, { token: an.access });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('Công ty không hợp lệ');
  });
});

describe('role/ CRUD', () => {
  it('lists the five seeded roles with how many members hold each, searchable without accents', async () => {
    const answer = await listRoles(an.access, '&limit=50');
    expect(answer.status).toBe(200);
    expect(answer.body.data.map((role) => role.name)).toEqual(['Quản trị', 'Quản lý vùng', 'Trình dược viên', 'Kế toán', 'Thủ kho']);
    const counts = Object.fromEntries(answer.body.data.map((role) => [role.name, role.member_count]));
    expect(counts).toMatchObject({ 'Quản trị': 1, 'Quản lý vùng': 1, 'Trình dược viên': 2, 'Kế toán': 1, 'Thủ kho': 1 });
    const search = await listRoles(an.access, '&search=quan ly');
    expect(search.body.data.map((role) => role.name)).toEqual(['Quản lý vùng']);
    expect(search.body.count).toBe(1);
  });

  it('creates, reads, edits and deletes a role; "view" comes with any other action', async () => {
    const made = await server.call<RoleRecord>('/role/api/role/', { token: an.access, body: roleBody() });
    expect(made.status).toBe(201);
    expect(made.body.data).toMatchObject({ name: 'Giám sát bán hàng', scope: 'region', is_system: false, member_count: 0 });
    const id = made.body.data.id;

    const read = await server.call<RoleRecord>(`/role/api/role/${id}/?company=${anKhang}`, { token: an.access });
    expect(read.body.data.permissions).toEqual({ orders: ['view', 'export'], customers: ['view'] });

    const edited = await server.call<RoleRecord>(`/role/api/role/${id}/`, {
      method: 'PUT',
      token: an.access,
      body: roleBody({ name: 'Giám sát vùng', permissions: { orders: ['export'], visits: ['view', 'export'] } }),
    });
    expect(edited.status).toBe(200);
    expect(edited.body.data.permissions).toEqual({ orders: ['view', 'export'], visits: ['view', 'export'] });

    const removed = await server.call(`/role/api/role/${id}/?company=${anKhang}`, { method: 'DELETE', token: an.access });
    expect(removed.status).toBe(200);
    expect((await server.call(`/role/api/role/${id}/?company=${anKhang}`, { token: an.access })).status).toBe(404);
  });

  it('refuses bad input in Vietnamese and changes nothing', async () => {
    const before = (await listRoles(an.access, '&limit=50')).body.count;
    const cases: [Record<string, unknown>, string][] = [
      [{ name: '  ' }, 'Vui lòng nhập tên vai trò'],
      [{ scope: 'everyone' }, 'Phạm vi dữ liệu không hợp lệ'],
      [{ permissions: { payroll: ['view'] } }, 'Khu vực phân quyền không hợp lệ'],
      [{ permissions: { orders: ['fly'] } }, 'Thao tác phân quyền không hợp lệ'],
      [{ permissions: 'all' }, 'Ma trận quyền không hợp lệ'],
    ];
    for (const [patch, message] of cases) {
      const answer = await server.call('/role/api/role/', { token: an.access, body: roleBody(patch) });
      expect(answer.status, JSON.stringify(patch)).toBe(400);
      expect(answer.body.message).toBe(message);
    }
    const duplicate = await server.call('/role/api/role/', { token: an.access, body: roleBody({ name: 'kế TOÁN' }) });
    expect(duplicate.status).toBe(409);
    expect(duplicate.body.message).toBe('Tên vai trò đã tồn tại');
    expect((await listRoles(an.access, '&limit=50')).body.count).toBe(before);
  });

  it('keeps Quản trị read-only, seeded roles undeletable, and a held role undeletable', async () => {
    const admin = await roleId('Quản trị');
    const edit = await server.call(`/role/api/role/${admin}/`, { method: 'PUT', token: an.access, body: roleBody({ name: 'Quản trị' }) });
    expect(edit.status).toBe(403);
    expect(edit.body.message).toBe('Không thể sửa hoặc xóa vai trò Quản trị');
    const seeded = await server.call(`/role/api/role/${await roleId('Kế toán')}/?company=${anKhang}`, {
      method: 'DELETE',
      token: an.access,
    });
    expect(seeded.status).toBe(409);
    expect(seeded.body.message).toBe('Không thể xóa vai trò mặc định của hệ thống');

    const made = await server.call<RoleRecord>('/role/api/role/', { token: an.access, body: roleBody({ name: 'Vai trò tạm' }) });
    const [member] = await server.deps.db
      .select()
      .from(accountCompanies)
      .where(and(eq(accountCompanies.companyId, anKhang), eq(accountCompanies.accountId, accountant.account.id)));
    await server.deps.db.update(accountCompanies).set({ roleId: made.body.data.id }).where(eq(accountCompanies.id, member!.id));
    const held = await server.call(`/role/api/role/${made.body.data.id}/?company=${anKhang}`, { method: 'DELETE', token: an.access });
    expect(held.status).toBe(409);
    expect(held.body.message).toBe('Vai trò đang được gán cho 1 nhân viên, hãy đổi vai trò của họ trước');
    await server.deps.db.update(accountCompanies).set({ roleId: member!.roleId }).where(eq(accountCompanies.id, member!.id));
  });

  it('refuses each call to members whose role lacks the permission', async () => {
    for (const member of [rep, accountant, manager]) {
      const list = await listRoles(member.access);
      expect(list.status).toBe(403);
      expect(list.body.message).toBe('Bạn không có quyền xem mục Phân quyền');
      const create = await server.call('/role/api/role/', { token: member.access, body: roleBody({ name: `Của ${member.account.id}` }) });
      expect(create.status).toBe(403);
      expect(create.body.message).toBe('Bạn không có quyền thêm mới mục Phân quyền');
    }
    const del = await server.call(`/role/api/role/${await roleId('Thủ kho')}/?company=${anKhang}`, { method: 'DELETE', token: rep.access });
    expect(del.status).toBe(403);
    expect(del.body.message).toBe('Bạn không có quyền xóa mục Phân quyền');
  });

  it('never shows or changes the roles of another company', async () => {
    const minhPhatRole = await roleId('Kế toán', minhPhat);
    // Bình owns Minh Phát, not An Khang.
    expect((await listRoles(binh.access)).status).toBe(403);
    // An administers An Khang; Minh Phát's role id under An Khang is not found.
    expect((await server.call(`/role/api/role/${minhPhatRole}/?company=${anKhang}`, { token: an.access })).status).toBe(404);
    const put = await server.call(`/role/api/role/${minhPhatRole}/`, {
      method: 'PUT',
      token: an.access,
      body: roleBody({ name: 'Chiếm quyền' }),
    });
    expect(put.status).toBe(404);
    // And in Minh Phát An is only a rep.
    expect((await listRoles(an.access, '', minhPhat)).status).toBe(403);
  });

  it('does not let a non-administrator grant more than they hold', async () => {
    // Give the regional manager role-editing rights, then let them try to build an all-powerful role.
    const managerRole = await roleId('Quản lý vùng');
    const [row] = await server.deps.db.select().from(roles).where(eq(roles.id, managerRole));
    await server.deps.db
      .update(roles)
      .set({ permissions: { ...row!.permissions, roles: ['view', 'create', 'edit'] } })
      .where(eq(roles.id, managerRole));
    try {
      const beyond = await server.call('/role/api/role/', {
        token: manager.access,
        body: roleBody({ name: 'Siêu quyền', permissions: { roles: ['view', 'create', 'edit', 'delete', 'approve'] } }),
      });
      expect(beyond.status).toBe(403);
      expect(beyond.body.message).toBe('Bạn không thể cấp quyền hoặc phạm vi dữ liệu vượt quá quyền của chính mình');
      const wider = await server.call('/role/api/role/', {
        token: manager.access,
        body: roleBody({ name: 'Toàn công ty', scope: 'company' }),
      });
      expect(wider.status).toBe(403);
      const within = await server.call<RoleRecord>('/role/api/role/', { token: manager.access, body: roleBody({ name: 'Giám sát nhỏ' }) });
      expect(within.status).toBe(201);
    } finally {
      await server.deps.db.update(roles).set({ permissions: row!.permissions }).where(eq(roles.id, managerRole));
    }
  });
});

describe('approle/', () => {
  async function requestRole(accountId: number, role: string): Promise<number> {
    const [member] = await server.deps.db
      .select({ id: accountCompanies.id })
      .from(accountCompanies)
      .where(and(eq(accountCompanies.companyId, anKhang), eq(accountCompanies.accountId, accountId)));
    const [request] = await server.deps.db
      .insert(roleRequests)
      .values({ companyId: anKhang, membershipId: member!.id, roleId: await roleId(role), requestedBy: manager.account.id })
      .returning({ id: roleRequests.id });
    return request!.id;
  }

  it('lists pending role changes and applies an approved one; the member’s access changes with it', async () => {
    const request = await requestRole(rep.account.id, 'Quản lý vùng');
    const pending = await server.call<RoleRequestRecord[]>(`/role/api/approle/?company=${anKhang}`, { token: an.access });
    expect(pending.body.data.find((row) => row.id === request)).toMatchObject({
      account: { id: rep.account.id },
      current_role: { name: 'Trình dược viên' },
      requested_role: { name: 'Quản lý vùng' },
      requested_by: { id: manager.account.id },
      status: 'pending',
    });
    const approved = await server.call<RoleRequestRecord>('/role/api/approle/', {
      token: an.access,
      body: { company: anKhang, request, approve: true },
    });
    expect(approved.status).toBe(200);
    expect(approved.body.data.status).toBe('approved');
    expect((await myAccess(rep.access)).body.data.roleName).toBe('Quản lý vùng');

    const again = await server.call('/role/api/approle/', { token: an.access, body: { company: anKhang, request, approve: false } });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('Yêu cầu này đã được xử lý');

    // Put the rep back through a rejected request and a direct reset.
    const back = await requestRole(rep.account.id, 'Kế toán');
    const rejected = await server.call<RoleRequestRecord>('/role/api/approle/', {
      token: an.access,
      body: { company: anKhang, request: back, approve: false },
    });
    expect(rejected.body.data.status).toBe('rejected');
    expect((await myAccess(rep.access)).body.data.roleName).toBe('Quản lý vùng');
    await server.deps.db
      .update(accountCompanies)
      .set({ roleId: await roleId('Trình dược viên') })
      .where(and(eq(accountCompanies.companyId, anKhang), eq(accountCompanies.accountId, rep.account.id)));
  });

  it('refuses approval to members without the approve permission, and bad input', async () => {
    const request = await requestRole(accountant.account.id, 'Thủ kho');
    const byManager = await server.call('/role/api/approle/', {
      token: manager.access,
      body: { company: anKhang, request, approve: true },
    });
    expect(byManager.status).toBe(403);
    expect(byManager.body.message).toBe('Bạn không có quyền duyệt mục Phân quyền');
    const byOther = await server.call('/role/api/approle/', { token: binh.access, body: { company: anKhang, request, approve: true } });
    expect(byOther.status).toBe(403);
    const missing = await server.call('/role/api/approle/', { token: an.access, body: { company: anKhang, request } });
    expect(missing.status).toBe(400);
    expect(missing.body.message).toBe('Vui lòng chọn duyệt hoặc từ chối');
    const unknown = await server.call('/role/api/approle/', {
      token: an.access,
      body: { company: anKhang, request: 999999, approve: true },
    });
    expect(unknown.status).toBe(404);
    // Minh Phát's owner cannot decide An Khang's requests through his own company either.
    const crossed = await server.call('/role/api/approle/', { token: binh.access, body: { company: minhPhat, request, approve: true } });
    expect(crossed.status).toBe(404);
    expect((await myAccess(accountant.access)).body.data.roleName).toBe('Kế toán');
  });
});
