/**
 * Online writes of the customer area (editing, status, groups, levels). Creating a customer is not
 * here: it always goes through the outbox (`createCustomerOnDevice`). After each successful write
 * the cached reads it touches are invalidated and a sync is asked for, so the device's mirror (group
 * and level names, the offline list) catches up within a second.
 */
import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import {
  customerPaths,
  type CustomerLevelRecord,
  type CustomerRecord,
  type CustomerStatus,
  type CustomerTypeSummary,
} from '@contract/customers';
import { customerSheetPaths, type CustomerImportAnswer, type CustomerSheetRow } from '@contract/customers-sheet';
import { ApiError } from '@/api/api-error';
import { authedFetch, downloadFile, importSheetRows, postForm, type DownloadProgress } from '@/api/files';
import { apiData, apiRequest } from '@/api/client';
import type { AppDb } from '@/db/app-db';
import { requestSync } from '@/sync/engine';
import { mirrorTables, putServerRecord } from '@/sync/mirror';
import type { NewCustomerInput } from '../model/create-customer';
import { toCustomerQuery, type CustomerFilter } from '../model/customer-filter';
import { customerKeys } from './customer-keys';
import { deleteRecord } from '@/api/delete-record';
import { refreshAfterWrite } from '@/sync/refresh-after-write';

export type CustomerTypeValues = { title: string; description: string | null; is_wholesale: boolean };
export type CustomerLevelValues = { title: string; rank: number; note?: string | null };

type Scope = 'customers' | 'types' | 'levels';

export async function afterWrite(queryClient: QueryClient, companyId: number, scopes: Scope[]): Promise<void> {
  const keys = { customers: customerKeys.all(companyId), types: customerKeys.types(companyId), levels: customerKeys.levels(companyId) };
  await refreshAfterWrite(
    queryClient,
    scopes.map((scope) => keys[scope]),
  );
}

/** The message to show for a failed write: the server's own, or the fallback when none came. */
export function writeErrorMessage(error: unknown, fallback: string): string {
  if (error instanceof ApiError && !error.isNetwork && error.message) return error.message;
  if (error instanceof ApiError && error.isNetwork) return `${fallback} (không có kết nối mạng)`;
  return fallback;
}

/** Keeps the device's copy in step with the server's answer (unless work on it is still queued). */
export async function mirrorCustomer(db: AppDb, record: CustomerRecord): Promise<void> {
  try {
    await db.transaction('rw', mirrorTables(db), () => putServerRecord(db, 'customer', record));
  } catch (error) {
    // The server has the change; the next pull brings it anyway.
    console.warn('Could not mirror the customer', error);
  }
}

export function customerWrites(db: AppDb, queryClient: QueryClient, companyId: number) {
  return {
    async updateCustomer(id: string, input: NewCustomerInput): Promise<CustomerRecord> {
      const record = await apiData<CustomerRecord>(customerPaths.customer(id), { method: 'PUT', body: { company: companyId, ...input } });
      await mirrorCustomer(db, record);
      await afterWrite(queryClient, companyId, ['customers', 'types']);
      return record;
    },
    async setStatus(id: string, status: CustomerStatus): Promise<CustomerRecord> {
      const record = await apiData<CustomerRecord>(customerPaths.status(id), { method: 'PUT', body: { company: companyId, status } });
      await mirrorCustomer(db, record);
      await afterWrite(queryClient, companyId, ['customers']);
      return record;
    },
    async saveType(id: number | null, values: CustomerTypeValues): Promise<CustomerTypeSummary> {
      const body = { company: companyId, ...values };
      const saved = await apiData<CustomerTypeSummary>(id ? customerPaths.type(id) : customerPaths.types, {
        method: id ? 'PUT' : 'POST',
        body,
      });
      await afterWrite(queryClient, companyId, ['types']);
      return saved;
    },
    async deleteType(id: number): Promise<string | undefined> {
      const answer = await deleteRecord(customerPaths.type(id), companyId);
      const gone = customerKeys.type(companyId, id);
      requestSync(0);
      // Not the deleted group's own detail: the page showing it is about to leave, not to show a 404.
      await Promise.all([
        queryClient.invalidateQueries({
          queryKey: customerKeys.types(companyId),
          predicate: (query) => !(query.queryKey[2] === gone[2] && query.queryKey[3] === gone[3]),
        }),
        queryClient.invalidateQueries({ queryKey: customerKeys.all(companyId) }),
      ]);
      return answer.message;
    },
    async addToGroup(typeId: number, customerIds: string[]): Promise<string | undefined> {
      const answer = await apiRequest<{ updated: number }>(customerPaths.addToGroup, {
        method: 'POST',
        body: { company: companyId, customer_type_id: typeId, customers: customerIds },
      });
      await afterWrite(queryClient, companyId, ['types', 'customers']);
      return answer.message;
    },
    async removeFromGroup(typeId: number, customerIds: string[]): Promise<string | undefined> {
      const answer = await apiRequest<{ updated: number }>(customerPaths.removeFromGroup, {
        method: 'POST',
        body: { company: companyId, customer_type_id: typeId, customers: customerIds },
      });
      await afterWrite(queryClient, companyId, ['types', 'customers']);
      return answer.message;
    },
    async saveLevel(id: number | null, values: CustomerLevelValues, refresh = true): Promise<CustomerLevelRecord> {
      const saved = await apiData<CustomerLevelRecord>(id ? customerPaths.level(id) : customerPaths.levels, {
        method: id ? 'PUT' : 'POST',
        body: { company: companyId, ...values },
      });
      if (refresh) await afterWrite(queryClient, companyId, ['levels']);
      return saved;
    },
    async deleteLevel(id: number): Promise<void> {
      await deleteRecord(customerPaths.level(id), companyId);
      await afterWrite(queryClient, companyId, ['levels', 'customers']);
    },
    /** Downloads the filtered customers (every page) as the customer sheet, reporting bytes received. */
    exportCustomers(filter: CustomerFilter, onProgress: (progress: DownloadProgress) => void): Promise<string> {
      const { page: _page, limit: _limit, ...query } = toCustomerQuery(companyId, filter);
      return downloadFile(customerSheetPaths.exportCustomers, query, 'khach-hang.xlsx', { onProgress });
    },
    importRows(rows: CustomerSheetRow[], signal?: AbortSignal): Promise<CustomerImportAnswer> {
      return importSheetRows(customerSheetPaths.importCustomers, companyId, rows, signal);
    },
    afterImport: () => afterWrite(queryClient, companyId, ['customers']),
    /** Replaces the customer's licence scan (one image or PDF; the server checks type and size). */
    async uploadLicenceScan(id: string, file: File): Promise<CustomerRecord> {
      const form = new FormData();
      form.set('company', String(companyId));
      form.append('file', file, file.name);
      const answer = await postForm<CustomerRecord>(customerPaths.licenceScan(id), form);
      await mirrorCustomer(db, answer.data);
      await afterWrite(queryClient, companyId, ['customers']);
      return answer.data;
    },
    async removeLicenceScan(id: string): Promise<CustomerRecord> {
      const answer = await apiRequest<CustomerRecord>(customerPaths.licenceScan(id), { method: 'DELETE', query: { company: companyId } });
      await mirrorCustomer(db, answer.data);
      await afterWrite(queryClient, companyId, ['customers']);
      return answer.data;
    },
    /** The scan's bytes (fetched with the token: the address alone opens nothing). */
    async readLicenceScan(id: string): Promise<Blob> {
      const response = await authedFetch(customerPaths.licenceScan(id), { query: { company: companyId } });
      return response.blob();
    },
  };
}

export type CustomerWrites = ReturnType<typeof customerWrites>;

export function useCustomerWrites(db: AppDb, companyId: number): CustomerWrites {
  const queryClient = useQueryClient();
  return useMemo(() => customerWrites(db, queryClient, companyId), [db, queryClient, companyId]);
}
