/**
 * Writing server records into the device's mirror tables (from pulls and from push answers). A
 * record with work still queued on this device keeps its local version: the queued op carries the
 * newer truth and its answer will bring the server's copy (Electric pattern 3, research/offline.md).
 */
import type { Table } from 'dexie';
import type { CustomerRecord } from '@contract/customer';
import type { OrderRecord } from '@contract/order';
import type { VariantRecord } from '@contract/product';
import type { SyncEntity } from '@contract/sync';
import type { VisitRecord } from '@contract/visit';
import type { AppDb, LocalOrder } from '@/db/app-db';
import { toLocalCustomer, toLocalOrder, toLocalVariant, toLocalVisit } from '@/db/local-records';

type Mirror = {
  table: (db: AppDb) => Table;
  /** Server ids arrive as text; numeric tables key by number. */
  key: (id: string) => string | number;
  toLocal: (record: never) => unknown;
  /** Rows of one company (for a reset). */
  ofCompany: (db: AppDb, companyId: number) => { delete: () => Promise<number> };
  /** What only the device knows about a record and a newer server copy must not wipe. */
  keepLocal?: (existing: never) => object;
};

/** Rows per bulkPut when applying a pull page (see applyServerChanges). */
const WRITE_CHUNK = 250;

const byText = (id: string) => id;
const byNumber = (id: string) => Number(id);
const same = (record: never) => record;

const MIRRORS: Partial<Record<SyncEntity, Mirror>> = {
  customer: {
    table: (db) => db.customers,
    key: byText,
    toLocal: (record: CustomerRecord) => toLocalCustomer(record),
    ofCompany: (db, companyId) =>
      db.customers
        .where('[company+nameFold]')
        .between([companyId, ''], [companyId, '\uffff'])
        .and((row) => row.syncState === 'synced'),
  },
  visit: {
    table: (db) => db.visits,
    key: byText,
    toLocal: (record: VisitRecord) => toLocalVisit(record),
    ofCompany: (db, companyId) =>
      db.visits
        .where('[company+check_in_at]')
        .between([companyId, ''], [companyId, '\uffff'])
        .and((row) => row.syncState === 'synced'),
  },
  variant: {
    table: (db) => db.variants,
    key: byNumber,
    toLocal: (record: VariantRecord) => toLocalVariant(record),
    ofCompany: (db, companyId) => db.variants.where('[company+nameFold]').between([companyId, ''], [companyId, '\uffff']),
  },
  order: {
    table: (db) => db.orders,
    key: byText,
    toLocal: (record: OrderRecord) => toLocalOrder(record),
    // What changed when the server accepted the order (stock short) came with the push answer only.
    keepLocal: (existing: LocalOrder) => ({ changes: existing.changes }),
    ofCompany: (db, companyId) =>
      db.orders
        .where('[company+created_at]')
        .between([companyId, ''], [companyId, '\uffff'])
        .and((row) => row.syncState === 'synced'),
  },
  customer_type: {
    table: (db) => db.customerTypes,
    key: byNumber,
    toLocal: same,
    ofCompany: (db, companyId) => db.customerTypes.where('company').equals(companyId),
  },
  customer_level: {
    table: (db) => db.customerLevels,
    key: byNumber,
    toLocal: same,
    ofCompany: (db, companyId) => db.customerLevels.where('company').equals(companyId),
  },
  price_policy: {
    table: (db) => db.pricePolicies,
    key: byNumber,
    toLocal: same,
    ofCompany: (db, companyId) => db.pricePolicies.where('company').equals(companyId),
  },
};

export function isMirrored(entity: SyncEntity): boolean {
  return entity in MIRRORS;
}

/** The tables a transaction applying server records must lock. */
export function mirrorTables(db: AppDb): Table[] {
  return [...Object.values(MIRRORS).map((mirror) => mirror.table(db)), db.outbox];
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
export async function putServerRecord(db: AppDb, entity: SyncEntity, data: unknown, queued?: Map<string, number>): Promise<void> {
  const mirror = MIRRORS[entity];
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
  changes: { entity: SyncEntity; id: string; op: 'upsert' | 'delete'; data?: unknown }[],
): Promise<void> {
  const busy = await busyIds(db);
  const latest = new Map<SyncEntity, Map<string, unknown | null>>();
  for (const change of changes) {
    if (!MIRRORS[change.entity] || busy.has(change.id)) continue;
    const forEntity = latest.get(change.entity) ?? new Map<string, unknown | null>();
    forEntity.set(change.id, change.op === 'upsert' ? change.data : null);
    latest.set(change.entity, forEntity);
  }
  for (const [entity, records] of latest) {
    const mirror = MIRRORS[entity]!;
    const puts = [...records.values()].filter((record) => record !== null);
    const deletes = [...records.entries()].filter(([, record]) => record === null).map(([id]) => mirror.key(id));
    // A few hundred rows per call: each call's copying runs in one go on the main thread, and the
    // wait between calls lets taps and paints through while the transaction stays open.
    for (let at = 0; at < puts.length; at += WRITE_CHUNK) {
      const chunk = puts.slice(at, at + WRITE_CHUNK).map((record) => mirror.toLocal(record as never));
      await mirror.table(db).bulkPut(await withLocalParts(db, mirror, chunk));
    }
    if (deletes.length) await mirror.table(db).bulkDelete(deletes);
  }
}

/** A cursor reset: forget what was mirrored for the company, except records with queued work. */
export async function clearMirror(db: AppDb, companyId: number): Promise<void> {
  for (const mirror of Object.values(MIRRORS)) await mirror.ofCompany(db, companyId).delete();
}
