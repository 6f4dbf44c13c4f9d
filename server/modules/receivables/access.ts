/**
 * Who may do what with receivables: the role's permission on the `receivables` area, the
 * company's RECEIVABLE switch (refused by the server, not only hidden), and the data scope: a
 * member sees the payments and debts of the customers in their scope.
 */
import { and, eq, or, type SQL } from 'drizzle-orm';
import type { Context } from 'hono';
import type { PermissionAction } from '@contract/roles';
import type { AppEnv } from '@server/kernel/app-types';
import type { Db } from '@server/kernel/db/client';
import { accountCompanies, customers } from '@server/kernel/db/schema';
import { notFound } from '@server/kernel/errors';
import { requireSwitch } from '@server/kernel/switches';
import { customerScope, requirePermission, type Access } from '@server/modules/roles';

export type ReceivableAccess = { access: Access; scope: SQL | null };

export async function receivableAccess(db: Db, c: Context<AppEnv>, companyId: number, action: PermissionAction): Promise<ReceivableAccess> {
  const access = await requirePermission(db, c.get('auth'), companyId, 'receivables', action);
  await requireSwitch(db, companyId, 'RECEIVABLE');
  return { access, scope: await customerScope(db, access) };
}

/** A customer of the company within the caller's scope; anything else is "not found". */
export async function requireCustomer(db: Db, companyId: number, customerId: string, scope: SQL | null) {
  const [customer] = await db
    .select()
    .from(customers)
    .where(and(eq(customers.id, customerId), eq(customers.companyId, companyId), scope ?? undefined));
  if (!customer) throw notFound('Không tìm thấy khách hàng');
  return customer;
}

/**
 * The colleagues whose credit limits the caller may read and set, by the employee list's rule
 * (server/modules/employees/employee-access.ts): the whole company, their region's staff and
 * themselves, or only themselves. A condition on account_companies; undefined for everyone.
 */
export function staffInScope(access: Access): SQL | undefined {
  if (access.isAdmin || access.scope === 'company') return undefined;
  const self = eq(accountCompanies.accountId, access.accountId);
  const region = access.scope === 'region' ? access.membership.regionId : null;
  return region === null ? self : or(self, eq(accountCompanies.regionId, region));
}
