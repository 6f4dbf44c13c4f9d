/**
 * Queueing work for the server. Call `enqueueOp` inside the same Dexie transaction that writes the
 * record the op describes (local-write.ts writeWithOp): either both are saved or neither
 * (docs/offline-sync.md "One write path").
 */
import Dexie from 'dexie';
import * as v from 'valibot';
import { SYNC_SCHEMA_VERSION } from '@contract/sync';
import { OP_SPECS, type OpPayload, type OpType, type SyncEntity } from '@contract/sync-domains';
import { uuidv7 } from '@contract/uuid';
import type { AppDb, OutboxRow } from '@/db/app-db';

export type NewOp<T extends OpType> = {
  type: T;
  payload: OpPayload<T>;
  companyId: number;
  accountId: number;
  entity?: { type: SyncEntity; id: string } | null;
  dependsOn?: string[];
  /** Files saved in the same transaction (src/sync/outbox-files.ts saveOutboxFile), uploaded before the op is sent. */
  files?: string[];
};

/** Adds the op to the outbox; returns its opId. Throws (aborting the caller's transaction) on an invalid payload. */
export async function enqueueOp<T extends OpType>(db: AppDb, op: NewOp<T>, now = new Date()): Promise<string> {
  const transaction = Dexie.currentTransaction;
  if (!transaction || !transaction.storeNames.includes(db.outbox.name)) {
    throw new Error('enqueueOp must run inside the transaction that writes the record');
  }
  // A payload the server would refuse for its shape is a bug here, not something to queue.
  v.parse(OP_SPECS[op.type].schema, op.payload);
  const row: OutboxRow = {
    opId: uuidv7(now.getTime()),
    companyId: op.companyId,
    accountId: op.accountId,
    type: op.type,
    payload: op.payload,
    schemaVersion: SYNC_SCHEMA_VERSION,
    clientCreatedAt: now.toISOString(),
    dependsOn: op.dependsOn ?? [],
    ...(op.files?.length ? { files: op.files } : {}),
    entity: op.entity ?? null,
    state: 'pending',
    attempts: 0,
    nextAttemptAt: 0,
    lastError: null,
    result: null,
    doneAt: null,
  };
  await db.outbox.add(row);
  return row.opId;
}

/**
 * The refused ops about a record, set aside by the person with a reason (a refused order the
 * customer no longer wants): they no longer ask for attention (the bell, "Cần xử lý"), and stay
 * listed on /diagnostics with the reason. Returns how many. Call inside the record's own transaction.
 */
export async function dismissRefusedOps(db: AppDb, entityId: string, reason: string, now = new Date()): Promise<number> {
  return db.outbox
    .where('entity.id')
    .equals(entityId)
    .filter((op) => op.state === 'rejected')
    .modify(setAside(reason, now));
}

/**
 * Set one refused op aside with the person's reason (/diagnostics): with the other refused ops about
 * the same record, or alone when it is about none.
 */
export async function dismissRefusal(db: AppDb, op: Pick<OutboxRow, 'seq' | 'entity'>, reason: string, now = new Date()): Promise<number> {
  if (op.entity) return dismissRefusedOps(db, op.entity.id, reason, now);
  return db.outbox
    .where('seq')
    .equals(op.seq!)
    .filter((row) => row.state === 'rejected')
    .modify(setAside(reason, now));
}

const setAside = (reason: string, now: Date) => ({
  state: 'done' as const,
  doneAt: now.getTime(),
  dismissed: { reason, at: now.toISOString() },
});

const listeners = new Set<() => void>();

/** Tell the sync engine new work is queued (after the transaction committed). */
export function notifyOutboxChanged(): void {
  for (const listener of listeners) listener();
}

export function onOutboxChanged(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * The op of a type about a record that the server has not yet applied, for ops that must follow it
 * (an order for a customer made on this device, a check-out after its check-in): the later op
 * names it in `dependsOn`.
 */
export async function unappliedOpFor(db: AppDb, entityId: string, type: OpType): Promise<string | null> {
  const op = await db.outbox
    .where('entity.id')
    .equals(entityId)
    .filter((row) => row.type === type && row.state !== 'done')
    .first();
  return op?.opId ?? null;
}

/** The latest op about a record (its chip shows this op's state). */
export async function latestOpFor(db: AppDb, entityId: string): Promise<OutboxRow | undefined> {
  const rows = await db.outbox.where('entity.id').equals(entityId).sortBy('seq');
  return rows.at(-1);
}
