/**
 * Stock calls (contract/warehouse.ts): the stock view with its `bonus` and its Excel export, the
 * stock card and xuất-nhập-tồn (inventoryview/), lots (shipments/) with a lot's recipients and its
 * status moves, and the average costs a count is valued at.
 */
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { warehousePaths, type LotRecipient, type LotRecord, type StockBonus, type StockRow } from '@contract/warehouse';
import type { StockLevel } from '@contract/warehouse-ledger';
import type { LotStatus } from '@contract/warehouse-status';
import { apiRequest } from '@/api/client';
import { downloadFile } from '@/api/files';
import type { WarehouseFilter } from '../model/warehouse-search';
import { warehouseKeys } from './warehouse-api';
import { fetchPage } from '@/api/pages';

export type StockList = { rows: StockRow[]; count: number; bonus: StockBonus | null };

export function inventoryQuery(companyId: number, filter: WarehouseFilter, warehouse: number | undefined) {
  return {
    company: companyId,
    search: filter.search,
    warehouse,
    expiring: filter.expiring,
    lot_status: filter.lot_status,
    in_stock: filter.in_stock ? 'true' : undefined,
  };
}

export function useInventory(companyId: number, filter: WarehouseFilter, warehouse: number | undefined) {
  const query = { ...inventoryQuery(companyId, filter, warehouse), page: filter.page, limit: filter.limit };
  return useQuery({
    queryKey: warehouseKeys.of(companyId, 'inventory', query),
    enabled: companyId > 0,
    retry: false,
    placeholderData: keepPreviousData,
    queryFn: async (): Promise<StockList> => {
      const answer = await apiRequest<StockRow[]>(warehousePaths.inventory, { query });
      return { rows: answer.data, count: answer.count ?? answer.data.length, bonus: (answer.bonus as StockBonus | undefined) ?? null };
    },
  });
}

export function exportInventory(companyId: number, filter: WarehouseFilter, warehouse: number | undefined, day: string) {
  return downloadFile(
    warehousePaths.inventoryExport,
    inventoryQuery(companyId, filter, warehouse),
    `ton-kho-${day.replace(/-/g, '')}.xlsx`,
  );
}

/** The average cost per base unit of each variant in a warehouse (a count's values), read from the stock view. */
export function useAverageCosts(companyId: number, warehouse: number, enabled: boolean) {
  return useQuery({
    queryKey: warehouseKeys.of(companyId, 'average-costs', warehouse),
    enabled: enabled && companyId > 0,
    staleTime: 60_000,
    queryFn: async () => {
      const costs = new Map<number, number>();
      // At most 2,000 variants (10 pages): a larger count shows its values only once posted.
      for (let page = 1; page <= 10; page++) {
        const answer = await apiRequest<StockRow[]>(warehousePaths.inventory, {
          query: { company: companyId, warehouse, page, limit: 200 },
        });
        for (const row of answer.data) costs.set(row.variant_id, row.average_cost);
        if (answer.data.length < 200) break;
      }
      return costs;
    },
  });
}

type Movement = StockLevel & {
  at: string;
  balance: StockLevel;
  receipt_id: string;
  receipt_code: string;
  kind: string;
  partner: string | null;
  lot_no: string;
  warehouse_name: string;
};
export type StockCard = { opening: StockLevel; in: StockLevel; out: StockLevel; closing: StockLevel; rows: Movement[] };
export type SummaryRow = {
  variant_id: number;
  product_name: string;
  variant_name: string;
  sku: string;
  opening: StockLevel;
  in: StockLevel;
  out: StockLevel;
  closing: StockLevel;
};

type ViewQuery = { warehouse?: number; from: string; to: string };

export function useStockCard(companyId: number, query: ViewQuery & { variant?: number; lot?: number }) {
  const params = {
    company: companyId,
    mode: 'card',
    warehouse: query.warehouse,
    variant: query.variant,
    lot: query.lot,
    date_from: query.from,
    date_to: query.to,
  };
  return useQuery({
    queryKey: warehouseKeys.of(companyId, 'card', params),
    enabled: companyId > 0 && query.variant !== undefined,
    retry: false,
    queryFn: async () => (await apiRequest<StockCard>(warehousePaths.inventoryView, { query: params })).data,
  });
}

export function useStockSummary(companyId: number, query: ViewQuery & { search?: string; page: number; limit: number }, enabled = true) {
  const params = {
    company: companyId,
    mode: 'summary',
    warehouse: query.warehouse,
    search: query.search,
    date_from: query.from,
    date_to: query.to,
    page: query.page,
    limit: query.limit,
  };
  return useQuery({
    queryKey: warehouseKeys.of(companyId, 'summary', params),
    enabled: enabled && companyId > 0,
    retry: false,
    placeholderData: keepPreviousData,
    queryFn: () => fetchPage<SummaryRow>(warehousePaths.inventoryView, { query: params }),
  });
}

export function useLots(
  companyId: number,
  query: { search?: string; status?: LotStatus; expiring?: number; variant?: number; page: number; limit: number },
  enabled = true,
) {
  const params = { company: companyId, ...query };
  return useQuery({
    queryKey: warehouseKeys.of(companyId, 'lots', params),
    enabled: enabled && companyId > 0,
    retry: false,
    placeholderData: keepPreviousData,
    queryFn: () => fetchPage<LotRecord>(warehousePaths.shipments, { query: params }),
  });
}

/** The lots of one variant (the lot pickers): up to 100, nearest expiry first. */
export function useVariantLots(companyId: number, variant: number | null) {
  return useLots(companyId, { variant: variant ?? undefined, page: 1, limit: 100 }, variant !== null);
}

export type LotDetail = LotRecord & { recipients: LotRecipient[] };

export function useLot(companyId: number, id: number | null) {
  return useQuery({
    queryKey: warehouseKeys.of(companyId, 'lot', id),
    enabled: companyId > 0 && id !== null,
    retry: false,
    queryFn: async () => (await apiRequest<LotDetail>(warehousePaths.shipment(id!), { query: { company: companyId } })).data,
  });
}

export function useLotWrites(companyId: number) {
  const queryClient = useQueryClient();
  return useMemo(
    () => ({
      async setStatus(id: number, status: LotStatus, reason: string | null) {
        const answer = await apiRequest<LotRecord>(warehousePaths.shipmentStatus(id), {
          method: 'PUT',
          body: { company: companyId, status, reason },
          redirectOnForbidden: false,
        });
        await queryClient.invalidateQueries({ queryKey: warehouseKeys.all(companyId) });
        return answer;
      },
    }),
    [companyId, queryClient],
  );
}
