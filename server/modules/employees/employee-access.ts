/**
 * Who may act on which employee. On top of the role's `employees` permission (checked by every
 * call through `requirePermission`):
 *
 * - Scope: a member whose role sees the whole company acts on everyone; a region-scoped member
 *   (Quản lý vùng) on the staff of their own region and on themselves; an own-scoped member only
 *   on themselves. An employee outside the caller's scope answers 404, like one that does not exist.
 * - Rank: a member who is not an administrator cannot edit, deactivate or reset the password of a
 *   member whose role allows something theirs does not, nor of the owner (no taking over a
 *   stronger account from below).
 * - Identity: name, email and password belong to the account, which may work for several
 *   companies. A company manages them only for an account that is its accepted member, or that it
 *   invited and that has never signed in (the account it just made), and only when every other
 *   company where the account is an accepted member also lets the caller edit employees; never
 *   for an owner of a company or a system account. So a company admin cannot take over an
 *   account that belongs to other companies, nor one it merely invited.
 */
import { and, eq } from 'drizzle-orm';
import { can, type Permissions } from '@contract/roles';
import type { EmployeeRecord } from '@contract/employees';
import type { AuthInfo } from '@server/kernel/app-types';
import type { Db } from '@server/kernel/db/client';
import { accountCompanies, accounts, accountTypes, roles, sessions } from '@server/kernel/db/schema';
import { forbidden, notFound } from '@server/kernel/errors';
import { memberAccess, type Access } from '@server/modules/roles';
import type { VisibleTo } from './employee-record';

export const EMPLOYEE_NOT_FOUND = 'Không tìm thấy nhân viên';

export function visibleTo(access: Access): VisibleTo {
  if (access.isAdmin || access.scope === 'company') return { kind: 'company' };
  if (access.scope === 'region') return { kind: 'region', regionId: access.membership.regionId, accountId: access.accountId };
  return { kind: 'own', accountId: access.accountId };
}

export function inScope(access: Access, target: Pick<EmployeeRecord, 'id' | 'region'>): boolean {
  const visible = visibleTo(access);
  if (visible.kind === 'company' || target.id === access.accountId) return true;
  if (visible.kind === 'own') return false;
  return visible.regionId !== null && target.region?.id === visible.regionId;
}

export function assertInScope(access: Access, target: EmployeeRecord | null): EmployeeRecord {
  if (!target || !inScope(access, target)) throw notFound(EMPLOYEE_NOT_FOUND);
  return target;
}

/** A region-scoped member places people only in their own region. */
export function assertRegionAllowed(access: Access, regionId: number | null | undefined): void {
  const visible = visibleTo(access);
  if (visible.kind !== 'region' || regionId === undefined) return;
  if (regionId !== visible.regionId) {
    throw forbidden('FORBIDDEN', 'Bạn chỉ được xếp nhân viên vào khu vực mình phụ trách');
  }
}

async function rolePermissions(db: Db, companyId: number, roleId: number | null): Promise<Permissions | null> {
  if (roleId === null) return null;
  const [role] = await db
    .select({ permissions: roles.permissions })
    .from(roles)
    .where(and(eq(roles.companyId, companyId), eq(roles.id, roleId)));
  return (role?.permissions as Permissions | undefined) ?? null;
}

/** Every action the target's role allows, the caller's allows too. */
function within(target: Permissions, caller: Access): boolean {
  return Object.entries(target).every(([area, actions]) =>
    (actions ?? []).every((action) => can(caller, area as keyof Permissions, action)),
  );
}

export async function assertNotAbove(db: Db, access: Access, target: EmployeeRecord, doing: string): Promise<void> {
  if (target.id === access.accountId) return;
  if (target.is_owner) throw forbidden('FORBIDDEN', `Không thể ${doing} chủ sở hữu công ty`);
  if (access.isAdmin) return;
  const permissions = await rolePermissions(db, target.company, target.role?.id ?? null);
  if (permissions && !within(permissions, access)) {
    throw forbidden('FORBIDDEN', `Bạn không thể ${doing} nhân viên có quyền cao hơn mình`);
  }
}

/** Whether the caller may edit employees in a company (false when not an active member there). */
async function canEditEmployeesIn(db: Db, auth: AuthInfo, companyId: number): Promise<boolean> {
  try {
    return can(await memberAccess(db, auth, companyId), 'employees', 'edit');
  } catch {
    return false;
  }
}

/**
 * Refuses (403) unless this company manages the target account's identity (see the top of the
 * file). `doing` completes "Không thể … của người này".
 */
export async function assertManagesAccount(db: Db, auth: AuthInfo, target: EmployeeRecord, doing: string): Promise<void> {
  const [account] = await db
    .select({ type: accountTypes.code })
    .from(accounts)
    .innerJoin(accountTypes, eq(accountTypes.id, accounts.accountTypeId))
    .where(eq(accounts.id, target.id));
  if (!account || account.type === 'SYSTEM') throw forbidden('FORBIDDEN', `Không thể ${doing} của tài khoản quản trị hệ thống`);
  const memberships = await db
    .select({ companyId: accountCompanies.companyId, status: accountCompanies.status, isOwner: accountCompanies.isOwner })
    .from(accountCompanies)
    .where(eq(accountCompanies.accountId, target.id));
  if (memberships.some((membership) => membership.isOwner)) {
    throw forbidden('FORBIDDEN', `Không thể ${doing} của chủ sở hữu công ty; chỉ chính họ mới thay đổi được`);
  }
  if (target.status_display === 'invited') {
    const [session] = await db.select({ id: sessions.id }).from(sessions).where(eq(sessions.accountId, target.id)).limit(1);
    const elsewhere = memberships.some((membership) => membership.companyId !== target.company);
    if (session || elsewhere) {
      throw forbidden('FORBIDDEN', `Người này chưa chấp nhận lời mời vào công ty, nên không thể ${doing} của họ`);
    }
  } else if (target.status_display !== 'accept') {
    throw forbidden('FORBIDDEN', `Người này không còn là thành viên của công ty, nên không thể ${doing} của họ`);
  }
  for (const membership of memberships) {
    if (membership.companyId === target.company || membership.status !== 'accept') continue;
    if (!(await canEditEmployeesIn(db, auth, membership.companyId))) {
      throw forbidden('FORBIDDEN', `Tài khoản này còn thuộc công ty khác, bạn không thể ${doing} của họ`);
    }
  }
}
