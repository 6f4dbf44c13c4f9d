/**
 * The receivables calls a screen makes to the server (contract/receivables.ts receivablePaths): a
 * customer's or an order's receivable info, payments listed, recorded, confirmed and cancelled.
 * They need the network; the device's mirror (receivable-device.ts) answers offline.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Aging } from '@contract/receivables-ledger';
import {
  receivablePaths,
  type OrderReceivable,
  type PaymentMethod,
  type PaymentRecord,
  type ReceivableRecord,
} from '@contract/receivables';
import { apiData, apiRequest } from '@/api/client';
import { companyQueryKeys } from '@/api/query-keys';

export const receivableKeys = companyQueryKeys('receivables');

export type CustomerReceivable = ReceivableRecord & { aging: Aging; aging_bounds: number[] };

export function useCustomerReceivable(companyId: number, customerId: string, enabled: boolean) {
  return useQuery({
    queryKey: receivableKeys.of(companyId, 'customer', customerId),
    queryFn: () =>
      apiData<CustomerReceivable>(receivablePaths.info, {
        query: { company: companyId, customer: customerId },
        redirectOnForbidden: false,
      }),
    enabled: enabled && companyId > 0,
    retry: false,
  });
}

export function useOrderReceivable(companyId: number, orderId: string, enabled: boolean) {
  return useQuery({
    queryKey: receivableKeys.of(companyId, 'order', orderId),
    queryFn: () =>
      apiData<OrderReceivable>(receivablePaths.info, { query: { company: companyId, order: orderId }, redirectOnForbidden: false }),
    enabled: enabled && companyId > 0,
    retry: false,
  });
}

export type RecordInput = {
  customer: string;
  order: string | null;
  amount: number;
  method: PaymentMethod;
  reference: string | null;
  note: string | null;
};

/** The office's payment writes; each refreshes every receivables read of the company and its orders. */
export function usePaymentWrites(companyId: number) {
  const client = useQueryClient();
  const refresh = () => {
    void client.invalidateQueries({ queryKey: receivableKeys.all(companyId) });
    void client.invalidateQueries({ queryKey: ['orders', companyId] });
  };
  const send = async (path: string, method: 'POST' | 'PUT', body: Record<string, unknown>) => {
    const answer = await apiRequest<PaymentRecord>(path, { method, body: { company: companyId, ...body }, redirectOnForbidden: false });
    return { data: answer.data, message: answer.message ?? '' };
  };
  const record = useMutation({ mutationFn: (input: RecordInput) => send(receivablePaths.payments, 'POST', input), onSuccess: refresh });
  // The cashier always hears which receipt was confirmed, whatever the server's answer said.
  const confirm = useMutation({
    mutationFn: async (id: string) => {
      const answer = await send(receivablePaths.confirm(id), 'PUT', {});
      return { ...answer, message: answer.message || `Đã xác nhận phiếu thu ${answer.data.code ?? ''}`.trim() };
    },
    onSuccess: refresh,
  });
  const cancel = useMutation({
    mutationFn: ({ id, reason }: { id: string; reason: string }) => send(receivablePaths.cancel(id), 'PUT', { reason }),
    onSuccess: refresh,
  });
  return { record, confirm, cancel };
}
