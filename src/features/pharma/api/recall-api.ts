/**
 * Recall campaign calls (contract/pharma-recalls.ts recallPaths): the list, one campaign, opening
 * one, booking a return, closing, the close-out Excel; and what the open dialog reads first (the
 * lot it starts from, the company's approved ZNS templates). Every write refreshes the campaigns.
 */
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { messagingPaths, type OaRecord, type TemplateRecord } from '@contract/messaging';
import {
  recallPaths,
  recallSheetFileName,
  type OpenRecallInput,
  type RecallDetail,
  type RecallRecord,
  type RecallReturnInput,
} from '@contract/pharma-recalls';
import { warehousePaths, type LotRecord } from '@contract/warehouse';
import { apiData, apiRequest } from '@/api/client';
import { downloadFile } from '@/api/files';
import { fetchPage } from '@/api/pages';
import { companyQueryKeys } from '@/api/query-keys';
import type { RecallFilter } from '../model/recall-search';

export const recallKeys = companyQueryKeys('recalls');

export function useRecalls(companyId: number, filter: RecallFilter) {
  const query = { company: companyId, page: filter.page, limit: filter.limit, search: filter.search, status: filter.status };
  return useQuery({
    queryKey: recallKeys.of(companyId, 'list', query),
    placeholderData: keepPreviousData,
    retry: false,
    queryFn: ({ signal }) => fetchPage<RecallRecord>(recallPaths.list, { query, signal }),
  });
}

export function useRecall(companyId: number, id: number) {
  return useQuery({
    queryKey: recallKeys.of(companyId, 'detail', id),
    enabled: id > 0,
    retry: false,
    queryFn: () => apiData<RecallDetail>(recallPaths.one(id), { query: { company: companyId } }),
  });
}

/** The lot a campaign opens from (its product, number and who received it). */
export function useRecallLot(companyId: number, lotId: number | null) {
  return useQuery({
    queryKey: recallKeys.of(companyId, 'lot', lotId),
    enabled: lotId !== null,
    retry: false,
    queryFn: () => apiData<LotRecord>(warehousePaths.shipment(lotId!), { query: { company: companyId } }),
  });
}

/** The approved ZNS templates of the company's OAs; none when Zalo is not connected or not the person's to see. */
export function useZnsTemplates(companyId: number, enabled: boolean) {
  return useQuery({
    queryKey: recallKeys.of(companyId, 'zns-templates'),
    enabled,
    retry: false,
    staleTime: 60_000,
    queryFn: async (): Promise<TemplateRecord[]> => {
      try {
        const oas = await apiData<OaRecord[]>(messagingPaths.oas, { query: { company: companyId }, redirectOnForbidden: false });
        const lists = [];
        for (const oa of oas)
          lists.push(
            await apiData<TemplateRecord[]>(messagingPaths.templates, {
              query: { company: companyId, oa: oa.id, status: 'enabled' },
              redirectOnForbidden: false,
            }),
          );
        return lists.flat();
      } catch {
        // Zalo off, or no right to see it: the campaign still opens, and each notice says why no ZNS went.
        return [];
      }
    },
  });
}

export function useRecallWrites(companyId: number) {
  const client = useQueryClient();
  const refresh = () => client.invalidateQueries({ queryKey: recallKeys.all(companyId) });
  const write = async <T>(path: string, method: 'POST' | 'PUT', body: unknown) => {
    const answer = await apiRequest<T>(path, { method, body, redirectOnForbidden: false });
    await refresh();
    return answer;
  };
  return {
    open: (input: Omit<OpenRecallInput, 'company'>) => write<RecallDetail>(recallPaths.list, 'POST', { ...input, company: companyId }),
    bookReturn: (id: number, input: Omit<RecallReturnInput, 'company'>) =>
      write<RecallDetail>(recallPaths.returns(id), 'POST', { ...input, company: companyId }),
    close: (id: number, note: string | null) => write<RecallDetail>(recallPaths.close(id), 'PUT', { company: companyId, note }),
  };
}

export function exportRecall(companyId: number, recall: { id: number; code: string }, today: string) {
  return downloadFile(recallPaths.export(recall.id), { company: companyId }, recallSheetFileName(recall.code, today));
}
