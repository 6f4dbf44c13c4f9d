/**
 * What a report's filter offers the caller (filter-options): the regions, people and customer groups
 * within their data scope, in one call that needs only reports/view (an accountant reads reports
 * without the staff or region screens). A rep gets no region and only themselves.
 */
import { and, asc, eq } from 'drizzle-orm';
import type { ReportFilterOptions } from '@contract/reports';
import type { AuthInfo } from '@server/kernel/app-types';
import type { Db } from '@server/kernel/db/client';
import { accountCompanies, accounts, customerTypes, regions } from '@server/kernel/db/schema';
import { requirePermission } from '@server/modules/roles';

export async function filterOptions(db: Db, auth: AuthInfo, company: number): Promise<ReportFilterOptions> {
  const access = await requirePermission(db, auth, company, 'reports', 'view');
  const everything = access.isAdmin || access.scope === 'company';
  const own = !everything && access.scope === 'own';
  const regionId = access.membership.regionId;
  const [regionRows, people, types] = await Promise.all([
    db.select({ id: regions.id, name: regions.name }).from(regions).where(eq(regions.companyId, company)).orderBy(asc(regions.code)),
    db
      .select({ id: accountCompanies.accountId, name: accounts.fullName, code: accountCompanies.code, regionId: accountCompanies.regionId })
      .from(accountCompanies)
      .innerJoin(accounts, eq(accounts.id, accountCompanies.accountId))
      .where(and(eq(accountCompanies.companyId, company), eq(accountCompanies.status, 'accept')))
      .orderBy(asc(accounts.fullName)),
    db
      .select({ id: customerTypes.id, title: customerTypes.title })
      .from(customerTypes)
      .where(eq(customerTypes.companyId, company))
      .orderBy(asc(customerTypes.title)),
  ]);
  const seen = (person: { id: number; regionId: number | null }) =>
    everything || person.id === access.accountId || (!own && regionId !== null && person.regionId === regionId);
  return {
    regions: everything ? regionRows : own ? [] : regionRows.filter((region) => region.id === regionId),
    staff: people.filter(seen).map((person) => ({ id: person.id, name: person.code ? `${person.name} (${person.code})` : person.name })),
    customer_types: types.map((type) => ({ id: type.id, name: type.title })),
  };
}
