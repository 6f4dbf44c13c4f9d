/**
 * Whose orders, customers and visits a member sees (the data scope of their role): the rows they
 * own, those plus the rows of their region, or the whole company. Lists add the condition; detail
 * calls answer "not found" for a row outside it, as if it were another company's.
 */
import type { SQL } from 'drizzle-orm';
import type { Db } from '@server/kernel/db/client';
import { customers, orders, visits } from '@server/kernel/db/schema';
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
export async function pullScope(db: Db, access: Access): Promise<{ key: string; filters: { customer: SQL | null } }> {
  const filter = await customerScope(db, access);
  const filters = { customer: filter };
  if (filter === null) return { key: 'company', filters };
  if (access.scope === 'own') return { key: `own:${access.accountId}`, filters };
  const provinces = await regionProvinceCodes(db, access);
  return { key: `region:${access.accountId}:${access.membership.regionId ?? '-'}:${provinces.sort().join(',')}`, filters };
}
