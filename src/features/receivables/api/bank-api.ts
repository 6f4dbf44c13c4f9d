/** The company's bank accounts (bank/api/card/) and the banks list, as the VietQR parts and the settings read them. */
import { useQuery } from '@tanstack/react-query';
import { bankPaths, type BankAccountRecord } from '@contract/receivables-banks';
import { apiData } from '@/api/client';
import { receivableKeys } from './receivable-api';

export function useBankAccounts(companyId: number, enabled = true) {
  return useQuery({
    queryKey: receivableKeys.of(companyId, 'bank-accounts'),
    queryFn: () => apiData<BankAccountRecord[]>(bankPaths.cards, { query: { company: companyId }, redirectOnForbidden: false }),
    enabled: enabled && companyId > 0,
    retry: false,
    staleTime: 5 * 60_000,
  });
}
