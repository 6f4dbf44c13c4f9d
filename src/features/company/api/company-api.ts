/** Workspace calls: the caller's memberships and a company's switches. */
import { companyPaths } from '@contract/api-paths';
import type { CompanyCheck, CompanySummary, Membership, MembershipStatus } from '@contract/company';
import {
  onboardingPaths,
  type BusinessTypeRecord,
  type RegisterCompanyInput,
  type RegisteredCompany,
  type SimilarTitles,
} from '@contract/company-onboarding';
import { isSwitchCode, type FeatureFlags } from '@contract/company-switches';
import { rolePaths, type MemberAccess, type RoleRecord } from '@contract/roles';
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

/** Onboarding (contract/company-onboarding.ts): a new company with the caller as its owner. */
export function registerCompany(input: RegisterCompanyInput): Promise<RegisteredCompany> {
  return apiData<RegisteredCompany>(onboardingPaths.registerCompany, { body: input });
}

/** The system's business types (shop/api/bussinesstype/), offered when a company registers. */
export function fetchBusinessTypes(): Promise<BusinessTypeRecord[]> {
  return apiData<BusinessTypeRecord[]>(onboardingPaths.businessTypes);
}

export function similarCompanyTitles(title: string): Promise<SimilarTitles> {
  return apiData<SimilarTitles>(onboardingPaths.countTitle, { body: { title } });
}

/** The company with this tax code or name, if one exists (checkcompany/). */
export async function findCompany(query: { tax_code: string } | { title: string }): Promise<CompanySummary | null> {
  return (await apiData<CompanyCheck>(companyPaths.checkCompany, { body: query })).company;
}

export function askToJoin(companyId: number): Promise<Membership> {
  return apiData<Membership>(onboardingPaths.joinCompany(companyId), { method: 'PUT', redirectOnForbidden: false });
}

/** What the caller may do in a company (menus, buttons, page guards). */
export function fetchMemberAccess(companyId: number): Promise<MemberAccess> {
  return apiData<MemberAccess>(rolePaths.myAccess, { query: { company: companyId }, redirectOnForbidden: false });
}

/** The invited person answers their invitation: `accept` or `reject`. */
export function answerInvitation(membershipId: number, status: 'accept' | 'reject'): Promise<Membership> {
  return apiData<Membership>(companyPaths.membership(membershipId), { method: 'PUT', body: { status }, redirectOnForbidden: false });
}

/** A member of a company as its member list answers it (company/api/accountcompany/?company=). */
export type CompanyMember = {
  id: number;
  account: { id: number; full_name: string; phone: string };
  status_display: MembershipStatus;
  is_owner: boolean;
  is_active: boolean;
};

export async function fetchJoinRequests(companyId: number): Promise<CompanyMember[]> {
  const members = await apiData<CompanyMember[]>(companyPaths.memberships, { query: { company: companyId } });
  return members.filter((member) => member.status_display === 'pending');
}

export function fetchCompanyRoles(companyId: number): Promise<RoleRecord[]> {
  return apiData<RoleRecord[]>(rolePaths.roles, { query: { company: companyId, limit: 100 } });
}

/** The owner accepts a request (with the member's role) or refuses it. */
export function decideJoinRequest(membershipId: number, decision: { status: 'accept'; role: number | null } | { status: 'reject' }) {
  const body = decision.status === 'accept' && decision.role !== null ? decision : { status: decision.status };
  return apiData<CompanyMember>(companyPaths.membership(membershipId), { method: 'PUT', body });
}
