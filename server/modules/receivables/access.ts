/**
 * Who may do what with receivables: the role's permission on the `receivables` area, the
 * company's RECEIVABLE switch (refused by the server, not only hidden), and the data scope: a
 * member sees the payments and debts of the customers in their scope.
 */
import { and, eq, type SQL } from 'drizzle-orm';
import type { Context } from 'hono';
import type { PermissionAction } from '@contract/roles';
import type { AppEnv } from '@server/kernel/app-types';
import type { Db } from '@server/kernel/db/client';
import { customers } from '@server/kernel/db/schema';
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
