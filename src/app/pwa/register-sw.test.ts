import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SW_SYNC_TAG, type PageToSw } from '@contract/sw-messages';

/** navigator.serviceWorker as far as register-sw.ts uses it (happy-dom has none). */
class FakeContainer extends EventTarget {
  controller: ServiceWorker | null = null;
  startMessages = vi.fn();
  registration: unknown = undefined;
  getRegistration = vi.fn(async () => this.registration);
}

function fakeWorker() {
  const sent: PageToSw[] = [];
  return { sent, postMessage: (message: PageToSw) => sent.push(message) };
}

function fromWorker(container: FakeContainer, data: unknown, source: unknown): void {
  const event = new Event('message');
  Object.defineProperties(event, { data: { value: data }, source: { value: source } });
  container.dispatchEvent(event);
}

let container: FakeContainer;

/** A fresh copy of the module (its state is per page load). */
async function load() {
  vi.resetModules();
  const registerSw = await import('./register-sw');
  const syncStatus = await import('@/sync/sync-status');
  return { ...registerSw, ...syncStatus };
}

beforeEach(() => {
  container = new FakeContainer();
  Object.defineProperty(window.navigator, 'serviceWorker', { value: container, configurable: true });
});

afterEach(() => {
  Reflect.deleteProperty(window.navigator, 'serviceWorker');
  vi.useRealTimers();
});

describe('drain requests from the service worker', () => {
  it('answers DRAIN_DONE with the handler result', async () => {
    const { onDrainRequest } = await load();
    const worker = fakeWorker();
    const handler = vi.fn(async () => true);
    onDrainRequest(handler);
    expect(container.startMessages).toHaveBeenCalled();

    fromWorker(container, { type: 'DRAIN_OUTBOX', requestId: 'r1' }, worker);
    await vi.waitFor(() => expect(worker.sent).toEqual([{ type: 'DRAIN_DONE', requestId: 'r1', ok: true }]));
    expect(handler).toHaveBeenCalledTimes(1);
  });

  it('answers ok: false when the handler says so or throws', async () => {
    const { onDrainRequest } = await load();
    const worker = fakeWorker();
    const remove = onDrainRequest(async () => false);
    fromWorker(container, { type: 'DRAIN_OUTBOX', requestId: 'r1' }, worker);
    await vi.waitFor(() => expect(worker.sent).toHaveLength(1));
    remove();
    onDrainRequest(async () => {
      throw new Error('mất mạng');
    });
    fromWorker(container, { type: 'DRAIN_OUTBOX', requestId: 'r2' }, worker);
    await vi.waitFor(() => expect(worker.sent).toHaveLength(2));
    expect(worker.sent).toEqual([
      { type: 'DRAIN_DONE', requestId: 'r1', ok: false },
      { type: 'DRAIN_DONE', requestId: 'r2', ok: false },
    ]);
  });

  it('holds a request that came before any handler and answers it once one is registered', async () => {
    vi.useFakeTimers();
    const { onDrainRequest, startServiceWorker } = await load();
    // Not a production build: nothing is registered, but neither does anything break.
    startServiceWorker();
    const worker = fakeWorker();
    onDrainRequest(async () => true)(); // listening, then no handler again
    fromWorker(container, { type: 'DRAIN_OUTBOX', requestId: 'early' }, worker);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(worker.sent).toEqual([]);

    onDrainRequest(async () => true);
    await vi.waitFor(() => expect(worker.sent).toEqual([{ type: 'DRAIN_DONE', requestId: 'early', ok: true }]));
  });

  it('drops a held request after the 60 s the worker waits', async () => {
    vi.useFakeTimers();
    const { onDrainRequest } = await load();
    const worker = fakeWorker();
    onDrainRequest(async () => true)();
    fromWorker(container, { type: 'DRAIN_OUTBOX', requestId: 'late' }, worker);
    await vi.advanceTimersByTimeAsync(61_000);
    onDrainRequest(async () => true);
    await vi.advanceTimersByTimeAsync(0);
    expect(worker.sent).toEqual([]);
  });

  it('ignores other messages', async () => {
    const { onDrainRequest } = await load();
    const worker = fakeWorker();
    const handler = vi.fn(async () => true);
    onDrainRequest(handler);
    fromWorker(container, { type: 'SOMETHING_ELSE', requestId: 'x' }, worker);
    fromWorker(container, { type: 'DRAIN_OUTBOX' }, worker);
    fromWorker(container, 'DRAIN_OUTBOX', worker);
    fromWorker(container, { type: 'DRAIN_OUTBOX', requestId: 'x' }, null);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(handler).not.toHaveBeenCalled();
    expect(worker.sent).toEqual([]);
  });
});

describe('requestBackgroundSync', () => {
  it('registers the outbox tag where the browser has Background Sync', async () => {
    const { requestBackgroundSync } = await load();
    const register = vi.fn(async () => {});
    container.registration = { active: {}, sync: { register } };
    await expect(requestBackgroundSync()).resolves.toBe(true);
    expect(register).toHaveBeenCalledWith(SW_SYNC_TAG);
  });

  it('is false without Background Sync (Safari, Firefox), without an active worker, or when refused', async () => {
    const { requestBackgroundSync } = await load();
    container.registration = { active: {} };
    await expect(requestBackgroundSync()).resolves.toBe(false);
    container.registration = { active: null, sync: { register: vi.fn() } };
    await expect(requestBackgroundSync()).resolves.toBe(false);
    container.registration = undefined;
    await expect(requestBackgroundSync()).resolves.toBe(false);
    container.registration = { active: {}, sync: { register: vi.fn(async () => Promise.reject(new Error('NotAllowedError'))) } };
    await expect(requestBackgroundSync()).resolves.toBe(false);
  });
});

describe('applyUpdate', () => {
  it('refuses while a sync runs', async () => {
    const { applyUpdate, updateSyncStatus } = await load();
    updateSyncStatus({ phase: 'pushing' });
    expect(applyUpdate()).toBe(false);
    updateSyncStatus({ phase: 'pulling' });
    expect(applyUpdate()).toBe(false);
  });

  it('starts with nothing to update and the app not yet cached', async () => {
    const { getPwaStatus } = await load();
    expect(getPwaStatus()).toEqual({ updateReady: false, offlineReady: false });
  });
});
