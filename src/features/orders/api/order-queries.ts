/**
 * The office's order reads (product-spec.md §7 "Order"): the filtered list with its sum of totals
 * (bonus.total_amount), the counts per status, an order with its status history, and the person's
 * column choice for the order table. The list and an order's detail fall back to the device's
 * copies (the orders the sync mirrors) while the server has not answered or cannot be reached.
 */
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useLiveQuery } from 'dexie-react-hooks';
import { useEffect, useRef } from 'react';
import { DEFAULT_ORDER_COLUMNS, ORDER_COLUMNS, orderPaths, type OrderRecord, type StatusCounts } from '@contract/orders';
import type { OrderStatus } from '@contract/orders-status';
import { ApiError } from '@/api/api-error';
import { apiData, apiRequest, type RequestOptions } from '@/api/client';
import { useServerColumns } from '@/ui/list-page/use-server-columns';
import type { AppDb } from '@/db/app-db';
import { useSyncStatus } from '@/sync/sync-status';
import { deviceOrderStamp, readDeviceOrder, type DeviceOrder } from '../model/device-order';
import { deviceOrderList } from './device-order-list';
import { toCountQuery, toOrderQuery, type OrderFilter } from './order-filter';
import { orderKeys } from './order-keys';

/** A page of the company's list, with where it was read ('device': this device's copies, device-order-list.ts). */
export type OrderList = { rows: OrderRecord[]; count: number; totalAmount: number; source?: 'server' | 'device' };

export async function fetchOrderList(query: RequestOptions['query']): Promise<OrderList> {
  const answer = await apiRequest<OrderRecord[]>(orderPaths.orders, { query });
  const bonus = answer.bonus as { total_amount?: number } | undefined;
  return { rows: answer.data, count: answer.count ?? answer.data.length, totalAmount: Number(bonus?.total_amount ?? 0), source: 'server' };
}

/**
 * Server first. Until it answers (first load, a new filter, back online) the list shows the
 * previous page, or else the orders this device holds for the filter (kept live); when the server
 * cannot be reached, the device's orders, so the list does not go blank while the device has some
 * (the "cần máy chủ" notice only when it has none). A list read from the device is asked of the
 * server again as soon as the app is back online.
 */
export function useOrderList(db: AppDb, companyId: number, filter: OrderFilter, enabled = true) {
  const query = toOrderQuery(companyId, filter);
  const queryKey = orderKeys.list(companyId, query);
  const on = enabled && companyId > 0;
  // The device is read live only while there is no list for this filter yet (it stands in for one).
  const answered = useQueryClient().getQueryData<OrderList>(queryKey) !== undefined;
  const wanted = JSON.stringify(query);
  const device = useLiveQuery(
    () => (on && !answered ? deviceOrderList(db, JSON.parse(wanted) as typeof query) : null),
    [db, on, answered, wanted],
  );
  const list = useQuery({
    queryKey,
    queryFn: async (): Promise<OrderList> => {
      try {
        return await fetchOrderList(query);
      } catch (error) {
        if (!(error instanceof ApiError && error.isNetwork)) throw error;
        const held = await deviceOrderList(db, query);
        if (!held || held.count === 0) throw error;
        return held;
      }
    },
    enabled: on,
    placeholderData: (previous) => previous ?? device ?? undefined,
    // Fresh or not, what the device gave is replaced by the server's list once the network is back.
    refetchOnReconnect: (cached) => (cached.state.data?.source === 'device' ? 'always' : true),
    retry: false,
  });
  const online = useSyncStatus((sync) => sync.online);
  const readFromDevice = list.data?.source === 'device' && !list.isPlaceholderData;
  const { refetch } = list;
  useEffect(() => {
    if (online && readFromDevice) void refetch({ cancelRefetch: false });
  }, [online, readFromDevice, refetch]);
  return list;
}

export function useOrderCounts(companyId: number, filter: OrderFilter, enabled = true) {
  const query = toCountQuery(companyId, filter);
  return useQuery({
    queryKey: orderKeys.counts(companyId, query),
    queryFn: () => apiData<StatusCounts>(orderPaths.counts, { query }),
    enabled: enabled && companyId > 0,
    placeholderData: keepPreviousData,
    retry: false,
  });
}

/** One move in an order's history (GET ordercompany/{id}/ bonus.history). */
export type OrderHistoryEntry = { from: OrderStatus | null; to: OrderStatus; reason: string | null; at: string; by: string | null };
export type OrderDetail = {
  order: OrderRecord;
  history: OrderHistoryEntry[];
  /** 'device': the device's copy, because the server is unreachable ('offline') or has not got it yet ('unsent'). */
  source: 'server' | 'device';
  deviceReason?: 'offline' | 'unsent';
};

export async function fetchOrderDetail(companyId: number, id: string): Promise<OrderDetail> {
  const answer = await apiRequest<OrderRecord>(orderPaths.order(id), { query: { company: companyId } });
  const bonus = answer.bonus as { history?: OrderHistoryEntry[] } | undefined;
  return { order: answer.data, history: bonus?.history ?? [], source: 'server' };
}

/** The device's copy of an order (a rep's own) and the state of its latest op, kept live; null when there is none. */
export function useDeviceOrder(db: AppDb, companyId: number, id: string): DeviceOrder | null | undefined {
  return useLiveQuery(() => readDeviceOrder(db, companyId, id), [db, companyId, id]);
}

/**
 * Server first. The device's copy of the order (a rep's own) when the server is unreachable, or
 * when it does not know the order yet (made on this phone, still waiting to be sent). While the
 * device's copy is shown, the server is asked again whenever the sync changes that copy (sent and
 * given its code, refused, pulled), so the page follows without a reload.
 */
export function useOrderDetail(db: AppDb, companyId: number, id: string) {
  const query = useQuery({
    queryKey: orderKeys.detail(companyId, id),
    enabled: companyId > 0,
    retry: false,
    queryFn: async (): Promise<OrderDetail | null> => {
      const local = await db.orders.get(id);
      const mine = local?.company === companyId ? local : undefined;
      const deviceCopy = (deviceReason: 'offline' | 'unsent'): OrderDetail => {
        const { syncState: _syncState, error: _error, changes: _changes, ...order } = mine!;
        return { order, history: [], source: 'device', deviceReason };
      };
      // Not sent yet (or refused): the server cannot know it, so it is not asked (no 404 while the
      // push is under way); the sync changing this copy asks again (the effect below).
      if (mine && mine.syncState !== 'synced') return deviceCopy('unsent');
      try {
        return await fetchOrderDetail(companyId, id);
      } catch (error) {
        if (!(error instanceof ApiError && error.isNetwork) || !mine) throw error;
        return deviceCopy('offline');
      }
    },
  });
  const device = useDeviceOrder(db, companyId, id);
  const stamp = device === undefined ? undefined : device && deviceOrderStamp(device.order);
  const fromServer = query.data?.source === 'server';
  const { refetch } = query;
  const seen = useRef<string | null | undefined>(undefined);
  useEffect(() => {
    if (stamp === undefined) return;
    const before = seen.current;
    seen.current = stamp;
    if (before !== undefined && before !== stamp && !fromServer) void refetch();
  }, [stamp, fromServer, refetch]);
  return query;
}

/** The order table's columns chosen by this person (order-table/), defaults until the server answers. */
export function useOrderColumns(companyId: number) {
  return useServerColumns({
    path: orderPaths.tableView,
    companyId,
    queryKey: orderKeys.columns(companyId),
    all: ORDER_COLUMNS,
    defaults: DEFAULT_ORDER_COLUMNS,
  });
}
