import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SYNC_ENTITIES } from '@contract/sync-domains';
import type { Db } from '@server/kernel/db/client';
import { rowsOf } from '@server/kernel/sql';
import { holdChanges, recordUpserts, writeChanges, type ChangeInput } from '@server/kernel/sync/change-log';
import { CHANGE_LOG_COVERAGE, changeLogGuardArmed, GUARD_ENV, uncoveredEntities, unguarded } from './change-log-guard';
import { openTestDatabase } from './test-database';

let database: Awaited<ReturnType<typeof openTestDatabase>>;
let db: Db;
let customer: { id: string; company_id: number };
let stock: { variant_id: number; warehouse_id: number; company_id: number };

beforeAll(async () => {
  database = await openTestDatabase({ seed: 'demo' });
  db = database.db;
  customer = rowsOf<typeof customer>(await db.execute(sql`select id, company_id from customers order by code limit 1`))[0]!;
  stock = rowsOf<typeof stock>(await db.execute(sql`select variant_id, warehouse_id, company_id from stock_levels limit 1`))[0]!;
});

afterAll(async () => {
  await database?.close();
});

/** What a write failed with, through drizzle's wrapping of a failed statement. */
async function failure(write: Promise<unknown>): Promise<string> {
  try {
    await write;
  } catch (error) {
    const { message, cause } = error as Error & { cause?: Error };
    return cause?.message ?? message;
  }
  return 'committed';
}

const renameCustomer = (tx: Db, note: string) => tx.execute(sql`update customers set note = ${note} where id = ${customer.id}`);

describe('the change-log guard of the server tests', () => {
  it('is armed in this project', () => {
    expect([process.env[GUARD_ENV], changeLogGuardArmed()]).toEqual(['on', true]);
  });
});

describe('the change-log guard, armed', () => {
  it('fails the commit of a write to a mirrored record that records no change', async () => {
    expect(await failure(db.transaction((tx) => renameCustomer(tx, 'không ghi nhật ký')))).toMatch(
      /change-log guard: update on customers changed customer .* with no recordChanges/,
    );
    // Outside a transaction too: the statement is its own transaction.
    expect(await failure(renameCustomer(db, 'một câu lệnh'))).toMatch(/change-log guard/);
  });

  it('lets it commit with its change recorded in the same transaction', async () => {
    await db.transaction(async (tx) => {
      await renameCustomer(tx, 'có ghi nhật ký');
      await recordUpserts(tx, customer.company_id, 'customer', [customer.id]);
    });
    // Recorded in a savepoint the transaction keeps, as well.
    await db.transaction(async (tx) => {
      await renameCustomer(tx, 'ghi trong savepoint');
      await tx.transaction((inner) => recordUpserts(inner, customer.company_id, 'customer', [customer.id]));
    });
  });

  it('counts only a change this transaction wrote', async () => {
    // The change log already names the customer (the previous test): an earlier transaction's row is not this one's.
    expect(await failure(db.transaction((tx) => renameCustomer(tx, 'lần sau')))).toMatch(/change-log guard/);
    // Another record's change does not count.
    expect(
      await failure(
        db.transaction(async (tx) => {
          await renameCustomer(tx, 'bản ghi khác');
          await recordUpserts(tx, customer.company_id, 'customer', ['00000000-0000-0000-0000-000000000000']);
        }),
      ),
    ).toMatch(/change-log guard/);
    // A savepoint rolled back takes its change with it.
    expect(
      await failure(
        db.transaction(async (tx) => {
          await renameCustomer(tx, 'savepoint bỏ');
          await tx
            .transaction(async (inner) => {
              await recordUpserts(inner, customer.company_id, 'customer', [customer.id]);
              throw new Error('rolled back');
            })
            .catch(() => undefined);
        }),
      ),
    ).toMatch(/change-log guard/);
  });

  it('checks at the commit: an op’s held changes written as its last statement count', async () => {
    await db.transaction(async (tx) => {
      const held: ChangeInput[] = [];
      await holdChanges(tx, held, async () => {
        await recordUpserts(tx, customer.company_id, 'customer', [customer.id]);
        await renameCustomer(tx, 'thao tác của điện thoại');
      });
      await writeChanges(tx, held);
    });
    expect(
      await failure(
        db.transaction(async (tx) => {
          await holdChanges(tx, [], async () => {
            await recordUpserts(tx, customer.company_id, 'customer', [customer.id]);
            await renameCustomer(tx, 'giữ lại mà không ghi');
          });
        }),
      ),
    ).toMatch(/change-log guard/);
  });

  it('checks a row that is part of another entity’s record by the record’s id', async () => {
    const addOne = (tx: Db) =>
      tx.execute(sql`update stock_levels set on_hand = on_hand + 1
        where company_id = ${stock.company_id} and warehouse_id = ${stock.warehouse_id} and variant_id = ${stock.variant_id}`);
    expect(await failure(db.transaction(addOne))).toContain(`update on stock_levels changed stock ${stock.variant_id} `);
    await db.transaction(async (tx) => {
      await addOne(tx);
      await recordUpserts(tx, stock.company_id, 'stock', [stock.variant_id]);
    });
    // The book value alone is not part of what phones mirror.
    await db.execute(sql`update stock_levels set value = value + 1
      where company_id = ${stock.company_id} and warehouse_id = ${stock.warehouse_id} and variant_id = ${stock.variant_id}`);
  });

  it('leaves alone an update that changes nothing, and a test’s own set-up writes', async () => {
    await db.execute(sql`update customers set note = note where id = ${customer.id}`);
    await unguarded(db, (tx) => renameCustomer(tx, 'dữ liệu dựng sẵn của bài thử'));
  });

  it('has every guarded table’s trigger in the database', async () => {
    const triggers = rowsOf<{ name: string }>(
      await db.execute(sql`select tgrelid::regclass::text || ':' || tgname as name from pg_trigger where tgname like 'change_log_guard_%'`),
    ).map((row) => row.name);
    const expected = Object.entries(CHANGE_LOG_COVERAGE).flatMap(([entity, coverage]) =>
      coverage.guarded.map((guarded) => `${guarded.table}:change_log_guard_${entity}`),
    );
    expect(triggers.sort()).toEqual(expected.sort());
  });
});

describe('the change-log guard’s coverage', () => {
  it('names every mirrored entity: its tables checked, or why not', () => {
    expect(uncoveredEntities(SYNC_ENTITIES, CHANGE_LOG_COVERAGE)).toEqual([]);
    expect(Object.keys(CHANGE_LOG_COVERAGE).sort()).toEqual([...SYNC_ENTITIES].sort());
  });

  it('fails for a new entity that is neither checked nor said to be derived', () => {
    const coverage = { ...CHANGE_LOG_COVERAGE, stock_count_note: { guarded: [] } };
    expect(uncoveredEntities([...SYNC_ENTITIES, 'stock_count_note', 'visit_photo'], coverage)).toEqual(['stock_count_note', 'visit_photo']);
    const derived = { ...coverage, stock_count_note: { guarded: [], notCovered: 'derived from the counts' } };
    expect(uncoveredEntities([...SYNC_ENTITIES, 'stock_count_note'], derived)).toEqual([]);
  });
});
