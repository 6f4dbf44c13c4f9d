/** The account as the client sees it: profile, account type and every workspace membership. */
import { asc, eq } from 'drizzle-orm';
import type { Account } from '@contract/auth';
import type { MembershipStatus } from '@contract/company';
import type { Db } from '@server/kernel/db/client';
import { accountAvatars, accountCompanies, accounts, accountTypes, companies } from '@server/kernel/db/schema';
import { accountPaths } from '@contract/api-paths';

export async function loadAccountView(db: Db, accountId: number): Promise<Account | null> {
  const [row] = await db
    .select({
      id: accounts.id,
      phone: accounts.phone,
      fullName: accounts.fullName,
      email: accounts.email,
      emailVerifiedAt: accounts.emailVerifiedAt,
      address: accounts.address,
      addressData: accounts.addressData,
      avatarVersion: accountAvatars.version,
      birthday: accounts.birthday,
      gender: accounts.gender,
      typeCode: accountTypes.code,
      typeTitle: accountTypes.title,
    })
    .from(accounts)
    .innerJoin(accountTypes, eq(accountTypes.id, accounts.accountTypeId))
    .leftJoin(accountAvatars, eq(accountAvatars.accountId, accounts.id))
    .where(eq(accounts.id, accountId));
  if (!row) return null;
  const memberships = await db
    .select({
      id: accountCompanies.id,
      companyId: companies.id,
      title: companies.title,
      type: companies.type,
      status: accountCompanies.status,
      isOwner: accountCompanies.isOwner,
      isActive: accountCompanies.isActive,
    })
    .from(accountCompanies)
    .innerJoin(companies, eq(companies.id, accountCompanies.companyId))
    .where(eq(accountCompanies.accountId, accountId))
    .orderBy(asc(accountCompanies.id));
  return {
    id: row.id,
    phone: row.phone,
    full_name: row.fullName,
    email: row.email,
    email_verified: row.emailVerifiedAt !== null,
    address: row.address,
    address_data: row.addressData,
    avatar_url: row.avatarVersion === null ? null : accountPaths.avatarImage(row.id, row.avatarVersion),
    birthday: row.birthday,
    gender: row.gender,
    account_type_data: { code: row.typeCode, title: row.typeTitle },
    company_data: memberships.map((m) => ({
      id: m.id,
      company: m.companyId,
      company_data: { id: m.companyId, title: m.title, type: m.type },
      status_display: m.status as MembershipStatus,
      is_owner: m.isOwner,
      // A deactivated member sees the company but cannot enter it.
      is_active: m.isActive,
    })),
  };
}
