/** The signed-in person's account: read and edit. */
import { queryOptions } from '@tanstack/react-query';
import { accountPaths } from '@contract/api-paths';
import type { Account, UpdateAccountInput } from '@contract/auth';
import { apiData } from '@/api/client';

export function fetchAccount(id: number): Promise<Account> {
  return apiData<Account>(accountPaths.account(id));
}

export function updateAccount(id: number, input: UpdateAccountInput): Promise<Account> {
  return apiData<Account>(accountPaths.updateAccount(id), { method: 'PUT', body: input });
}

export const accountQueries = {
  detail: (id: number) => queryOptions({ queryKey: ['account', id], queryFn: () => fetchAccount(id) }),
};
