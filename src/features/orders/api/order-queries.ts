/**
 * The office's order reads (product-spec.md §7 "Order"): the filtered list with its sum of totals
 * (bonus.total_amount), the counts per status, an order with its status history, and the person's
 * column choice for the order table. The list needs the server; an order's detail falls back to
 * the device's copy (a rep's own orders are mirrored) when the network is down.
 */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useLiveQuery } from 'dexie-react-hooks';
import { useEffect, useRef } from 'react';
import { DEFAULT_ORDER_COLUMNS, ORDER_COLUMNS, orderPaths, type OrderRecord, type StatusCounts } from '@contract/orders';
import type { OrderStatus } from '@contract/orders-status';
import { ApiError } from '@/api/api-error';
import { apiData, apiRequest, type RequestOptions } from '@/api/client';
import { useServerColumns } from '@/ui/list-page/use-server-columns';
import type { AppDb } from '@/db/app-db';
import { deviceOrderStamp, readDeviceOrder, type DeviceOrder } from '../model/device-order';
import { toCountQuery, toOrderQuery, type OrderFilter } from './order-filter';
import { orderKeys } from './order-keys';

export type OrderList = { rows: OrderRecord[]; count: number; totalAmount: number };

export async function fetchOrderList(query: RequestOptions['query']): Promise<OrderList> {
  const answer = await apiRequest<OrderRecord[]>(orderPaths.orders, { query });
  const bonus = answer.bonus as { total_amount?: number } | undefined;
  return { rows: answer.data, count: answer.count ?? answer.data.length, totalAmount: Number(bonus?.total_amount ?? 0) };
}

export function useOrderList(companyId: number, filter: OrderFilter, enabled = true) {
  const query = toOrderQuery(companyId, filter);
  return useQuery({
    queryKey: orderKeys.list(companyId, query),
    queryFn: () => fetchOrderList(query),
    enabled: enabled && companyId > 0,
    placeholderData: keepPreviousData,
    retry: false,
  });
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
