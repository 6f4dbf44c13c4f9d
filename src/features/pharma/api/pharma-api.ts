/** The pharma calls the office screens make (contract/pharma.ts pharmaPaths): rule settings and expiring licences. */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { pharmaPaths, type LicenceExpiryRow, type PharmaSettings } from '@contract/pharma';
import { apiData, apiRequest } from '@/api/client';

export type ExpiryState = 'expiring' | 'expired' | 'missing';

const keys = {
  settings: (companyId: number) => ['pharma', companyId, 'settings'] as const,
  expiry: (companyId: number, state: ExpiryState) => ['pharma', companyId, 'licence-expiry', state] as const,
};

export function usePharmaSettings(companyId: number) {
  return useQuery({
    queryKey: keys.settings(companyId),
    queryFn: () => apiData<PharmaSettings>(pharmaPaths.settings, { query: { company: companyId } }),
    retry: false,
  });
}

export function useSavePharmaSettings(companyId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (settings: PharmaSettings) =>
      apiRequest(pharmaPaths.settings, { method: 'PUT', body: { company: companyId, ...settings }, redirectOnForbidden: false }),
    onSuccess: () => void client.invalidateQueries({ queryKey: keys.settings(companyId) }),
  });
}

export function useLicenceExpiry(companyId: number, state: ExpiryState) {
  return useQuery({
    queryKey: keys.expiry(companyId, state),
    queryFn: () => apiData<LicenceExpiryRow[]>(pharmaPaths.licenceExpiry, { query: { company: companyId, state } }),
    retry: false,
  });
}
