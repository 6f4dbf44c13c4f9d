/**
 * Reading employees: a membership of the company joined to its account, role, region and manager,
 * as the contract's EmployeeRecord; the list with its filters; the picker list.
 *
 * Search folds diacritics on both sides: the typed words with `fold` (contract/fold.ts), the stored
 * code, name, phone and email in SQL with `translate` over the Vietnamese letters (and combining
 * marks), so "nguyen van" finds "Nguyễn Văn". Names live on accounts, which the person edits
 * themselves, so a stored search column per membership would go stale; a company's staff are few
 * enough for the scan within the company.
 */
import { and, asc, eq, inArray, isNotNull, ne, or, sql, type SQL } from 'drizzle-orm';
import type { MembershipStatus } from '@contract/company';
import { fold } from '@contract/fold';
import type { EmployeeListQuery, EmployeeRecord, StaffKind, StaffOption } from '@contract/employees';
import type * as v from 'valibot';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '@server/kernel/db/client';
import { accountCompanies, accounts, regions, roleRequests, roles } from '@server/kernel/db/schema';
import { pagedRows } from '@server/kernel/lists';
import { wordConditions } from '@server/kernel/sql';

const managers = alias(accounts, 'manager_account');

const VIETNAMESE = 'àáạảãâầấậẩẫăằắặẳẵèéẹẻẽêềếệểễìíịỉĩòóọỏõôồốộổỗơờớợởỡùúụủũưừứựửữỳýỵỷỹđ';
const LETTERS = [...VIETNAMESE, ...VIETNAMESE.toUpperCase(), ...'ABCDEFGHIJKLMNOPQRSTUVWXYZ'];
/** Combining marks (text stored decomposed): dropped, as `fold` drops them. */
const MARKS = Array.from({ length: 0x70 }, (_, i) => String.fromCharCode(0x300 + i)).join('');
const FOLD_FROM = LETTERS.join('') + MARKS;
const FOLD_TO = LETTERS.map((letter) => fold(letter)).join('');

/** The folded text the search words are matched against. */
const searchText = sql`translate(concat_ws(' ', ${accountCompanies.code}, ${accounts.fullName}, ${accounts.phone}, ${accounts.email}), ${FOLD_FROM}, ${FOLD_TO})`;

const recordColumns = {
  membershipId: accountCompanies.id,
  companyId: accountCompanies.companyId,
  accountId: accounts.id,
  code: accountCompanies.code,
  fullName: accounts.fullName,
  phone: accounts.phone,
  email: accounts.email,
  staffKind: accountCompanies.staffKind,
  roleId: roles.id,
  roleName: roles.name,
  regionId: regions.id,
  regionCode: regions.code,
  regionName: regions.name,
  managerId: managers.id,
  managerName: managers.fullName,
  status: accountCompanies.status,
  isActive: accountCompanies.isActive,
  isOwner: accountCompanies.isOwner,
  startDate: accountCompanies.startDate,
  createdAt: accountCompanies.createdAt,
};

function baseSelect(db: Db) {
  return db
    .select(recordColumns)
    .from(accountCompanies)
    .innerJoin(accounts, eq(accounts.id, accountCompanies.accountId))
    .leftJoin(roles, eq(roles.id, accountCompanies.roleId))
    .leftJoin(regions, eq(regions.id, accountCompanies.regionId))
    .leftJoin(managers, eq(managers.id, accountCompanies.managerId));
}

type RecordRow = {
  membershipId: number;
  companyId: number;
  accountId: number;
  code: string | null;
  fullName: string;
  phone: string;
  email: string | null;
  staffKind: string;
  roleId: number | null;
  roleName: string | null;
  regionId: number | null;
  regionCode: string | null;
  regionName: string | null;
  managerId: number | null;
  managerName: string | null;
  status: string;
  isActive: boolean;
  isOwner: boolean;
  startDate: string | null;
  createdAt: Date;
};

function toRecord(row: RecordRow, pending: Map<number, { id: number; name: string }>): EmployeeRecord {
  return {
    id: row.accountId,
    membership_id: row.membershipId,
    company: row.companyId,
    code: row.code,
    full_name: row.fullName,
    phone: row.phone,
    email: row.email,
    staff_kind: row.staffKind as StaffKind,
    role: row.roleId !== null ? { id: row.roleId, name: row.roleName ?? '' } : null,
    pending_role: pending.get(row.membershipId) ?? null,
    region: row.regionId !== null ? { id: row.regionId, code: row.regionCode ?? '', name: row.regionName ?? '' } : null,
    manager: row.managerId !== null ? { id: row.managerId, full_name: row.managerName ?? '' } : null,
    status_display: row.status as MembershipStatus,
    is_active: row.isActive,
    is_owner: row.isOwner,
    start_date: row.startDate,
    created_at: row.createdAt.toISOString(),
  };
}

/** Role changes waiting for approval, by membership. */
async function pendingRoles(db: Db, membershipIds: number[]): Promise<Map<number, { id: number; name: string }>> {
  if (membershipIds.length === 0) return new Map();
  const rows = await db
    .select({ membershipId: roleRequests.membershipId, id: roles.id, name: roles.name })
    .from(roleRequests)
    .innerJoin(roles, eq(roles.id, roleRequests.roleId))
    .where(and(inArray(roleRequests.membershipId, membershipIds), eq(roleRequests.status, 'pending')))
    .orderBy(asc(roleRequests.createdAt));
  return new Map(rows.map((row) => [row.membershipId, { id: row.id, name: row.name }]));
}

/** Who counts as staff in the lists: members and invited people (not join requests or refusals). */
export const STAFF_STATUSES: MembershipStatus[] = ['accept', 'invited'];

/** The rows a caller may see: the whole company, their region's staff, or only themselves. */
export type VisibleTo =
  { kind: 'company' } | { kind: 'region'; regionId: number | null; accountId: number } | { kind: 'own'; accountId: number };

export function visibility(visible: VisibleTo): SQL | undefined {
  if (visible.kind === 'company') return undefined;
  if (visible.kind === 'own' || visible.regionId === null) return eq(accountCompanies.accountId, visible.accountId);
  return or(eq(accountCompanies.regionId, visible.regionId), eq(accountCompanies.accountId, visible.accountId));
}

type ListQuery = v.InferOutput<typeof EmployeeListQuery>;

export function listFilters(query: Omit<ListQuery, 'page' | 'limit'>, visible: VisibleTo): SQL[] {
  const filters: (SQL | undefined)[] = [eq(accountCompanies.companyId, query.company), visibility(visible)];
  if (query.kind) filters.push(eq(accountCompanies.staffKind, query.kind));
  if (query.region !== undefined) filters.push(eq(accountCompanies.regionId, query.region));
  if (query.status === 'active') filters.push(eq(accountCompanies.status, 'accept'), eq(accountCompanies.isActive, true));
  else if (query.status === 'inactive')
    filters.push(inArray(accountCompanies.status, STAFF_STATUSES), eq(accountCompanies.isActive, false));
  else if (query.status === 'invited') filters.push(eq(accountCompanies.status, 'invited'), eq(accountCompanies.isActive, true));
  else filters.push(inArray(accountCompanies.status, STAFF_STATUSES));
  // Every typed word must appear somewhere in the folded code, name, phone or email.
  filters.push(...wordConditions(searchText, query.search, { caseInsensitive: true }));
  return filters.filter((filter): filter is SQL => filter !== undefined);
}

const ORDER = [sql`${accountCompanies.code} asc nulls last`, asc(accounts.fullName), asc(accountCompanies.id)];

export async function listEmployees(db: Db, query: ListQuery, visible: VisibleTo): Promise<{ rows: EmployeeRecord[]; count: number }> {
  const page = await pagedRows(
    db,
    baseSelect(db)
      .where(and(...listFilters(query, visible)))
      .$dynamic(),
    ORDER,
    query,
  );
  const rows: RecordRow[] = page.rows;
  const pending = await pendingRoles(
    db,
    rows.map((row) => row.membershipId),
  );
  return { rows: rows.map((row) => toRecord(row, pending)), count: page.count };
}

/** Every row of a filter (the export), in list order. */
export async function allEmployees(db: Db, query: Omit<ListQuery, 'page' | 'limit'>, visible: VisibleTo): Promise<EmployeeRecord[]> {
  const rows: RecordRow[] = await baseSelect(db)
    .where(and(...listFilters(query, visible)))
    .orderBy(...ORDER);
  const pending = await pendingRoles(
    db,
    rows.map((row) => row.membershipId),
  );
  return rows.map((row) => toRecord(row, pending));
}

/** One employee of a company by account id, whatever the membership's state; null when none. */
export async function findEmployee(db: Db, companyId: number, accountId: number): Promise<EmployeeRecord | null> {
  const [row]: RecordRow[] = await baseSelect(db).where(
    and(eq(accountCompanies.companyId, companyId), eq(accountCompanies.accountId, accountId)),
  );
  if (!row) return null;
  return toRecord(row, await pendingRoles(db, [row.membershipId]));
}

/** Active members (accepted, or invited when `withInvited`) for pickers, by name. */
export async function staffOptions(
  db: Db,
  companyId: number,
  filter: { kind?: StaffKind; region?: number; withInvited?: boolean },
  visible: VisibleTo,
): Promise<StaffOption[]> {
  const conditions: (SQL | undefined)[] = [
    eq(accountCompanies.companyId, companyId),
    eq(accountCompanies.isActive, true),
    filter.withInvited ? inArray(accountCompanies.status, STAFF_STATUSES) : eq(accountCompanies.status, 'accept'),
    visibility(visible),
  ];
  if (filter.kind) conditions.push(eq(accountCompanies.staffKind, filter.kind));
  if (filter.region !== undefined) conditions.push(eq(accountCompanies.regionId, filter.region));
  const rows = await db
    .select({
      id: accounts.id,
      fullName: accounts.fullName,
      phone: accounts.phone,
      code: accountCompanies.code,
      staffKind: accountCompanies.staffKind,
      regionId: accountCompanies.regionId,
    })
    .from(accountCompanies)
    .innerJoin(accounts, eq(accounts.id, accountCompanies.accountId))
    .where(and(...conditions))
    .orderBy(asc(accounts.fullName), asc(accounts.id));
  return rows.map((row) => ({
    id: row.id,
    full_name: row.fullName,
    phone: row.phone,
    code: row.code,
    staff_kind: row.staffKind as StaffKind,
    region_id: row.regionId,
  }));
}

/** Whether another membership of the company already has this code. */
export async function codeTaken(db: Db, companyId: number, code: string, exceptMembershipId: number | null): Promise<boolean> {
  const conditions = [
    eq(accountCompanies.companyId, companyId),
    isNotNull(accountCompanies.code),
    sql`lower(${accountCompanies.code}) = lower(${code})`,
  ];
  if (exceptMembershipId !== null) conditions.push(ne(accountCompanies.id, exceptMembershipId));
  const [row] = await db
    .select({ id: accountCompanies.id })
    .from(accountCompanies)
    .where(and(...conditions))
    .limit(1);
  return Boolean(row);
}
