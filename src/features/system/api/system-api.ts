/**
 * The system administrator's calls (contract/system.ts), for the /system screens: accounts, account
 * types, the overview, package orders, shops and business types, historical sales. Every write
 * refreshes the area's reads (they all start with ['system']).
 */
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { SystemOrderRecord } from '@contract/plans';
import {
  systemPaths,
  type AccountTypeRecord,
  type AdminAccountDetail,
  type AdminAccountRecord,
  type BusinessTypeRecord,
  type HistoryImportAnswer,
  type HistoryMonth,
  type ShopKind,
  type ShopRecord,
  type SystemOverview,
} from '@contract/system';
import type { Company } from '@contract/company';
import { apiData, apiRequest, type RequestOptions } from '@/api/client';
import { postForm } from '@/api/files';
import { fetchPage } from '@/api/pages';

type Query = RequestOptions['query'];
const keys = {
  all: ['system'] as const,
  of: (...rest: unknown[]) => ['system', ...rest] as const,
};

export function useAdminAccounts(query: Query) {
  return useQuery({
    queryKey: keys.of('accounts', query),
    queryFn: () => fetchPage<AdminAccountRecord>(systemPaths.accounts, { query }),
    placeholderData: keepPreviousData,
    retry: false,
  });
}

export function useAdminAccount(id: number | null) {
  return useQuery({
    queryKey: keys.of('account', id),
    queryFn: () => apiData<AdminAccountDetail>(systemPaths.account(id!)),
    enabled: id !== null,
    retry: false,
  });
}

export function useAccountTypes() {
  return useQuery({
    queryKey: keys.of('account-types'),
    queryFn: () => apiData<AccountTypeRecord[]>(systemPaths.accountTypes),
    retry: false,
  });
}

export function useSystemOverview() {
  return useQuery({ queryKey: keys.of('overview'), queryFn: () => apiData<SystemOverview>(systemPaths.overview), retry: false });
}

export function useSystemOrders(query: Query) {
  return useQuery({
    queryKey: keys.of('orders', query),
    queryFn: () => fetchPage<SystemOrderRecord>(systemPaths.orders, { query }),
    placeholderData: keepPreviousData,
    retry: false,
  });
}

export function useShops(query: Query) {
  return useQuery({
    queryKey: keys.of('shops', query),
    queryFn: () => fetchPage<ShopRecord>(systemPaths.shops, { query }),
    placeholderData: keepPreviousData,
    retry: false,
  });
}

export function useBusinessTypes() {
  return useQuery({
    queryKey: keys.of('business-types'),
    queryFn: () => apiData<BusinessTypeRecord[]>(systemPaths.businessTypes),
    retry: false,
  });
}

/** Every company (the system administrator's list of companies answers all of them). */
export function useAllCompanies() {
  return useQuery({
    queryKey: keys.of('companies'),
    queryFn: () => apiData<Company[]>('/company/api/company/', { query: { limit: 200 } }),
    retry: false,
  });
}

export function useHistoryMonths(company: number | null) {
  return useQuery({
    queryKey: keys.of('history', company),
    queryFn: () => apiData<HistoryMonth[]>(systemPaths.history, { query: { company: company! } }),
    enabled: company !== null,
    retry: false,
  });
}

/** A write of the area: answers the server's message (for the toast) and refreshes what was read. */
export function useSystemWrite<I>(write: (input: I) => Promise<string | undefined>) {
  const client = useQueryClient();
  return useMutation({ mutationFn: write, onSuccess: () => client.invalidateQueries({ queryKey: keys.all }) });
}

const message = async (call: Promise<{ message?: string }>) => (await call).message;

export const systemWrites = {
  updateAccount: ({ id, ...body }: { id: number; full_name: string; email: string | null; address: string | null; account_type: number }) =>
    message(apiRequest(systemPaths.account(id), { method: 'PUT', body })),
  setLocked: ({ account, locked }: { account: number; locked: boolean }) =>
    message(apiRequest(systemPaths.updateStatus, { method: 'PUT', body: { account, is_active: !locked } })),
  setPassword: ({ account, password }: { account: number; password: string }) =>
    message(apiRequest(systemPaths.password(account), { method: 'PUT', body: { new_password: password } })),
  saveAccountType: (body: { id?: number; code: string; title: string }) =>
    message(apiRequest(systemPaths.accountTypes, { method: body.id ? 'PUT' : 'POST', body })),
  confirmOrder: (id: number) => message(apiRequest(systemPaths.confirmOrder(id), { method: 'PUT', body: {} })),
  cancelOrder: ({ order, reason }: { order: number; reason: string }) =>
    message(apiRequest(systemPaths.cancelOrder, { method: 'PUT', body: { order, reason } })),
  createShop: ({ kind, form }: { kind: ShopKind; form: FormData }) => message(postForm<ShopRecord>(systemPaths.createShop(kind), form)),
  addBusinessType: (body: { code: string; name: string }) => message(apiRequest(systemPaths.businessTypes, { method: 'POST', body })),
};

export async function importHistory(company: number, file: File): Promise<{ data: HistoryImportAnswer; message?: string }> {
  const form = new FormData();
  form.append('company', String(company));
  form.append('file', file);
  return postForm<HistoryImportAnswer>(systemPaths.historyImport, form);
}
