/**
 * Writing server records into the device's mirror tables (from pulls and from push answers). A
 * record with work still queued on this device keeps its local version: the queued op carries the
 * newer truth and its answer will bring the server's copy (Electric pattern 3, research/offline.md).
 */
import type { CustomerRecord } from '../../contract/customer';
import type { SyncEntity } from '../../contract/sync';
import type { VisitRecord } from '../../contract/visit';
import type { AppDb } from '../db/app-db';
import { toLocalCustomer, toLocalVisit } from '../db/local-records';

/** Entities the device mirrors; others in the change log are ignored until a version mirrors them. */
export type MirroredEntity = Extract<SyncEntity, 'customer' | 'visit'>;

export function isMirrored(entity: SyncEntity): entity is MirroredEntity {
  return entity === 'customer' || entity === 'visit';
}

export function mirrorTables(db: AppDb) {
  return [db.customers, db.visits, db.outbox];
}

async function hasQueuedWork(db: AppDb, id: string): Promise<boolean> {
  const ops = await db.outbox.where('entity.id').equals(id).toArray();
  return ops.some((op) => op.state === 'pending' || op.state === 'sending');
}

/** Call inside a transaction over `mirrorTables(db)`. */
export async function putServerRecord(db: AppDb, entity: MirroredEntity, data: unknown): Promise<void> {
  const id = (data as { id: string }).id;
  if (await hasQueuedWork(db, id)) return;
  if (entity === 'customer') await db.customers.put(toLocalCustomer(data as CustomerRecord));
  else await db.visits.put(toLocalVisit(data as VisitRecord));
}

export async function deleteServerRecord(db: AppDb, entity: MirroredEntity, id: string): Promise<void> {
  if (await hasQueuedWork(db, id)) return;
  if (entity === 'customer') await db.customers.delete(id);
  else await db.visits.delete(id);
}

/** Bulk form for pull pages: one read of the outbox, then bulk writes (first sync of 100k rows). */
export async function applyServerChanges(
  db: AppDb,
  changes: { entity: SyncEntity; id: string; op: 'upsert' | 'delete'; data?: unknown }[],
): Promise<void> {
  const busy = new Set(
    (await db.outbox.where('state').anyOf('pending', 'sending').toArray())
      .map((op) => op.entity?.id)
      .filter((id): id is string => Boolean(id)),
  );
  const customers = new Map<string, CustomerRecord | null>();
  const visits = new Map<string, VisitRecord | null>();
  for (const change of changes) {
    if (!isMirrored(change.entity) || busy.has(change.id)) continue;
    const target = change.entity === 'customer' ? customers : visits;
    target.set(change.id, change.op === 'upsert' ? (change.data as never) : null);
  }
  const split = <T>(map: Map<string, T | null>) => ({
    put: [...map.values()].filter((value): value is T => value !== null),
    remove: [...map.entries()].filter(([, value]) => value === null).map(([id]) => id),
  });
  const c = split(customers);
  const v = split(visits);
  if (c.put.length) await db.customers.bulkPut(c.put.map((record) => toLocalCustomer(record)));
  if (c.remove.length) await db.customers.bulkDelete(c.remove);
  if (v.put.length) await db.visits.bulkPut(v.put.map((record) => toLocalVisit(record)));
  if (v.remove.length) await db.visits.bulkDelete(v.remove);
}

/** A cursor reset: forget what was mirrored for the company, except records with queued work. */
export async function clearMirror(db: AppDb, companyId: number): Promise<void> {
  await db.customers
    .where('company')
    .equals(companyId)
    .and((row) => row.syncState === 'synced')
    .delete();
  await db.visits
    .where('[company+check_in_at]')
    .between([companyId, ''], [companyId, '\uffff'])
    .and((row) => row.syncState === 'synced')
    .delete();
}
