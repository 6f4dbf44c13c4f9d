/**
 * One page of a company's change log after a cursor, with each record's current data (each
 * entity's loader, kernel/sync/domain.ts). Records owned by one account (a rep's visits) go to that
 * account only. A cursor the server cannot serve (older than the purge horizon, or newer than
 * anything it has: another database) answers `reset`.
 *
 * An entity may follow the member's data scope (customers do, server/modules/roles/data-scope.ts):
 * its loader leaves out a record outside the scope, which then goes out as a delete, so a customer
 * reassigned to another rep leaves the first rep's phone. When the scope itself changes (role,
 * region), the device's scope key no longer matches and it is told to start over, which also
 * brings the records that came into scope without changing.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { PullAnswer, SyncChange } from '@contract/sync';
import type { Db } from '../db/client';
import { rowsOf } from '../sql';
import type { SyncRegistry } from './domain';

/**
 * The member's data scope: a key naming the choice, the entities they may read (the others are never
 * sent; contract/sync-domains.ts readableEntities), and a condition per scoped entity (absent: all).
 */
export type PullScope = { key: string; entities: readonly string[]; filters: Partial<Record<string, SQL | null>> };

/** The change-log rows a member's phone may receive. */
function visibleTo(companyId: number, accountId: number, entities: readonly string[]): SQL {
  const readable =
    entities.length > 0
      ? sql`entity in (${sql.join(
          entities.map((entity) => sql`${entity}`),
          sql`, `,
        )})`
      : sql`false`;
  return sql`company_id = ${companyId} and (owner_account_id is null or owner_account_id = ${accountId}) and ${readable}`;
}

type LogRow = { entity: string; entity_id: string; op: 'upsert' | 'delete'; seq: string | number };

async function countAfter(db: Db, visible: SQL, cursor: number): Promise<number> {
  const [row] = rowsOf<{ n: string | number }>(
    await db.execute(sql`select count(*) as n from change_log where ${visible} and seq > ${cursor}`),
  );
  return Number(row?.n ?? 0);
}

export async function pullPage(
  db: Db,
  registry: SyncRegistry,
  input: {
    companyId: number;
    accountId: number;
    cursor: number;
    limit: number;
    scope: PullScope;
    deviceScopeKey?: string;
    /** Count what remains after the page (PullAnswer.remaining). */
    count?: boolean;
  },
): Promise<PullAnswer> {
  const serverTime = new Date().toISOString();
  const scopeKey = input.scope.key;
  // A caller that names no scope (an API client, not a device mirror) is not made to start over.
  const scopeChanged = input.deviceScopeKey !== undefined && input.deviceScopeKey !== scopeKey;
  if (input.cursor > 0 && scopeChanged) return { changes: [], cursor: 0, hasMore: true, reset: true, scopeKey, serverTime };
  if (input.cursor > 0) {
    const [bounds] = rowsOf<{ max_seq: string | number | null; min_cursor: string | number | null }>(
      await db.execute(sql`
        select (select max(seq) from change_log where company_id = ${input.companyId}) as max_seq,
               (select min_cursor from sync_horizons where company_id = ${input.companyId}) as min_cursor`),
    );
    const maxSeq = Number(bounds?.max_seq ?? 0);
    const minCursor = Number(bounds?.min_cursor ?? 0);
    if (input.cursor > maxSeq || input.cursor < minCursor)
      return { changes: [], cursor: 0, hasMore: true, reset: true, scopeKey, serverTime };
  }
  const visible = visibleTo(input.companyId, input.accountId, input.scope.entities);
  const rows = rowsOf<LogRow>(
    await db.execute(sql`
      select entity, entity_id, op, seq from change_log
      where ${visible} and seq > ${input.cursor}
      order by seq
      limit ${input.limit}`),
  );
  const idsByEntity = new Map<string, string[]>();
  for (const row of rows) {
    if (row.op !== 'upsert') continue;
    const ids = idsByEntity.get(row.entity);
    if (ids) ids.push(row.entity_id);
    else idsByEntity.set(row.entity, [row.entity_id]);
  }
  const loaded = new Map<string, Map<string, unknown>>();
  for (const [entity, ids] of idsByEntity) {
    const loader = registry.loader(entity);
    loaded.set(entity, loader ? await loader(db, input.companyId, ids, input.scope.filters[entity] ?? null) : new Map());
  }
  const changes: SyncChange[] = rows.map((row) => {
    const data = row.op === 'upsert' ? loaded.get(row.entity)?.get(row.entity_id) : undefined;
    // An upsert whose record is gone can only be read as a delete.
    return data === undefined
      ? { seq: Number(row.seq), entity: row.entity, id: row.entity_id, op: 'delete' }
      : { seq: Number(row.seq), entity: row.entity, id: row.entity_id, op: 'upsert', data };
  });
  const last = rows.at(-1);
  const cursor = last ? Number(last.seq) : input.cursor;
  const hasMore = rows.length === input.limit;
  const remaining = !hasMore ? 0 : input.count ? await countAfter(db, visible, cursor) : undefined;
  return { changes, cursor, hasMore, ...(remaining === undefined ? {} : { remaining }), reset: false, scopeKey, serverTime };
}
