/**
 * The promotion calls (contract/promotions.ts promotionPaths, server/modules/promotions): the list
 * and its counts per status, a programme, the orders that used it and the goods it covers, the
 * Excel export, the SKU sheet read into a scope and its template; the writes (create, edit, copy,
 * delete, approve / reject / stop). Every read starts its key with ['promotions', company], so one
 * invalidation after a write refreshes them all. A refusal answers its message and, for a bad
 * input, the fields it names (ApiError.fields), which the form puts on its inputs.
 */
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import {
  promotionPaths,
  type PromotionInputDraft,
  type PromotionLinesAnswer,
  type PromotionRecord,
  type PromotionStatusCount,
  type PromotionUsageRow,
  type PromotionVariantRow,
} from '@contract/promotions';
import type { PromotionAction } from '@contract/promotions-status';
import { ApiError } from '@/api/api-error';
import { apiRequest } from '@/api/client';
import { downloadFile } from '@/api/files';
import { toPromotionExportQuery, toPromotionListQuery, type PromotionFilter } from '../promotion-filter';
import { fetchPage } from '@/api/pages';
import { companyQueryKeys } from '@/api/query-keys';
import { deleteRecord } from '@/api/delete-record';

export const promotionKeys = companyQueryKeys('promotions');

/** A refusal's sentence for a toast: the server's message, or the fallback. */
export function promotionError(error: unknown, fallback: string): string {
  return error instanceof Error && error.message ? error.message : fallback;
}

export const isOffline = (error: unknown) => error instanceof ApiError && error.isNetwork;

export type PromotionList = { rows: PromotionRecord[]; count: number };

export function usePromotionList(companyId: number, filter: PromotionFilter) {
  const query = toPromotionListQuery(companyId, filter);
  return useQuery({
    queryKey: promotionKeys.of(companyId, 'list', query),
    enabled: companyId > 0,
    retry: false,
    placeholderData: keepPreviousData,
    queryFn: (): Promise<PromotionList> => fetchPage<PromotionRecord>(promotionPaths.promotions, { query }),
  });
}

/** statuspromotion/: every status with its count (the list's tabs). */
export function usePromotionCounts(companyId: number) {
  return useQuery({
    queryKey: promotionKeys.of(companyId, 'counts'),
    enabled: companyId > 0,
    retry: false,
    queryFn: async () => (await apiRequest<PromotionStatusCount[]>(promotionPaths.statuses, { query: { company: companyId } })).data,
  });
}

export function usePromotion(companyId: number, id: number | null) {
  return useQuery({
    queryKey: promotionKeys.of(companyId, 'one', id),
    enabled: companyId > 0 && id !== null,
    retry: false,
    queryFn: async () =>
      (await apiRequest<PromotionRecord>(promotionPaths.promotion(id!), { query: { company: companyId }, redirectOnForbidden: false }))
        .data,
  });
}

export type PageQuery = { page: number; limit: number; search?: string };

/** The orders that used a programme (newest first), paged. */
export function usePromotionUsage(companyId: number, id: number, paging: PageQuery) {
  const query = { company: companyId, page: paging.page, limit: paging.limit };
  return useQuery({
    queryKey: promotionKeys.of(companyId, 'usage', id, query),
    retry: false,
    placeholderData: keepPreviousData,
    queryFn: () => fetchPage<PromotionUsageRow>(promotionPaths.usage(id), { query }),
  });
}

/** getpromotionvariant/: the goods a programme covers (its variants, categories and brands), paged, searchable. */
export function usePromotionGoods(companyId: number, id: number, paging: PageQuery) {
  const query = { company: companyId, promotion: id, page: paging.page, limit: paging.limit, search: paging.search?.trim() || undefined };
  return useQuery({
    queryKey: promotionKeys.of(companyId, 'goods', query),
    retry: false,
    placeholderData: keepPreviousData,
    queryFn: () => fetchPage<PromotionVariantRow>(promotionPaths.variants, { query }),
  });
}

/** The Excel of every programme of the filter; answers the file's name. */
export function exportPromotions(companyId: number, filter: PromotionFilter, day: string): Promise<string> {
  return downloadFile(
    promotionPaths.exportData,
    toPromotionExportQuery(companyId, filter),
    `chuong-trinh-khuyen-mai-${day.replace(/-/g, '')}.xlsx`,
  );
}

/** The sheet of SKUs to fill in (Mã SKU, Tên sản phẩm). */
export function downloadLinesTemplate(companyId: number): Promise<string> {
  return downloadFile(promotionPaths.template, { company: companyId }, 'mau-san-pham-khuyen-mai.xlsx');
}

/** Rows of a sheet of SKUs, each with its sheet row number (`_row`): the variants found, and why the others were not. */
export async function readPromotionLines(
  companyId: number,
  rows: Record<string, string | number | boolean | null>[],
  signal?: AbortSignal,
): Promise<PromotionLinesAnswer> {
  return (
    await apiRequest<PromotionLinesAnswer>(promotionPaths.importLines, {
      method: 'POST',
      body: { company: companyId, rows },
      signal,
      redirectOnForbidden: false,
    })
  ).data;
}

export type PromotionWrites = ReturnType<typeof usePromotionWrites>;

export function usePromotionWrites(companyId: number) {
  const queryClient = useQueryClient();
  return useMemo(() => {
    const refresh = () => queryClient.invalidateQueries({ queryKey: promotionKeys.all(companyId) });
    const keep = (record: PromotionRecord) => queryClient.setQueryData(promotionKeys.of(companyId, 'one', record.id), record);
    const send = async (path: string, method: 'POST' | 'PUT', body: object) => {
      const answer = await apiRequest<PromotionRecord>(path, { method, body: { ...body, company: companyId }, redirectOnForbidden: false });
      keep(answer.data);
      await refresh();
      return answer;
    };
    return {
      save: (id: number | null, input: PromotionInputDraft) =>
        send(id === null ? promotionPaths.promotions : promotionPaths.promotion(id), id === null ? 'POST' : 'PUT', input),
      copy: (id: number) => send(promotionPaths.copy(id), 'POST', {}),
      act: (id: number, action: PromotionAction, reason: string | null = null) =>
        send(promotionPaths.action(id), 'POST', { action, reason }),
      remove: async (id: number) => {
        const answer = await deleteRecord(promotionPaths.promotion(id), companyId, { redirectOnForbidden: false });
        queryClient.removeQueries({ queryKey: promotionKeys.of(companyId, 'one', id) });
        await refresh();
        return answer;
      },
    };
  }, [companyId, queryClient]);
}
