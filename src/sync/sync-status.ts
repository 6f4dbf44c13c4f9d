/**
 * What the person sees of sync (docs/offline-sync.md "What the rep sees"): one store the
 * status pill, record chips, the diagnostics page, logout and the update prompt read.
 */
import { useSyncExternalStore } from 'react';

export type SyncPhase = 'idle' | 'pushing' | 'pulling';

export type SyncStatus = {
  phase: SyncPhase;
  /** navigator.onLine as last seen, and whether the last request reached the server. */
  online: boolean;
  /** Ops waiting to be sent (pending or being sent). */
  pending: number;
  /** Ops the server refused; they need the person's attention. */
  rejected: number;
  /** A 401 the refresh could not fix: queued work waits for a new sign-in. */
  authPaused: boolean;
  /** The server no longer accepts this app version's ops. */
  updateRequired: boolean;
  lastSyncedAt: string | null;
  /** First sync and other long pulls: records done of an estimated total. */
  progress: { done: number; total: number | null } | null;
  lastError: string | null;
};

let status: SyncStatus = {
  phase: 'idle',
  online: typeof navigator === 'undefined' ? true : navigator.onLine,
  pending: 0,
  rejected: 0,
  authPaused: false,
  updateRequired: false,
  lastSyncedAt: null,
  progress: null,
  lastError: null,
};
const listeners = new Set<() => void>();

export function getSyncStatus(): SyncStatus {
  return status;
}

export function updateSyncStatus(patch: Partial<SyncStatus>): void {
  status = { ...status, ...patch };
  for (const listener of listeners) listener();
}

export function subscribeSyncStatus(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * The status, or the one part of it a screen shows: with `select` (returning a value that stays the
 * same while that part does), the screen draws again only when that part changes, not on each
 * counter and phase of a sync (a list drew itself again a dozen times while a sync ran).
 */
export function useSyncStatus(): SyncStatus;
export function useSyncStatus<T>(select: (current: SyncStatus) => T): T;
export function useSyncStatus<T>(select?: (current: SyncStatus) => T): SyncStatus | T {
  const read: () => SyncStatus | T = select ? () => select(status) : getSyncStatus;
  return useSyncExternalStore(subscribeSyncStatus, read, read);
}

/** A sync is running: updates wait, and so does anything that would interrupt it. */
export function isSyncBusy(current: SyncStatus = status): boolean {
  return current.phase !== 'idle';
}
