/**
 * Who in a company may act on something: its owners, and accepted, active members whose role holds
 * the permission (a member without a role has the sales role's, as server/modules/roles/member-access.ts
 * says). Read from the tables and the pure rule in contract/roles.ts rather than through the roles
 * module, which itself notifies (approle) and so cannot be imported from here.
 */
import { and, eq } from 'drizzle-orm';
import { can, SALES_ROLE, type PermissionAction, type PermissionArea, type Permissions } from '@contract/roles';
import type { Db } from '@server/kernel/db/client';
import { accountCompanies, roles } from '@server/kernel/db/schema';

export type Recipient = { accountId: number; scope: string; managerId: number | null };

export async function membersWhoCan(db: Db, companyId: number, area: PermissionArea, action: PermissionAction): Promise<Recipient[]> {
  const companyRoles = await db.select().from(roles).where(eq(roles.companyId, companyId));
  const byId = new Map(companyRoles.map((role) => [role.id, role]));
  const salesRole = companyRoles.find((role) => role.name === SALES_ROLE);
  const members = await db
    .select({
      accountId: accountCompanies.accountId,
      isOwner: accountCompanies.isOwner,
      roleId: accountCompanies.roleId,
      managerId: accountCompanies.managerId,
    })
    .from(accountCompanies)
    .where(and(eq(accountCompanies.companyId, companyId), eq(accountCompanies.status, 'accept'), eq(accountCompanies.isActive, true)));
  return members
    .filter((member) => {
      if (member.isOwner) return true;
      const role = member.roleId !== null ? byId.get(member.roleId) : salesRole;
      return can({ permissions: (role?.permissions as Permissions | undefined) ?? {}, isAdmin: false }, area, action);
    })
    .map((member) => {
      const role = member.roleId !== null ? byId.get(member.roleId) : salesRole;
      return { accountId: member.accountId, scope: member.isOwner ? 'company' : (role?.scope ?? 'own'), managerId: member.managerId };
    });
}

/** The manager recorded for a member of the company, if any. */
export async function managerOf(db: Db, companyId: number, accountId: number): Promise<number | null> {
  const [row] = await db
    .select({ managerId: accountCompanies.managerId })
    .from(accountCompanies)
    .where(and(eq(accountCompanies.companyId, companyId), eq(accountCompanies.accountId, accountId)));
  return row?.managerId ?? null;
}

export async function companyOwners(db: Db, companyId: number): Promise<number[]> {
  const rows = await db
    .select({ accountId: accountCompanies.accountId })
    .from(accountCompanies)
    .where(and(eq(accountCompanies.companyId, companyId), eq(accountCompanies.isOwner, true), eq(accountCompanies.status, 'accept')));
  return rows.map((row) => row.accountId);
}
