/**
 * Price policies (CSG switch): the server's paged list, create / edit / delete (each answer goes
 * into the device's mirror at once, so the cart prices with it even before the next pull), and
 * what the preview and the editor read from the device: policies, customer groups, levels, and
 * variants by id or by search (the mirror the cart uses).
 */
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useLiveQuery } from 'dexie-react-hooks';
import { useMemo } from 'react';
import type { PricePolicyInputSchema, PricePolicyRecord } from '@contract/price-policy';
import { productPaths } from '@contract/products';
import type * as v from 'valibot';
import { ApiError } from '@/api/api-error';
import { apiRequest } from '@/api/client';
import type { AppDb } from '@/db/app-db';
import { mirrorTables, putServerRecord } from '@/sync/mirror';
import { fetchPage } from '@/api/pages';
import { pageQuery } from '@/lib/page-query';
import { companyQueryKeys } from '@/api/query-keys';
import { deleteRecord } from '@/api/delete-record';
import { refreshAfterWrite } from '@/sync/refresh-after-write';

export const policyKeys = companyQueryKeys('price-policies');

export type PolicyListQuery = { search: string; page: number; limit: number };
export type PolicyPage = { rows: PricePolicyRecord[]; count: number; source: 'server' | 'device' };

export function usePolicyList(db: AppDb, companyId: number, query: PolicyListQuery) {
  return useQuery({
    queryKey: policyKeys.of(companyId, 'list', query),
    enabled: companyId > 0,
    retry: false,
    networkMode: 'always',
    placeholderData: keepPreviousData,
    queryFn: async (): Promise<PolicyPage> => {
      try {
        const page = await fetchPage<PricePolicyRecord>(productPaths.pricePolicies, { query: pageQuery(companyId, query) });
        return { ...page, source: 'server' };
      } catch (error) {
        if (!(error instanceof ApiError && error.isNetwork)) throw error;
        // A company has a handful of policies: the mirrored ones, filtered here.
        const search = query.search.trim().toLowerCase();
        const all = (await db.pricePolicies.where('company').equals(companyId).toArray())
          .filter((row) => !search || row.title.toLowerCase().includes(search))
          .sort((a, b) => b.priority - a.priority || a.title.localeCompare(b.title, 'vi'));
        const start = (query.page - 1) * query.limit;
        return { rows: all.slice(start, start + query.limit), count: all.length, source: 'device' };
      }
    },
  });
}

export type PolicyInput = v.InferInput<typeof PricePolicyInputSchema>;

async function mirrorPolicy(db: AppDb, record: PricePolicyRecord | null, deletedId?: number): Promise<void> {
  try {
    await db.transaction('rw', mirrorTables(db), async () => {
      if (record) await putServerRecord(db, 'price_policy', record);
      if (deletedId !== undefined) await db.pricePolicies.delete(deletedId);
    });
  } catch (error) {
    console.warn('Could not mirror the price policy', error);
  }
}

export function usePolicyWrites(db: AppDb, companyId: number) {
  const queryClient = useQueryClient();
  return useMemo(() => {
    const refresh = () => refreshAfterWrite(queryClient, [policyKeys.all(companyId)]);
    return {
      async save(id: number | null, input: PolicyInput): Promise<{ record: PricePolicyRecord; message?: string }> {
        const answer = await apiRequest<PricePolicyRecord>(id ? productPaths.pricePolicy(id) : productPaths.pricePolicies, {
          method: id ? 'PUT' : 'POST',
          body: input,
        });
        await mirrorPolicy(db, answer.data);
        await refresh();
        return { record: answer.data, message: answer.message };
      },
      async remove(id: number): Promise<string | undefined> {
        const answer = await deleteRecord(productPaths.pricePolicy(id), companyId);
        await mirrorPolicy(db, null, id);
        await refresh();
        return answer.message;
      },
    };
  }, [db, companyId, queryClient]);
}

/** Customer groups and levels of the company, from the device's mirror (names show offline). */
export function useGroupsAndLevels(db: AppDb, companyId: number) {
  const types = useLiveQuery(() => db.customerTypes.where('company').equals(companyId).toArray(), [db, companyId]);
  const levels = useLiveQuery(() => db.customerLevels.where('company').equals(companyId).toArray(), [db, companyId]);
  return useMemo(() => {
    const typeList = [...(types ?? [])].sort((a, b) => a.title.localeCompare(b.title, 'vi'));
    const levelList = [...(levels ?? [])].sort((a, b) => a.rank - b.rank || a.id - b.id);
    const typeNames = new Map(typeList.map((type) => [type.id, type.title]));
    const levelNames = new Map(levelList.map((level) => [level.id, level.title]));
    return {
      types: typeList,
      levels: levelList,
      typeName: (id: number | null) => (id === null ? null : (typeNames.get(id) ?? `#${id}`)),
      levelName: (id: number | null) => (id === null ? null : (levelNames.get(id) ?? `#${id}`)),
    };
  }, [types, levels]);
}

/** Every policy of the company on this device: what the cart prices with. */
export function useMirroredPolicies(db: AppDb, companyId: number) {
  return useLiveQuery(() => db.pricePolicies.where('company').equals(companyId).toArray(), [db, companyId]);
}
