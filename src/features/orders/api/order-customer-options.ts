/**
 * Customers for the order list's customer filter: a server search as the person types, and the
 * chosen customer's name (the URL holds only its id). Offline, the device's mirror answers both.
 * A refusal (a role without customers/view) leaves the filter empty; it never sends the order
 * list to /403.
 */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { customerPaths, type CustomerRecord } from '@contract/customers';
import { ApiError } from '@/api/api-error';
import { apiData } from '@/api/client';
import type { AppDb } from '@/db/app-db';
import { searchLocalCustomers } from '@/db/customer-search';

/** What the filter lists of a customer (src/ui/customer-picker.tsx labels it). */
export type CustomerOption = Pick<CustomerRecord, 'id' | 'name' | 'code'>;

const option = ({ id, name, code }: CustomerOption): CustomerOption => ({ id, name, code });
const isNetwork = (error: unknown) => error instanceof ApiError && error.isNetwork;

export function useCustomerOptions(db: AppDb, companyId: number, search: string) {
  return useQuery({
    queryKey: ['customers', companyId, 'order-filter-options', search],
    enabled: companyId > 0,
    placeholderData: keepPreviousData,
    staleTime: 60_000,
    retry: false,
    queryFn: async (): Promise<CustomerOption[]> => {
      try {
        const rows = await apiData<CustomerRecord[]>(customerPaths.customers, {
          query: { company: companyId, search: search.trim() || undefined, limit: 20 },
          redirectOnForbidden: false,
        });
        return rows.map(option);
      } catch (error) {
        if (!isNetwork(error)) throw error;
        return (await searchLocalCustomers(db, companyId, search, 20)).map(option);
      }
    },
  });
}

export function useCustomerName(db: AppDb, companyId: number, id: string | undefined) {
  return useQuery({
    queryKey: ['customers', companyId, 'detail', id, 'name'],
    enabled: companyId > 0 && Boolean(id),
    staleTime: 5 * 60_000,
    retry: false,
    queryFn: async (): Promise<CustomerOption | null> => {
      const local = await db.customers.get(id!);
      if (local && local.company === companyId) return option(local);
      try {
        return option(
          await apiData<CustomerRecord>(customerPaths.customer(id!), { query: { company: companyId }, redirectOnForbidden: false }),
        );
      } catch {
        return null;
      }
    },
  });
}
