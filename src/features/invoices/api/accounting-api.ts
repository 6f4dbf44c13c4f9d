/**
 * The accounting calls (contract/invoices-accounting.ts accountingPaths): the AMIS connection, the
 * catalogue's status (step 1), the sync rows with their counts, what is left to push, a batch's progress (asked every second while
 * AMIS still owes answers), the mapping and AMIS's dictionary, and the writes. Keys start with
 * ['accounting', company]; a write refreshes them all.
 */
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  accountingPaths,
  type AccountingSource,
  type AccountingSyncRecord,
  type AmisConnectionInput,
  type AmisConnectionRecord,
  type CatalogueKind,
  type CatalogueStatus,
  type DictionaryItem,
  type MappingKind,
  type MappingRecord,
  type SyncBatchRecord,
  type SyncCandidate,
  type SyncListBonus,
  type SyncStatus,
} from '@contract/invoices-accounting';
import { apiRequest } from '@/api/client';
import { companyQueryKeys } from '@/api/query-keys';

export const accountingKeys = companyQueryKeys('accounting');

export type SyncFilter = { page: number; limit: number; search?: string; status?: SyncStatus; source?: AccountingSource };

export function useAmisConnection(companyId: number) {
  return useQuery({
    queryKey: accountingKeys.of(companyId, 'connection'),
    retry: false,
    queryFn: async () =>
      (
        await apiRequest<{ connection: AmisConnectionRecord | null; simulator_available: boolean }>(accountingPaths.connection, {
          query: { company: companyId },
        })
      ).data,
  });
}

/** The rows; `progress` (a batch's answered count) in the key reads them again as AMIS answers. */
export function useSyncList(companyId: number, filter: SyncFilter, progress: string | null) {
  const query = { company: companyId, ...filter };
  return useQuery({
    queryKey: accountingKeys.of(companyId, 'syncs', query, progress),
    retry: false,
    placeholderData: keepPreviousData,
    queryFn: async () => {
      const answer = await apiRequest<AccountingSyncRecord[]>(accountingPaths.syncs, { query });
      return { rows: answer.data, count: answer.count ?? answer.data.length, bonus: answer.bonus as SyncListBonus | undefined };
    },
  });
}

/** An order's row in AMIS, if it was pushed (its page); null when it was not. */
export function useRecordSync(companyId: number, source: AccountingSource, recordId: string) {
  return useQuery({
    queryKey: accountingKeys.of(companyId, 'record', source, recordId),
    retry: false,
    queryFn: async () =>
      (
        await apiRequest<AccountingSyncRecord[]>(accountingPaths.syncs, {
          query: { company: companyId, source, record: recordId, limit: 1 },
          redirectOnForbidden: false,
        })
      ).data[0] ?? null,
  });
}

/** Step 1: how much of the catalogue (customers, goods, warehouses) AMIS has not got yet. */
export function useCatalogueStatus(companyId: number, enabled: boolean) {
  return useQuery({
    queryKey: accountingKeys.of(companyId, 'catalogue'),
    enabled,
    retry: false,
    queryFn: async () => (await apiRequest<CatalogueStatus>(accountingPaths.catalogue, { query: { company: companyId } })).data,
  });
}

export function useSyncCandidates(companyId: number, source: AccountingSource) {
  return useQuery({
    queryKey: accountingKeys.of(companyId, 'candidates', source),
    retry: false,
    queryFn: async () => (await apiRequest<SyncCandidate[]>(accountingPaths.candidates, { query: { company: companyId, source } })).data,
  });
}

/** A batch's progress, asked every second until AMIS has answered every record. */
export function useSyncBatch(companyId: number, id: string | null) {
  return useQuery({
    queryKey: accountingKeys.of(companyId, 'batch', id),
    enabled: id !== null,
    retry: false,
    refetchInterval: (state) => (state.state.data && state.state.data.waiting === 0 ? false : 1_000),
    queryFn: async () => (await apiRequest<SyncBatchRecord>(accountingPaths.batch(id!), { query: { company: companyId } })).data,
  });
}

export function useMappings(companyId: number, kind: MappingKind, paging: { page: number; limit: number; search?: string }) {
  const query = { company: companyId, kind, ...paging };
  return useQuery({
    queryKey: accountingKeys.of(companyId, 'mappings', query),
    retry: false,
    placeholderData: keepPreviousData,
    queryFn: async () => {
      const answer = await apiRequest<MappingRecord[]>(accountingPaths.mappings, { query });
      return { rows: answer.data, count: answer.count ?? answer.data.length };
    },
  });
}

export function useDictionary(companyId: number, kind: MappingKind, enabled: boolean) {
  return useQuery({
    queryKey: accountingKeys.of(companyId, 'dictionary', kind),
    enabled,
    retry: false,
    staleTime: 60_000,
    queryFn: async () => (await apiRequest<DictionaryItem[]>(accountingPaths.dictionary, { query: { company: companyId, kind } })).data,
  });
}

/** The writes; each answers the server's message (for a toast) and refreshes every accounting read. */
export function useAccountingWrites(companyId: number) {
  const client = useQueryClient();
  async function send<T>(
    path: string,
    method: 'POST' | 'PUT' | 'DELETE',
    body: Record<string, unknown>,
  ): Promise<{ data: T; message: string }> {
    const answer = await apiRequest<T>(
      path,
      method === 'DELETE' ? { method, query: { company: companyId } } : { method, body: { company: companyId, ...body } },
    );
    await client.invalidateQueries({ queryKey: accountingKeys.all(companyId) });
    return { data: answer.data, message: answer.message ?? 'Đã lưu' };
  }
  return {
    connect: (input: Omit<AmisConnectionInput, 'company'>) => send<AmisConnectionRecord>(accountingPaths.connection, 'PUT', input),
    disconnect: () => send<null>(accountingPaths.connection, 'DELETE', {}),
    sync: (source: AccountingSource, ids?: string[]) => send<SyncBatchRecord>(accountingPaths.syncs, 'POST', { source, ids }),
    retry: (ids?: string[]) => send<SyncBatchRecord>(accountingPaths.retry, 'POST', { ids }),
    saveMappings: (kind: MappingKind, items: { local_key: string; misa_code: string | null; misa_name: string | null }[]) =>
      send<null>(accountingPaths.mappings, 'PUT', { kind, items }),
    pushDictionary: (kind: Exclude<MappingKind, 'account'>) => send<{ pushed: number }>(accountingPaths.pushDictionary, 'POST', { kind }),
    pushCatalogue: () =>
      send<{ pushed: Record<CatalogueKind, number>; status: CatalogueStatus }>(accountingPaths.pushCatalogue, 'POST', {}),
  };
}
