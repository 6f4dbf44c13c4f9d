/**
 * The one way a feature records work for the server: its local rows and the op (outbox.ts
 * enqueueOp) in one Dexie transaction, so the record exists, with "Chờ đồng bộ", whether or not
 * there is signal, and never without its op; the engine is told once the transaction committed.
 */
import type { Table } from 'dexie';
import type { AppDb } from '@/db/app-db';
import { notifyOutboxChanged } from './outbox';

export async function writeWithOp<T>(db: AppDb, tables: Table[], write: () => Promise<T>): Promise<T> {
  const result = await db.transaction('rw', [...tables, db.outbox], write);
  notifyOutboxChanged();
  return result;
}
