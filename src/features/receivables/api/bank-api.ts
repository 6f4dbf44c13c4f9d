/**
 * The company's bank accounts (bank/api/card/), as the VietQR parts and the settings read them. The
 * last answer is kept on the device (src/api/kept-answers.ts), so a rep can show the VietQR code at
 * the counter offline; a change made in the settings reaches the device at its next online read.
 */
import { useQuery } from '@tanstack/react-query';
import { bankPaths, type BankAccountRecord } from '@contract/receivables-banks';
import { fetchKeeping, keptAnswer } from '@/api/kept-answers';
import { useSession } from '@/session/session-store';
import { receivableKeys } from './receivable-api';

export function useBankAccounts(companyId: number, enabled = true) {
  const accountId = useSession().account?.id ?? 0;
  const query = { company: companyId };
  return useQuery({
    queryKey: receivableKeys.of(companyId, 'bank-accounts'),
    queryFn: () => fetchKeeping<BankAccountRecord[]>(accountId, bankPaths.cards, query),
    initialData: () => keptAnswer<BankAccountRecord[]>(accountId, bankPaths.cards, query),
    select: (answer) => answer.data,
    enabled: enabled && companyId > 0 && accountId > 0,
    retry: false,
    // A kept answer (or the offline fallback) is asked again at the next chance, a fresh one in 5 minutes.
    staleTime: (state) => (state.state.data?.fromDevice ? 0 : 5 * 60_000),
  });
}

/** Asks for the accounts when the app opens online, so the device has them for a VietQR code shown offline. */
export async function keepBankAccounts(companyId: number, accountId: number): Promise<void> {
  await fetchKeeping(accountId, bankPaths.cards, { company: companyId }).catch(() => undefined);
}
