/** The signed-in person's account: read and edit. */
import { queryOptions } from '@tanstack/react-query';
import { accountPaths } from '@contract/api-paths';
import type { Address } from '@contract/address';
import type { Account, UpdateAccountInput } from '@contract/auth';
import { apiData } from '@/api/client';
import { postForm } from '@/api/files';

export function fetchAccount(id: number): Promise<Account> {
  return apiData<Account>(accountPaths.account(id));
}

export function updateAccount(id: number, input: UpdateAccountInput): Promise<Account> {
  return apiData<Account>(accountPaths.updateAccount(id), { method: 'PUT', body: input });
}

export const accountQueries = {
  detail: (id: number) => queryOptions({ queryKey: ['account', id], queryFn: () => fetchAccount(id) }),
};

export function saveAddress(id: number, address: Address): Promise<Account> {
  return apiData<Account>(accountPaths.address(id), { method: 'PUT', body: { address } });
}

export async function uploadAvatar(id: number, file: File): Promise<{ account: Account; message?: string }> {
  const form = new FormData();
  form.append('file', file);
  const answer = await postForm<Account>(accountPaths.avatar(id), form);
  return { account: answer.data, message: answer.message };
}

export function removeAvatar(id: number): Promise<Account> {
  return apiData<Account>(accountPaths.avatar(id), { method: 'DELETE' });
}
