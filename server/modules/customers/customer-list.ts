/** The customer list query: filters of product-spec.md §3 "Customer filter", diacritic-free search, paging. */
import { and, asc, desc, eq, gt, gte, isNotNull, isNull, lt, lte, or, sql, type SQL } from 'drizzle-orm';
import type * as v from 'valibot';
import { addDays } from '@contract/calendar-days';
import { LICENCE_EXPIRING_DAYS, type CustomerListQuery, type CustomerRecord, type LicenceState } from '@contract/customers';
import { vietnamDay } from '@contract/price-policy';

import type { Db } from '@server/kernel/db/client';
import { accounts, customerCounts, customers } from '@server/kernel/db/schema';
import { pagedRows, selectPage } from '@server/kernel/lists';
import { wordConditions } from '@server/kernel/sql';
import { toCustomerRecord } from './customer-record';

/** The list query, plus the caller's data scope (server/modules/roles/data-scope.ts). */
type Query = v.InferOutput<typeof CustomerListQuery> & { scope?: SQL | null };

const ORDER = {
  name: asc(customers.name),
  '-name': desc(customers.name),
  code: asc(customers.code),
  '-code': desc(customers.code),
  created_at: asc(customers.createdAt),
  '-created_at': desc(customers.createdAt),
} as const;

/** contract/customers.ts licenceState as a condition on the row, on the company's (Vietnam's) day. */
export function licenceCondition(state: LicenceState, today = vietnamDay()): SQL {
  const licensed = and(isNotNull(customers.licenceNumber), sql`btrim(${customers.licenceNumber}) <> ''`)!;
  if (state === 'missing') return or(isNull(customers.licenceNumber), sql`btrim(${customers.licenceNumber}) = ''`)!;
  const soon = addDays(today, LICENCE_EXPIRING_DAYS);
  if (state === 'expired') return and(licensed, lt(customers.gppExpiry, today))!;
  if (state === 'expiring') return and(licensed, gte(customers.gppExpiry, today), lte(customers.gppExpiry, soon))!;
  return and(licensed, or(isNull(customers.gppExpiry), gt(customers.gppExpiry, soon)))!;
}

export function customerFilters(query: Query): SQL[] {
  const filters: SQL[] = [eq(customers.companyId, query.company)];
  // Every typed word must appear somewhere in the folded name, code, phone, owner or tax code.
  filters.push(...wordConditions(customers.searchText, query.search, { caseInsensitive: true }));
  if (query.kind) filters.push(eq(customers.kind, query.kind));
  if (query.customer_type !== undefined) filters.push(eq(customers.customerTypeId, query.customer_type));
  if (query.level !== undefined) filters.push(eq(customers.levelId, query.level));
  if (query.staff !== undefined) filters.push(eq(customers.staffId, query.staff));
  if (query.province) filters.push(eq(customers.provinceCode, query.province));
  if (query.ward) filters.push(eq(customers.wardCode, query.ward));
  if (query.tab === 'active' || query.tab === 'inactive') filters.push(eq(customers.status, query.tab));
  if (query.tab === 'ungrouped') filters.push(isNull(customers.customerTypeId));
  if (query.licence) filters.push(licenceCondition(query.licence));
  if (query.scope) filters.push(query.scope);
  return filters;
}

/** The customer_counts column of each list tab. */
const KEPT_COUNT = {
  all: customerCounts.total,
  active: customerCounts.active,
  inactive: customerCounts.inactive,
  ungrouped: customerCounts.ungrouped,
} as const;

/**
 * The count of a whole tab of the company, when nothing else narrows the list: kept by triggers
 * (customer_counts, migration 0027) instead of counting every customer on each page. Any other
 * filter, the caller's data scope included, adds to the filters, and then the list counts itself.
 */
function keptCountColumn(query: Query, filters: readonly SQL[]) {
  const tabFilters = query.tab === 'all' ? 0 : 1;
  return filters.length === 1 + tabFilters ? KEPT_COUNT[query.tab] : null;
}

/** The list's select: customers narrowed by `where`, with their staff's name. */
function customerSelect(db: Db, where: SQL | undefined) {
  return db
    .select({ customer: customers, staffName: accounts.fullName })
    .from(customers)
    .leftJoin(accounts, eq(accounts.id, customers.staffId))
    .where(where)
    .$dynamic();
}

const customerOrder = (query: Query) => [ORDER[query.ordering], asc(customers.id)];

/** One page of the list: its main statement (the bench's floor runs it alone, tests/bench/support/floor-server.ts). */
export function customerPage(db: Db, query: Query, where = and(...customerFilters(query))) {
  return selectPage(customerSelect(db, where), customerOrder(query), query);
}

async function keptCount(db: Db, companyId: number, column: (typeof KEPT_COUNT)[keyof typeof KEPT_COUNT]): Promise<number> {
  const [row] = await db.select({ n: column }).from(customerCounts).where(eq(customerCounts.companyId, companyId));
  return Number(row?.n ?? 0);
}

export async function listCustomers(db: Db, query: Query): Promise<{ rows: CustomerRecord[]; count: number }> {
  const filters = customerFilters(query);
  const kept = keptCountColumn(query, filters);
  const toRecord = (row: { customer: typeof customers.$inferSelect; staffName: string | null }) =>
    toCustomerRecord(row.customer, row.staffName);
  if (kept) {
    const [rows, count] = await Promise.all([customerPage(db, query, and(...filters)), keptCount(db, query.company, kept)]);
    return { rows: rows.map(toRecord), count };
  }
  const { rows, count } = await pagedRows(db, customerSelect(db, and(...filters)), customerOrder(query), query);
  return { rows: rows.map(toRecord), count };
}
