/**
 * The office's order writes (product-spec.md §7 "Order"): a status move for one order and for many (answered
 * per order), cancelling with a reason, the payment status, the note and delivery date. They need
 * the server: nothing is queued. After each write the order reads and the dashboard are refreshed.
 */
import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { orderPaths, type BulkStatusResult, type OrderRecord } from '@contract/orders';
import type { OrderStatus, PaymentStatus } from '@contract/orders-status';
import { apiRequest } from '@/api/client';
import type { OrderDetail } from './order-queries';
import { orderKeys } from './order-keys';

export type WriteAnswer<T> = { data: T; message: string };

function refreshAfterWrite(client: QueryClient, companyId: number, order?: OrderRecord) {
  if (order) {
    // The detail shows the new status at once; its history arrives with the refetch.
    client.setQueryData<OrderDetail | null>(orderKeys.detail(companyId, order.id), (current) =>
      current ? { ...current, order, source: 'server' } : current,
    );
  }
  void client.invalidateQueries({ queryKey: orderKeys.all(companyId) });
  void client.invalidateQueries({ queryKey: orderKeys.groups(companyId) });
  void client.invalidateQueries({ queryKey: orderKeys.dashboard(companyId) });
}

/**
 * A refused write (403: the person's role may not do it) is shown where it was asked, in the dialog
 * or a toast, instead of leaving the page for /403 as a refused read does.
 */
async function send<T>(path: string, method: 'PUT' | 'POST', body: unknown, fallback: string): Promise<WriteAnswer<T>> {
  const answer = await apiRequest<T>(path, { method, body, redirectOnForbidden: false });
  return { data: answer.data, message: answer.message ?? fallback };
}

export type MoveInput = { id: string; status: OrderStatus; reason?: string | null };
export type EditInput = { id: string; note: string | null; deliveryDate: string | null };

export function useOrderWrites(companyId: number) {
  const client = useQueryClient();
  const done = (answer: WriteAnswer<OrderRecord>) => {
    refreshAfterWrite(client, companyId, answer.data);
    return answer;
  };

  /** Cancelling goes through cancelorder/ (its reason is required); other moves through updatestatusordercompany/. */
  const move = useMutation({
    mutationFn: ({ id, status, reason }: MoveInput) =>
      status === 'cancelled'
        ? send<OrderRecord>(orderPaths.cancel(id), 'PUT', { company: companyId, reason: reason ?? '' }, 'Đã hủy đơn hàng')
        : send<OrderRecord>(orderPaths.status(id), 'PUT', { company: companyId, status, reason: reason ?? null }, 'Đã cập nhật trạng thái'),
    onSuccess: done,
  });

  const bulk = useMutation({
    mutationFn: ({ ids, status, reason }: { ids: string[]; status: OrderStatus; reason?: string | null }) =>
      send<BulkStatusResult[]>(
        orderPaths.bulkStatus,
        'PUT',
        { company: companyId, orders: ids, status, reason: reason ?? null },
        'Đã cập nhật trạng thái',
      ),
    onSuccess: (answer) => {
      refreshAfterWrite(client, companyId);
      return answer;
    },
  });

  const payment = useMutation({
    mutationFn: ({ id, paymentStatus }: { id: string; paymentStatus: PaymentStatus }) =>
      send<OrderRecord>(orderPaths.payment(id), 'PUT', { company: companyId, payment_status: paymentStatus }, 'Đã cập nhật thanh toán'),
    onSuccess: done,
  });

  const edit = useMutation({
    mutationFn: ({ id, note, deliveryDate }: EditInput) =>
      send<OrderRecord>(orderPaths.order(id), 'PUT', { company: companyId, note, deliveryDate }, 'Đã cập nhật đơn hàng'),
    onSuccess: done,
  });

  return { move, bulk, payment, edit };
}
