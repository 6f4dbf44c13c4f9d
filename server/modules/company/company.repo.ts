/** Reading and writing companies, memberships and switches. */
import { and, asc, eq, ilike, inArray, or, type SQL } from 'drizzle-orm';
import type { Company, CompanySummary, MembershipStatus } from '@contract/company';
import type { SwitchCode } from '@contract/company-switches';
import type { Db } from '@server/kernel/db/client';
import { accountCompanies, accounts, businessTypes, companies, companyFeatures, roles } from '@server/kernel/db/schema';
import { pagedRows } from '@server/kernel/lists';
import { likePattern } from '@server/kernel/sql';
import { ensureCompanyRoles } from '@server/modules/roles';
import { startTrial } from '@server/modules/plans';
import { defaultWarehouse } from '@server/modules/warehouse';

type CompanyRow = typeof companies.$inferSelect;

export function toCompany(row: CompanyRow): Company {
  return {
    id: row.id,
    title: row.title,
    type: row.type,
    tax_code: row.taxCode,
    phone: row.phone,
    email: row.email,
    address: row.address,
    business_type: row.businessTypeId,
    created_at: row.createdAt.toISOString(),
  };
}

export async function listCompanies(
  db: Db,
  options: { accountId: number | null; search?: string; page: number; limit: number },
): Promise<{ rows: Company[]; count: number }> {
  const filters: SQL[] = [];
  if (options.accountId !== null) {
    const mine = db
      .select({ id: accountCompanies.companyId })
      .from(accountCompanies)
      .where(eq(accountCompanies.accountId, options.accountId));
    filters.push(inArray(companies.id, mine));
  }
  if (options.search) filters.push(ilike(companies.title, likePattern(options.search)));
  const select = db
    .select()
    .from(companies)
    .where(filters.length ? and(...filters) : undefined)
    .$dynamic();
  const { rows, count } = await pagedRows(db, select, [asc(companies.id)], options);
  return { rows: rows.map(toCompany), count };
}

export async function findCompany(db: Db, id: number): Promise<Company | null> {
  const [row] = await db.select().from(companies).where(eq(companies.id, id));
  return row ? toCompany(row) : null;
}

export async function companyMembers(db: Db, companyId: number) {
  const rows = await db
    .select({
      id: accountCompanies.id,
      status: accountCompanies.status,
      isOwner: accountCompanies.isOwner,
      isActive: accountCompanies.isActive,
      accountId: accounts.id,
      fullName: accounts.fullName,
      phone: accounts.phone,
    })
    .from(accountCompanies)
    .innerJoin(accounts, eq(accounts.id, accountCompanies.accountId))
    .where(eq(accountCompanies.companyId, companyId))
    .orderBy(asc(accountCompanies.id));
  return rows.map((row) => ({
    id: row.id,
    account: { id: row.accountId, full_name: row.fullName, phone: row.phone },
    status_display: row.status as MembershipStatus,
    is_owner: row.isOwner,
    /** Deactivated members stay listed but are offered in no staff picker. */
    is_active: row.isActive,
  }));
}

export async function setSwitch(db: Db, companyId: number, code: SwitchCode, isEnabled: boolean): Promise<void> {
  await db
    .insert(companyFeatures)
    .values({ companyId, code, isEnabled })
    .onConflictDoUpdate({
      target: [companyFeatures.companyId, companyFeatures.code],
      set: { isEnabled, updatedAt: new Date() },
    });
}

export async function membershipById(db: Db, id: number) {
  const [row] = await db.select().from(accountCompanies).where(eq(accountCompanies.id, id));
  return row ?? null;
}

export async function findMembership(db: Db, companyId: number, accountId: number) {
  const [row] = await db
    .select()
    .from(accountCompanies)
    .where(and(eq(accountCompanies.companyId, companyId), eq(accountCompanies.accountId, accountId)));
  return row ?? null;
}

export type NewCompany = Pick<
  typeof companies.$inferInsert,
  'title' | 'type' | 'taxCode' | 'phone' | 'email' | 'address' | 'businessTypeId'
>;

/**
 * A new company with its creator as accepted owner, the default roles (the owner gets Quản trị),
 * the default warehouse and the platform's trial package, so its dashboard, staff and stock screens
 * work from the first visit and what it may try is the trial's (docs/plans.md).
 */
export async function insertCompanyWithOwner(tx: Db, input: NewCompany, ownerId: number): Promise<Company> {
  const [row] = await tx
    .insert(companies)
    .values({ ...input, createdBy: ownerId })
    .returning();
  if (!row) throw new Error('insert returned no row');
  await tx.insert(accountCompanies).values({ companyId: row.id, accountId: ownerId, status: 'accept', isOwner: true });
  await ensureCompanyRoles(tx, row.id);
  await defaultWarehouse(tx, row.id);
  await startTrial(tx, row.id);
  return toCompany(row);
}

/** The company whose tax code is this one, or whose name is this one (case-insensitive). */
export async function findCompanyBy(db: Db, query: { title?: string; taxCode?: string }): Promise<CompanySummary | null> {
  const conditions: SQL[] = [];
  if (query.title)
    conditions.push(
      ilike(
        companies.title,
        query.title.replace(/[\\%_]/g, (ch) => `\\${ch}`),
      ),
    );
  if (query.taxCode) conditions.push(eq(companies.taxCode, query.taxCode));
  if (conditions.length === 0) return null;
  const [row] = await db
    .select({ id: companies.id, title: companies.title, type: companies.type })
    .from(companies)
    .where(or(...conditions))
    .orderBy(asc(companies.id))
    .limit(1);
  return row ?? null;
}

export async function isCompanyRole(db: Db, companyId: number, roleId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: roles.id })
    .from(roles)
    .where(and(eq(roles.companyId, companyId), eq(roles.id, roleId)));
  return Boolean(row);
}

export async function isBusinessType(db: Db, id: number): Promise<boolean> {
  const [row] = await db.select({ id: businessTypes.id }).from(businessTypes).where(eq(businessTypes.id, id));
  return Boolean(row);
}
