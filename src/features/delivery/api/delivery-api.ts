/**
 * The delivery calls (contract/delivery.ts deliveryPaths, server/modules/delivery): deliveries and
 * their counts, one delivery, the booking draft of an order, quotes, the carriers' pick shifts and
 * accounts; the writes (book, cancel, refresh, self-delivery moves, COD reconciliation, labels,
 * connect, check, disconnect). Every read starts its key with ['delivery', company], so one
 * invalidation after a write refreshes them all. A delivery still being sent to its carrier is read
 * again every two seconds until the carrier answered.
 */
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import {
  deliveryPaths,
  type BookDeliveryInput,
  type CarrierAccountRecord,
  type DeliveryCounts,
  type DeliveryRecord,
  type LabelSize,
  type Parcel,
  type PickShift,
  type PrintJob,
  type QuoteAnswer,
} from '@contract/delivery';
import type { SelfMoveInput } from '@contract/delivery-self';
import type { ColdItem } from '@contract/pharma-cold';
import { ApiError } from '@/api/api-error';
import { apiRequest } from '@/api/client';
import { authedFetch } from '@/api/files';
import { fetchPage } from '@/api/pages';
import { companyQueryKeys } from '@/api/query-keys';
import { toDeliveryQuery, type TransportFilter } from '../model/transport-filter';

export const deliveryKeys = companyQueryKeys('delivery');

export const isOffline = (error: unknown) => error instanceof ApiError && error.isNetwork;

/** A refusal's sentence for a toast: the server's message, or the fallback. */
export function deliveryError(error: unknown, fallback: string): string {
  return error instanceof Error && error.message ? error.message : fallback;
}

const quiet = { redirectOnForbidden: false } as const;

export function useDeliveryList(companyId: number, filter: TransportFilter) {
  const query = toDeliveryQuery(companyId, filter);
  return useQuery({
    queryKey: deliveryKeys.of(companyId, 'list', query),
    enabled: companyId > 0,
    retry: false,
    placeholderData: keepPreviousData,
    queryFn: () => fetchPage<DeliveryRecord>(deliveryPaths.deliveries, { query }),
    refetchInterval: (state) => (state.state.data?.rows.some((row) => row.status === 'creating') ? 2000 : false),
  });
}

export function useDeliveryCounts(companyId: number, filter: TransportFilter) {
  const { page: _page, limit: _limit, ...query } = toDeliveryQuery(companyId, filter);
  return useQuery({
    queryKey: deliveryKeys.of(companyId, 'counts', query),
    enabled: companyId > 0,
    retry: false,
    queryFn: async () => (await apiRequest<DeliveryCounts>(deliveryPaths.counts, { query })).data,
  });
}

export function useDelivery(companyId: number, id: string | null) {
  return useQuery({
    queryKey: deliveryKeys.of(companyId, 'one', id),
    enabled: companyId > 0 && id !== null,
    retry: false,
    queryFn: async () => (await apiRequest<DeliveryRecord>(deliveryPaths.delivery(id!), { query: { company: companyId }, ...quiet })).data,
    // Carriers move a delivery on their own: opened again, it is read again (the list may be newer).
    staleTime: 0,
    refetchInterval: (state) => (state.state.data?.status === 'creating' ? 2000 : false),
  });
}

/** The deliveries of an order, newest first (its page's card). */
export function useOrderDeliveries(companyId: number, orderId: string) {
  const query = { company: companyId, order: orderId, page: 1, limit: 20 };
  return useQuery({
    queryKey: deliveryKeys.of(companyId, 'order', orderId),
    retry: false,
    queryFn: () => fetchPage<DeliveryRecord>(deliveryPaths.deliveries, { query }),
    refetchInterval: (state) => (state.state.data?.rows.some((row) => row.status === 'creating') ? 2000 : false),
  });
}

export type DeliveryDraft = {
  order: { id: string; code: string; status: string; total: number; payment_status: string };
  receiver: { name: string; phone: string; address: string; province: string; district: string; ward: string };
  parcel: Parcel;
  parcel_estimated: boolean;
  /** Why the proposed parcel looks wrong for a pharmacy order (contract/delivery-parcel.ts parcelWarnings). */
  parcel_warnings: string[];
  cod_amount: number;
  insurance_value: number;
  /** Lines kept cold or frozen, and what the dialog says of them: only self delivery can take them. */
  cold_items: ColdItem[];
  cold_notice: string | null;
  accounts: CarrierAccountRecord[];
  /** Who may carry a self delivery. */
  shippers: Shipper[];
};

export function useDeliveryDraft(companyId: number, orderId: string) {
  return useQuery({
    queryKey: deliveryKeys.of(companyId, 'draft', orderId),
    retry: false,
    queryFn: async () =>
      (await apiRequest<DeliveryDraft>(deliveryPaths.draft, { query: { company: companyId, order: orderId }, ...quiet })).data,
  });
}

export function usePickShifts(companyId: number, connectionId: number | null) {
  return useQuery({
    queryKey: deliveryKeys.of(companyId, 'shifts', connectionId),
    enabled: connectionId !== null,
    retry: false,
    queryFn: async () =>
      (await apiRequest<PickShift[]>(deliveryPaths.pickShifts, { query: { company: companyId, connection: connectionId! }, ...quiet }))
        .data,
  });
}

export function useCarrierAccounts(companyId: number) {
  return useQuery({
    queryKey: deliveryKeys.of(companyId, 'accounts'),
    enabled: companyId > 0,
    retry: false,
    queryFn: async () => (await apiRequest<CarrierAccountRecord[]>(deliveryPaths.accounts, { query: { company: companyId } })).data,
  });
}

export type Shipper = { id: number; name: string; phone: string; code: string | null };

export function useSelfDelivery(companyId: number) {
  return useQuery({
    queryKey: deliveryKeys.of(companyId, 'self'),
    retry: false,
    queryFn: async () =>
      (
        await apiRequest<{ account: CarrierAccountRecord | null; shippers: Shipper[] }>(deliveryPaths.selfDelivery, {
          query: { company: companyId },
        })
      ).data,
  });
}

export type AccountDetail = { account: CarrierAccountRecord; details: Record<string, string> | null; shippers: Shipper[] };

export function useAccountDetail(companyId: number, id: number | null) {
  return useQuery({
    queryKey: deliveryKeys.of(companyId, 'account', id),
    enabled: id !== null,
    retry: false,
    queryFn: async () =>
      (await apiRequest<AccountDetail>(deliveryPaths.accountDetail(id!), { query: { company: companyId }, ...quiet })).data,
  });
}

/** Opens what printtag/ answered: a carrier's page in a new tab, GHTK's PDF fetched with our token, our own labels. */
export async function openPrintJobs(jobs: readonly PrintJob[], navigateTo: (url: string) => void): Promise<void> {
  for (const job of jobs) {
    if (job.url.startsWith('/order/api/')) {
      const blob = await (await authedFetch(job.url)).blob();
      window.open(URL.createObjectURL(blob), '_blank', 'noopener');
    } else if (job.url.startsWith('/')) navigateTo(job.url);
    else window.open(job.url, '_blank', 'noopener');
  }
}

export type DeliveryWrites = ReturnType<typeof useDeliveryWrites>;

export function useDeliveryWrites(companyId: number) {
  const queryClient = useQueryClient();
  return useMemo(() => {
    const refresh = () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: deliveryKeys.all(companyId) }),
        queryClient.invalidateQueries({ queryKey: ['orders'] }),
      ]);
    async function send<T>(path: string, method: 'POST' | 'PUT' | 'DELETE', body: object = {}) {
      const answer = await apiRequest<T>(
        path,
        method === 'DELETE'
          ? { method, query: { company: companyId }, ...quiet }
          : { method, body: { ...body, company: companyId }, ...quiet },
      );
      await refresh();
      return answer;
    }
    return {
      quote: async (input: { order: string; parcel: Parcel; cod_amount: number; insurance_value: number }) =>
        (await apiRequest<QuoteAnswer>(deliveryPaths.quotes, { method: 'POST', body: { ...input, company: companyId }, ...quiet })).data,
      book: (input: Omit<BookDeliveryInput, 'company'>) => send<DeliveryRecord>(deliveryPaths.deliveries, 'POST', input),
      cancel: (id: string, reason: string) => send<DeliveryRecord>(deliveryPaths.cancel(id), 'POST', { reason }),
      refreshStatus: (id: string) => send<DeliveryRecord>(deliveryPaths.refresh(id), 'POST'),
      selfMove: (id: string, input: Omit<SelfMoveInput, 'company'>) => send<DeliveryRecord>(deliveryPaths.selfMove(id), 'POST', input),
      reconcile: (id: string, paidOut: number, note: string | null) =>
        send<DeliveryRecord>(deliveryPaths.reconcile(id), 'POST', { paid_out: paidOut, note }),
      remove: (id: string) => send<null>(deliveryPaths.delivery(id), 'DELETE'),
      print: (ids: readonly string[], size: LabelSize) => send<PrintJob[]>(deliveryPaths.printTags, 'POST', { deliveries: ids, size }),
      connect: (input: Record<string, unknown>) => send<CarrierAccountRecord>(deliveryPaths.accounts, 'POST', input),
      check: (id: number) =>
        send<{ account: CarrierAccountRecord; details: Record<string, string> | null }>(deliveryPaths.checkAccount(id), 'POST'),
      disconnect: (id: number) => send<null>(deliveryPaths.account(id), 'DELETE'),
      renewWebhook: (id: number) => send<CarrierAccountRecord>(deliveryPaths.webhookSecret(id), 'POST'),
      saveSelf: (input: Record<string, unknown>) => send<CarrierAccountRecord>(deliveryPaths.selfDelivery, 'POST', input),
    };
  }, [companyId, queryClient]);
}
