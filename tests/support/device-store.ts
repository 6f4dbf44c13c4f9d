/**
 * Reading the app's own IndexedDB ('salesfield') from a page, read-only: what the device holds
 * (mirrored records, the outbox, sync cursors) is part of what offline tests must check.
 */
import type { Page } from 'playwright-core';

export async function readStores(page: Page, stores: string[]): Promise<Record<string, unknown[]>> {
  return page.evaluate(
    (names) =>
      new Promise<Record<string, unknown[]>>((resolve, reject) => {
        const request = indexedDB.open('salesfield');
        // Never create the database here: only read the one the app made.
        request.onupgradeneeded = () => request.transaction?.abort();
        request.onerror = () => reject(new Error(`cannot open IndexedDB 'salesfield': ${String(request.error)}`));
        request.onsuccess = () => {
          const db = request.result;
          const tx = db.transaction(names, 'readonly');
          const reads = names.map((name) => [name, tx.objectStore(name).getAll()] as const);
          tx.oncomplete = () => {
            db.close();
            resolve(Object.fromEntries(reads.map(([name, read]) => [name, read.result as unknown[]])));
          };
          tx.onerror = () => {
            db.close();
            reject(new Error(String(tx.error)));
          };
        };
      }),
    stores,
  );
}

/** Whether the first full pull of the company has finished on this device. */
export async function firstSyncDone(page: Page, companyId: number): Promise<boolean> {
  const read = await readStores(page, ['syncCursors']).catch(() => ({ syncCursors: [] }));
  return (read.syncCursors as { companyId: number; initialDone?: boolean }[]).some(
    (cursor) => cursor.companyId === companyId && cursor.initialDone === true,
  );
}
