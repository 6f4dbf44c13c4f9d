/**
 * The service worker (docs/architecture.md "Offline-first"):
 * - precaches the whole built app (vite-plugin-pwa injects the list into `self.__WB_MANIFEST`) and
 *   drops caches of older builds;
 * - answers every navigation of the app with the precached index.html, so the installed app starts
 *   and routes with the network off; `/api` and file URLs are never answered by that fallback;
 * - keeps same-origin images in a bounded cache, and the report screens once fetched; never caches `/api`;
 * - updates only when the page says so (SKIP_WAITING from the "Có phiên bản mới" prompt): a new
 *   version never takes over while someone is working (docs/offline-sync.md "Service worker updates", 1.19);
 * - on a Background Sync `sync` event (Chromium only) asks an open page to drain the outbox and
 *   waits for its answer: the outbox is drained by page code everywhere (contract/sw-messages.ts).
 *
 * Runs under tsconfig.sw.json; imports only contract/ and npm packages.
 */
import { ExpirationPlugin } from 'workbox-expiration';
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute, type PrecacheEntry } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { CacheFirst } from 'workbox-strategies';
import type { PushPayload } from '@contract/notifications';
import { SW_SYNC_TAG, type PageToSw, type SwNotice, type SwToPage } from '@contract/sw-messages';

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: (PrecacheEntry | string)[] };

/** Background Sync's event (not in TypeScript's WebWorker library). */
interface SyncEvent extends ExtendableEvent {
  readonly tag: string;
  readonly lastChance: boolean;
}

/** How long a page may take to drain the outbox before the browser is told to retry later. */
const DRAIN_TIMEOUT_MS = 60_000;

const API_PATH = /^\/api(?:\/|$)/;
/** A URL naming a file (`/favicon.svg`, `/assets/x.js`): not a route of the app. */
const FILE_PATH = /\/[^/?]+\.[^/]+$/;

// ---- App shell ----------------------------------------------------------------------------------

precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();

registerRoute(
  new NavigationRoute(createHandlerBoundToURL('index.html'), {
    denylist: [API_PATH, FILE_PATH],
  }),
);

// ---- Images -------------------------------------------------------------------------------------

registerRoute(
  ({ request, url }) => request.destination === 'image' && url.origin === self.location.origin && !API_PATH.test(url.pathname),
  new CacheFirst({
    cacheName: 'images',
    plugins: [new ExpirationPlugin({ maxEntries: 200, maxAgeSeconds: 30 * 24 * 60 * 60, purgeOnQuotaError: true })],
  }),
);

// ---- Report screens ------------------------------------------------------------------------------

// The report pages and their charts are left out of the precache (vite.config.ts: reports-*); once a
// page has fetched them they are kept, so a rep's own report, opened online, reads offline later
// (src/features/reports/api/report-api.ts keeps its figures). Hashed names: a kept file never changes.
registerRoute(
  ({ url }) => url.origin === self.location.origin && url.pathname.startsWith('/assets/reports-'),
  new CacheFirst({
    cacheName: 'report-screens',
    plugins: [new ExpirationPlugin({ maxEntries: 60, maxAgeSeconds: 60 * 24 * 60 * 60, purgeOnQuotaError: true })],
  }),
);

// ---- Barcode decoder ---------------------------------------------------------------------------

// The camera scanner's WebAssembly (450 kB) is not precached: the first install does not wait for
// it. The page fetches it once the app is installed (src/ui/barcode-decoder.ts warmDecoder) where
// the browser has no usable native detector, and it is kept here. A versioned name: it never changes.
registerRoute(
  ({ url }) => url.origin === self.location.origin && url.pathname.startsWith('/wasm/'),
  new CacheFirst({ cacheName: 'barcode-decoder' }),
);

// Anything else (every `/api` request included) matches no route: the worker does not answer it and
// the browser sends it to the network as if there were no worker.

// ---- Lifecycle ----------------------------------------------------------------------------------

// The first install takes the open pages at once (clients.claim(), what workbox-core's clientsClaim
// does, but only then) so they work offline from the first visit. An update waits (`waiting`) until
// the person accepts the prompt, and then takes the pages over by itself. Should the worker be
// stopped between install and activate, the flag is lost and the page is simply taken at its next
// load: no harm.
let firstInstall = false;
self.addEventListener('install', () => {
  firstInstall = self.registration.active === null;
});
self.addEventListener('activate', (event) => {
  if (firstInstall) event.waitUntil(self.clients.claim());
});

// ---- Messages from pages ------------------------------------------------------------------------

type DrainWait = { remaining: number; resolve: () => void; reject: (error: Error) => void };
const drainWaits = new Map<string, DrainWait>();

function isPageToSw(data: unknown): data is PageToSw {
  return typeof data === 'object' && data !== null && typeof (data as { type?: unknown }).type === 'string';
}

self.addEventListener('message', (event) => {
  const data: unknown = event.data;
  if (!isPageToSw(data)) return;
  if (data.type === 'SKIP_WAITING') {
    void self.skipWaiting();
    return;
  }
  if (data.type === 'DRAIN_DONE') {
    const wait = drainWaits.get(data.requestId);
    if (!wait) return;
    if (data.ok) {
      wait.resolve();
      return;
    }
    wait.remaining -= 1;
    if (wait.remaining <= 0) wait.reject(new Error('every open page failed to drain the outbox'));
  }
});

// ---- Background Sync ----------------------------------------------------------------------------

/**
 * Asks every open page to drain the outbox; resolves when one of them says it did. Rejects when
 * there is no page, when all of them fail, or after DRAIN_TIMEOUT_MS, so the browser schedules
 * another attempt (Chromium: 3 attempts, docs/offline-sync.md "Platform limits").
 */
async function askPagesToDrain(): Promise<void> {
  const pages = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
  if (pages.length === 0) throw new Error('no open page to drain the outbox');
  const requestId = crypto.randomUUID();
  await new Promise<void>((resolve, reject) => {
    const finish = () => {
      clearTimeout(timer);
      drainWaits.delete(requestId);
    };
    const timer = setTimeout(() => {
      finish();
      reject(new Error(`no page drained the outbox within ${DRAIN_TIMEOUT_MS / 1000} s`));
    }, DRAIN_TIMEOUT_MS);
    drainWaits.set(requestId, {
      remaining: pages.length,
      resolve: () => {
        finish();
        resolve();
      },
      reject: (error) => {
        finish();
        reject(error);
      },
    });
    const message: SwToPage = { type: 'DRAIN_OUTBOX', requestId };
    for (const page of pages) page.postMessage(message);
  });
}

self.addEventListener('sync', (event: Event) => {
  const sync = event as SyncEvent;
  if (sync.tag !== SW_SYNC_TAG) return;
  sync.waitUntil(askPagesToDrain());
});

// ---- Web Push (docs/notifications.md) ------------------------------------------------------------

/** Shows a pushed notification (contract/notifications.ts PushPayload) and tells open pages to refresh the bell. */
self.addEventListener('push', (event: Event) => {
  const push = event as PushEvent;
  let payload: PushPayload | null = null;
  try {
    payload = (push.data?.json() as PushPayload | undefined) ?? null;
  } catch {
    payload = null;
  }
  const show = async () => {
    const pages = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
    const changed: SwNotice = { type: 'NOTIFICATIONS_CHANGED' };
    for (const page of pages) page.postMessage(changed);
    await self.registration.showNotification(payload?.title ?? 'Sales Field', {
      body: payload?.body ?? 'Bạn có thông báo mới',
      icon: '/icons/icon-192.png',
      lang: 'vi',
      // One notification per item: a push repeated after a lost answer replaces the first.
      tag: payload ? `notification-${payload.id}` : undefined,
      data: { link: payload?.link ?? '/dashboard' },
    });
  };
  push.waitUntil(show());
});

/** A click opens the app where the notification leads: an open window of the app if there is one. */
self.addEventListener('notificationclick', (event: Event) => {
  const click = event as NotificationEvent;
  click.notification.close();
  const link = (click.notification.data as { link?: string } | null)?.link ?? '/dashboard';
  const target = new URL(link, self.location.origin).href;
  const open = async () => {
    const pages = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
    const page = pages.find((candidate) => new URL(candidate.url).origin === self.location.origin);
    if (page) {
      await page.focus();
      await page.navigate(target);
      return;
    }
    await self.clients.openWindow(target);
  };
  click.waitUntil(open());
});
