/**
 * Employee calls of product-spec.md §7 "Account (/account/api)": the staff list, detail, create (by an admin,
 * or the quick create of a sales rep), update, deactivate and reactivate, the picker list, the
 * password reset by an admin, and the two Excel imports with their templates, plus the form's
 * options and an Excel export.
 *
 * Every call names its company and checks the caller's `employees` permission there
 * (`requirePermission`), with two deliberate exceptions:
 * - `employee/all_staff/` (the staff picker of customers, orders and visits) needs only an active
 *   membership: a rep assigns customers without seeing the staff area. It still follows the
 *   caller's scope (a rep's picker holds only themselves) and lists active members only.
 * - The password reset needs `employees.edit` in this company and, for an account that works for
 *   other companies, in those too (employee-access.ts).
 * Permissions: view (list, detail, options), create (create, create_staff, staff import and its
 * template), edit (update, password reset, sales import and its template), delete (deactivate and
 * reactivate: nothing is ever deleted, so `inactive_staff` is what "delete" means here), export.
 *
 * Routes are mounted on /account/api next to the account routes, so authentication is added per
 * route (a blanket middleware would answer 401 for the sign-in calls' 404s).
 */
import { eq, inArray } from 'drizzle-orm';
import { Hono, type Context } from 'hono';
import * as v from 'valibot';
import { vietnamDay } from '@contract/price-policy';
import { newPasswordField, passwordProblem } from '@contract/auth-password';
import {
  AdminPasswordSchema,
  AllStaffQuery,
  CompanyQuery,
  EmployeeCreateSchema,
  EmployeeListQuery,
  EmployeeUpdateSchema,
  InactiveStaffSchema,
  StaffCreateSchema,
  XLSX_CONTENT_TYPE,
  type EmployeeOptions,
  type EmployeeWriteAnswer,
  type StaffKind,
} from '@contract/employees';
import { idField } from '@contract/validation';
import type { AppDeps, AppEnv } from '@server/kernel/app-types';
import type { Db } from '@server/kernel/db/client';
import { accountCompanies, accounts, regions, roles } from '@server/kernel/db/schema';
import { badRequest, forbidden } from '@server/kernel/errors';
import { hashPassword } from '@server/lib/passwords';
import { created, ok } from '@server/kernel/respond';
import { parseBody, parseQuery, parseWith, pathId } from '@server/kernel/validate';
import { authenticate } from '@server/kernel/authenticate';
import { memberAccess, requirePermission } from '@server/modules/roles';
import { clearSignInFailures, revokeAllSessions } from '@server/modules/auth';
import { assertInScope, assertManagesAccount, assertNotAbove, visibleTo } from './employee-access';
import { importRevenueRows, importStaffRows, REVENUE_ALIASES, REVENUE_REQUIRED, STAFF_ALIASES, STAFF_REQUIRED } from './employee-import';
import { allEmployees, findEmployee, listEmployees, staffOptions } from './employee-record';
import { readSheet } from './employee-sheet';
import { revenueTemplate, staffExport, staffTemplate } from './employee-workbooks';
import { canApproveRoles, createEmployee, updateEmployee, type CreateOutcome } from './employee-write';
import { requireSeat } from '@server/modules/plans';
import { removeRepPositions } from '@server/modules/visits';
import { contentDisposition } from '@server/kernel/content-disposition';

function xlsx(data: ArrayBuffer, fileName: string): Response {
  return new Response(data, {
    status: 200,
    headers: {
      'Content-Type': XLSX_CONTENT_TYPE,
      'Content-Disposition': contentDisposition('attachment', fileName),
      'Cache-Control': 'no-store',
    },
  });
}

function createMessage(outcome: CreateOutcome): string {
  const name = outcome.record.full_name;
  let message =
    outcome.action === 'accepted'
      ? `Đã nhận ${name} vào công ty`
      : outcome.accountCreated
        ? `Đã tạo tài khoản và gửi lời mời cho ${name}`
        : `Số điện thoại đã có tài khoản: đã gửi lời mời cho ${name}`;
  if (outcome.roleRequestPending) message += '. Vai trò đã chọn đang chờ quản trị viên duyệt';
  return message;
}

const dayStamp = () => vietnamDay().replace(/-/g, '');

/** The fields of a multipart upload: company, file, and the optional initial password. */
const UploadFields = v.object({
  company: idField('công ty'),
  password: v.optional(newPasswordField('mật khẩu ban đầu')),
});

async function readUpload(c: Context<AppEnv>): Promise<{ company: number; password: string | undefined; bytes: ArrayBuffer }> {
  const type = (c.req.header('content-type') ?? '').toLowerCase();
  if (!type.startsWith('multipart/form-data')) {
    throw badRequest('VALIDATION_FAILED', 'Vui lòng tải lên tệp Excel (.xlsx) dạng multipart/form-data', {
      file: 'Vui lòng chọn tệp Excel (.xlsx)',
    });
  }
  let body: Record<string, string | File | (string | File)[]>;
  try {
    body = await c.req.parseBody();
  } catch {
    throw badRequest('VALIDATION_FAILED', 'Không đọc được tệp tải lên', { file: 'Không đọc được tệp tải lên' });
  }
  const fields = parseWith(UploadFields, {
    ...(typeof body.company === 'string' ? { company: body.company } : {}),
    ...(typeof body.password === 'string' && body.password !== '' ? { password: body.password } : {}),
  });
  const file = body.file;
  if (!(file instanceof File) || file.size === 0)
    throw badRequest('VALIDATION_FAILED', 'Vui lòng chọn tệp Excel (.xlsx)', { file: 'Vui lòng chọn tệp Excel (.xlsx)' });
  return { company: fields.company, password: fields.password, bytes: await file.arrayBuffer() };
}

async function companyLists(db: Db, companyId: number) {
  const roleRows = await db.select({ id: roles.id, name: roles.name }).from(roles).where(eq(roles.companyId, companyId)).orderBy(roles.id);
  const regionRows = await db
    .select({ id: regions.id, code: regions.code, name: regions.name })
    .from(regions)
    .where(eq(regions.companyId, companyId))
    .orderBy(regions.code);
  return { roles: roleRows, regions: regionRows };
}

export function employeeRoutes(deps: AppDeps) {
  const { db } = deps;
  const app = new Hono<AppEnv>({ strict: false });
  const requireAuth = authenticate(deps);

  app.get('/employee', requireAuth, async (c) => {
    const query = parseQuery(c, EmployeeListQuery);
    const access = await requirePermission(db, c.get('auth'), query.company, 'employees', 'view');
    const result = await listEmployees(db, query, visibleTo(access));
    return ok(c, result.rows, { count: result.count });
  });

  // Fixed paths before `employee/:id`.
  app.get('/employee/all_staff', requireAuth, async (c) => {
    const query = parseQuery(c, AllStaffQuery);
    const access = await memberAccess(db, c.get('auth'), query.company);
    const rows = await staffOptions(db, query.company, { kind: query.kind, region: query.region }, visibleTo(access));
    return ok(c, rows, { count: rows.length });
  });

  app.get('/employee/options', requireAuth, async (c) => {
    const query = parseQuery(c, CompanyQuery);
    const access = await requirePermission(db, c.get('auth'), query.company, 'employees', 'view');
    const lists = await companyLists(db, query.company);
    const answer: EmployeeOptions = {
      roles: lists.roles,
      regions: lists.regions,
      managers: await staffOptions(db, query.company, { withInvited: true }, visibleTo(access)),
      can_approve_roles: canApproveRoles(access),
    };
    return ok(c, answer);
  });

  app.get('/employee/export', requireAuth, async (c) => {
    const query = parseQuery(c, v.omit(EmployeeListQuery, ['page', 'limit']));
    const access = await requirePermission(db, c.get('auth'), query.company, 'employees', 'export');
    const records = await allEmployees(db, query, visibleTo(access));
    const managerIds = [...new Set(records.flatMap((record) => (record.manager ? [record.manager.id] : [])))];
    const phones = managerIds.length
      ? await db.select({ id: accounts.id, phone: accounts.phone }).from(accounts).where(inArray(accounts.id, managerIds))
      : [];
    const file = await staffExport(records, access.membership.companyType, new Map(phones.map((row) => [row.id, row.phone])));
    return xlsx(file, `nhan-vien-${dayStamp()}.xlsx`);
  });

  async function create(c: Context<AppEnv>, kind: StaffKind | null) {
    const input =
      kind === 'sales' ? { ...(await parseBody(c, StaffCreateSchema)), staff_kind: kind } : await parseBody(c, EmployeeCreateSchema);
    const auth = c.get('auth');
    const access = await requirePermission(db, auth, input.company, 'employees', 'create');
    // Hashing is slow: only for a password that will be used (a new account) and passes the rules.
    const [existing] = await db.select({ id: accounts.id }).from(accounts).where(eq(accounts.phone, input.phone));
    const usable = !existing && input.password && !passwordProblem(input.password, input.phone);
    const passwordHash = usable ? await hashPassword(input.password!, deps.env.scryptLogN) : null;
    const outcome = await createEmployee(db, { auth, access }, input, passwordHash);
    const answer: EmployeeWriteAnswer = { ...outcome.record, role_request_pending: outcome.roleRequestPending };
    return created(c, answer, createMessage(outcome));
  }

  app.post('/employee/admin/create', requireAuth, (c) => create(c, null));
  app.post('/employee/create_staff', requireAuth, (c) => create(c, 'sales'));

  app.post('/employee/inactive_staff', requireAuth, async (c) => {
    const input = await parseBody(c, InactiveStaffSchema);
    const auth = c.get('auth');
    const access = await requirePermission(db, auth, input.company, 'employees', 'delete');
    const target = assertInScope(access, await findEmployee(db, input.company, input.account));
    if (target.id === auth.accountId) throw forbidden('FORBIDDEN', 'Bạn không thể tự ngừng hoạt động tài khoản của mình');
    await assertNotAbove(db, access, target, input.is_active ? 'kích hoạt lại' : 'ngừng hoạt động');
    if (input.is_active && !target.is_active) await requireSeat(db, input.company, target.id);
    if (target.is_active !== input.is_active) {
      await db.transaction(async (tx) => {
        await tx
          .update(accountCompanies)
          .set({ isActive: input.is_active, updatedAt: new Date() })
          .where(eq(accountCompanies.id, target.membership_id));
        // A rep who leaves takes no position history with the company (contract/visits-place.ts REP_LOCATION_RULES.departedRep).
        if (!input.is_active) await removeRepPositions(tx, input.company, target.id);
      });
    }
    const record = await findEmployee(db, input.company, target.id);
    const message = input.is_active ? `Đã kích hoạt lại ${target.full_name}` : `Đã ngừng hoạt động ${target.full_name}`;
    return ok(c, record, { message });
  });

  app.get('/employee/:id', requireAuth, async (c) => {
    const id = pathId(c);
    const query = parseQuery(c, CompanyQuery);
    const access = await requirePermission(db, c.get('auth'), query.company, 'employees', 'view');
    return ok(c, assertInScope(access, await findEmployee(db, query.company, id)));
  });

  app.put('/employee/:id', requireAuth, async (c) => {
    const id = pathId(c);
    const { company, ...patch } = await parseBody(c, EmployeeUpdateSchema);
    const auth = c.get('auth');
    const access = await requirePermission(db, auth, company, 'employees', 'edit');
    const target = assertInScope(access, await findEmployee(db, company, id));
    const outcome = await updateEmployee(db, { auth, access }, target, patch);
    const answer: EmployeeWriteAnswer = { ...outcome.record, role_request_pending: outcome.roleRequestPending };
    const message = outcome.roleRequestPending ? 'Đã lưu. Thay đổi vai trò đang chờ quản trị viên duyệt' : 'Cập nhật nhân viên thành công';
    return ok(c, answer, { message });
  });

  /** An admin sets a member's password; every session of that account ends. */
  app.put('/admin/updatepassword/:id', requireAuth, async (c) => {
    const id = pathId(c);
    const input = await parseBody(c, AdminPasswordSchema);
    const auth = c.get('auth');
    const access = await requirePermission(db, auth, input.company, 'employees', 'edit');
    const target = assertInScope(access, await findEmployee(db, input.company, id));
    if (target.id === auth.accountId) {
      throw forbidden('FORBIDDEN', 'Hãy dùng chức năng Đổi mật khẩu để đổi mật khẩu của chính bạn');
    }
    await assertNotAbove(db, access, target, 'đặt lại mật khẩu cho');
    await assertManagesAccount(db, auth, target, 'đặt lại mật khẩu');
    const problem = passwordProblem(input.new_password, target.phone);
    if (problem) throw badRequest('WEAK_PASSWORD', problem, { new_password: problem });
    const passwordHash = await hashPassword(input.new_password, deps.env.scryptLogN);
    await db.transaction(async (tx) => {
      await tx.update(accounts).set({ passwordHash, updatedAt: new Date() }).where(eq(accounts.id, target.id));
      await revokeAllSessions(tx, target.id, 'admin_password_reset');
    });
    // Like a password reset, the new password lifts a sign-in lock.
    await clearSignInFailures(db, target.phone);
    deps.logger.info({ by: auth.accountId, account: target.id, company: input.company }, 'password set by company admin');
    return ok(c, null, { message: `Đã đặt mật khẩu mới cho ${target.full_name}. Mọi phiên đăng nhập của họ đã kết thúc.` });
  });

  app.get('/import-data-sales/template', requireAuth, async (c) => {
    const query = parseQuery(c, CompanyQuery);
    const access = await requirePermission(db, c.get('auth'), query.company, 'employees', 'create');
    const lists = await companyLists(db, query.company);
    const file = await staffTemplate(
      { type: access.membership.companyType },
      lists.roles.map((role) => role.name),
      lists.regions,
    );
    return xlsx(file, 'mau-nhap-nhan-vien.xlsx');
  });

  app.get('/import-revenua-sales/template', requireAuth, async (c) => {
    const query = parseQuery(c, CompanyQuery);
    await requirePermission(db, c.get('auth'), query.company, 'employees', 'edit');
    return xlsx(await revenueTemplate(), 'mau-nhap-doanh-so.xlsx');
  });

  app.post('/import-data-sales', requireAuth, async (c) => {
    const upload = await readUpload(c);
    const auth = c.get('auth');
    const access = await requirePermission(db, auth, upload.company, 'employees', 'create');
    const rows = await readSheet(upload.bytes, STAFF_ALIASES, STAFF_REQUIRED);
    const passwordHash = upload.password ? await hashPassword(upload.password, deps.env.scryptLogN) : null;
    const answer = await importStaffRows(db, { auth, access }, upload.company, rows, { password: upload.password ?? null, passwordHash });
    const message = `Đã mời ${answer.invited}, cập nhật ${answer.updated} nhân viên${answer.failed ? `, ${answer.failed} dòng lỗi` : ''}`;
    return ok(c, answer, { message });
  });

  app.post('/import-revenua-sales', requireAuth, async (c) => {
    const upload = await readUpload(c);
    const auth = c.get('auth');
    const access = await requirePermission(db, auth, upload.company, 'employees', 'edit');
    const rows = await readSheet(upload.bytes, REVENUE_ALIASES, REVENUE_REQUIRED);
    const answer = await importRevenueRows(db, { auth, access }, upload.company, rows);
    const message = `Đã lưu doanh số ${answer.saved} dòng${answer.failed ? `, ${answer.failed} dòng lỗi` : ''}`;
    return ok(c, answer, { message });
  });

  return app;
}
