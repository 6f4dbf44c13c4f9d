/**
 * Writing server records into the device's mirror tables (from pulls and from push answers). A
 * record with work still queued on this device keeps its local version: the queued op carries the
 * newer truth and its answer will bring the server's copy (docs/offline-sync.md "Pull and the change log").
 */
import type { Table } from 'dexie';
import type { AppDb } from '@/db/app-db';
import type { Mirror } from './domain';
import { syncDomains } from './registry';

/** Rows per bulkPut when applying a pull page (see applyServerChanges). */
const WRITE_CHUNK = 250;

const mirrorOf = (entity: string): Mirror | undefined => syncDomains().mirrors.get(entity);

export function isMirrored(entity: string): boolean {
  return mirrorOf(entity) !== undefined;
}

/** The tables a transaction applying server records must lock (by name: some mirrors are packed). */
export function mirrorTables(db: AppDb): (Table | string)[] {
  const tables = [...syncDomains().mirrors.values()].flatMap((mirror) => {
    const rows = mirror.table(db);
    return [rows.name, ...(rows.alsoLocks ?? [])];
  });
  return [...new Set(tables), db.outbox];
}

async function busyIds(db: AppDb): Promise<Set<string>> {
  return new Set((await queuedWork(db)).keys());
}

/** How many ops are still queued (pending or sending) about each record, read once per batch. */
export async function queuedWork(db: AppDb): Promise<Map<string, number>> {
  const counts = new Map<string, number>();
  for (const op of await db.outbox.where('state').anyOf('pending', 'sending').toArray()) {
    if (op.entity?.id) counts.set(op.entity.id, (counts.get(op.entity.id) ?? 0) + 1);
  }
  return counts;
}

/**
 * Call inside a transaction over `mirrorTables(db)`. `queued` (queuedWork, kept current by the
 * caller) saves reading the outbox again for each record of a batch.
 */
export async function putServerRecord(db: AppDb, entity: string, data: unknown, queued?: Map<string, number>): Promise<void> {
  const mirror = mirrorOf(entity);
  if (!mirror) return;
  const id = String((data as { id: string | number }).id);
  if (queued ? (queued.get(id) ?? 0) > 0 : (await busyIds(db)).has(id)) return;
  await mirror.table(db).bulkPut(await withLocalParts(db, mirror, [mirror.toLocal(data as never)]));
}

/** Server copies, each with what the device alone knows about it kept (Mirror.keepLocal). */
async function withLocalParts(db: AppDb, mirror: Mirror, records: unknown[]): Promise<unknown[]> {
  const keepLocal = mirror.keepLocal;
  if (!keepLocal) return records;
  const ids = records.map((record) => (record as { id: string | number }).id);
  const existing = await mirror.table(db).bulkGet(ids);
  return records.map((record, index) => (existing[index] ? { ...(record as object), ...keepLocal(existing[index] as never) } : record));
}

/** A page of pull changes: one read of the outbox, then bulk writes per table (first sync of 150k rows). */
export async function applyServerChanges(
  db: AppDb,
  changes: { entity: string; id: string; op: 'upsert' | 'delete'; data?: unknown }[],
): Promise<void> {
  const busy = await busyIds(db);
  const latest = new Map<string, Map<string, unknown | null>>();
  for (const change of changes) {
    if (!isMirrored(change.entity) || busy.has(change.id)) continue;
    const forEntity = latest.get(change.entity) ?? new Map<string, unknown | null>();
    forEntity.set(change.id, change.op === 'upsert' ? change.data : null);
    latest.set(change.entity, forEntity);
  }
  for (const [entity, records] of latest) {
    const mirror = mirrorOf(entity)!;
    const puts = [...records.values()].filter((record) => record !== null);
    const deletes = [...records.entries()].filter(([, record]) => record === null).map(([id]) => mirror.key(id));
    // A few hundred rows per call: each call's copying runs in one go on the main thread, and the
    // wait between calls lets taps and paints through while the transaction stays open.
    const size = mirror.table(db).writeChunk ?? WRITE_CHUNK;
    for (let at = 0; at < puts.length; at += size) {
      const chunk = puts.slice(at, at + size).map((record) => mirror.toLocal(record as never));
      await mirror.table(db).bulkPut(await withLocalParts(db, mirror, chunk));
    }
    if (deletes.length) await mirror.table(db).bulkDelete(deletes);
  }
}

/** A cursor reset: forget what was mirrored for the company, except records with queued work. */
export async function clearMirror(db: AppDb, companyId: number): Promise<void> {
  for (const mirror of syncDomains().mirrors.values()) await mirror.ofCompany(db, companyId).delete();
}
