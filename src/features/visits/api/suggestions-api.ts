/**
 * The office's side of "Gợi ý đặt hàng" (contract/visits-suggest.ts): the settings from the server,
 * saved back; and the device's catalogue searched and read by id for the must-carry list.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useLiveQuery } from 'dexie-react-hooks';
import { suggestionPaths, type SuggestionSettings } from '@contract/visits-suggest';
import { apiData, apiRequest } from '@/api/client';
import type { AppDb, LocalVariant } from '@/db/app-db';
import { searchLocalVariants } from '@/db/variant-search';

const settingsKey = (companyId: number) => ['visits', companyId, 'suggestion-settings'] as const;

export function useSuggestionSettings(companyId: number, enabled: boolean) {
  return useQuery({
    queryKey: settingsKey(companyId),
    queryFn: () => apiData<SuggestionSettings>(suggestionPaths.settings, { query: { company: companyId } }),
    enabled,
    retry: false,
  });
}

export function useSaveSuggestionSettings(companyId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (settings: SuggestionSettings) =>
      apiRequest(suggestionPaths.settings, { method: 'PUT', body: { company: companyId, ...settings }, redirectOnForbidden: false }),
    onSuccess: () => void client.invalidateQueries({ queryKey: settingsKey(companyId) }),
  });
}

/** Variants matching what is typed, from the device's catalogue (null before anything is typed). */
export function useCatalogueSearch(db: AppDb, companyId: number, search: string) {
  return useLiveQuery(() => (search ? searchLocalVariants(db, companyId, search, 20) : Promise.resolve(null)), [db, companyId, search]);
}

/** The variants of some ids as the device holds them, by id. */
export function useVariantsById(db: AppDb, ids: readonly number[]): Map<number, LocalVariant> | undefined {
  const key = ids.join(',');
  return useLiveQuery(async () => {
    const rows = await db.variants.bulkGet(key ? key.split(',').map(Number) : []);
    return new Map(rows.filter((row): row is LocalVariant => row !== undefined).map((row) => [row.id, row]));
  }, [db, key]);
}
