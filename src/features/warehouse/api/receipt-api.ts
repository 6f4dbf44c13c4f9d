/**
 * Receipt calls of one kind (contract/warehouse-receipts.ts receiptPaths): the list with its
 * `bonus` (counts per status, totals), a receipt, its print data, the Excel export, and the writes
 * (create or edit a draft, move its status, start a count, add an office count sheet).
 */
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { uuidv7 } from '@contract/uuid';
import {
  receiptPaths,
  type ReceiptDetail,
  type ReceiptInput,
  type ReceiptListBonus,
  type ReceiptPrint,
  type ReceiptRecord,
} from '@contract/warehouse-receipts';
import type { ReceiptKind, ReceiptStatus } from '@contract/warehouse-status';
import type { CountMerge } from '@contract/warehouse-counts';
import { apiRequest } from '@/api/client';
import { downloadFile } from '@/api/files';
import type { WarehouseFilter } from '../model/warehouse-search';
import { warehouseKeys } from './warehouse-api';

export type ReceiptList = { rows: ReceiptRecord[]; count: number; bonus: ReceiptListBonus };

/** The query of a receipt list and its export: the filter, the warehouse resolved by the caller. */
export function receiptQuery(companyId: number, filter: WarehouseFilter, warehouse: number | undefined) {
  return {
    company: companyId,
    search: filter.search,
    status: filter.status,
    warehouse,
    date_from: filter.from,
    date_to: filter.to,
  };
}

export function useReceiptList(companyId: number, kind: ReceiptKind, filter: WarehouseFilter, warehouse: number | undefined) {
  const query = { ...receiptQuery(companyId, filter, warehouse), page: filter.page, limit: filter.limit };
  return useQuery({
    queryKey: warehouseKeys.of(companyId, 'receipts', kind, query),
    enabled: companyId > 0,
    retry: false,
    placeholderData: keepPreviousData,
    queryFn: async (): Promise<ReceiptList> => {
      const answer = await apiRequest<ReceiptRecord[]>(receiptPaths(kind).list, { query });
      const bonus = (answer.bonus as ReceiptListBonus | undefined) ?? { by_status: {}, total_amount: 0, total_quantity: 0 };
      return { rows: answer.data, count: answer.count ?? answer.data.length, bonus };
    },
  });
}

export function exportReceipts(companyId: number, kind: ReceiptKind, filter: WarehouseFilter, warehouse: number | undefined, day: string) {
  return downloadFile(receiptPaths(kind).export, receiptQuery(companyId, filter, warehouse), `phieu-${kind}-${day.replace(/-/g, '')}.xlsx`);
}

export function useReceipt(companyId: number, kind: ReceiptKind, id: string | null) {
  return useQuery({
    queryKey: warehouseKeys.of(companyId, 'receipt', kind, id),
    enabled: companyId > 0 && id !== null,
    retry: false,
    queryFn: async () => (await apiRequest<ReceiptDetail>(receiptPaths(kind).one(id!), { query: { company: companyId } })).data,
  });
}

export function useReceiptPrint(companyId: number, kind: ReceiptKind, id: string) {
  return useQuery({
    queryKey: warehouseKeys.of(companyId, 'print', kind, id),
    enabled: companyId > 0,
    retry: false,
    queryFn: async () => (await apiRequest<ReceiptPrint>(receiptPaths(kind).print(id), { query: { company: companyId } })).data,
  });
}

export type CountLine = { variantId: number; lotId: number | null; quantity: number };

export function useReceiptWrites(companyId: number) {
  const queryClient = useQueryClient();
  return useMemo(() => {
    const refresh = () => queryClient.invalidateQueries({ queryKey: warehouseKeys.all(companyId) });
    const send = async (path: string, method: 'POST' | 'PUT', body: object) => {
      const answer = await apiRequest<ReceiptDetail>(path, { method, body: { ...body, company: companyId }, redirectOnForbidden: false });
      queryClient.setQueryData(warehouseKeys.of(companyId, 'receipt', answer.data.kind, answer.data.id), answer.data);
      await refresh();
      return answer;
    };
    return {
      save: (kind: ReceiptKind, id: string | null, input: Omit<ReceiptInput, 'company'>) =>
        send(id ? receiptPaths(kind).one(id) : receiptPaths(kind).list, id ? 'PUT' : 'POST', input),
      move: (
        kind: ReceiptKind,
        id: string,
        status: ReceiptStatus,
        reason: string | null,
        received: { line_id: string; quantity: number }[] = [],
      ) => send(receiptPaths(kind).status(id), 'PUT', { status, reason, received }),
      startCheck: (input: {
        warehouse: number | null;
        document_date: string;
        note: string | null;
        count_merge: CountMerge;
        variants: number[];
      }) => send(receiptPaths('check').list, 'POST', input),
      /** One office sheet of a count: a new sheet id each time, so it adds to the counters' sheets. */
      addCount: (id: string, lines: CountLine[], note: string | null) =>
        send(`${receiptPaths('check').one(id)}count/`, 'POST', { receiptId: id, sheetId: uuidv7(), lines, note }),
    };
  }, [companyId, queryClient]);
}
