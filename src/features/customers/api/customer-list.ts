/**
 * The customer list, one code path: the server's answer while it answers, the device's
 * mirror when it does not. Offline, the in-memory index (src/db/search-index.ts) finds and counts
 * every match of the search and filters in name order; only the page's rows are read.
 */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { customerPaths, licenceState, type CustomerRecord } from '@contract/customers';
import { vietnamDay } from '@contract/price-policy';
import { ApiError } from '@/api/api-error';
import { apiRequest } from '@/api/client';
import type { AppDb, LocalCustomer, LocalSyncState } from '@/db/app-db';
import { customerQueryWords, findLocalCustomers, type CustomerFields } from '@/db/customer-search';
import { entryRows, matchesWords } from '@/db/search-index';
import { useAskAgainAfterSync } from '@/sync/ask-again-after-sync';
import { useSyncStatus } from '@/sync/sync-status';
import { toCustomerQuery, type CustomerFilter } from '../model/customer-filter';

export type CustomerRow = CustomerRecord & { syncState: LocalSyncState };
export type CustomerList = { rows: CustomerRow[]; count: number; source: 'server' | 'device' };

/** The licence state of an index entry or a row (contract/customers.ts licenceState). */
function licenceOf(row: CustomerFields | LocalCustomer) {
  if ('licence' in row)
    return licenceState({ licence_number: row.licence === null ? null : '-', gpp_expiry: row.licence || null }, vietnamDay());
  return licenceState(row, vietnamDay());
}

function matches(row: CustomerFields | LocalCustomer, filter: CustomerFilter): boolean {
  if (filter.filterLicence && licenceOf(row) !== filter.filterLicence) return false;
  if (filter.filterCustomerType && row.kind !== filter.filterCustomerType) return false;
  if (filter.filterUserSale && row.staff_id !== filter.filterUserSale) return false;
  if (filter.filterCustomerGroup && row.customer_type_id !== filter.filterCustomerGroup) return false;
  if (filter.filterCustomerLevel && row.level_id !== filter.filterCustomerLevel) return false;
  if (filter.tabFilter === 'active' || filter.tabFilter === 'inactive') return row.status === filter.tabFilter;
  if (filter.tabFilter === 'ungrouped') return row.customer_type_id === null;
  return true;
}

export async function localCustomerList(db: AppDb, companyId: number, filter: CustomerFilter): Promise<CustomerList> {
  const found = await findLocalCustomers(db, companyId, customerQueryWords(filter.search), (fields) => matches(fields, filter));
  const start = (filter.page - 1) * filter.limit;
  const rows = await entryRows(db.customers, found.slice(start, start + filter.limit));
  return { rows, count: found.length, source: 'device' };
}

export async function serverCustomerList(companyId: number, filter: CustomerFilter): Promise<CustomerList> {
  const answer = await apiRequest<CustomerRecord[]>(customerPaths.customers, { query: toCustomerQuery(companyId, filter) });
  return { rows: answer.data.map((row) => ({ ...row, syncState: 'synced' })), count: answer.count ?? answer.data.length, source: 'server' };
}

/**
 * Customers created on this device and not yet on the server are listed first on page 1, when they
 * match the filter. They are found through the outbox (a handful of rows), never by scanning the
 * mirror of the whole customer book.
 */
export async function unsentCustomers(db: AppDb, companyId: number, filter: CustomerFilter): Promise<LocalCustomer[]> {
  const ops = await db.outbox
    .where('[companyId+state]')
    .anyOf([
      [companyId, 'pending'],
      [companyId, 'sending'],
      [companyId, 'rejected'],
    ])
    .toArray();
  const ids = [...new Set(ops.filter((op) => op.type === 'customer.create' && op.entity).map((op) => op.entity!.id))];
  if (ids.length === 0) return [];
  const words = customerQueryWords(filter.search);
  const rows = await db.customers.bulkGet(ids);
  return rows
    .filter((row): row is LocalCustomer => Boolean(row && row.company === companyId && row.syncState !== 'synced'))
    .filter((row) => matches(row, filter) && matchesWords(row.search, words))
    .sort((a, b) => b.created_at.localeCompare(a.created_at));
}

async function withUnsent(db: AppDb, companyId: number, filter: CustomerFilter, list: CustomerList): Promise<CustomerList> {
  if (filter.page !== 1) return list;
  const unsent = await unsentCustomers(db, companyId, filter);
  if (unsent.length === 0) return list;
  const ids = new Set(unsent.map((row) => row.id));
  // The device's own list already counts them; the server's does not know them yet.
  const counted = list.source === 'device' ? 0 : unsent.filter((row) => !list.rows.some((listed) => listed.id === row.id)).length;
  return { ...list, rows: [...unsent, ...list.rows.filter((row) => !ids.has(row.id))], count: list.count + counted };
}

export function useCustomerList(db: AppDb, companyId: number, filter: CustomerFilter) {
  // The rep's own customers queued or just sent are listed first (withUnsent): asked again as they go.
  const queryKey = ['customers', companyId, filter, useSyncStatus((sync) => sync.pending)];
  useAskAgainAfterSync(queryKey);
  return useQuery({
    queryKey,
    queryFn: async () => {
      try {
        return await withUnsent(db, companyId, filter, await serverCustomerList(companyId, filter));
      } catch (error) {
        if (error instanceof ApiError && error.isNetwork)
          return withUnsent(db, companyId, filter, await localCustomerList(db, companyId, filter));
        throw error;
      }
    },
    placeholderData: keepPreviousData,
    retry: false,
    // The query falls back to the device itself: it must run offline, not wait paused for a network.
    networkMode: 'always',
  });
}
