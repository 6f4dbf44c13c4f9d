/**
 * The part of register-sw.ts that needs workbox-window: loaded by `startServiceWorker()` after the
 * first render, as one chunk with workbox-window, so none of it is on the first screen's path.
 */
import { Workbox } from 'workbox-window';

const UPDATE_CHECK_INTERVAL_MS = 60 * 60 * 1000;

export type WorkerEvents = {
  /** A new version is installed and waits for the person (or another tab already took it). */
  updateReady: () => void;
  /** The app is cached and controls this page. */
  offlineReady: () => void;
  /** True when this page asked for the update (applyUpdate) and must now reload. */
  reloadRequested: () => boolean;
};

export async function registerWorker(
  swUrl: string,
  on: WorkerEvents,
): Promise<{ workbox: Workbox; registration: ServiceWorkerRegistration | null }> {
  const workbox = new Workbox(swUrl, { scope: '/', type: 'classic' });
  let controlled = Boolean(navigator.serviceWorker.controller);

  // A new version installed and waits: also fired at registration when it was already waiting,
  // and for a version another tab installed.
  workbox.addEventListener('waiting', on.updateReady);
  workbox.addEventListener('activated', (event) => {
    if (!event.isUpdate && !event.isExternal) on.offlineReady();
  });
  workbox.addEventListener('controlling', () => {
    if (on.reloadRequested()) {
      // Not gated on event.isUpdate: it is false when the page was first opened uncontrolled
      // (vite-plugin-pwa #789), and this change is the one the person asked for anyway.
      window.location.reload();
      return;
    }
    // The first install claimed this page: it now works offline. A later change of controller
    // means another tab accepted an update: this page's code is older than the new caches.
    if (controlled) on.updateReady();
    else on.offlineReady();
    controlled = true;
  });

  const registration = (await workbox.register({ immediate: true })) ?? null;
  if (registration) setInterval(() => void checkForUpdate(swUrl, registration), UPDATE_CHECK_INTERVAL_MS);
  return { workbox, registration };
}

/**
 * Asks the browser to look for a new worker script, as the vite-pwa docs' guarded periodic check
 * does: not while a worker is installing, not offline, and only when the server answers 200 (not
 * when it is down).
 */
export async function checkForUpdate(swUrl: string, registration: ServiceWorkerRegistration): Promise<void> {
  if (registration.installing || !navigator.onLine) return;
  try {
    const response = await fetch(swUrl, { cache: 'no-store', headers: { 'cache-control': 'no-cache' } });
    if (response.status === 200) await registration.update();
  } catch {
    // Offline or the server is down: the next check will try again.
  }
}
