/**
 * Tenant isolation: every company-scoped call names its company and the caller must be an
 * accepted member of it. A company that does not exist answers the same 403 as one the caller does
 * not belong to, so ids reveal nothing.
 */
import { and, eq } from 'drizzle-orm';
import type { MemberAccess } from '@contract/roles';
import type { AuthInfo } from './app-types';
import type { Db } from './db/client';
import { accountCompanies, companies } from './db/schema';
import { forbidden } from './errors';

export type MembershipRow = {
  id: number;
  companyId: number;
  isOwner: boolean;
  companyType: string;
  roleId: number | null;
  regionId: number | null;
};

/**
 * What a member may do in a company and whose data they see, as server/modules/roles computes it
 * (memberAccess); the sync kernel hands it to op handlers, which apply the data scope with it.
 */
export type CallerAccess = MemberAccess & { membership: MembershipRow; accountId: number };

/** What a membership check reads: the caller's membership of one company, and the company. */
export const membershipColumns = {
  id: accountCompanies.id,
  companyId: accountCompanies.companyId,
  isOwner: accountCompanies.isOwner,
  status: accountCompanies.status,
  isActive: accountCompanies.isActive,
  roleId: accountCompanies.roleId,
  regionId: accountCompanies.regionId,
  companyType: companies.type,
  companyActive: companies.isActive,
};

/** The columns above as read; each null when the caller is not in the company (a left join). */
export type MembershipRead = { [K in keyof typeof membershipColumns]: (typeof membershipColumns)[K]['_']['data'] | null };

function acceptedMembership(row: MembershipRead | null | undefined): MembershipRow {
  if (!row || row.id === null || row.status !== 'accept' || !row.companyActive) throw forbidden('NOT_A_MEMBER');
  // A deactivated member keeps their history but can no longer work in the company.
  if (!row.isActive) throw forbidden('MEMBER_INACTIVE');
  // A membership row was found (its id is set), so its own columns and its company's are too.
  return {
    id: row.id,
    companyId: row.companyId!,
    isOwner: row.isOwner!,
    companyType: row.companyType!,
    roleId: row.roleId,
    regionId: row.regionId,
  };
}

export async function requireMembership(db: Db, auth: AuthInfo, companyId: number): Promise<MembershipRow> {
  // Read with the session when the call named its company in the query (server/kernel/authenticate.ts).
  if (auth.companyRead?.companyId === companyId) return acceptedMembership(auth.companyRead.membership);
  const [row] = await db
    .select(membershipColumns)
    .from(accountCompanies)
    .innerJoin(companies, eq(companies.id, accountCompanies.companyId))
    .where(and(eq(accountCompanies.companyId, companyId), eq(accountCompanies.accountId, auth.accountId)));
  return acceptedMembership(row);
}

/** Company settings (switches, membership approval) belong to the owner or a system administrator. */
export async function requireCompanyAdmin(db: Db, auth: AuthInfo, companyId: number): Promise<void> {
  if (auth.accountTypeCode === 'SYSTEM') return;
  const membership = await requireMembership(db, auth, companyId);
  if (!membership.isOwner) throw forbidden('FORBIDDEN', 'Chỉ chủ sở hữu công ty mới được thay đổi thiết lập này');
}

/**
 * The system administrator's calls (accounts, account types, shops, packages, system orders): an
 * account of type SYSTEM only. A company's owner or admin is refused like anyone else.
 */
export function requireSystemAdmin(auth: AuthInfo): void {
  if (auth.accountTypeCode !== 'SYSTEM') throw forbidden('FORBIDDEN', 'Chỉ quản trị hệ thống được thực hiện thao tác này');
}
