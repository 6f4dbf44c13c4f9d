/**
 * Messages between the service worker and the pages it controls. The outbox is drained by the page
 * (so the same code runs everywhere, docs/offline-sync.md "Push answers"); the worker's Background Sync `sync`
 * event only asks an open page to drain, and waits for its answer.
 */
export const SW_SYNC_TAG = 'outbox-drain';

export type SwToPage = { type: 'DRAIN_OUTBOX'; requestId: string };
/** A push notification arrived (docs/notifications.md): open pages ask for the bell's count at once. */
export type SwNotice = { type: 'NOTIFICATIONS_CHANGED' };
export type PageToSw = { type: 'DRAIN_DONE'; requestId: string; ok: boolean } | { type: 'SKIP_WAITING' };
