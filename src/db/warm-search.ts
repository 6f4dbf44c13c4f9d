/** Loading a workspace's device search indexes ahead of the first search (search-index.ts). */
import type { AppDb } from './app-db';
import { findLocalCustomers } from './customer-search';
import { findLocalVariants } from './variant-search';

export async function warmLocalSearch(db: AppDb, companyId: number): Promise<void> {
  await findLocalCustomers(db, companyId, [], null, 1);
  await findLocalVariants(db, companyId, [], null, 1);
}

/**
 * Warms the indexes once the page is idle, so loading them (seconds at 100,000 customers) never
 * competes with the screen the person opened. A failure only means the first search loads them.
 */
export function warmLocalSearchWhenIdle(db: AppDb, companyId: number): void {
  const run = () => void warmLocalSearch(db, companyId).catch(() => undefined);
  if (typeof requestIdleCallback === 'function') requestIdleCallback(run, { timeout: 3_000 });
  else setTimeout(run, 500);
}
