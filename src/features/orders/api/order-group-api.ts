/**
 * Group orders (order-group/, GROUP-ORDER service): the list, a group with its orders, creating a
 * group from picked orders, adding and removing orders, status moves and deleting. Each write
 * answers the server's message (e.g. "Đã cập nhật nhóm đơn hàng; 3 đơn chuyển sang trạng thái mới"),
 * which the screens show as it is.
 */
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { orderPaths, type OrderRecord } from '@contract/orders';
import { type OrderGroupRecord, type OrderGroupStatus } from '@contract/orders-groups';
import type { OrderStatus } from '@contract/orders-status';
import { apiRequest } from '@/api/client';
import { fetchOrderList } from './order-queries';
import { orderKeys } from './order-keys';
import { fetchPage } from '@/api/pages';
import { deleteRecord } from '@/api/delete-record';

export type OrderGroupDetail = OrderGroupRecord & { orders: OrderRecord[] };
export type GroupListFilter = { page: number; limit: number; status?: OrderGroupStatus };

export function useOrderGroups(companyId: number, filter: GroupListFilter) {
  const query = { company: companyId, page: filter.page, limit: filter.limit, status: filter.status };
  return useQuery({
    queryKey: orderKeys.groupList(companyId, query),
    enabled: companyId > 0,
    placeholderData: keepPreviousData,
    retry: false,
    queryFn: () => fetchPage<OrderGroupRecord>(orderPaths.groups, { query }),
  });
}

export function useOrderGroup(companyId: number, id: number) {
  return useQuery({
    queryKey: orderKeys.group(companyId, id),
    enabled: companyId > 0 && id > 0,
    retry: false,
    queryFn: async () => (await apiRequest<OrderGroupDetail>(orderPaths.group(id), { query: { company: companyId } })).data,
  });
}

/** Statuses of orders that may join a group (the server refuses others). */
export const JOINABLE_STATUSES: readonly OrderStatus[] = ['pending', 'confirmed'];

/** Orders that can join a group: waiting or confirmed, in no group (`group=none`), newest 200 of each status. */
export function useJoinableOrders(companyId: number, search: string, enabled: boolean) {
  return useQuery({
    queryKey: [...orderKeys.all(companyId), 'joinable', search],
    enabled: enabled && companyId > 0,
    placeholderData: keepPreviousData,
    retry: false,
    queryFn: async () => {
      const lists = await Promise.all(
        JOINABLE_STATUSES.map((status) =>
          fetchOrderList({
            company: companyId,
            page: 1,
            limit: 200,
            status,
            group: 'none',
            search: search.trim() || undefined,
            ordering: '-created_at',
          }),
        ),
      );
      return lists.flatMap((list) => list.rows).sort((a, b) => b.created_at.localeCompare(a.created_at));
    },
  });
}

export type GroupInput = { title: string; delivery_date: string | null; note: string | null; orders?: string[] };
export type GroupUpdate = {
  title?: string;
  delivery_date?: string | null;
  note?: string | null;
  status?: OrderGroupStatus;
  add?: string[];
  remove?: string[];
};

export function useOrderGroupWrites(companyId: number) {
  const client = useQueryClient();
  const refresh = () => {
    void client.invalidateQueries({ queryKey: orderKeys.groups(companyId) });
    void client.invalidateQueries({ queryKey: orderKeys.all(companyId) });
    void client.invalidateQueries({ queryKey: orderKeys.dashboard(companyId) });
  };
  const create = useMutation({
    mutationFn: async (input: GroupInput) => {
      const answer = await apiRequest<OrderGroupRecord>(orderPaths.groups, {
        method: 'POST',
        body: { company: companyId, ...input },
        redirectOnForbidden: false,
      });
      return { data: answer.data, message: answer.message ?? 'Đã tạo nhóm đơn hàng' };
    },
    onSuccess: refresh,
  });
  const update = useMutation({
    mutationFn: async ({ id, ...input }: GroupUpdate & { id: number }) => {
      const answer = await apiRequest<OrderGroupRecord>(orderPaths.group(id), {
        method: 'PUT',
        body: { company: companyId, ...input },
        redirectOnForbidden: false,
      });
      return { data: answer.data, message: answer.message ?? 'Đã cập nhật nhóm đơn hàng' };
    },
    onSuccess: refresh,
  });
  const remove = useMutation({
    mutationFn: async (id: number) => {
      const answer = await deleteRecord(orderPaths.group(id), companyId, { redirectOnForbidden: false });
      return { message: answer.message ?? 'Đã xóa nhóm đơn hàng' };
    },
    onSuccess: refresh,
  });
  return { create, update, remove };
}
