/**
 * What a member may do in a company, read on every company-scoped call. An owner and a system
 * administrator may do everything; a member without a role gets the company's sales role, the
 * most restricted of the seeded ones. Scope says whose orders, customers and visits they see.
 */
import { and, eq, inArray, or, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import {
  can,
  permissionDenied,
  SALES_ROLE,
  type DataScope,
  type PermissionAction,
  type PermissionArea,
  type Permissions,
} from '@contract/roles';
import type { AuthInfo } from '@server/kernel/app-types';
import type { Db } from '@server/kernel/db/client';
import { regionProvinces, roles } from '@server/kernel/db/schema';
import { forbidden } from '@server/kernel/errors';
import { requireMembership, type CallerAccess } from '@server/kernel/membership';
import { getProvinceIndex } from '@server/modules/address';

export type Access = CallerAccess;

export async function memberAccess(db: Db, auth: AuthInfo, companyId: number): Promise<Access> {
  const membership = await requireMembership(db, auth, companyId);
  if (membership.isOwner || auth.accountTypeCode === 'SYSTEM') {
    return {
      roleId: membership.roleId,
      roleName: 'Quản trị',
      scope: 'company',
      permissions: {},
      isAdmin: true,
      maxDiscount: null,
      membership,
      accountId: auth.accountId,
    };
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
    maxDiscount: role?.maxDiscountPercent ?? null,
    membership,
    accountId: auth.accountId,
  };
}

export async function requirePermission(
  db: Db,
  auth: AuthInfo,
  companyId: number,
  area: PermissionArea,
  action: PermissionAction,
): Promise<Access> {
  const access = await memberAccess(db, auth, companyId);
  if (!can(access, area, action)) throw forbidden('FORBIDDEN', permissionDenied(area, action));
  return access;
}

/** A permission as [area, action]. */
export type PermissionPair = readonly [PermissionArea, PermissionAction];

/**
 * The member may do any of `pairs`, or is refused with `refusal`: settings that phones pull are read
 * by everyone who works with them (the same readers as the pull), not only by who edits them.
 */
export async function requireAnyPermission(
  db: Db,
  auth: AuthInfo,
  companyId: number,
  pairs: readonly PermissionPair[],
  refusal: string,
): Promise<Access> {
  const access = await memberAccess(db, auth, companyId);
  if (!pairs.some(([area, action]) => can(access, area, action))) throw forbidden('FORBIDDEN', refusal);
  return access;
}

/**
 * Province codes an address in the member's region may carry (for the 'region' scope): the
 * region's new provinces and the old codes merged into them; empty when they have no region.
 */
export async function regionProvinceCodes(db: Db, access: Access): Promise<string[]> {
  if (access.membership.regionId === null) return [];
  const rows = await db
    .select({ code: regionProvinces.provinceCode })
    .from(regionProvinces)
    .where(and(eq(regionProvinces.companyId, access.membership.companyId), eq(regionProvinces.regionId, access.membership.regionId)));
  if (rows.length === 0) return [];
  return (await getProvinceIndex()).addressCodes(rows.map((row) => row.code));
}

/**
 * The condition a list adds for the member's scope: their own rows (any of `owners` is them), or
 * those plus the rows in the provinces of their region, or nothing for the whole company. A
 * regional member without a region (or a region without provinces) sees their own rows.
 */
export async function scopeFilter(db: Db, access: Access, columns: { owners: AnyPgColumn[]; province: AnyPgColumn }): Promise<SQL | null> {
  if (access.isAdmin || access.scope === 'company') return null;
  const own = or(...columns.owners.map((column) => eq(column, access.accountId)))!;
  if (access.scope === 'own') return own;
  const provinces = await regionProvinceCodes(db, access);
  return provinces.length ? or(own, inArray(columns.province, provinces))! : own;
}
