/**
 * What a member may do in a company, read on every company-scoped call. An owner and a system
 * administrator may do everything; a member without a role gets the company's sales role, the
 * most restricted of the seeded ones. Scope says whose orders, customers and visits they see.
 */
import { and, eq, inArray, type SQL } from 'drizzle-orm';
import { can, permissionDenied, SALES_ROLE, type DataScope, type MemberAccess, type PermissionAction, type PermissionArea, type Permissions } from '../../../contract/permissions';
import type { AuthInfo } from '../../app-types';
import type { Db } from '../../db/client';
import { regionProvinces, roles } from '../../db/schema';
import { forbidden } from '../../lib/http-error';
import { requireMembership, type MembershipRow } from '../../middleware/company-scope';

export type Access = MemberAccess & { membership: MembershipRow; accountId: number };

export async function memberAccess(db: Db, auth: AuthInfo, companyId: number): Promise<Access> {
  const membership = await requireMembership(db, auth, companyId);
  if (membership.isOwner || auth.accountTypeCode === 'SYSTEM') {
    return { roleId: membership.roleId, roleName: 'Quản trị', scope: 'company', permissions: {}, isAdmin: true, membership, accountId: auth.accountId };
  }
  const condition = membership.roleId !== null ? eq(roles.id, membership.roleId) : eq(roles.name, SALES_ROLE);
  const [role] = await db
    .select()
    .from(roles)
    .where(and(eq(roles.companyId, companyId), condition));
  return {
    roleId: role?.id ?? null,
    roleName: role?.name ?? 'Chưa có vai trò',
    scope: (role?.scope as DataScope | undefined) ?? 'own',
    permissions: (role?.permissions as Permissions | undefined) ?? {},
    isAdmin: false,
    membership,
    accountId: auth.accountId,
  };
}

export async function requirePermission(db: Db, auth: AuthInfo, companyId: number, area: PermissionArea, action: PermissionAction): Promise<Access> {
  const access = await memberAccess(db, auth, companyId);
  if (!can(access, area, action)) throw forbidden('FORBIDDEN', permissionDenied(area, action));
  return access;
}

/** Provinces of the member's region (for the 'region' scope); empty when they have none. */
export async function regionProvinceCodes(db: Db, access: Access): Promise<string[]> {
  if (access.membership.regionId === null) return [];
  const rows = await db
    .select({ code: regionProvinces.provinceCode })
    .from(regionProvinces)
    .where(and(eq(regionProvinces.companyId, access.membership.companyId), eq(regionProvinces.regionId, access.membership.regionId)));
  return rows.map((row) => row.code);
}

/**
 * The condition a list adds for the member's scope: their own rows (`ownerColumn`), the provinces
 * of their region (`provinceColumn`), or nothing for the whole company.
 */
export async function scopeFilter(
  db: Db,
  access: Access,
  columns: { owner: Parameters<typeof eq>[0]; province: Parameters<typeof inArray>[0] },
): Promise<SQL | null> {
  if (access.scope === 'company' || access.isAdmin) return null;
  if (access.scope === 'own') return eq(columns.owner, access.accountId);
  const provinces = await regionProvinceCodes(db, access);
  return provinces.length ? inArray(columns.province, provinces) : eq(columns.owner, access.accountId);
}
