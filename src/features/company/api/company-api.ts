/** Workspace calls: the caller's memberships and a company's switches. */
import { companyPaths } from '@contract/api-paths';
import type { Company, CreateCompanyInput, Membership } from '@contract/company';
import { isSwitchCode, type FeatureFlags } from '@contract/company-switches';
import { rolePaths, type MemberAccess } from '@contract/roles';
import { apiData } from '@/api/client';

export function fetchMemberships(): Promise<Membership[]> {
  return apiData<Membership[]>(companyPaths.memberships);
}

/** Every switch of a company in one call (`functiononoff/` without a code). */
export async function fetchFeatureFlags(companyId: number): Promise<FeatureFlags> {
  const rows = await apiData<{ code: string; is_enabled: boolean }[]>(companyPaths.functionOnOff, {
    query: { company: companyId },
    redirectOnForbidden: false,
  });
  const flags: FeatureFlags = {};
  for (const row of rows) if (isSwitchCode(row.code)) flags[row.code] = row.is_enabled;
  return flags;
}

export function createCompany(input: CreateCompanyInput): Promise<Company> {
  return apiData<Company>(companyPaths.companies, { body: input });
}

/** What the caller may do in a company (menus, buttons, page guards). */
export function fetchMemberAccess(companyId: number): Promise<MemberAccess> {
  return apiData<MemberAccess>(rolePaths.myAccess, { query: { company: companyId }, redirectOnForbidden: false });
}

/** The invited person answers their invitation (issue #7): `accept` or `reject`. */
export function answerInvitation(membershipId: number, status: 'accept' | 'reject'): Promise<Membership> {
  return apiData<Membership>(companyPaths.membership(membershipId), { method: 'PUT', body: { status }, redirectOnForbidden: false });
}
