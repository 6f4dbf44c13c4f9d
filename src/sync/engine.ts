/**
 * The sync engine: push first, then pull (docs/offline-sync.md "Pull and the change log"), for the signed-in person's
 * current workspace. Runs on every trigger of docs/offline-sync.md "A single drain": after enqueue (debounced), app
 * start, `online`, the tab becoming visible, a timer while work is queued, "Đồng bộ ngay", and the
 * service worker's Background Sync event where the browser has one.
 */
import { ApiError } from '@/api/api-error';
import { appDb, type AppDb } from '@/db/app-db';
import { deviceIdentity, writeMeta } from '@/db/device';
import { serverDataChanged } from '@/api/server-cache';
import { drainOutbox, releaseNetworkWaits, requeueInterrupted, type DrainOutcome } from './drain';
import { onOutboxChanged } from './outbox';
import { newestWrites, readOutboxCounts, type OutboxCounts } from './outbox-counts';
import { pullChanges } from './pull';
import { warmLocalSearchWhenIdle } from '@/db/warm-search';
import { getSyncStatus, updateSyncStatus } from './sync-status';
import { fileUpload, pullTransport, pushTransport, refreshAuth } from './transport';
import { pruneSentFiles } from './outbox-files';
import { SoonestTick } from './soonest-tick';
import { headRetryAt, retryDelay } from './retry-tick';

export type SyncTarget = { companyId: number; accountId: number };

let target: SyncTarget | null = null;
let current: Promise<void> | null = null;
let again = false;
let wakePending = false;
/** The next sync; it only moves earlier, so a queued op's tick survives a sync ending meanwhile. */
const tick = new SoonestTick(() => void syncNow());

const AFTER_ENQUEUE_MS = 1_000;
/** With nothing queued, pull new server changes this often. */
const PULL_TICK_MS = 5 * 60_000;

const writeCounts = newestWrites(
  (db: AppDb, of: SyncTarget | null): Promise<OutboxCounts> =>
    of ? readOutboxCounts(db, of.companyId, of.accountId) : Promise.resolve({ pending: 0, rejected: 0 }),
  updateSyncStatus,
);

export function refreshCounts(db: AppDb = appDb()): Promise<void> {
  return writeCounts(db, target);
}

function describeStop(outcome: DrainOutcome): Partial<ReturnType<typeof getSyncStatus>> {
  switch (outcome.stoppedBy) {
    case 'network':
      return { online: false, lastError: 'Không kết nối được máy chủ' };
    case 'auth':
      return { authPaused: true, lastError: 'Phiên đăng nhập hết hạn' };
    case 'update-required':
      return { updateRequired: true, lastError: 'Cần cập nhật ứng dụng' };
    case 'server':
      return { online: true, lastError: 'Máy chủ đang bận, sẽ thử lại' };
    case 'forbidden':
      return { online: true, lastError: 'Bạn không còn quyền gửi dữ liệu cho công ty này' };
    default:
      return { online: true, authPaused: false, lastError: null };
  }
}

async function runOnce(db: AppDb, wake: boolean): Promise<void> {
  if (!target) return;
  const { companyId, accountId } = target;
  if (wake) await releaseNetworkWaits(db, companyId);
  const { deviceId } = await deviceIdentity(db);
  updateSyncStatus({ phase: 'pushing' });
  const outcome = await drainOutbox({ db, companyId, accountId, deviceId, transport: pushTransport, refreshAuth, uploadFile: fileUpload });
  await pruneSentFiles(db, companyId);
  await refreshCounts(db);
  updateSyncStatus(describeStop(outcome));
  if (outcome.applied + outcome.rejected > 0) await db.syncCursors.update(companyId, { lastPushAt: new Date().toISOString() });
  if (outcome.applied > 0) serverDataChanged();
  if (outcome.stoppedBy === 'network' || outcome.stoppedBy === 'auth' || outcome.stoppedBy === 'update-required') return;

  updateSyncStatus({ phase: 'pulling' });
  try {
    const pulled = await pullChanges({
      db,
      companyId,
      accountId,
      transport: pullTransport,
      onProgress: (done, total) => updateSyncStatus({ progress: { done, total } }),
      yieldBetweenPages: () => new Promise((resolve) => setTimeout(resolve, 0)),
    });
    updateSyncStatus({ online: true, lastSyncedAt: new Date().toISOString(), lastError: null, authPaused: false });
    if (pulled.firstSyncDone) await askPersistentStorage(db);
  } catch (error) {
    const offline = error instanceof ApiError && error.isNetwork;
    updateSyncStatus({ online: !offline, lastError: error instanceof Error ? error.message : 'Đồng bộ thất bại' });
  }
}

/** After the first full sync, ask the browser not to evict our data (web.dev persistent storage). */
async function askPersistentStorage(db: AppDb): Promise<void> {
  if (!navigator.storage?.persist) return;
  const persisted = (await navigator.storage.persisted()) || (await navigator.storage.persist());
  await writeMeta(db, 'persisted', { persisted, askedAt: new Date().toISOString() });
}

type SyncRequest = {
  /**
   * The network may just have come back (online event, tab shown, "Đồng bộ ngay", Background Sync):
   * ops that waited only for the network go now instead of sitting out their backoff.
   */
  wake?: boolean;
};

/** Runs a sync now, or right after the one already running. */
export function syncNow(db: AppDb = appDb(), request: SyncRequest = {}): Promise<void> {
  if (request.wake) wakePending = true;
  if (current) {
    again = true;
    return current;
  }
  current = (async () => {
    let drainedAt = 0;
    try {
      do {
        again = false;
        const wake = wakePending;
        wakePending = false;
        drainedAt = Date.now();
        await runOnce(db, wake);
      } while (again);
    } finally {
      updateSyncStatus({ phase: 'idle', progress: null });
      current = null;
      void scheduleNext(db, drainedAt);
      // Searches answer from memory: load (or bring up to date) the workspace's index now, not at
      // the rep's first keystroke.
      if (target) warmLocalSearchWhenIdle(db, target.companyId);
    }
  })();
  return current;
}

/**
 * The tick after a sync: when the queue's head may go again while work is queued (src/sync/retry-tick.ts),
 * rarely otherwise. A sooner tick already asked for stands.
 */
async function scheduleNext(db: AppDb, drainedAt: number): Promise<void> {
  if (!target) return;
  const status = getSyncStatus();
  if (status.pending === 0 || status.authPaused) return tick.at(PULL_TICK_MS);
  const headAt = await headRetryAt(db, target.companyId, target.accountId);
  tick.at(retryDelay(headAt, Date.now(), drainedAt));
}

export function requestSync(delayMs = AFTER_ENQUEUE_MS): void {
  if (target) tick.at(delayMs);
}

/** Starts syncing for a workspace; returns the function that stops it. */
export function startSync(next: SyncTarget, db: AppDb = appDb()): () => void {
  target = next;
  updateSyncStatus({ authPaused: false, updateRequired: false, lastError: null });
  const onOnline = () => {
    updateSyncStatus({ online: true });
    void syncNow(db, { wake: true });
  };
  const onOffline = () => updateSyncStatus({ online: false });
  const onVisible = () => {
    if (document.visibilityState === 'visible') void syncNow(db, { wake: true });
  };
  window.addEventListener('online', onOnline);
  window.addEventListener('offline', onOffline);
  document.addEventListener('visibilitychange', onVisible);
  const stopListening = onOutboxChanged(() => {
    void refreshCounts(db);
    requestSync();
  });
  void (async () => {
    await requeueInterrupted(db);
    const cursor = await db.syncCursors.get(next.companyId);
    updateSyncStatus({ lastSyncedAt: cursor?.lastPullAt ?? null });
    await refreshCounts(db);
    await syncNow(db);
  })();
  return () => {
    if (target === next) target = null;
    window.removeEventListener('online', onOnline);
    window.removeEventListener('offline', onOffline);
    document.removeEventListener('visibilitychange', onVisible);
    stopListening();
    tick.cancel();
  };
}
