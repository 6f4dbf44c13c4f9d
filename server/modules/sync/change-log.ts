/**
 * Writing the change log, always inside the transaction that makes the change. The advisory lock
 * (per company, held until commit) makes sequence numbers commit in order, so a pull never skips a
 * change that commits late (research/offline.md 1.10).
 */
import { sql } from 'drizzle-orm';
import type { SyncEntity } from '../../../contract/sync';
import type { Db } from '../../db/client';

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
  const companies = [...new Set(changes.map((change) => change.companyId))].sort((a, b) => a - b);
  for (const companyId of companies) await tx.execute(sql`select pg_advisory_xact_lock(${CHANGE_LOG_LOCK}, ${companyId})`);
  for (const change of changes) {
    await tx.execute(sql`
      insert into change_log (company_id, entity, entity_id, op, owner_account_id)
      values (${change.companyId}, ${change.entity}, ${String(change.entityId)}, ${change.op}, ${change.ownerAccountId ?? null})
      on conflict (company_id, entity, entity_id) do update
        set seq = nextval('change_log_seq'), op = excluded.op, owner_account_id = excluded.owner_account_id, changed_at = now()`);
  }
}

export async function recordChange(tx: Db, change: ChangeInput): Promise<void> {
  await recordChanges(tx, [change]);
}
