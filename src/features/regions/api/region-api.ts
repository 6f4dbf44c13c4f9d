/**
 * Regions (product-spec.md §7 "Region", contract/regions.ts): the server's paged list, one region, its staff,
 * customers and orders, create / edit / delete, the Excel import and its template. These screens
 * need the network (the office manages territories online); a failed call shows its message.
 */
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import type { Envelope } from '@contract/envelope';
import {
  REGION_TEMPLATE_FILE_NAME,
  regionPaths,
  type RegionCustomerRow,
  type RegionImportAnswer,
  type RegionInput,
  type RegionOrderRow,
  type RegionRecord,
  type RegionSheetRow,
  type RegionStaffRow,
} from '@contract/regions';
import { apiRequest } from '@/api/client';
import { authedFetch, importSheetRows, saveBlob } from '@/api/files';
import { fetchPage } from '@/api/pages';
import { pageQuery } from '@/lib/page-query';
import { companyQueryKeys } from '@/api/query-keys';
import { deleteRecord } from '@/api/delete-record';

export const regionKeys = companyQueryKeys('regions');

export type RegionListQuery = { search: string; page: number; limit: number };

export function useRegionList(companyId: number, query: RegionListQuery, enabled = true) {
  return useQuery({
    queryKey: regionKeys.of(companyId, 'list', query),
    enabled: enabled && companyId > 0,
    retry: false,
    placeholderData: keepPreviousData,
    queryFn: () => fetchPage<RegionRecord>(regionPaths.regions, { query: pageQuery(companyId, query) }),
  });
}

/** Every region of the company (for pickers and for marking provinces taken by other regions). */
export function useAllRegions(companyId: number, enabled = true) {
  return useRegionList(companyId, { search: '', page: 1, limit: 200 }, enabled);
}

export function useRegion(companyId: number, id: number | null) {
  return useQuery({
    queryKey: regionKeys.of(companyId, 'one', id ?? 0),
    enabled: companyId > 0 && id !== null,
    retry: false,
    queryFn: async () => (await apiRequest<RegionRecord>(regionPaths.region(id!), { query: { company: companyId } })).data,
  });
}

export type RegionChild = 'staff' | 'customers' | 'orders';
type ChildRow = { staff: RegionStaffRow; customers: RegionCustomerRow; orders: RegionOrderRow };
export type RegionChildQuery = { region: number; search: string; page: number; limit: number };

export function useRegionChild<K extends RegionChild>(companyId: number, kind: K, query: RegionChildQuery, enabled = true) {
  return useQuery({
    queryKey: regionKeys.of(companyId, kind, query),
    enabled: enabled && companyId > 0,
    retry: false,
    placeholderData: keepPreviousData,
    queryFn: () => fetchPage<ChildRow[K]>(regionPaths[kind], { query: { ...pageQuery(companyId, query), region: query.region } }),
  });
}

/** The one reading of a failed call (src/api/api-error.ts), under this feature's name. */
export { apiErrorMessage as regionErrorMessage } from '@/api/api-error';

export function useRegionWrites(companyId: number) {
  const queryClient = useQueryClient();
  return useMemo(() => {
    const refresh = () => queryClient.invalidateQueries({ queryKey: regionKeys.all(companyId) });
    return {
      async save(id: number | null, input: Omit<RegionInput, 'company'>): Promise<Envelope<RegionRecord>> {
        const answer = await apiRequest<RegionRecord>(id ? regionPaths.region(id) : regionPaths.regions, {
          method: id ? 'PUT' : 'POST',
          body: { ...input, company: companyId },
          redirectOnForbidden: false,
        });
        await refresh();
        return answer;
      },
      async remove(id: number): Promise<string | undefined> {
        const answer = await deleteRecord(regionPaths.region(id), companyId, { redirectOnForbidden: false });
        queryClient.removeQueries({ queryKey: regionKeys.of(companyId, 'one', id) });
        await refresh();
        return answer.message;
      },
      importRows(rows: RegionSheetRow[], signal?: AbortSignal): Promise<RegionImportAnswer> {
        return importSheetRows(regionPaths.import, companyId, rows, signal);
      },
      afterImport: refresh,
      async downloadTemplate(): Promise<void> {
        const response = await authedFetch(regionPaths.import, { query: { company: companyId } });
        saveBlob(await response.blob(), REGION_TEMPLATE_FILE_NAME);
      },
    };
  }, [companyId, queryClient]);
}

export type RegionWrites = ReturnType<typeof useRegionWrites>;
