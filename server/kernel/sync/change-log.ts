/**
 * Writing the change log, always inside the transaction that makes the change. The advisory lock
 * (per company, held until commit) makes sequence numbers commit in order, so a pull never skips a
 * change that commits late (docs/offline-sync.md "Pull and the change log"). Many changes go in one statement per kind
 * (a brand rename re-sends every variant of its products).
 */
import { sql } from 'drizzle-orm';
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

export async function recordChanges(tx: Db, changes: ChangeInput[]): Promise<void> {
  if (changes.length === 0) return;
  const companies = [...new Set(changes.map((change) => change.companyId))].sort((a, b) => a - b);
  for (const companyId of companies) await tx.execute(sql`select pg_advisory_xact_lock(${CHANGE_LOG_LOCK}, ${companyId})`);
  // One statement cannot touch a row twice: the last change of a record wins, grouped by kind.
  const latest = new Map(changes.map((change) => [`${change.companyId}|${change.entity}|${change.entityId}`, change]));
  const groups = new Map<string, ChangeInput[]>();
  for (const change of latest.values()) {
    const key = `${change.companyId}|${change.entity}|${change.op}|${change.ownerAccountId ?? ''}`;
    groups.set(key, [...(groups.get(key) ?? []), change]);
  }
  for (const group of groups.values()) {
    const { companyId, entity, op, ownerAccountId } = group[0]!;
    const ids = group.map((change) => String(change.entityId));
    await tx.execute(sql`
      insert into change_log (company_id, entity, entity_id, op, owner_account_id)
      select ${companyId}, ${entity}, id, ${op}, ${ownerAccountId ?? null}::integer from unnest(${sql.param(ids)}::text[]) as id
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
