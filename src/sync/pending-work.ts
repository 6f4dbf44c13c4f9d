/** How much of this person's work is still only on this device (any workspace). */
import type { AppDb } from '@/db/app-db';

export async function unsentOpCount(db: AppDb, accountId: number): Promise<number> {
  return db.outbox
    .where('state')
    .anyOf('pending', 'sending')
    .filter((op) => op.accountId === accountId)
    .count();
}
