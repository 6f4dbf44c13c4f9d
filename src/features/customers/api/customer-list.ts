/**
 * The customer list, one code path (issue #3): the server's answer while it answers, the device's
 * mirror when it does not. Offline, search goes through the word index; the other filters are
 * applied to the rows the index (or the name order) yields, stopping as soon as a page is full.
 */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { customerPaths, type CustomerRecord } from '../../../../contract/customer';
import { foldedWords } from '../../../../contract/fold';
import { ApiError } from '../../../api/api-error';
import { apiRequest } from '../../../api/client';
import type { AppDb, LocalCustomer, LocalSyncState } from '../../../db/app-db';
import { wordMatches } from '../../../db/word-search';
import { useSyncStatus } from '../../../sync/sync-status';
import { toCustomerQuery, type CustomerFilter } from '../model/customer-filter';

export type CustomerRow = CustomerRecord & { syncState: LocalSyncState };
export type CustomerList = { rows: CustomerRow[]; count: number; source: 'server' | 'device' };

function matches(row: LocalCustomer, filter: CustomerFilter): boolean {
  if (filter.filterCustomerType && row.kind !== filter.filterCustomerType) return false;
  if (filter.filterUserSale && row.staff_id !== filter.filterUserSale) return false;
  if (filter.filterCustomerGroup && row.customer_type_id !== filter.filterCustomerGroup) return false;
  if (filter.filterCustomerLevel && row.level_id !== filter.filterCustomerLevel) return false;
  if (filter.tabFilter === 'active' || filter.tabFilter === 'inactive') return row.status === filter.tabFilter;
  if (filter.tabFilter === 'ungrouped') return row.customer_type_id === null;
  return true;
}

export async function localCustomerList(db: AppDb, companyId: number, filter: CustomerFilter): Promise<CustomerList> {
  const words = foldedWords(filter.search);
  const searching = words.length > 0;
  const collection = searching
    ? await wordMatches(db.customers, companyId, words)
    : db.customers.where('[company+nameFold]').between([companyId, ''], [companyId, '\uffff']);
  if (!collection) return { rows: [], count: 0, source: 'device' };
  const filtered = collection.filter((row) => matches(row, filter));
  const start = (filter.page - 1) * filter.limit;
  // Count at most a few pages ahead: enough for the pager, never a scan of 100k rows.
  const window = await filtered.limit(start + filter.limit * 5).toArray();
  const rows = (searching ? window.sort((a, b) => a.nameFold.localeCompare(b.nameFold)) : window).slice(start, start + filter.limit);
  return { rows, count: window.length, source: 'device' };
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
  const words = foldedWords(filter.search).map((word) => `${companyId}|${word}`);
  const rows = await db.customers.bulkGet(ids);
  return rows
    .filter((row): row is LocalCustomer => Boolean(row && row.company === companyId && row.syncState !== 'synced'))
    .filter((row) => matches(row, filter) && words.every((word) => row.words.some((candidate) => candidate.startsWith(word))))
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
  const { lastSyncedAt, pending } = useSyncStatus();
  return useQuery({
    queryKey: ['customers', companyId, filter, lastSyncedAt, pending],
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
