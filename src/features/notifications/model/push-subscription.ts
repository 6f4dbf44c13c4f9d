/**
 * Web Push on this device: asking the person's permission, subscribing the service worker with the
 * server's VAPID key, and handing the subscription to the server; stopping it again. Where the
 * browser cannot (no service worker or PushManager, iOS outside an installed app, permission
 * refused), the bell still works by asking the server (docs/notifications.md).
 */
import { notificationPaths } from '@contract/notifications';
import { apiData, apiRequest } from '@/api/client';

export type PushState = 'unsupported' | 'denied' | 'off' | 'on';

export function pushSupported(): boolean {
  return typeof window !== 'undefined' && 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window;
}

async function registration(): Promise<ServiceWorkerRegistration | null> {
  if (!pushSupported()) return null;
  return (await navigator.serviceWorker.getRegistration()) ?? null;
}

export async function pushState(): Promise<PushState> {
  if (!pushSupported()) return 'unsupported';
  if (Notification.permission === 'denied') return 'denied';
  const current = await (await registration())?.pushManager.getSubscription();
  return current ? 'on' : 'off';
}

/** Subscribes this browser for the signed-in person (asks permission first). */
export async function startPush(): Promise<PushState> {
  const worker = await registration();
  if (!worker) return 'unsupported';
  if ((await Notification.requestPermission()) !== 'granted') return 'denied';
  const { public_key } = await apiData<{ public_key: string }>(notificationPaths.pushKey);
  const subscription = await worker.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: public_key });
  await apiRequest(notificationPaths.pushSubscription, { body: subscription.toJSON() });
  return 'on';
}

/** Stops push on this browser (a sign-out too: the next person must not get the last one's). */
export async function stopPush(): Promise<void> {
  const subscription = await (await registration())?.pushManager.getSubscription();
  if (!subscription) return;
  await apiRequest(notificationPaths.pushSubscription, {
    method: 'DELETE',
    body: { endpoint: subscription.endpoint },
    redirectOnForbidden: false,
    refreshOnUnauthorized: false,
    timeoutMs: 4000,
  }).catch(() => undefined);
  await subscription.unsubscribe();
}
