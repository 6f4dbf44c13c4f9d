/** The company's accepted, active members: who may carry a self delivery. */
import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '@server/kernel/db/client';
import { accountCompanies, accounts } from '@server/kernel/db/schema';

export async function accountMembers(
  db: Db,
  companyId: number,
): Promise<{ id: number; name: string; phone: string; code: string | null }[]> {
  return db
    .select({ id: accounts.id, name: accounts.fullName, phone: accounts.phone, code: accountCompanies.code })
    .from(accountCompanies)
    .innerJoin(accounts, eq(accounts.id, accountCompanies.accountId))
    .where(and(eq(accountCompanies.companyId, companyId), eq(accountCompanies.status, 'accept'), eq(accountCompanies.isActive, true)))
    .orderBy(asc(accounts.fullName));
}
