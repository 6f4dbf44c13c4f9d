/** Loading a workspace's device search indexes ahead of the first search (search-index.ts). */
import type { AppDb } from './app-db';
import { findLocalCustomers } from './customer-search';
import { findLocalVariants } from './variant-search';

export async function warmLocalSearch(db: AppDb, companyId: number): Promise<void> {
  await findLocalCustomers(db, companyId, [], null, 1);
  await findLocalVariants(db, companyId, [], null, 1);
}
