/** The latest op about a record, live: what its sync chip shows (pending, sending, refused…). */
import { useLiveQuery } from 'dexie-react-hooks';
import type { AppDb, OutboxRow } from '@/db/app-db';
import { latestOpFor } from './outbox';

export function useLatestOp(db: AppDb, entityId: string): OutboxRow | undefined {
  return useLiveQuery(() => latestOpFor(db, entityId), [db, entityId]);
}
