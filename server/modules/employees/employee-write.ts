/**
 * Writing employees: create (or link) and invite, update, role changes.
 *
 * - Create is by phone. An account with that phone is linked as it is (its name, email and
 *   password stay the person's own); otherwise an account is made with the given name, email and
 *   initial password. The membership is an invitation (`invited`) the person accepts or declines
 *   from their workspace list. A person who had asked to join (`pending`) is admitted at once
 *   (`accept`): both sides have said yes. One who declined or was refused before is invited again.
 * - A code left empty is given one: TDV001… for sales staff (NVBH… in a company of type `Khác`),
 *   NV001… for office staff, the next free one from a per-company counter.
 * - Roles: a member whose role may approve roles (`roles.approve`, the administrators) sets a role
 *   at once; anyone else's choice becomes a pending `role_requests` row (one per membership, the
 *   latest choice wins) for the approle screen, and the member keeps their role meanwhile. A new
 *   member then starts with the sales role (sales staff) or none (office staff; the most
 *   restricted, see member-access.ts). No one changes their own role or the owner's.
 * - Role, region and manager must belong to the company; a manager must be an active member
 *   (accepted or invited) other than the person.
 */
import { and, eq, sql } from 'drizzle-orm';
import { passwordProblem } from '@contract/auth-password';
import { can, SALES_ROLE } from '@contract/roles';
import type { EmployeeCreateData, EmployeeRecord, EmployeeUpdateData, StaffKind } from '@contract/employees';
import type { AuthInfo } from '@server/kernel/app-types';
import type { Db } from '@server/kernel/db/client';
import { accountCompanies, accounts, accountTypes, regions, roleRequests, roles } from '@server/kernel/db/schema';
import { formatCode, nextCounter } from '@server/kernel/counters';
import { badRequest, conflict, forbidden, type HttpError } from '@server/kernel/errors';
import { notifyRoleRequest, resolveRoleRequest } from '@server/modules/notifications';
import type { Access } from '@server/modules/roles';
import { uniqueViolation } from '@server/kernel/sql';
import { assertManagesAccount, assertNotAbove, assertRegionAllowed, visibleTo } from './employee-access';
import { codeTaken, findEmployee, STAFF_STATUSES } from './employee-record';
import { requireSeat } from '@server/modules/plans';

export type WriteContext = { auth: AuthInfo; access: Access };

export const CODE_TAKEN = 'Mã nhân viên đã tồn tại';

const invalid = (field: string, message: string) => badRequest('VALIDATION_FAILED', message, { [field]: message });

export function canApproveRoles(access: Access): boolean {
  return can(access, 'roles', 'approve');
}

/** Role, region and manager must be the company's own; errors name the field. */
export async function assertReferences(
  db: Db,
  companyId: number,
  refs: { role?: number | null; region?: number | null; manager?: number | null },
  personId: number | null,
): Promise<void> {
  if (refs.role) {
    const [role] = await db
      .select({ id: roles.id })
      .from(roles)
      .where(and(eq(roles.companyId, companyId), eq(roles.id, refs.role)));
    if (!role) throw invalid('role', 'Vai trò không tồn tại trong công ty');
  }
  if (refs.region) {
    const [region] = await db
      .select({ id: regions.id })
      .from(regions)
      .where(and(eq(regions.companyId, companyId), eq(regions.id, refs.region)));
    if (!region) throw invalid('region', 'Khu vực không tồn tại trong công ty');
  }
  if (refs.manager) {
    if (refs.manager === personId) throw invalid('manager', 'Nhân viên không thể tự quản lý chính mình');
    const [manager] = await db
      .select({ status: accountCompanies.status, isActive: accountCompanies.isActive })
      .from(accountCompanies)
      .where(and(eq(accountCompanies.companyId, companyId), eq(accountCompanies.accountId, refs.manager)));
    if (!manager || !STAFF_STATUSES.includes(manager.status as never) || !manager.isActive) {
      throw invalid('manager', 'Người quản lý phải là nhân viên đang hoạt động của công ty');
    }
  }
}

async function salesRoleId(db: Db, companyId: number): Promise<number | null> {
  const [role] = await db
    .select({ id: roles.id })
    .from(roles)
    .where(and(eq(roles.companyId, companyId), eq(roles.name, SALES_ROLE)));
  return role?.id ?? null;
}

async function nextEmployeeCode(db: Db, companyId: number, kind: StaffKind, companyType: string): Promise<string> {
  const prefix = kind === 'office' ? 'NV' : companyType === 'Khác' ? 'NVBH' : 'TDV';
  for (let attempt = 0; attempt < 10_000; attempt += 1) {
    const code = formatCode(prefix, await nextCounter(db, companyId, `employee_code:${prefix}`), 3);
    if (!(await codeTaken(db, companyId, code, null))) return code;
  }
  throw new Error('no free employee code');
}

/** One pending request per membership: a new choice replaces the waiting one. Those who approve roles are notified. */
async function requestRole(db: Db, companyId: number, membershipId: number, roleId: number, requestedBy: number): Promise<void> {
  const [waiting] = await db
    .select({ id: roleRequests.id })
    .from(roleRequests)
    .where(and(eq(roleRequests.membershipId, membershipId), eq(roleRequests.status, 'pending')));
  let requestId = waiting?.id;
  if (waiting) {
    await db.update(roleRequests).set({ roleId, requestedBy, createdAt: new Date() }).where(eq(roleRequests.id, waiting.id));
    // The old choice's notification no longer says what waits.
    await resolveRoleRequest(db, companyId, waiting.id);
  } else {
    const [inserted] = await db
      .insert(roleRequests)
      .values({ companyId, membershipId, roleId, requestedBy })
      .returning({ id: roleRequests.id });
    requestId = inserted!.id;
  }
  const [named] = await db
    .select({ memberName: accounts.fullName, roleName: roles.name })
    .from(accountCompanies)
    .innerJoin(accounts, eq(accounts.id, accountCompanies.accountId))
    .innerJoin(roles, eq(roles.id, roleId))
    .where(eq(accountCompanies.id, membershipId));
  await notifyRoleRequest(db, {
    companyId,
    requestId: requestId!,
    memberName: named?.memberName ?? '',
    roleName: named?.roleName ?? '',
    requesterId: requestedBy,
  });
}

/**
 * An administrator set the role directly: a request still waiting is settled by it — approved when
 * it asked for this role, rejected otherwise — so the approle screen shows no stale choice.
 */
async function settleRoleRequests(db: Db, membershipId: number, roleId: number | null, decidedBy: number): Promise<void> {
  const settled = await db
    .update(roleRequests)
    .set({
      status: roleId === null ? 'rejected' : sql`case when ${roleRequests.roleId} = ${roleId} then 'approved' else 'rejected' end`,
      decidedBy,
      decidedAt: new Date(),
    })
    .where(and(eq(roleRequests.membershipId, membershipId), eq(roleRequests.status, 'pending')))
    .returning({ id: roleRequests.id, companyId: roleRequests.companyId });
  for (const request of settled) await resolveRoleRequest(db, request.companyId, request.id);
}

/** A unique violation a concurrent request caused, as the 409 the checks would have given. */
export function conflictOf(error: unknown): HttpError | null {
  const constraint = uniqueViolation(error);
  if (constraint === null) return null;
  if (constraint === 'account_companies_company_code_key') return conflict(CODE_TAKEN, { code: CODE_TAKEN });
  if (constraint === 'account_companies_company_account_key') {
    return conflict('Người này đã là nhân viên của công ty', { phone: 'Người này đã là nhân viên của công ty' });
  }
  return conflict('Dữ liệu vừa được thay đổi bởi người khác, vui lòng thử lại');
}

export type CreateOutcome = {
  record: EmployeeRecord;
  action: 'invited' | 'accepted';
  accountCreated: boolean;
  roleRequestPending: boolean;
};

/**
 * Creates or links the account and invites it. `passwordHash` is the hash of `input.password`,
 * made before the transaction (hashing is slow); it is needed only when the phone has no account.
 */
export async function createEmployee(
  db: Db,
  context: WriteContext,
  input: EmployeeCreateData & { staff_kind: StaffKind },
  passwordHash: string | null,
): Promise<CreateOutcome> {
  const { access, auth } = context;
  const companyId = input.company;
  const visible = visibleTo(access);
  // A regional manager's new people belong to their region.
  const regionId = input.region ?? (visible.kind === 'region' ? visible.regionId : null);
  assertRegionAllowed(access, regionId);
  try {
    return await db.transaction(async (tx) => {
      const [existing] = await tx.select({ id: accounts.id }).from(accounts).where(eq(accounts.phone, input.phone));
      let accountId = existing?.id ?? null;
      let accountCreated = false;
      if (accountId === null) {
        if (!input.full_name) throw invalid('full_name', 'Vui lòng nhập họ và tên cho tài khoản mới');
        if (!input.password) throw invalid('password', 'Vui lòng nhập mật khẩu ban đầu cho tài khoản mới');
        const problem = passwordProblem(input.password, input.phone);
        if (problem) throw badRequest('WEAK_PASSWORD', problem, { password: problem });
        if (!passwordHash) throw new Error('createEmployee: the password was not hashed');
        const [type] = await tx.select({ id: accountTypes.id }).from(accountTypes).where(eq(accountTypes.code, 'COMPANY'));
        const [row] = await tx
          .insert(accounts)
          .values({ phone: input.phone, fullName: input.full_name, email: input.email ?? null, passwordHash, accountTypeId: type!.id })
          .returning({ id: accounts.id });
        accountId = row!.id;
        accountCreated = true;
      }
      const [membership] = await tx
        .select()
        .from(accountCompanies)
        .where(and(eq(accountCompanies.companyId, companyId), eq(accountCompanies.accountId, accountId)));
      if (membership?.status === 'accept') {
        const message = membership.isActive
          ? 'Người này đã là nhân viên của công ty'
          : 'Người này đã là nhân viên của công ty (đang ngừng hoạt động); hãy kích hoạt lại';
        throw conflict(message, { phone: message });
      }
      if (membership?.status === 'invited') {
        const message = 'Người này đã được mời và đang chờ chấp nhận lời mời';
        throw conflict(message, { phone: message });
      }
      await assertReferences(tx, companyId, { role: input.role, region: regionId, manager: input.manager }, accountId);
      // The company's package has a number of seats (server/modules/plans).
      await requireSeat(tx, companyId, accountId);
      // Invited again (or admitted): the code the company gave them before stays unless a new one is given.
      let code = input.code ?? membership?.code ?? null;
      if (code && (await codeTaken(tx, companyId, code, membership?.id ?? null))) throw conflict(CODE_TAKEN, { code: CODE_TAKEN });
      code ??= await nextEmployeeCode(tx, companyId, input.staff_kind, access.membership.companyType);

      const defaultRole = input.staff_kind === 'sales' ? await salesRoleId(tx, companyId) : null;
      const approves = canApproveRoles(access);
      const roleId = approves ? (input.role ?? defaultRole) : defaultRole;
      const status = membership?.status === 'pending' ? 'accept' : 'invited';
      const values = {
        status,
        staffKind: input.staff_kind,
        code,
        roleId,
        regionId,
        managerId: input.manager ?? null,
        startDate: input.start_date ?? null,
        isActive: true,
        updatedAt: new Date(),
      };
      let membershipId: number;
      if (membership) {
        await tx.update(accountCompanies).set(values).where(eq(accountCompanies.id, membership.id));
        membershipId = membership.id;
      } else {
        const [row] = await tx
          .insert(accountCompanies)
          .values({ ...values, companyId, accountId })
          .returning({ id: accountCompanies.id });
        membershipId = row!.id;
      }
      let roleRequestPending = false;
      if (!approves && input.role && input.role !== roleId) {
        await requestRole(tx, companyId, membershipId, input.role, auth.accountId);
        roleRequestPending = true;
      }
      const record = await findEmployee(tx, companyId, accountId);
      return { record: record!, action: status === 'accept' ? 'accepted' : 'invited', accountCreated, roleRequestPending };
    });
  } catch (error) {
    throw conflictOf(error) ?? error;
  }
}

export type UpdateOutcome = { record: EmployeeRecord; roleRequestPending: boolean; changed: boolean };

/** Applies the fields sent; `target` must already be in the caller's scope. */
export async function updateEmployee(
  db: Db,
  context: WriteContext,
  target: EmployeeRecord,
  patch: Omit<EmployeeUpdateData, 'company'>,
): Promise<UpdateOutcome> {
  const { access, auth } = context;
  const companyId = target.company;
  await assertNotAbove(db, access, target, 'sửa thông tin');
  const nameChanges = patch.full_name !== undefined && patch.full_name !== target.full_name;
  const emailChanges = patch.email !== undefined && patch.email !== target.email;
  if ((nameChanges || emailChanges) && target.id !== auth.accountId) {
    await assertManagesAccount(db, auth, target, 'đổi họ tên hoặc email');
  }
  if (patch.region !== undefined && patch.region !== (target.region?.id ?? null)) assertRegionAllowed(access, patch.region);
  const roleChanges = patch.role !== undefined && patch.role !== (target.role?.id ?? null);
  if (roleChanges) {
    if (target.is_owner) throw forbidden('FORBIDDEN', 'Không thể đổi vai trò của chủ sở hữu công ty');
    if (target.id === auth.accountId) throw forbidden('FORBIDDEN', 'Bạn không thể tự đổi vai trò của mình');
  }
  const approves = canApproveRoles(access);
  if (roleChanges && !approves && patch.role === null) throw invalid('role', 'Vui lòng chọn vai trò');
  try {
    return await db.transaction(async (tx) => {
      await assertReferences(tx, companyId, { role: patch.role, region: patch.region, manager: patch.manager }, target.id);
      if (patch.code && (await codeTaken(tx, companyId, patch.code, target.membership_id)))
        throw conflict(CODE_TAKEN, { code: CODE_TAKEN });
      const membershipChanges: Partial<typeof accountCompanies.$inferInsert> = {};
      if (patch.code !== undefined) membershipChanges.code = patch.code;
      if (patch.staff_kind !== undefined) membershipChanges.staffKind = patch.staff_kind;
      if (patch.region !== undefined) membershipChanges.regionId = patch.region;
      if (patch.manager !== undefined) membershipChanges.managerId = patch.manager;
      if (patch.start_date !== undefined) membershipChanges.startDate = patch.start_date;
      if (roleChanges && approves) membershipChanges.roleId = patch.role ?? null;
      const changed = Object.keys(membershipChanges).length > 0 || nameChanges || emailChanges;
      if (Object.keys(membershipChanges).length > 0) {
        await tx
          .update(accountCompanies)
          .set({ ...membershipChanges, updatedAt: new Date() })
          .where(eq(accountCompanies.id, target.membership_id));
      }
      if (roleChanges && approves) await settleRoleRequests(tx, target.membership_id, patch.role ?? null, auth.accountId);
      if (nameChanges || emailChanges) {
        await tx
          .update(accounts)
          .set({
            ...(nameChanges ? { fullName: patch.full_name } : {}),
            ...(emailChanges ? { email: patch.email } : {}),
            updatedAt: new Date(),
          })
          .where(eq(accounts.id, target.id));
      }
      let roleRequestPending = false;
      if (roleChanges && !approves && patch.role) {
        await requestRole(tx, companyId, target.membership_id, patch.role, auth.accountId);
        roleRequestPending = true;
      }
      const record = await findEmployee(tx, companyId, target.id);
      return { record: record!, roleRequestPending, changed: changed || roleRequestPending };
    });
  } catch (error) {
    throw conflictOf(error) ?? error;
  }
}
