/**
 * Connects the service worker to the sync engine: the worker's Background Sync event (Chromium)
 * asks this page to drain, and queued work that could not be sent asks the browser for a
 * Background Sync, so it is sent when the network returns even if this tab sleeps.
 */
import { useEffect } from 'react';
import { syncNow } from '@/sync/engine';
import { getSyncStatus, subscribeSyncStatus } from '@/sync/sync-status';
import { onDrainRequest, requestBackgroundSync } from './register-sw';

export function useBackgroundSyncBridge(): void {
  useEffect(() => {
    const stopDrain = onDrainRequest(async () => {
      await syncNow(undefined, { wake: true });
      return getSyncStatus().pending === 0;
    });
    let asked = false;
    const stopWatching = subscribeSyncStatus(() => {
      const status = getSyncStatus();
      const waiting = status.pending > 0 && !status.online;
      if (waiting && !asked) void requestBackgroundSync();
      asked = waiting;
    });
    return () => {
      stopDrain();
      stopWatching();
    };
  }, []);
}
