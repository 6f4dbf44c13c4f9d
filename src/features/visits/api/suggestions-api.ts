/**
 * The office's side of "Gợi ý đặt hàng" (contract/visits-suggest.ts): the settings from the server,
 * saved back. The must-carry list reads the device's catalogue through src/db/live-lookups.ts.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { suggestionPaths, type SuggestionSettings } from '@contract/visits-suggest';
import { apiData, apiRequest } from '@/api/client';

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
