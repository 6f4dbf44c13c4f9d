/**
 * Whose orders, customers and visits a member sees (the data scope of their role): the rows they
 * own, those plus the rows of their region, or the whole company. Lists add the condition; detail
 * calls answer "not found" for a row outside it, as if it were another company's.
 */
import { and, eq, sql, type SQL } from 'drizzle-orm';
import { can, OFF_ROUTE } from '@contract/roles';
import type { Db } from '@server/kernel/db/client';
import { customers, orders, visits } from '@server/kernel/db/schema';
import { OpRejection } from '@server/kernel/sync/op-context';
import { regionProvinceCodes, scopeFilter, type Access } from './member-access';

/** A rep's orders are the ones they took; a region's are those delivered into its provinces. */
export function orderScope(db: Db, access: Access): Promise<SQL | null> {
  return scopeFilter(db, access, { owners: [orders.accountId], province: orders.provinceCode });
}

/** A rep's customers are those assigned to them and those they created. */
export function customerScope(db: Db, access: Access): Promise<SQL | null> {
  return scopeFilter(db, access, { owners: [customers.staffId, customers.createdBy], province: customers.provinceCode });
}

/** Visits by the member, or at customers of their region (the query joins customers). */
export function visitScope(db: Db, access: Access): Promise<SQL | null> {
  return scopeFilter(db, access, { owners: [visits.accountId], province: customers.provinceCode });
}

/**
 * What a member's device mirrors (server/kernel/sync/pull.ts PullScope): their customers, and a key
 * that changes whenever that set is chosen differently (another scope, region or provinces), so the
 * device starts its mirror over. Reassigning one customer needs no new key: its change row carries
 * it to both reps. Visits and orders reach only the account that owns them (change_log owner).
 */
export async function pullScope(
  db: Db,
  access: Access,
): Promise<{ key: string; filters: { customer: SQL | null; receivable: SQL | null } }> {
  const filter = await customerScope(db, access);
  // A customer's balance and limits (server/modules/receivables) reach those who work with the customer.
  const filters = { customer: filter, receivable: filter };
  if (filter === null) return { key: 'company', filters };
  if (access.scope === 'own') return { key: `own:${access.accountId}`, filters };
  const provinces = await regionProvinceCodes(db, access);
  return { key: `region:${access.accountId}:${access.membership.regionId ?? '-'}:${provinces.sort().join(',')}`, filters };
}

/**
 * How a member stands towards a customer they want to work at (take an order, check in, and the
 * payments, deliveries and promotions to come): one rule for every path that takes a customer
 * (docs/decisions.md: data scope on ops). Within their data scope (customerScope) they may; outside
 * it, a customer of the company is reachable only when their role allows off-route work
 * (contract/roles.ts OFF_ROUTE), and what they do there records it; otherwise it is refused.
 */
export type CustomerReach = 'in_scope' | 'off_route' | 'outside_scope' | 'not_found';

export async function reachCustomer(db: Db, access: Access, customerId: string): Promise<CustomerReach> {
  const [row] = await db
    .select({ inScope: await inScopeColumn(db, access) })
    .from(customers)
    .where(and(eq(customers.id, customerId), eq(customers.companyId, access.membership.companyId)));
  return reachOf(access, row?.inScope);
}

/** Whether a customer's row is within the member's data scope, as a column of a query on customers. */
export async function inScopeColumn(db: Db, access: Access): Promise<SQL<boolean>> {
  const scope = await customerScope(db, access);
  return scope ? sql<boolean>`coalesce((${scope}), false)` : sql<boolean>`true`;
}

/** The reach from inScopeColumn's value on the customer's row (undefined: the company has no such customer). */
export function reachOf(access: Access, inScope: boolean | undefined): CustomerReach {
  if (inScope === undefined) return 'not_found';
  if (inScope === true) return 'in_scope';
  return can(access, ...OFF_ROUTE) ? 'off_route' : 'outside_scope';
}

export const OUT_OF_SCOPE_MESSAGE =
  'Khách hàng này không thuộc tuyến bạn phụ trách; vai trò của bạn không được bán hàng, ghé thăm ngoài tuyến';

/**
 * reachCustomer for an op handler (and the HTTP routes that share it): refuses with OpRejection
 * (CUSTOMER_NOT_FOUND with `notFoundMessage`, or CUSTOMER_OUT_OF_SCOPE); says whether the work is
 * off route, for the caller to record.
 */
export async function requireCustomerReach(
  db: Db,
  access: Access,
  customerId: string,
  notFoundMessage: string,
): Promise<{ offRoute: boolean }> {
  return requireReach(await reachCustomer(db, access, customerId), notFoundMessage);
}

/** requireCustomerReach for a caller that read the reach with the customer (inScopeColumn, reachOf). */
export function requireReach(reach: CustomerReach, notFoundMessage: string): { offRoute: boolean } {
  if (reach === 'not_found') throw new OpRejection('CUSTOMER_NOT_FOUND', notFoundMessage);
  if (reach === 'outside_scope') throw new OpRejection('CUSTOMER_OUT_OF_SCOPE', OUT_OF_SCOPE_MESSAGE);
  return { offRoute: reach === 'off_route' };
}
