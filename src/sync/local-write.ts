/**
 * The one way a feature records work for the server: its local rows and the op (outbox.ts
 * enqueueOp) in one Dexie transaction, so the record exists, with "Chờ đồng bộ", whether or not
 * there is signal, and never without its op; the engine is told once the transaction committed.
 */
import type { AppDb } from '@/db/app-db';
import { notifyOutboxChanged } from './outbox';

/** `tables`: Dexie tables or packed ones (src/db/packed-table.ts), locked by their IndexedDB name. */
export async function writeWithOp<T>(db: AppDb, tables: { readonly name: string }[], write: () => Promise<T>): Promise<T> {
  const result = await db.transaction('rw', [...tables.map((table) => table.name), db.outbox.name], write);
  notifyOutboxChanged();
  return result;
}
