/** The office's receivable reads: aging, payments, a rep's day, settings, limits, the statement's Excel (online, the office hub). */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { AgingBucket } from '@contract/receivables-ledger';
import {
  receivablePaths,
  statementSheetFileName,
  type AgingRow,
  type CashSummaryRow,
  type PaymentRecord,
  type ReceivableSettings,
} from '@contract/receivables';
import { apiData, apiRequest } from '@/api/client';
import { downloadFile } from '@/api/files';
import { receivableKeys } from './receivable-api';

type Query = Record<string, string | number | undefined>;

export type AgingTotals = { balance: number; not_due: number; overdue: number; buckets: number[] };
export type AgingPage = { rows: AgingRow[]; count: number; totals: AgingTotals; buckets: AgingBucket[]; asOf: string };

export function useAging(companyId: number, query: Query) {
  return useQuery({
    queryKey: receivableKeys.of(companyId, 'aging', query),
    queryFn: async (): Promise<AgingPage> => {
      const answer = await apiRequest<AgingRow[]>(receivablePaths.aging, { query: { company: companyId, ...query } });
      const bonus = answer.bonus as { totals: AgingTotals; buckets: AgingBucket[]; as_of: string };
      return {
        rows: answer.data,
        count: answer.count ?? answer.data.length,
        totals: bonus.totals,
        buckets: bonus.buckets,
        asOf: bonus.as_of,
      };
    },
    placeholderData: keepPreviousData,
    retry: false,
  });
}

export function usePaymentList(companyId: number, query: Query) {
  return useQuery({
    queryKey: receivableKeys.of(companyId, 'payments', query),
    queryFn: async () => {
      const answer = await apiRequest<PaymentRecord[]>(receivablePaths.payments, { query: { company: companyId, ...query } });
      return {
        rows: answer.data,
        count: answer.count ?? answer.data.length,
        total: Number((answer.bonus as { total_amount?: number })?.total_amount ?? 0),
      };
    },
    placeholderData: keepPreviousData,
    retry: false,
  });
}

export function useCashSummary(companyId: number, day: string) {
  return useQuery({
    queryKey: receivableKeys.of(companyId, 'cash-summary', day),
    queryFn: () => apiData<CashSummaryRow[]>(receivablePaths.cashSummary, { query: { company: companyId, day } }),
    retry: false,
  });
}

export function useReceivableSettings(companyId: number) {
  return useQuery({
    queryKey: receivableKeys.of(companyId, 'settings'),
    queryFn: () => apiData<ReceivableSettings>(receivablePaths.settings, { query: { company: companyId } }),
    retry: false,
  });
}

export type RepLimitRow = {
  account_id: number;
  name: string;
  code: string | null;
  credit_limit: number | null;
  credit_days: number | null;
  exposure: number | null;
};

export function useRepLimits(companyId: number) {
  return useQuery({
    queryKey: receivableKeys.of(companyId, 'rep-limits'),
    queryFn: () => apiData<RepLimitRow[]>(receivablePaths.repCreditLimits, { query: { company: companyId } }),
    retry: false,
  });
}

/** Downloads a customer's statement of a period as Excel; answers the file's name. */
export function downloadStatement(companyId: number, customer: { id: string; code: string }, range: [string, string]): Promise<string> {
  return downloadFile(
    receivablePaths.statementExport,
    { company: companyId, customer: customer.id, date_from: range[0], date_to: range[1] },
    statementSheetFileName(customer.code, range[0], range[1]),
  );
}
