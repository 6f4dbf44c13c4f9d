/** What the diagnostics page reads from the device, live: the outbox (newest 200) and the sync cursor. */
import { useLiveQuery } from 'dexie-react-hooks';
import type { AppDb } from '@/db/app-db';

/** Work waiting longer than this is called out: browser storage may be evicted. */
export const STALE_AFTER_MS = 24 * 60 * 60 * 1000;

export function useOutboxQueue(db: AppDb) {
  return useLiveQuery(async () => {
    const rows = await db.outbox.orderBy('seq').reverse().limit(200).toArray();
    const oldest = rows.filter((op) => op.state === 'pending' || op.state === 'sending').at(-1);
    return { rows, stale: oldest ? Date.now() - new Date(oldest.clientCreatedAt).getTime() > STALE_AFTER_MS : false };
  }, [db]);
}

export function useSyncCursor(db: AppDb, companyId: number) {
  return useLiveQuery(() => db.syncCursors.get(companyId), [db, companyId]);
}
