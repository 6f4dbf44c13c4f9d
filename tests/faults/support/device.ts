/**
 * A simulated device in Node: the app's REAL outbox and drainer (src/sync/outbox.ts, drain.ts) and
 * its REAL push transport (src/sync/transport.ts) over fake-indexeddb, in one or more "tabs" that
 * share the device's IndexedDB and a Web Locks polyfill, talking HTTP to the server through the
 * fault proxy. What a browser gives for free is provided here:
 *  - each tab loads its own copy of drain.ts (its in-tab single-flight flag is per tab);
 *  - `navigator.locks` is a polyfill shared by the tabs (support/web-locks.ts);
 *  - `fetch` of relative URLs goes to the proxy, tagged with the tab (x-fault-tab), and is aborted
 *    when the tab is reloaded or closed;
 *  - `document.cookie` holds the access token (src/session/session-store.ts reads it there);
 *  - time is scaled: AbortSignal.timeout(ms) waits ms / timeScale, so "past the client's timeout"
 *    takes a second instead of half a minute; backoff runs on a virtual clock the test advances.
 *
 * Importing this module requires 'fake-indexeddb/auto' to be loaded first (the test file does).
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import type * as AppDbModuleType from '@/db/app-db';
import type { AppDb as AppDbType } from '@/db/app-db';
import type * as DrainModule from '@/sync/drain';
import type { PushTransport } from '@/sync/drain';
import type { FileUpload } from '@/sync/outbox-files';
import type { PullTransport } from '@/sync/pull';
import { createLockManager, type LockManagerPolyfill } from './web-locks';

export type Tab = {
  slot: string;
  /** Slot and generation, e.g. "A3" (tab A after two reloads). */
  id: string;
  db: AppDbType;
  drain: typeof DrainModule;
  controller: AbortController;
  alive: boolean;
};

export type Device = {
  dbName: string;
  locks: LockManagerPolyfill;
  /** Opens a tab in a slot (a fresh page: own drain module, own database connection). */
  openTab: (slot: string) => Promise<Tab>;
  /** The current tab in a slot. */
  tab: (slot: string) => Tab | undefined;
  liveTabs: () => Tab[];
  /** Runs `work` as the given tab (its fetches are tagged with it and die with it). */
  inTab: <T>(tab: Tab, work: () => Promise<T>) => Promise<T>;
  /**
   * As inTab, but the answer fails once the tab closes: a closed page's work is gone with it, and a
   * caller waiting on it (a round of the campaign) must not wait for what no page will finish.
   */
  whileOpen: <T>(tab: Tab, work: () => Promise<T>) => Promise<T>;
  /** The tab goes away as a closed page would: fetches aborted, locks dropped, database closed. */
  closeTab: (tab: Tab) => void;
  /** Close, then open again in the same slot and requeue interrupted sends (src/sync/engine.ts startSync). */
  reloadTab: (tab: Tab) => Promise<Tab>;
  setAccessToken: (token: string) => void;
  /** Client timeouts run this many times faster from now on (1: real time). */
  setTimeScale: (scale: number) => void;
  pushTransport: PushTransport;
  pullTransport: PullTransport;
  fileUpload: FileUpload;
  restore: () => Promise<void>;
};

export async function createDevice(options: { proxyUrl: string; timeScale: number; dbName: string }): Promise<Device> {
  const context = new AsyncLocalStorage<Tab>();
  const locks = createLockManager(() => context.getStore()?.id ?? 'no-tab');
  const tabs = new Map<string, Tab>();
  const generations = new Map<string, number>();
  let cookie = '';
  let timeScale = options.timeScale;

  const realFetch = globalThis.fetch;
  const realTimeout = AbortSignal.timeout.bind(AbortSignal);
  const hadNavigator = Object.getOwnPropertyDescriptor(globalThis, 'navigator');
  const hadDocument = Object.getOwnPropertyDescriptor(globalThis, 'document');

  globalThis.fetch = ((input: string | URL | Request, init?: RequestInit) => {
    const tab = context.getStore();
    const url = typeof input === 'string' && input.startsWith('/') ? `${options.proxyUrl}${input}` : input;
    const headers = { ...(init?.headers as Record<string, string> | undefined), 'x-fault-tab': tab?.id ?? 'none' };
    const signals = [init?.signal, tab?.controller.signal].filter((signal): signal is AbortSignal => Boolean(signal));
    const signal = signals.length > 1 ? AbortSignal.any(signals) : signals[0];
    return realFetch(url, { ...init, headers, signal });
  }) as typeof fetch;
  AbortSignal.timeout = (ms: number) => realTimeout(Math.max(1, Math.ceil(ms / timeScale)));
  Object.defineProperty(globalThis, 'navigator', {
    value: { locks, userAgent: 'node (tests/faults)', onLine: true },
    configurable: true,
    writable: true,
  });
  Object.defineProperty(globalThis, 'document', {
    value: {
      get cookie() {
        return cookie;
      },
      set cookie(_value: string) {
        // The tests set the token themselves; the app never writes cookies while draining.
      },
    },
    configurable: true,
    writable: true,
  });

  // Loaded after the globals above exist; one shared copy is fine (no per-tab state in them).
  const appDbModule = (await import('@/db/app-db')) as typeof AppDbModuleType;
  // The synced domains, registered with the sync kernel as the app does at start.
  await import('@/app/sync-domains');
  const transport = (await import(/* @vite-ignore */ '../../../src/sync/' + 'transport.ts')) as {
    pushTransport: PushTransport;
    pullTransport: PullTransport;
    fileUpload: FileUpload;
  };

  function closeTab(tab: Tab): void {
    if (!tab.alive) return;
    tab.alive = false;
    tab.controller.abort(new Error(`tab ${tab.id} closed`));
    locks.releaseAllOf(tab.id);
    tab.db.close();
  }

  async function openTab(slot: string): Promise<Tab> {
    const previous = tabs.get(slot);
    if (previous) closeTab(previous);
    const generation = (generations.get(slot) ?? 0) + 1;
    generations.set(slot, generation);
    const id = `${slot}${generation}`;
    const drain = (await import(/* @vite-ignore */ `../../../src/sync/drain.ts?tab=${id}`)) as typeof DrainModule;
    const db = new appDbModule.AppDb(options.dbName);
    await db.open();
    const tab: Tab = { slot, id, db, drain, controller: new AbortController(), alive: true };
    tabs.set(slot, tab);
    return tab;
  }

  return {
    dbName: options.dbName,
    locks,
    openTab,
    tab: (slot) => tabs.get(slot),
    liveTabs: () => [...tabs.values()].filter((tab) => tab.alive),
    inTab: (tab, work) => context.run(tab, work),
    whileOpen(tab, work) {
      const closed = new Promise<never>((_, reject) => {
        const gone = () => reject(new Error(`tab ${tab.id} closed`));
        if (tab.controller.signal.aborted) gone();
        else tab.controller.signal.addEventListener('abort', gone, { once: true });
      });
      return Promise.race([context.run(tab, work), closed]);
    },
    closeTab,
    async reloadTab(tab) {
      closeTab(tab);
      const fresh = await openTab(tab.slot);
      await context.run(fresh, () => fresh.drain.requeueInterrupted(fresh.db));
      return fresh;
    },
    setAccessToken(token) {
      cookie = `accessToken=${encodeURIComponent(token)}`;
    },
    setTimeScale(scale) {
      timeScale = scale;
    },
    pushTransport: transport.pushTransport,
    pullTransport: transport.pullTransport,
    fileUpload: transport.fileUpload,
    async restore() {
      for (const tab of tabs.values()) closeTab(tab);
      globalThis.fetch = realFetch;
      AbortSignal.timeout = realTimeout;
      if (hadNavigator) Object.defineProperty(globalThis, 'navigator', hadNavigator);
      else delete (globalThis as { navigator?: unknown }).navigator;
      if (hadDocument) Object.defineProperty(globalThis, 'document', hadDocument);
      else delete (globalThis as { document?: unknown }).document;
      const { default: Dexie } = await import('dexie');
      await Dexie.delete(options.dbName);
    },
  };
}
