/**
 * Reads an op's transaction makes once: company settings no op changes, which order.submit asks
 * for several times, each a round trip (its switches for types, prices, promotions and credit:
 * server/kernel/switches.ts; its receivables settings for the credit check and the due date:
 * server/modules/receivables/settings.ts). server/kernel/sync/push.ts marks an op's transaction.
 * Keyed by the transaction object: a read anywhere else is never kept.
 */
import type { Db } from './db/client';

const kept = new WeakMap<Db, Map<string, Promise<unknown>>>();

/** From now on, what `readOnce` reads in `tx` is read once. */
export function keepReads(tx: Db): void {
  kept.set(tx, new Map());
}

export function keepsReads(db: Db): boolean {
  return kept.has(db);
}

export function readOnce<T>(db: Db, key: string, read: () => Promise<T>): Promise<T> {
  const reads = kept.get(db);
  if (!reads) return read();
  let value = reads.get(key) as Promise<T> | undefined;
  if (!value) {
    value = read();
    reads.set(key, value);
  }
  return value;
}

/** Keeps a value read by other means (in another statement of the transaction) as `key`'s read. */
export function keepRead<T>(db: Db, key: string, value: T): void {
  kept.get(db)?.set(key, Promise.resolve(value));
}
