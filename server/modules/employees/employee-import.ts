/**
 * The two Excel imports of product-spec.md §7: staff (`import-data-sales`) and their monthly sales figures
 * (`import-revenua-sales`). Every row is handled on its own, through the same functions as the
 * form, and answers ok or its error; a bad row changes nothing (each write is one transaction),
 * and the rows after it still run.
 *
 * Staff rows: a phone already in the company (member or invited) updates that membership's
 * kind, code, role, region, manager and start date from the cells that are filled (an empty cell
 * leaves the field as it is; name and email are the person's own and are not changed by an
 * import). Any other phone is created or linked and invited, as `employee/admin/create/` does. New
 * accounts get the initial password given with the upload (a password column in a spreadsheet
 * would travel and linger in plain text); it is hashed once per upload.
 *
 * Sales rows name the person by Mã NV or Số điện thoại (when both are given they must agree) and
 * write that month's figures (`staff_sales`), replacing what an earlier import wrote.
 */
import { and, eq, inArray } from 'drizzle-orm';
import { fold } from '@contract/fold';
import {
  EMPLOYEE_CODE_INVALID,
  REVENUE_SHEET_COLUMNS,
  STAFF_KIND_WORDS,
  STAFF_SHEET_COLUMNS,
  type ImportRowResult,
  type RevenueImportAnswer,
  type StaffImportAnswer,
  type StaffKind,
} from '@contract/employees';
import { can } from '@contract/roles';
import type { Db } from '@server/kernel/db/client';
import { accountCompanies, accounts, regions, roles, staffSales } from '@server/kernel/db/schema';
import { forbidden, HttpError } from '@server/kernel/errors';
import { inScope } from './employee-access';
import { findEmployee, STAFF_STATUSES } from './employee-record';
import { CellError, date, headerAliases, month, phone, text, wholeNumber, type SheetRow } from './employee-sheet';
import { createEmployee, updateEmployee, type WriteContext } from './employee-write';

export const STAFF_ALIASES = headerAliases(STAFF_SHEET_COLUMNS, {
  'Mã nhân viên': 'Mã NV',
  'Họ và tên': 'Họ tên',
  'Tên nhân viên': 'Họ tên',
  SĐT: 'Số điện thoại',
  'Điện thoại': 'Số điện thoại',
  'Loại nhân viên': 'Loại',
  'Khu vực': 'Mã khu vực',
  'Số điện thoại quản lý': 'SĐT quản lý',
  'Người quản lý (SĐT)': 'SĐT quản lý',
  'Ngày vào làm': 'Ngày bắt đầu',
});

export const REVENUE_ALIASES = headerAliases(REVENUE_SHEET_COLUMNS, {
  'Mã nhân viên': 'Mã NV',
  SĐT: 'Số điện thoại',
  'Điện thoại': 'Số điện thoại',
  'Doanh số (VNĐ)': 'Doanh số',
  'Doanh số (đồng)': 'Doanh số',
  'Doanh thu': 'Doanh số',
  'Số đơn hàng': 'Số đơn',
});

export const STAFF_REQUIRED = [['Số điện thoại']];
export const REVENUE_REQUIRED = [['Mã NV', 'Số điện thoại'], ['Tháng'], ['Doanh số']];

/** Where a field of the employee input comes from in the staff sheet. */
const FIELD_COLUMNS: Record<string, string> = {
  phone: 'Số điện thoại',
  code: 'Mã NV',
  full_name: 'Họ tên',
  email: 'Email',
  staff_kind: 'Loại',
  role: 'Vai trò',
  region: 'Mã khu vực',
  manager: 'SĐT quản lý',
  start_date: 'Ngày bắt đầu',
};

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const CODE = /^[\p{L}\p{N}._/-]+$/u;

function failure(row: number, error: unknown, columns: Record<string, string> = FIELD_COLUMNS): ImportRowResult {
  if (error instanceof CellError) return { row, ok: false, column: error.column, message: error.message };
  if (error instanceof HttpError) {
    const field = Object.keys(error.fields ?? {})[0];
    if (field === 'password' && error.code === 'VALIDATION_FAILED') {
      return { row, ok: false, message: 'Số điện thoại chưa có tài khoản: cần nhập mật khẩu ban đầu cho tài khoản mới khi tải tệp lên' };
    }
    const column = field ? columns[field] : undefined;
    return { row, ok: false, ...(column ? { column } : {}), message: error.message };
  }
  throw error;
}

type StaffRowInput = {
  phone: string;
  code: string | null;
  fullName: string | null;
  email: string | null;
  kind: StaffKind | null;
  role: number | null;
  region: number | null;
  managerPhone: string | null;
  startDate: string | null;
};

async function lookups(db: Db, companyId: number) {
  const roleRows = await db.select({ id: roles.id, name: roles.name }).from(roles).where(eq(roles.companyId, companyId));
  const regionRows = await db.select({ id: regions.id, code: regions.code }).from(regions).where(eq(regions.companyId, companyId));
  return {
    roles: new Map(roleRows.map((role) => [fold(role.name), role.id])),
    regions: new Map(regionRows.map((region) => [region.code.toLowerCase(), region.id])),
  };
}

function readStaffRow(cells: SheetRow['cells'], known: Awaited<ReturnType<typeof lookups>>): StaffRowInput {
  const phoneNumber = phone(cells, 'Số điện thoại');
  if (!phoneNumber) throw new CellError('Số điện thoại', 'Vui lòng nhập số điện thoại');
  const code = text(cells, 'Mã NV', 40);
  if (code && !CODE.test(code)) throw new CellError('Mã NV', EMPLOYEE_CODE_INVALID);
  const email = text(cells, 'Email', 255);
  if (email && !EMAIL.test(email)) throw new CellError('Email', 'Email không hợp lệ');
  const kindText = text(cells, 'Loại', 60);
  const kind = kindText ? (STAFF_KIND_WORDS[fold(kindText)] ?? null) : null;
  if (kindText && !kind) throw new CellError('Loại', 'Loại chỉ nhận "Trình dược viên" (hoặc "Nhân viên bán hàng") hoặc "Văn phòng"');
  const roleName = text(cells, 'Vai trò', 100);
  const role = roleName ? (known.roles.get(fold(roleName)) ?? null) : null;
  if (roleName && role === null) throw new CellError('Vai trò', `Vai trò "${roleName}" không có trong công ty`);
  const regionCode = text(cells, 'Mã khu vực', 40);
  const region = regionCode ? (known.regions.get(regionCode.toLowerCase()) ?? null) : null;
  if (regionCode && region === null) throw new CellError('Mã khu vực', `Mã khu vực "${regionCode}" không có trong công ty`);
  return {
    phone: phoneNumber,
    code,
    fullName: text(cells, 'Họ tên', 120),
    email,
    kind,
    role,
    region,
    managerPhone: phone(cells, 'SĐT quản lý'),
    startDate: date(cells, 'Ngày bắt đầu'),
  };
}

async function accountIdByPhone(db: Db, phoneNumber: string): Promise<number | null> {
  const [row] = await db.select({ id: accounts.id }).from(accounts).where(eq(accounts.phone, phoneNumber));
  return row?.id ?? null;
}

export async function importStaffRows(
  db: Db,
  context: WriteContext,
  companyId: number,
  rows: SheetRow[],
  initial: { password: string | null; passwordHash: string | null },
): Promise<StaffImportAnswer> {
  const known = await lookups(db, companyId);
  const answer: StaffImportAnswer = { total: rows.length, invited: 0, updated: 0, failed: 0, rows: [] };
  const mayEdit = can(context.access, 'employees', 'edit');
  for (const { row, cells } of rows) {
    try {
      const input = readStaffRow(cells, known);
      let manager: number | null = null;
      if (input.managerPhone) {
        manager = await accountIdByPhone(db, input.managerPhone);
        if (manager === null) throw new CellError('SĐT quản lý', `Không có người quản lý nào có số điện thoại ${input.managerPhone}`);
      }
      const accountId = await accountIdByPhone(db, input.phone);
      const existing = accountId === null ? null : await findEmployee(db, companyId, accountId);
      if (existing && STAFF_STATUSES.includes(existing.status_display)) {
        if (!mayEdit) throw forbidden('FORBIDDEN', 'Bạn không có quyền sửa nhân viên đã có trong công ty');
        if (!inScope(context.access, existing)) throw forbidden('FORBIDDEN', 'Nhân viên này không thuộc khu vực bạn phụ trách');
        const outcome = await updateEmployee(db, context, existing, {
          ...(input.code ? { code: input.code } : {}),
          ...(input.kind ? { staff_kind: input.kind } : {}),
          ...(input.role !== null ? { role: input.role } : {}),
          ...(input.region !== null ? { region: input.region } : {}),
          ...(manager !== null ? { manager } : {}),
          ...(input.startDate ? { start_date: input.startDate } : {}),
        });
        answer.updated += 1;
        const note = outcome.roleRequestPending ? '; đổi vai trò đang chờ duyệt' : '';
        answer.rows.push({
          row,
          ok: true,
          message: `${outcome.changed ? 'Đã cập nhật' : 'Không có thay đổi'} ${existing.full_name}${note}`,
        });
        continue;
      }
      const outcome = await createEmployee(
        db,
        context,
        {
          company: companyId,
          phone: input.phone,
          full_name: input.fullName ?? undefined,
          email: input.email ?? undefined,
          password: initial.password,
          code: input.code ?? undefined,
          role: input.role,
          region: input.region ?? undefined,
          manager,
          start_date: input.startDate ?? undefined,
          staff_kind: input.kind ?? 'sales',
        },
        initial.passwordHash,
      );
      answer.invited += 1;
      const how = outcome.action === 'accepted' ? 'Đã nhận vào công ty' : outcome.accountCreated ? 'Đã tạo tài khoản và mời' : 'Đã mời';
      answer.rows.push({ row, ok: true, message: `${how} ${outcome.record.full_name} (${outcome.record.code ?? ''})` });
    } catch (error) {
      answer.failed += 1;
      answer.rows.push(failure(row, error));
    }
  }
  return answer;
}

const MAX_REVENUE = 1_000_000_000_000_000;
const MAX_ORDERS = 1_000_000;

export async function importRevenueRows(db: Db, context: WriteContext, companyId: number, rows: SheetRow[]): Promise<RevenueImportAnswer> {
  const members = await db
    .select({
      accountId: accountCompanies.accountId,
      code: accountCompanies.code,
      phone: accounts.phone,
      fullName: accounts.fullName,
      regionId: accountCompanies.regionId,
    })
    .from(accountCompanies)
    .innerJoin(accounts, eq(accounts.id, accountCompanies.accountId))
    .where(and(eq(accountCompanies.companyId, companyId), inArray(accountCompanies.status, STAFF_STATUSES)));
  const byCode = new Map(members.filter((m) => m.code).map((m) => [m.code!.toLowerCase(), m]));
  const byPhone = new Map(members.map((m) => [m.phone, m]));
  const answer: RevenueImportAnswer = { total: rows.length, saved: 0, failed: 0, rows: [] };
  for (const { row, cells } of rows) {
    try {
      const code = text(cells, 'Mã NV', 40);
      const phoneNumber = phone(cells, 'Số điện thoại');
      if (!code && !phoneNumber) throw new CellError('Mã NV', 'Vui lòng nhập Mã NV hoặc Số điện thoại');
      const byItsCode = code ? byCode.get(code.toLowerCase()) : undefined;
      if (code && !byItsCode) throw new CellError('Mã NV', `Không có nhân viên nào có mã ${code}`);
      const byItsPhone = phoneNumber ? byPhone.get(phoneNumber) : undefined;
      if (phoneNumber && !byItsPhone) throw new CellError('Số điện thoại', `Không có nhân viên nào có số điện thoại ${phoneNumber}`);
      if (byItsCode && byItsPhone && byItsCode.accountId !== byItsPhone.accountId) {
        throw new CellError('Số điện thoại', 'Mã NV và số điện thoại không phải của cùng một nhân viên');
      }
      const member = (byItsCode ?? byItsPhone)!;
      const target = { id: member.accountId, region: member.regionId === null ? null : { id: member.regionId, code: '', name: '' } };
      if (!inScope(context.access, target)) throw new CellError('Mã NV', 'Nhân viên này không thuộc khu vực bạn phụ trách');
      const period = month(cells, 'Tháng');
      if (!period) throw new CellError('Tháng', 'Vui lòng nhập Tháng (MM/YYYY)');
      const revenue = wholeNumber(cells, 'Doanh số', MAX_REVENUE);
      if (revenue === null) throw new CellError('Doanh số', 'Vui lòng nhập Doanh số');
      const orders = wholeNumber(cells, 'Số đơn', MAX_ORDERS) ?? 0;
      await db
        .insert(staffSales)
        .values({ companyId, accountId: member.accountId, month: period, revenue, orders })
        .onConflictDoUpdate({
          target: [staffSales.companyId, staffSales.accountId, staffSales.month],
          set: { revenue, orders, updatedAt: new Date() },
        });
      answer.saved += 1;
      answer.rows.push({ row, ok: true, message: `Đã lưu doanh số tháng ${period.slice(5)}/${period.slice(0, 4)} của ${member.fullName}` });
    } catch (error) {
      answer.failed += 1;
      answer.rows.push(failure(row, error, { phone: 'Số điện thoại', code: 'Mã NV' }));
    }
  }
  return answer;
}
