import ExcelJS from 'exceljs';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Account } from '@contract/auth';
import { companyPaths } from '@contract/api-paths';
import type { Membership } from '@contract/company';
import {
  employeePaths,
  STAFF_SHEET_COLUMNS,
  type EmployeeOptions,
  type EmployeeRecord,
  type EmployeeWriteAnswer,
  type StaffOption,
} from '@contract/employees';
import { roleRequests } from '@server/kernel/db/schema';
import { addAccount, freshPhone } from '@server/testing/fixtures';
import { startEmployeeKit, STAFF, type EmployeeKit } from '@server/testing/employees.kit';

let kit: EmployeeKit;
let options: EmployeeOptions;
const roleId = (name: string) => options.roles.find((role) => role.name === name)!.id;
const regionId = (code: string) => options.regions.find((region) => region.code === code)!.id;

const list = (query: Record<string, string | number | undefined>, token?: string) =>
  kit.get<EmployeeRecord[]>(employeePaths.employees, { company: kit.anKhang, ...query }, token);

beforeAll(async () => {
  kit = await startEmployeeKit();
  options = (await kit.get<EmployeeOptions>(employeePaths.options, { company: kit.anKhang })).body.data;
});
afterAll(async () => {
  await kit?.stop();
});

describe('employee/ list', () => {
  it('lists the sales staff with role, region, manager and state, and the office staff apart', async () => {
    const sales = await list({ kind: 'sales' });
    expect(sales.status).toBe(200);
    expect(sales.body.count).toBe(2);
    expect(sales.body.data.map((row) => row.code)).toEqual(['TDV001', 'TDV002']);
    expect(sales.body.data[0]).toMatchObject({
      id: kit.rep.account.id,
      full_name: 'Lê Văn Trình',
      phone: STAFF.rep,
      staff_kind: 'sales',
      role: { name: 'Trình dược viên' },
      region: { code: 'MN', name: 'Miền Nam' },
      manager: { id: kit.manager.account.id, full_name: 'Võ Minh Quân' },
      status_display: 'accept',
      is_active: true,
      is_owner: false,
      start_date: '2025-03-01',
      pending_role: null,
    });
    const office = await list({ kind: 'office' });
    expect(office.body.data.map((row) => row.code)).toEqual(['KT001', 'NV001', 'QL001', 'TK001']);
    expect(office.body.data.find((row) => row.code === 'NV001')).toMatchObject({
      full_name: 'Nguyễn Văn An',
      is_owner: true,
      role: { name: 'Quản trị' },
    });
  });

  it('searches code, name, phone and email without diacritics, filters by region, and pages', async () => {
    const codes = async (query: Record<string, string | number>) => (await list(query)).body.data.map((row) => row.code);
    expect(await codes({ search: 'le van trinh' })).toEqual(['TDV001']);
    expect(await codes({ search: 'LÊ TRÌNH' })).toEqual(['TDV001']);
    expect(await codes({ search: 'dang thu ha' })).toEqual(['KT001']);
    expect(await codes({ search: '0912000002' })).toEqual(['TDV002']);
    expect(await codes({ search: 'tdv00' })).toEqual(['TDV001', 'TDV002']);
    expect(await codes({ search: 'an.nguyen@ankhang' })).toEqual(['NV001']);
    expect(await codes({ search: '100% _x' })).toEqual([]);
    expect(await codes({ region: regionId('MN') })).toEqual(['QL001', 'TDV001']);
    const page = await list({ limit: 2, page: 2 });
    expect(page.body.count).toBe(6);
    expect(page.body.data).toHaveLength(2);
  });

  it('refuses bad filters with a Vietnamese message naming the field', async () => {
    const status = await list({ status: 'deleted' });
    expect([status.status, status.body.fields?.status]).toEqual([400, 'Trạng thái không hợp lệ']);
    const kind = await list({ kind: 'boss' });
    expect([kind.status, kind.body.fields?.kind]).toEqual([400, 'Loại nhân viên không hợp lệ']);
    const limit = await list({ limit: 1000 });
    expect([limit.status, limit.body.message]).toEqual([400, 'Số dòng mỗi trang tối đa là 200']);
    const company = await kit.get(employeePaths.employees, {});
    expect([company.status, company.body.message]).toEqual([400, 'Vui lòng nhập công ty']);
  });

  it('shows a regional manager only the staff of their region', async () => {
    const seen = await list({}, kit.manager.access);
    expect(seen.status).toBe(200);
    expect(seen.body.data.map((row) => row.code)).toEqual(['QL001', 'TDV001']);
    expect((await list({ kind: 'sales' }, kit.manager.access)).body.data.map((row) => row.code)).toEqual(['TDV001']);
  });

  it('refuses members whose role has no employees permission, other companies and anonymous callers', async () => {
    for (const who of [kit.accountant, kit.rep]) {
      const refused = await list({}, who.access);
      expect([refused.status, refused.body.error, refused.body.message]).toEqual([
        403,
        'FORBIDDEN',
        'Bạn không có quyền xem mục Nhân viên',
      ]);
    }
    const stranger = await list({}, kit.binh.access);
    expect([stranger.status, stranger.body.error]).toEqual([403, 'NOT_A_MEMBER']);
    const anonymous = await kit.server.call(`${employeePaths.employees}?company=${kit.anKhang}`);
    expect(anonymous.status).toBe(401);
  });
});

describe('employee/{id}/ detail', () => {
  it('answers one employee by account id, within the caller’s scope', async () => {
    const rep = await kit.get<EmployeeRecord>(employeePaths.employee(kit.rep.account.id), { company: kit.anKhang });
    expect([rep.status, rep.body.data.code]).toEqual([200, 'TDV001']);
    const outOfRegion = await kit.get(employeePaths.employee(kit.repHanoi.account.id), { company: kit.anKhang }, kit.manager.access);
    expect([outOfRegion.status, outOfRegion.body.message]).toEqual([404, 'Không tìm thấy nhân viên']);
    expect((await kit.get(employeePaths.employee(kit.rep.account.id), { company: kit.anKhang }, kit.manager.access)).status).toBe(200);
    expect((await kit.get(employeePaths.employee(kit.binh.account.id), { company: kit.anKhang })).status).toBe(404);
    expect((await kit.get(employeePaths.employee('abc'), { company: kit.anKhang })).status).toBe(404);
    expect((await kit.get(employeePaths.employee(kit.rep.account.id), { company: kit.anKhang }, kit.accountant.access)).status).toBe(403);
  });
});

describe('employee/options/ and employee/all_staff/', () => {
  it('offers the company’s roles, regions and managers, and says who approves roles', async () => {
    expect(options.roles.map((role) => role.name)).toEqual(['Quản trị', 'Quản lý vùng', 'Trình dược viên', 'Kế toán', 'Thủ kho']);
    expect(options.regions.map((region) => region.code)).toEqual(['HN', 'MN', 'MT']);
    expect(options.managers.map((m) => m.full_name)).toContain('Võ Minh Quân');
    expect(options.can_approve_roles).toBe(true);
    const manager = await kit.get<EmployeeOptions>(employeePaths.options, { company: kit.anKhang }, kit.manager.access);
    expect([manager.status, manager.body.data.can_approve_roles]).toEqual([200, false]);
    expect((await kit.get(employeePaths.options, { company: kit.anKhang }, kit.accountant.access)).status).toBe(403);
  });

  it('lists active members for pickers, by the caller’s scope, to any member', async () => {
    const names = async (token: string, query: Record<string, string | number> = {}) =>
      (await kit.get<StaffOption[]>(employeePaths.allStaff, { company: kit.anKhang, ...query }, token)).body.data.map(
        (row) => row.full_name,
      );
    expect(await names(kit.an.access)).toHaveLength(6);
    expect(await names(kit.an.access, { kind: 'sales' })).toEqual(['Lê Văn Trình', 'Phạm Thị Hoa']);
    expect(await names(kit.accountant.access)).toHaveLength(6);
    expect(await names(kit.rep.access)).toEqual(['Lê Văn Trình']);
    expect((await names(kit.manager.access)).sort()).toEqual(['Lê Văn Trình', 'Võ Minh Quân']);
    expect((await kit.get(employeePaths.allStaff, { company: kit.anKhang }, kit.binh.access)).status).toBe(403);
  });
});

describe('employee/admin/create/ and employee/create_staff/', () => {
  it('creates an account for a new phone and invites it; the person signs in, accepts and enters', async () => {
    const phone = freshPhone();
    const made = await kit.send<EmployeeWriteAnswer>('POST', employeePaths.createStaff, {
      company: kit.anKhang,
      phone,
      full_name: '  Trần Văn Mới ',
      email: 'moi@example.com',
      password: 'Khoi@dau2026',
      region: regionId('MT'),
      manager: kit.manager.account.id,
      start_date: '2026-04-01',
    });
    expect(made.status).toBe(201);
    expect(made.body.message).toBe('Đã tạo tài khoản và gửi lời mời cho Trần Văn Mới');
    expect(made.body.data).toMatchObject({
      full_name: 'Trần Văn Mới',
      phone,
      email: 'moi@example.com',
      staff_kind: 'sales',
      code: 'TDV003',
      role: { name: 'Trình dược viên' },
      region: { code: 'MT' },
      manager: { full_name: 'Võ Minh Quân' },
      start_date: '2026-04-01',
      status_display: 'invited',
      is_active: true,
      role_request_pending: false,
    });
    const session = await kit.server.login(phone, 'Khoi@dau2026');
    const membership = session.account.company_data.find((m) => m.company === kit.anKhang)!;
    expect(membership.status_display).toBe('invited');
    const before = await kit.server.call(`${companyPaths.functionOnOff}?company=${kit.anKhang}`, { token: session.access });
    expect([before.status, before.body.error]).toEqual([403, 'NOT_A_MEMBER']);
    const accepted = await kit.send<Membership>('PUT', companyPaths.membership(membership.id), { status: 'accept' }, session.access);
    expect([accepted.status, accepted.body.data.status_display, accepted.body.message]).toEqual([
      200,
      'accept',
      'Đã chấp nhận lời mời tham gia công ty',
    ]);
    expect((await kit.server.call(`${companyPaths.functionOnOff}?company=${kit.anKhang}`, { token: session.access })).status).toBe(200);
  });

  it('links an account that exists, keeping its own name; the person may decline and be invited again', async () => {
    const made = await kit.send<EmployeeWriteAnswer>('POST', employeePaths.adminCreate, {
      company: kit.anKhang,
      phone: '0907 654 321',
      full_name: 'Tên Khác',
      staff_kind: 'office',
      role: roleId('Kế toán'),
    });
    expect(made.status).toBe(201);
    expect(made.body.message).toBe('Số điện thoại đã có tài khoản: đã gửi lời mời cho Trần Thị Bình');
    expect(made.body.data).toMatchObject({ full_name: 'Trần Thị Bình', staff_kind: 'office', code: 'NV002', role: { name: 'Kế toán' } });
    const again = await kit.send('POST', employeePaths.adminCreate, { company: kit.anKhang, phone: '0907654321' });
    expect([again.status, again.body.fields?.phone]).toEqual([409, 'Người này đã được mời và đang chờ chấp nhận lời mời']);

    const binh = await kit.server.login('0907654321');
    const invitation = binh.account.company_data.find((m) => m.company === kit.anKhang)!;
    // The owner cannot accept for the person, nor may anyone else answer; only accept or reject.
    const forced = await kit.send('PUT', companyPaths.membership(invitation.id), { status: 'accept' });
    expect([forced.status, forced.body.message]).toEqual([
      403,
      'Chỉ người được mời mới có thể chấp nhận lời mời; hãy gửi lời mời mới nếu cần',
    ]);
    expect((await kit.send('PUT', companyPaths.membership(invitation.id), { status: 'accept' }, kit.rep.access)).status).toBe(403);
    const odd = await kit.send('PUT', companyPaths.membership(invitation.id), { status: 'pending' }, binh.access);
    expect([odd.status, odd.body.message]).toEqual([400, 'Chỉ có thể chấp nhận hoặc từ chối lời mời']);
    const declined = await kit.send<Membership>('PUT', companyPaths.membership(invitation.id), { status: 'reject' }, binh.access);
    expect([declined.status, declined.body.data.status_display]).toEqual([200, 'reject']);
    expect((await list({ search: 'binh' })).body.data).toEqual([]);
    expect((await kit.send('PUT', companyPaths.membership(invitation.id), { status: 'accept' })).status).toBe(403);

    const reinvited = await kit.send<EmployeeWriteAnswer>('POST', employeePaths.adminCreate, { company: kit.anKhang, phone: '0907654321' });
    expect([reinvited.status, reinvited.body.data.status_display, reinvited.body.data.code]).toEqual([201, 'invited', 'NV002']);
  });

  it('admits at once a person who had asked to join', async () => {
    const person = await addAccount(kit.server.deps.db, {
      fullName: 'Lý Thị Xin',
      memberships: [{ companyId: kit.anKhang, status: 'pending' }],
    });
    const made = await kit.send<EmployeeWriteAnswer>('POST', employeePaths.adminCreate, {
      company: kit.anKhang,
      phone: person.phone,
      staff_kind: 'sales',
    });
    expect([made.status, made.body.message, made.body.data.status_display]).toEqual([201, 'Đã nhận Lý Thị Xin vào công ty', 'accept']);
  });

  it('refuses an existing member, a taken code and references of other companies, naming the field', async () => {
    const member = await kit.send('POST', employeePaths.createStaff, { company: kit.anKhang, phone: STAFF.rep });
    expect([member.status, member.body.error, member.body.fields?.phone]).toEqual([
      409,
      'CONFLICT',
      'Người này đã là nhân viên của công ty',
    ]);
    const base = { company: kit.anKhang, phone: freshPhone(), full_name: 'Người Mới', password: 'Khoi@dau2026' };
    const code = await kit.send('POST', employeePaths.createStaff, { ...base, code: 'tdv001' });
    expect([code.status, code.body.fields?.code]).toEqual([409, 'Mã nhân viên đã tồn tại']);
    const minhPhatRoles = (await kit.get<EmployeeOptions>(employeePaths.options, { company: kit.minhPhat }, kit.binh.access)).body.data
      .roles;
    const role = await kit.send('POST', employeePaths.createStaff, { ...base, role: minhPhatRoles[0]!.id });
    expect([role.status, role.body.fields?.role]).toEqual([400, 'Vai trò không tồn tại trong công ty']);
    const region = await kit.send('POST', employeePaths.createStaff, { ...base, region: 999_999 });
    expect([region.status, region.body.fields?.region]).toEqual([400, 'Khu vực không tồn tại trong công ty']);
    const outsider = await addAccount(kit.server.deps.db, { fullName: 'Người Ngoài' });
    const manager = await kit.send('POST', employeePaths.createStaff, { ...base, manager: outsider.id });
    expect([manager.status, manager.body.fields?.manager]).toEqual([400, 'Người quản lý phải là nhân viên đang hoạt động của công ty']);
    // Nothing of the refused attempts was kept.
    expect((await list({ search: 'nguoi moi' })).body.count).toBe(0);
  });

  it('refuses bad input with Vietnamese messages', async () => {
    const expectField = async (body: Record<string, unknown>, field: string, message: string) => {
      const answer = await kit.send('POST', employeePaths.createStaff, { company: kit.anKhang, ...body });
      expect([answer.status, answer.body.fields?.[field]]).toEqual([400, message]);
    };
    await expectField({}, 'phone', 'Vui lòng nhập số điện thoại');
    await expectField({ phone: '12345' }, 'phone', 'Số điện thoại không hợp lệ');
    await expectField({ phone: freshPhone(), password: 'Khoi@dau2026' }, 'full_name', 'Vui lòng nhập họ và tên cho tài khoản mới');
    await expectField({ phone: freshPhone(), full_name: 'A B' }, 'password', 'Vui lòng nhập mật khẩu ban đầu cho tài khoản mới');
    await expectField(
      { phone: freshPhone(), full_name: 'A B', password: '12345678' },
      'password',
      'Mật khẩu quá phổ biến, vui lòng chọn mật khẩu khác',
    );
    await expectField({ phone: freshPhone(), full_name: 'A B', password: 'ngan' }, 'password', 'Mật khẩu phải có ít nhất 8 ký tự');
    const phone = freshPhone();
    await expectField({ phone, full_name: 'A B', password: phone }, 'password', 'Mật khẩu không được trùng với số điện thoại');
    await expectField({ phone: freshPhone(), email: 'khong-phai-email' }, 'email', 'Email không hợp lệ');
    await expectField({ phone: freshPhone(), start_date: '2026-02-30' }, 'start_date', 'Ngày bắt đầu không hợp lệ (YYYY-MM-DD)');
    await expectField({ phone: freshPhone(), code: 'TDV 9' }, 'code', 'Mã nhân viên chỉ gồm chữ, số và các ký tự . _ - /');
    await expectField({ phone: freshPhone(), region: 'MN' }, 'region', 'Khu vực không hợp lệ');
    const kind = await kit.send('POST', employeePaths.adminCreate, { company: kit.anKhang, phone: freshPhone(), staff_kind: 'ceo' });
    expect([kind.status, kind.body.fields?.staff_kind]).toEqual([400, 'Loại nhân viên không hợp lệ']);
  });

  it('refuses members without the create permission and other companies', async () => {
    const body = { company: kit.anKhang, phone: freshPhone(), full_name: 'Người Mới', password: 'Khoi@dau2026' };
    for (const who of [kit.manager, kit.accountant, kit.rep]) {
      const refused = await kit.send('POST', employeePaths.createStaff, body, who.access);
      expect([refused.status, refused.body.message]).toEqual([403, 'Bạn không có quyền thêm mới mục Nhân viên']);
    }
    const stranger = await kit.send('POST', employeePaths.adminCreate, body, kit.binh.access);
    expect([stranger.status, stranger.body.error]).toEqual([403, 'NOT_A_MEMBER']);
  });
});

describe('PUT employee/{id}/', () => {
  it('lets an admin change code, kind, region, manager, start date and role at once', async () => {
    const updated = await kit.send<EmployeeWriteAnswer>('PUT', employeePaths.employee(kit.repHanoi.account.id), {
      company: kit.anKhang,
      code: 'TDV-HN-01',
      region: regionId('HN'),
      manager: null,
      start_date: '2025-05-02',
    });
    expect([updated.status, updated.body.message]).toEqual([200, 'Cập nhật nhân viên thành công']);
    expect(updated.body.data).toMatchObject({
      code: 'TDV-HN-01',
      manager: null,
      start_date: '2025-05-02',
      full_name: 'Phạm Thị Hoa',
      role: { name: 'Trình dược viên' },
    });
    const role = await kit.send<EmployeeWriteAnswer>('PUT', employeePaths.employee(kit.repHanoi.account.id), {
      company: kit.anKhang,
      role: roleId('Thủ kho'),
    });
    expect([role.body.data.role?.name, role.body.data.role_request_pending]).toEqual(['Thủ kho', false]);
    await kit.send('PUT', employeePaths.employee(kit.repHanoi.account.id), {
      company: kit.anKhang,
      role: roleId('Trình dược viên'),
      code: 'TDV002',
    });
  });

  it('turns a regional manager’s role change into a request waiting for approval', async () => {
    const asked = await kit.send<EmployeeWriteAnswer>(
      'PUT',
      employeePaths.employee(kit.rep.account.id),
      { company: kit.anKhang, role: roleId('Kế toán'), start_date: '2025-03-02' },
      kit.manager.access,
    );
    expect([asked.status, asked.body.message]).toEqual([200, 'Đã lưu. Thay đổi vai trò đang chờ quản trị viên duyệt']);
    expect(asked.body.data).toMatchObject({
      role: { name: 'Trình dược viên' },
      pending_role: { name: 'Kế toán' },
      role_request_pending: true,
      start_date: '2025-03-02',
    });
    const again = await kit.send<EmployeeWriteAnswer>(
      'PUT',
      employeePaths.employee(kit.rep.account.id),
      { company: kit.anKhang, role: roleId('Thủ kho') },
      kit.manager.access,
    );
    expect(again.body.data.pending_role?.name).toBe('Thủ kho');
    const requests = await kit.server.deps.db
      .select()
      .from(roleRequests)
      .where(and(eq(roleRequests.membershipId, asked.body.data.membership_id), eq(roleRequests.status, 'pending')));
    expect(requests).toHaveLength(1);
    expect(requests[0]).toMatchObject({ companyId: kit.anKhang, roleId: roleId('Thủ kho'), requestedBy: kit.manager.account.id });

    // The owner sets the role directly: the waiting request is settled by it, not left behind.
    const settled = await kit.send<EmployeeWriteAnswer>('PUT', employeePaths.employee(kit.rep.account.id), {
      company: kit.anKhang,
      role: roleId('Thủ kho'),
    });
    expect(settled.body.data).toMatchObject({ role: { name: 'Thủ kho' }, pending_role: null, role_request_pending: false });
    const decided = await kit.server.deps.db
      .select()
      .from(roleRequests)
      .where(eq(roleRequests.membershipId, asked.body.data.membership_id));
    expect(decided.map((request) => [request.status, request.decidedBy])).toEqual([['approved', kit.an.account.id]]);
    const back = await kit.send<EmployeeWriteAnswer>('PUT', employeePaths.employee(kit.rep.account.id), {
      company: kit.anKhang,
      role: roleId('Trình dược viên'),
    });
    expect(back.body.data.role?.name).toBe('Trình dược viên');
  });

  it('keeps a regional manager inside their region and below their own rank', async () => {
    const hanoi = await kit.send(
      'PUT',
      employeePaths.employee(kit.repHanoi.account.id),
      { company: kit.anKhang, code: 'X1' },
      kit.manager.access,
    );
    expect([hanoi.status, hanoi.body.message]).toEqual([404, 'Không tìm thấy nhân viên']);
    const move = await kit.send(
      'PUT',
      employeePaths.employee(kit.rep.account.id),
      { company: kit.anKhang, region: regionId('HN') },
      kit.manager.access,
    );
    expect([move.status, move.body.message]).toEqual([403, 'Bạn chỉ được xếp nhân viên vào khu vực mình phụ trách']);
    const own = await kit.send(
      'PUT',
      employeePaths.employee(kit.manager.account.id),
      { company: kit.anKhang, role: roleId('Quản trị') },
      kit.manager.access,
    );
    expect([own.status, own.body.message]).toEqual([403, 'Bạn không thể tự đổi vai trò của mình']);
    const owner = await kit.send('PUT', employeePaths.employee(kit.an.account.id), { company: kit.anKhang, role: roleId('Kế toán') });
    expect([owner.status, owner.body.message]).toEqual([403, 'Không thể đổi vai trò của chủ sở hữu công ty']);
  });

  it('changes name and email only of accounts the company manages', async () => {
    const renamed = await kit.send<EmployeeWriteAnswer>('PUT', employeePaths.employee(kit.rep.account.id), {
      company: kit.anKhang,
      full_name: 'Lê Văn Trình',
      email: 'trinh@ankhang.vn',
    });
    expect([renamed.status, renamed.body.data.email]).toEqual([200, 'trinh@ankhang.vn']);
    // Bình owns Minh Phát: An Khang may not rename her account.
    const binh = await kit.send('PUT', employeePaths.employee(kit.binh.account.id), { company: kit.anKhang, full_name: 'Bình Khác' });
    expect([binh.status, binh.body.message]).toEqual([
      403,
      'Không thể đổi họ tên hoặc email của chủ sở hữu công ty; chỉ chính họ mới thay đổi được',
    ]);
  });

  it('refuses a taken code, bad values, and callers without the edit permission', async () => {
    const taken = await kit.send('PUT', employeePaths.employee(kit.rep.account.id), { company: kit.anKhang, code: 'KT001' });
    expect([taken.status, taken.body.fields?.code]).toEqual([409, 'Mã nhân viên đã tồn tại']);
    const name = await kit.send('PUT', employeePaths.employee(kit.rep.account.id), { company: kit.anKhang, full_name: '  ' });
    expect([name.status, name.body.fields?.full_name]).toEqual([400, 'Vui lòng nhập họ và tên']);
    const manager = await kit.send('PUT', employeePaths.employee(kit.rep.account.id), {
      company: kit.anKhang,
      manager: kit.rep.account.id,
    });
    expect([manager.status, manager.body.fields?.manager]).toEqual([400, 'Nhân viên không thể tự quản lý chính mình']);
    const refused = await kit.send(
      'PUT',
      employeePaths.employee(kit.rep.account.id),
      { company: kit.anKhang, code: 'X' },
      kit.accountant.access,
    );
    expect([refused.status, refused.body.message]).toEqual([403, 'Bạn không có quyền sửa mục Nhân viên']);
    expect(
      (await kit.send('PUT', employeePaths.employee(kit.rep.account.id), { company: kit.anKhang, code: 'X' }, kit.binh.access)).status,
    ).toBe(403);
    expect((await kit.employee(kit.rep.account.id)).code).toBe('TDV001');
  });
});

describe('employee/inactive_staff/', () => {
  it('deactivates a rep: refused in the company, gone from pickers, history kept; reactivation restores', async () => {
    const phone = STAFF.repHanoi;
    const customers = await kit.get<{ id: string }[]>('/customer/api/customer/', { company: kit.anKhang, limit: 1 });
    const customerId = customers.body.data[0]!.id;
    const assigned = await kit.send('PUT', '/customer/api/update-customer/', {
      company: kit.anKhang,
      customers: [customerId],
      changes: { staff_id: kit.repHanoi.account.id },
    });
    expect(assigned.status).toBe(200);

    const off = await kit.send<EmployeeRecord>('POST', employeePaths.inactiveStaff, {
      company: kit.anKhang,
      account: kit.repHanoi.account.id,
      is_active: false,
    });
    expect([off.status, off.body.message, off.body.data.is_active]).toEqual([200, 'Đã ngừng hoạt động Phạm Thị Hoa', false]);

    const signIn = await kit.server.login(phone);
    const membership = signIn.account.company_data.find((m) => m.company === kit.anKhang)!;
    expect([membership.status_display, membership.is_active]).toEqual(['accept', false]);
    const refused = await kit.server.call(`${companyPaths.functionOnOff}?company=${kit.anKhang}`, { token: signIn.access });
    expect([refused.status, refused.body.error, refused.body.message]).toEqual([
      403,
      'MEMBER_INACTIVE',
      'Tài khoản của bạn đã bị ngừng hoạt động tại công ty này',
    ]);

    const pickers = await kit.get<StaffOption[]>(employeePaths.allStaff, { company: kit.anKhang });
    expect(pickers.body.data.map((row) => row.phone)).not.toContain(phone);
    const members = await kit.get<{ account: { phone: string }; is_active: boolean }[]>(companyPaths.memberships, { company: kit.anKhang });
    expect(members.body.data.find((m) => m.account.phone === phone)?.is_active).toBe(false);
    expect((await list({ status: 'inactive' })).body.data.map((row) => row.phone)).toEqual([phone]);
    expect((await list({ status: 'active' })).body.data.map((row) => row.phone)).not.toContain(phone);
    const kept = await kit.get<{ id: string }[]>('/customer/api/customer/', { company: kit.anKhang, staff: kit.repHanoi.account.id });
    expect(kept.body.data.map((row) => row.id)).toContain(customerId);

    const on = await kit.send<EmployeeRecord>('POST', employeePaths.inactiveStaff, {
      company: kit.anKhang,
      account: kit.repHanoi.account.id,
      is_active: true,
    });
    expect([on.status, on.body.message, on.body.data.is_active]).toEqual([200, 'Đã kích hoạt lại Phạm Thị Hoa', true]);
    expect((await kit.server.call(`${companyPaths.functionOnOff}?company=${kit.anKhang}`, { token: signIn.access })).status).toBe(200);
  });

  it('withdraws an invitation: the invited person can no longer accept it', async () => {
    const phone = freshPhone();
    await kit.send('POST', employeePaths.createStaff, {
      company: kit.anKhang,
      phone,
      full_name: 'Người Được Mời',
      password: 'Khoi@dau2026',
    });
    const person = await kit.server.login(phone, 'Khoi@dau2026');
    await kit.send('POST', employeePaths.inactiveStaff, { company: kit.anKhang, account: person.account.id, is_active: false });
    const invitation = person.account.company_data.find((m) => m.company === kit.anKhang)!;
    const accept = await kit.send('PUT', companyPaths.membership(invitation.id), { status: 'accept' }, person.access);
    expect([accept.status, accept.body.message]).toEqual([409, 'Lời mời này đã bị công ty thu hồi']);
  });

  it('refuses deactivating oneself or the owner, missing fields, and callers without the delete permission', async () => {
    const self = await kit.send('POST', employeePaths.inactiveStaff, {
      company: kit.anKhang,
      account: kit.an.account.id,
      is_active: false,
    });
    expect([self.status, self.body.message]).toEqual([403, 'Bạn không thể tự ngừng hoạt động tài khoản của mình']);
    // A second administrator (not the owner) cannot deactivate the owner.
    const admin = await addAccount(kit.server.deps.db, {
      fullName: 'Quản Trị Hai',
      memberships: [{ companyId: kit.anKhang, status: 'accept' }],
    });
    await kit.send('PUT', employeePaths.employee(admin.id), { company: kit.anKhang, role: roleId('Quản trị') });
    const adminSession = await kit.server.login(admin.phone, admin.password);
    const owner = await kit.send(
      'POST',
      employeePaths.inactiveStaff,
      { company: kit.anKhang, account: kit.an.account.id, is_active: false },
      adminSession.access,
    );
    expect([owner.status, owner.body.message]).toEqual([403, 'Không thể ngừng hoạt động chủ sở hữu công ty']);
    const missing = await kit.send('POST', employeePaths.inactiveStaff, { company: kit.anKhang });
    expect([missing.status, missing.body.fields]).toEqual([
      400,
      { account: 'Vui lòng chọn nhân viên', is_active: 'Vui lòng chọn trạng thái hoạt động' },
    ]);
    const manager = await kit.send(
      'POST',
      employeePaths.inactiveStaff,
      { company: kit.anKhang, account: kit.rep.account.id, is_active: false },
      kit.manager.access,
    );
    expect([manager.status, manager.body.message]).toEqual([403, 'Bạn không có quyền xóa mục Nhân viên']);
    expect(
      (
        await kit.send(
          'POST',
          employeePaths.inactiveStaff,
          { company: kit.anKhang, account: kit.rep.account.id, is_active: false },
          kit.binh.access,
        )
      ).status,
    ).toBe(403);
    expect((await kit.employee(kit.rep.account.id)).is_active).toBe(true);
  });
});

describe('admin/updatepassword/{id}/', () => {
  it('sets a member’s password and ends every session of theirs', async () => {
    const person = await addAccount(kit.server.deps.db, {
      fullName: 'Người Quên Mật Khẩu',
      memberships: [{ companyId: kit.anKhang, status: 'accept' }],
    });
    const before = await kit.server.login(person.phone, person.password);
    const answer = await kit.send('PUT', employeePaths.adminUpdatePassword(person.id), {
      company: kit.anKhang,
      new_password: 'Mat@khau-moi-1',
    });
    expect([answer.status, answer.body.message]).toEqual([
      200,
      'Đã đặt mật khẩu mới cho Người Quên Mật Khẩu. Mọi phiên đăng nhập của họ đã kết thúc.',
    ]);
    const stale = await kit.server.call(`/account/api/account/${person.id}/`, { token: before.access });
    expect([stale.status, stale.body.error]).toEqual([401, 'SESSION_REVOKED']);
    const refresh = await kit.server.call('/micro-account-local/account/api/refresh_token', { body: { refresh: before.refreshCookie } });
    expect(refresh.status).toBe(401);
    const after = await kit.server.login(person.phone, 'Mat@khau-moi-1');
    expect(after.account.id).toBe(person.id);
  });

  it('lets a regional manager reset a rep of their region, not above them or outside it', async () => {
    const rep = await kit.send(
      'PUT',
      employeePaths.adminUpdatePassword(kit.rep.account.id),
      { company: kit.anKhang, new_password: 'Demo@2026-b' },
      kit.manager.access,
    );
    expect(rep.status).toBe(200);
    await kit.send('PUT', employeePaths.adminUpdatePassword(kit.rep.account.id), { company: kit.anKhang, new_password: 'Demo@2026' });
    // The resets ended the rep's sessions.
    expect((await kit.get(employeePaths.allStaff, { company: kit.anKhang }, kit.rep.access)).status).toBe(401);
    kit.rep = await kit.server.login(STAFF.rep);
    const hanoi = await kit.send(
      'PUT',
      employeePaths.adminUpdatePassword(kit.repHanoi.account.id),
      { company: kit.anKhang, new_password: 'Demo@2026-b' },
      kit.manager.access,
    );
    expect(hanoi.status).toBe(404);
    // A stronger member placed in the manager's region stays out of reach.
    const admin = await addAccount(kit.server.deps.db, {
      fullName: 'Quản Trị Miền Nam',
      memberships: [{ companyId: kit.anKhang, status: 'accept' }],
    });
    await kit.send('PUT', employeePaths.employee(admin.id), { company: kit.anKhang, role: roleId('Quản trị'), region: regionId('MN') });
    const above = await kit.send(
      'PUT',
      employeePaths.adminUpdatePassword(admin.id),
      { company: kit.anKhang, new_password: 'Demo@2026-b' },
      kit.manager.access,
    );
    expect([above.status, above.body.message]).toEqual([403, 'Bạn không thể đặt lại mật khẩu cho nhân viên có quyền cao hơn mình']);
  });

  it('refuses an account that also belongs to a company where the caller may not edit employees', async () => {
    const shared = await addAccount(kit.server.deps.db, {
      fullName: 'Người Hai Công Ty',
      memberships: [
        { companyId: kit.anKhang, status: 'accept' },
        { companyId: kit.minhPhat, status: 'accept' },
      ],
    });
    const fromAnKhang = await kit.send('PUT', employeePaths.adminUpdatePassword(shared.id), {
      company: kit.anKhang,
      new_password: 'Chiem@quyen-2026',
    });
    expect([fromAnKhang.status, fromAnKhang.body.message]).toEqual([
      403,
      'Tài khoản này còn thuộc công ty khác, bạn không thể đặt lại mật khẩu của họ',
    ]);
    const fromMinhPhat = await kit.send(
      'PUT',
      employeePaths.adminUpdatePassword(shared.id),
      { company: kit.minhPhat, new_password: 'Chiem@quyen-2026' },
      kit.binh.access,
    );
    expect(fromMinhPhat.status).toBe(403);
    await kit.server.login(shared.phone, shared.password);
  });

  it('refuses an invited account that has signed in, the owner, oneself and weak passwords', async () => {
    // Bình was invited (and has signed in): An Khang may not set her password.
    const binh = await kit.send('PUT', employeePaths.adminUpdatePassword(kit.binh.account.id), {
      company: kit.anKhang,
      new_password: 'Chiem@quyen-2026',
    });
    expect(binh.status).toBe(403);
    const invitedPhone = freshPhone();
    const invited = await kit.send<EmployeeRecord>('POST', employeePaths.createStaff, {
      company: kit.anKhang,
      phone: invitedPhone,
      full_name: 'Chưa Đăng Nhập',
      password: 'Sai@go-nham1',
    });
    const fixed = await kit.send('PUT', employeePaths.adminUpdatePassword(invited.body.data.id), {
      company: kit.anKhang,
      new_password: 'Dung@roi-2026',
    });
    expect(fixed.status).toBe(200);
    await kit.server.login(invitedPhone, 'Dung@roi-2026');
    const self = await kit.send('PUT', employeePaths.adminUpdatePassword(kit.an.account.id), {
      company: kit.anKhang,
      new_password: 'Mat@khau-moi-1',
    });
    expect([self.status, self.body.message]).toEqual([403, 'Hãy dùng chức năng Đổi mật khẩu để đổi mật khẩu của chính bạn']);
    const weak = await kit.send('PUT', employeePaths.adminUpdatePassword(kit.rep.account.id), {
      company: kit.anKhang,
      new_password: 'password',
    });
    expect([weak.status, weak.body.fields?.new_password]).toEqual([400, 'Mật khẩu quá phổ biến, vui lòng chọn mật khẩu khác']);
    const phone = await kit.send('PUT', employeePaths.adminUpdatePassword(kit.rep.account.id), {
      company: kit.anKhang,
      new_password: STAFF.rep,
    });
    expect([phone.status, phone.body.fields?.new_password]).toEqual([400, 'Mật khẩu không được trùng với số điện thoại']);
    for (const who of [kit.accountant, kit.rep]) {
      const refused = await kit.send(
        'PUT',
        employeePaths.adminUpdatePassword(kit.repHanoi.account.id),
        { company: kit.anKhang, new_password: 'Mat@khau-moi-1' },
        who.access,
      );
      expect([refused.status, refused.body.message]).toEqual([403, 'Bạn không có quyền sửa mục Nhân viên']);
    }
    await kit.server.login(STAFF.repHanoi);
  });
});

describe('employee/export/', () => {
  it('downloads the filtered staff as .xlsx with the import columns, for members allowed to export', async () => {
    const response = await fetch(`${kit.server.url}/api${employeePaths.exportEmployees}?company=${kit.anKhang}&kind=sales&search=tdv00`, {
      headers: { authorization: `Bearer ${kit.an.access}` },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-disposition')).toMatch(/^attachment; filename="nhan-vien-\d{8}\.xlsx"$/);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(await response.arrayBuffer());
    const sheet = workbook.worksheets[0]!;
    expect((sheet.getRow(1).values as unknown[]).slice(1)).toEqual([...STAFF_SHEET_COLUMNS, 'Trạng thái']);
    expect((sheet.getRow(2).values as unknown[]).slice(1)).toEqual([
      'TDV001',
      'Lê Văn Trình',
      STAFF.rep,
      'trinh@ankhang.vn',
      'Trình dược viên',
      'Trình dược viên',
      'MN',
      STAFF.manager,
      new Date('2025-03-02T00:00:00Z'),
      'Đang hoạt động',
    ]);
    for (const who of [kit.manager, kit.accountant]) {
      const refused = await kit.get(employeePaths.exportEmployees, { company: kit.anKhang }, who.access);
      expect([refused.status, refused.body.message]).toEqual([403, 'Bạn không có quyền xuất dữ liệu mục Nhân viên']);
    }
  });
});

describe('sign-in answer', () => {
  it('marks each workspace active or not', async () => {
    const account = (await kit.server.login(STAFF.rep)).account as Account;
    expect(account.company_data.map((m) => m.is_active)).toEqual([true]);
  });
});
