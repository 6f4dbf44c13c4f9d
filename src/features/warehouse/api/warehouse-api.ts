/**
 * The warehouse office's calls besides receipts and stock (contract/warehouse.ts): warehouses,
 * settings, transfer reasons and accounting periods, as TanStack queries, and
 * their writes, which refresh every warehouse query of the company. These screens need the
 * network; a failed call shows the server's message.
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import {
  warehousePaths,
  type PeriodRecord,
  type TransferReasonRecord,
  type WarehouseInput,
  type WarehouseRecord,
  type WarehouseSettings,
} from '@contract/warehouse';
import { employeePaths, type StaffOption } from '@contract/employees';
import { ApiError } from '@/api/api-error';
import { apiRequest } from '@/api/client';
import { warehouseKeys } from './warehouse-keys';

export { errorMessage, warehouseKeys } from './warehouse-keys';

/** The server's per-field messages of a refused write (`lines.3.unit`), if any. */
export function errorFields(error: unknown): Record<string, string> {
  return error instanceof ApiError ? error.fields : {};
}

const get = async <T>(path: string, query: Record<string, string | number | boolean | undefined>) =>
  (await apiRequest<T>(path, { query })).data;

/** Every warehouse of the company (a company has a handful), the default one first. */
export function useWarehouses(companyId: number) {
  return useQuery({
    queryKey: warehouseKeys.of(companyId, 'warehouses'),
    enabled: companyId > 0,
    staleTime: 60_000,
    queryFn: async () => {
      const rows = await get<WarehouseRecord[]>(warehousePaths.warehouses, { company: companyId, limit: 200 });
      return [...rows].sort((a, b) => Number(b.is_default) - Number(a.is_default));
    },
  });
}

/** Active warehouses as Select options. */
export function warehouseOptions(rows: readonly WarehouseRecord[] | undefined, except?: number | null) {
  return (rows ?? []).filter((row) => row.is_active && row.id !== except).map((row) => ({ value: String(row.id), label: row.name }));
}

export function useWarehouseSettings(companyId: number) {
  return useQuery({
    queryKey: warehouseKeys.of(companyId, 'settings'),
    enabled: companyId > 0,
    queryFn: () => get<WarehouseSettings>(warehousePaths.settings, { company: companyId }),
  });
}

export function useTransferReasons(companyId: number, enabled = true) {
  return useQuery({
    queryKey: warehouseKeys.of(companyId, 'reasons'),
    enabled: enabled && companyId > 0,
    queryFn: () => get<TransferReasonRecord[]>(warehousePaths.reasons, { company: companyId }),
  });
}

export function usePeriods(companyId: number) {
  return useQuery({
    queryKey: warehouseKeys.of(companyId, 'periods'),
    enabled: companyId > 0,
    queryFn: () => get<PeriodRecord[]>(warehousePaths.periods, { company: companyId }),
  });
}

/** The company's active office staff, for the keeper of a warehouse. */
export function useKeeperOptions(companyId: number, enabled: boolean) {
  return useQuery({
    queryKey: warehouseKeys.of(companyId, 'keepers'),
    enabled: enabled && companyId > 0,
    staleTime: 60_000,
    queryFn: () => get<StaffOption[]>(employeePaths.allStaff, { company: companyId, kind: 'office' }),
  });
}

/** The writes of these screens; each answers the server's message and refreshes the company's warehouse data. */
export function useWarehouseWrites(companyId: number) {
  const queryClient = useQueryClient();
  return useMemo(() => {
    const send = async <T>(path: string, method: 'POST' | 'PUT' | 'DELETE', body?: object) => {
      const answer = await apiRequest<T>(path, {
        method,
        ...(method === 'DELETE' ? { query: { company: companyId } } : { body: { ...body, company: companyId } }),
        redirectOnForbidden: false,
      });
      await queryClient.invalidateQueries({ queryKey: warehouseKeys.all(companyId) });
      return answer;
    };
    return {
      saveWarehouse: (id: number | null, input: Omit<WarehouseInput, 'company'>) =>
        send<WarehouseRecord>(id ? warehousePaths.warehouse(id) : warehousePaths.warehouses, id ? 'PUT' : 'POST', input),
      saveSettings: (input: WarehouseSettings) => send<WarehouseSettings>(warehousePaths.settings, 'PUT', input),
      saveReason: (id: number | null, title: string) =>
        send<TransferReasonRecord>(id ? warehousePaths.reason(id) : warehousePaths.reasons, id ? 'PUT' : 'POST', { title }),
      stopReason: (id: number) => send<null>(warehousePaths.reason(id), 'DELETE'),
      closePeriod: (month: string) => send<PeriodRecord>(warehousePaths.periods, 'POST', { month }),
      reopenPeriod: (month: string) => send<PeriodRecord[]>(warehousePaths.period(month), 'DELETE'),
    };
  }, [companyId, queryClient]);
}
