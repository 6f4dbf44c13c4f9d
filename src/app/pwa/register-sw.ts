/**
 * The page's side of the service worker (sw/sw.ts), which makes the app installable and updates it by prompt
 * (docs/offline-sync.md "Service worker updates"):
 * - `startServiceWorker()` registers /sw.js with workbox-window in production builds only. It is
 *   called after the first render and loads worker-registration.ts with workbox-window as one
 *   chunk after the page's load event and first paint, so none of it is on the first screen's
 *   critical path.
 * - A tiny store `{ updateReady, offlineReady }` (`usePwaStatus`). An update is never applied by
 *   itself (registerType 'prompt'): `applyUpdate()` does it when the person asks, and refuses while
 *   a sync runs (src/sync/sync-status.ts).
 * - Hourly update checks, guarded as in the vite-pwa docs (guide/periodic-sw-updates): skipped
 *   while a worker installs or the device is offline, and only when /sw.js answers 200
 *   (worker-registration.ts).
 * - Background Sync (Chromium only): `requestBackgroundSync()` asks the browser for a one-off sync;
 *   when it fires, the worker sends DRAIN_OUTBOX and the handler given to `onDrainRequest()` drains
 *   the outbox; its result goes back as DRAIN_DONE (contract/sw-messages.ts).
 */
import { useSyncExternalStore } from 'react';
import type { Workbox } from 'workbox-window';
import { SW_SYNC_TAG, type PageToSw, type SwToPage } from '@contract/sw-messages';
import { getSyncStatus, isSyncBusy } from '@/sync/sync-status';
import { whenFirstPainted } from '@/ui/after-first-paint';

export const SW_URL = '/sw.js';
/** The worker gives up on a drain request after 60 s; a request held longer is dropped. */
const DRAIN_HOLD_MS = 60_000;

// ---- Status store -------------------------------------------------------------------------------

export type PwaStatus = {
  /** A new version is installed and waits for the person to reload (or another tab took it). */
  updateReady: boolean;
  /** The app is cached: it starts and routes with the network off. */
  offlineReady: boolean;
};

let status: PwaStatus = { updateReady: false, offlineReady: false };
const listeners = new Set<() => void>();

function setStatus(patch: Partial<PwaStatus>): void {
  if (Object.entries(patch).every(([key, value]) => status[key as keyof PwaStatus] === value)) return;
  status = { ...status, ...patch };
  for (const listener of listeners) listener();
}

export function getPwaStatus(): PwaStatus {
  return status;
}

export function subscribePwaStatus(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function usePwaStatus(): PwaStatus {
  return useSyncExternalStore(subscribePwaStatus, getPwaStatus, getPwaStatus);
}

// ---- Registration -------------------------------------------------------------------------------

let started = false;
let workbox: Workbox | null = null;
let registration: ServiceWorkerRegistration | null = null;
/** Set by applyUpdate(): the next change of controller is the update this page asked for. */
let reloadOnControlling = false;

/**
 * The barcode decoder arrives after the app is installed, when the page is idle and online
 * (src/ui/barcode-decoder.ts); a page started offline waits for the network to come back.
 */
function warmDecoderWhenIdle(): void {
  if (!navigator.onLine) {
    window.addEventListener('online', warmDecoderWhenIdle, { once: true });
    return;
  }
  const warm = () => void import('@/ui/barcode-decoder').then(({ warmDecoder }) => warmDecoder()).catch(() => undefined);
  if ('requestIdleCallback' in window) window.requestIdleCallback(warm, { timeout: 10_000 });
  else setTimeout(warm, 2_000);
}

/**
 * Registers the service worker (production builds, browsers that have one). Call once after the
 * first render; later calls do nothing.
 */
export function startServiceWorker(): void {
  if (started || !import.meta.env.PROD || typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return;
  started = true;
  listenToWorker();
  if (navigator.serviceWorker.controller) {
    setStatus({ offlineReady: true });
    warmDecoderWhenIdle();
  }
  const register = () => {
    import('./worker-registration')
      .then(({ registerWorker }) =>
        registerWorker(SW_URL, {
          updateReady: () => setStatus({ updateReady: true }),
          offlineReady: () => {
            setStatus({ offlineReady: true });
            warmDecoderWhenIdle();
          },
          reloadRequested: () => reloadOnControlling,
        }),
      )
      .then((registered) => {
        workbox = registered.workbox;
        registration = registered.registration;
      })
      .catch((error: unknown) => console.warn('Không đăng ký được service worker:', error));
  };
  // After the page's load event and its first paint (a client-rendered page loads before it paints).
  const loaded =
    document.readyState === 'complete'
      ? Promise.resolve()
      : new Promise((resolve) => window.addEventListener('load', resolve, { once: true }));
  void Promise.all([loaded, whenFirstPainted()]).then(register);
}

/**
 * Applies the waiting update and reloads once the new worker controls the page. Refused (returns
 * false) while a sync runs: the prompt keeps its button disabled meanwhile. With no waiting
 * worker (another tab already applied it) it simply reloads.
 */
export function applyUpdate(): boolean {
  if (isSyncBusy(getSyncStatus())) return false;
  if (workbox && registration?.waiting) {
    reloadOnControlling = true;
    workbox.messageSkipWaiting();
  } else {
    window.location.reload();
  }
  return true;
}

// ---- Drain requests from the worker (Background Sync) -------------------------------------------

type DrainHandler = () => Promise<boolean>;
type Replier = { postMessage: (message: PageToSw) => void };

let drainHandler: DrainHandler | null = null;
const heldRequests = new Map<string, { source: Replier; timer: ReturnType<typeof setTimeout> }>();
let listening = false;

/**
 * Registers the function that drains the outbox when the worker's `sync` event asks for it; it
 * resolves true when the outbox was sent. Requests that came before a handler was registered are
 * answered as soon as it is. Returns a function that removes the handler.
 */
export function onDrainRequest(handler: DrainHandler): () => void {
  drainHandler = handler;
  listenToWorker();
  for (const [requestId, held] of heldRequests) {
    clearTimeout(held.timer);
    void answerDrain(held.source, requestId, handler);
  }
  heldRequests.clear();
  return () => {
    if (drainHandler === handler) drainHandler = null;
  };
}

function listenToWorker(): void {
  if (listening || typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return;
  listening = true;
  navigator.serviceWorker.addEventListener('message', onWorkerMessage);
  navigator.serviceWorker.startMessages();
}

function isDrainRequest(data: unknown): data is SwToPage {
  const message = data as Partial<SwToPage> | null;
  return typeof message === 'object' && message !== null && message.type === 'DRAIN_OUTBOX' && typeof message.requestId === 'string';
}

function onWorkerMessage(event: MessageEvent): void {
  const data: unknown = event.data;
  const source = event.source as Partial<Replier> | null;
  if (!isDrainRequest(data) || typeof source?.postMessage !== 'function') return;
  const replier = source as Replier;
  if (drainHandler) {
    void answerDrain(replier, data.requestId, drainHandler);
    return;
  }
  const timer = setTimeout(() => heldRequests.delete(data.requestId), DRAIN_HOLD_MS);
  heldRequests.set(data.requestId, { source: replier, timer });
}

async function answerDrain(source: Replier, requestId: string, handler: DrainHandler): Promise<void> {
  let ok: boolean;
  try {
    ok = await handler();
  } catch {
    ok = false;
  }
  source.postMessage({ type: 'DRAIN_DONE', requestId, ok });
}

/** Background Sync's registration API (Chromium only; not in TypeScript's DOM library). */
type SyncManager = { register: (tag: string) => Promise<void> };

/**
 * Asks the browser for a one-off Background Sync: it fires the worker's `sync` event when the
 * device is online, even if the page is closed by then. False where the browser has no Background
 * Sync (Safari, Firefox), no worker is active, or the browser refused; the page's own triggers
 * (online, visible, timer, "Đồng bộ ngay") cover those cases.
 */
export async function requestBackgroundSync(): Promise<boolean> {
  if (typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return false;
  try {
    const current = registration ?? (await navigator.serviceWorker.getRegistration());
    const sync = (current as (ServiceWorkerRegistration & { sync?: SyncManager }) | undefined)?.sync;
    if (!current?.active || !sync) return false;
    await sync.register(SW_SYNC_TAG);
    return true;
  } catch {
    return false;
  }
}
