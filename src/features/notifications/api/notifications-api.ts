/**
 * The bell's data (contract/notifications.ts): the server's notifications of the person in the
 * company, and the ops this device queued that the server refused (the device alone knows them).
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useLiveQuery } from 'dexie-react-hooks';
import { useEffect } from 'react';
import { notificationPaths, UNREAD_POLL_MS, type NotificationRecord, type UnreadCount } from '@contract/notifications';
import type { SwNotice } from '@contract/sw-messages';
import { apiData, apiRequest } from '@/api/client';
import type { AppDb } from '@/db/app-db';

const keys = {
  all: ['notifications'] as const,
  unread: (companyId: number) => ['notifications', companyId, 'unread'] as const,
  page: (companyId: number, page: number, unreadOnly: boolean) => ['notifications', companyId, 'list', page, unreadOnly] as const,
};

/** The unread count, asked every UNREAD_POLL_MS, when the window comes back and when a push arrives. */
export function useUnreadCount(companyId: number) {
  const queryClient = useQueryClient();
  useEffect(() => {
    // The service worker tells the open pages when a push arrived (sw/sw.ts): ask at once.
    const onMessage = (event: MessageEvent) => {
      if ((event.data as Partial<SwNotice> | null)?.type === 'NOTIFICATIONS_CHANGED')
        void queryClient.invalidateQueries({ queryKey: keys.all });
    };
    navigator.serviceWorker?.addEventListener('message', onMessage);
    return () => navigator.serviceWorker?.removeEventListener('message', onMessage);
  }, [queryClient]);
  return useQuery({
    queryKey: keys.unread(companyId),
    queryFn: () =>
      apiData<UnreadCount>(notificationPaths.unread, { query: { company: companyId }, redirectOnForbidden: false, timeoutMs: 10_000 }),
    refetchInterval: UNREAD_POLL_MS,
    // Coming back to the tab asks again at once (the app's default keeps answers 30 s).
    staleTime: 0,
    refetchOnWindowFocus: true,
    enabled: companyId > 0,
    // Offline the count stays what it was; it is only a hint.
    retry: false,
  });
}

export function useNotificationPage(companyId: number, page: number, limit: number, unreadOnly: boolean, enabled = true) {
  return useQuery({
    queryKey: keys.page(companyId, page, unreadOnly),
    queryFn: async () => {
      const answer = await apiRequest<NotificationRecord[]>(notificationPaths.list, {
        query: { company: companyId, page, limit, unread: unreadOnly ? '1' : undefined },
        redirectOnForbidden: false,
      });
      return { rows: answer.data, count: answer.count ?? answer.data.length };
    },
    enabled: enabled && companyId > 0,
  });
}

export function useNotificationsRefresh() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: keys.all });
}

export function markRead(id: number): Promise<NotificationRecord> {
  return apiData<NotificationRecord>(notificationPaths.read(id), { method: 'PUT' });
}

export async function markAllRead(companyId: number): Promise<void> {
  await apiRequest(notificationPaths.readAll, { method: 'PUT', body: { company: companyId } });
}

/** Ops of this device in the company that the server refused: they wait on the person here. */
export function useDeviceRefusals(db: AppDb, companyId: number): number {
  return useLiveQuery(() => db.outbox.where('[companyId+state]').equals([companyId, 'rejected']).count(), [db, companyId]) ?? 0;
}
