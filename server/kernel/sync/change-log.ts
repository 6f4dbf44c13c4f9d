/**
 * Writing the change log, always inside the transaction that makes the change. The advisory lock
 * (per company, held until commit) makes sequence numbers commit in order, so a pull never skips a
 * change that commits late (docs/offline-sync.md "Pull and the change log"). Many changes go in one statement per kind
 * (a brand rename re-sends every variant of its products).
 */
import { sql, type SQL } from 'drizzle-orm';
import type { SyncEntity } from '@contract/sync-domains';
import type { Db } from '../db/client';

const CHANGE_LOG_LOCK = 727_003;

export type ChangeInput = {
  companyId: number;
  entity: SyncEntity;
  entityId: string | number;
  op: 'upsert' | 'delete';
  /** Only this account mirrors the record (a rep's own visits and orders). */
  ownerAccountId?: number | null;
};

/** The changes an op holds back until it has been decided (holdChanges). */
const heldBack = new WeakMap<Db, ChangeInput[]>();

/**
 * Runs an op's handler with the changes it records put in `held` instead of written (push.ts
 * writes them with writeChanges as its transaction's last statement): the company's change-log
 * lock is then held for one round trip and the commit, not from the op's first recorded change (a
 * stock reservation, early in an order) to its commit, during which every other op of the company
 * that records a change would wait. A savepoint the handler opens itself writes at once, as
 * outside any op.
 */
export async function holdChanges<T>(tx: Db, held: ChangeInput[], work: () => Promise<T>): Promise<T> {
  heldBack.set(tx, held);
  try {
    return await work();
  } finally {
    heldBack.delete(tx);
  }
}

export async function recordChanges(tx: Db, changes: ChangeInput[]): Promise<void> {
  const held = heldBack.get(tx);
  if (held) held.push(...changes);
  else await writeChanges(tx, changes);
}

/**
 * Writes the held changes. `alongside`, a statement that must run in the same transaction (the op's
 * stored answer: push.ts), rides in the first one as a CTE instead of a round trip of its own, or
 * runs alone when nothing changed: the locks the op holds until its commit are held one round
 * trip less.
 */
export async function writeChanges(tx: Db, changes: readonly ChangeInput[], alongside?: SQL): Promise<void> {
  if (changes.length === 0) {
    if (alongside) await tx.execute(alongside);
    return;
  }
  const companies = [...new Set(changes.map((change) => change.companyId))].sort((a, b) => a - b);
  // One statement cannot touch a row twice: the last change of a record wins. One statement per
  // company, its records as parallel arrays, taking the company's lock first: the lock's CTE is read
  // before any row is joined, so before any sequence number is drawn. In one statement rather than
  // two, the lock is held one round trip less (an order's last statements hold it).
  const latest = new Map(changes.map((change) => [`${change.companyId}|${change.entity}|${change.entityId}`, change]));
  for (const [index, companyId] of companies.entries()) {
    const mine = [...latest.values()].filter((change) => change.companyId === companyId);
    // A data-modifying CTE runs to its end whether or not the statement reads it.
    const also = index === 0 && alongside ? sql`, alongside as (${alongside})` : sql``;
    await tx.execute(sql`
      with locked as materialized (select pg_advisory_xact_lock(${CHANGE_LOG_LOCK}, ${companyId}))${also}
      insert into change_log (company_id, entity, entity_id, op, owner_account_id)
      select ${companyId}, entity, id, op, owner
      from locked, unnest(
        ${sql.param(mine.map((change) => change.entity))}::text[],
        ${sql.param(mine.map((change) => String(change.entityId)))}::text[],
        ${sql.param(mine.map((change) => change.op))}::text[],
        ${sql.param(mine.map((change) => change.ownerAccountId ?? null))}::integer[]
      ) as changed (entity, id, op, owner)
      on conflict (company_id, entity, entity_id) do update
        set seq = nextval('change_log_seq'), op = excluded.op, owner_account_id = excluded.owner_account_id, changed_at = now()`);
  }
}

export async function recordChange(tx: Db, change: ChangeInput): Promise<void> {
  await recordChanges(tx, [change]);
}

/** The same upsert for many records of one entity of one company. */
export async function recordUpserts(tx: Db, companyId: number, entity: SyncEntity, ids: readonly (number | string)[]): Promise<void> {
  await recordChanges(
    tx,
    ids.map((entityId) => ({ companyId, entity, entityId, op: 'upsert' as const })),
  );
}

export async function recordDelete(tx: Db, companyId: number, entity: SyncEntity, id: number | string): Promise<void> {
  await recordChange(tx, { companyId, entity, entityId: id, op: 'delete' });
}
