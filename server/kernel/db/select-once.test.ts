import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { openTestDatabase } from '@server/testing/test-database';
import { appSecrets } from './schema';
import { selectOnce } from './select-once';

let db: Awaited<ReturnType<typeof openTestDatabase>>;
beforeAll(async () => {
  db = await openTestDatabase();
  await db.db.insert(appSecrets).values([
    { name: 'select-once-a', value: '1' },
    { name: 'select-once-b', value: '2' },
  ]);
});
afterAll(async () => {
  await db?.close();
});

describe('selects built once (server/kernel/db/select-once.ts)', () => {
  const other = alias(appSecrets, 'other');
  let builds = 0;
  const secretsSelect = selectOnce((anyDb) => {
    builds += 1;
    return anyDb
      .select({ secret: appSecrets, other })
      .from(appSecrets)
      .leftJoin(other, eq(other.name, sql.placeholder('other')))
      .where(sql`${appSecrets.name} = any(${sql.placeholder('names')}::text[])`)
      .orderBy(appSecrets.name);
  });

  it('answers as the same select built each time (a left join’s missing row is null), with each call’s own values, in the caller’s transaction', async () => {
    const names = ['select-once-a', 'select-once-b'];
    const plain = await db.db
      .select({ secret: appSecrets, other })
      .from(appSecrets)
      .leftJoin(other, eq(other.name, 'nobody'))
      .where(sql`${appSecrets.name} = any(${sql.param(names)}::text[])`)
      .orderBy(appSecrets.name);
    expect(await secretsSelect(db.db, { names, other: 'nobody' })).toEqual(plain);
    expect(plain).toEqual([
      { secret: { name: 'select-once-a', value: '1' }, other: null },
      { secret: { name: 'select-once-b', value: '2' }, other: null },
    ]);

    // A row the transaction wrote and has not committed is seen: the statement runs on its connection.
    await db.db
      .transaction(async (tx) => {
        await tx.insert(appSecrets).values({ name: 'select-once-c', value: '3' });
        expect(await secretsSelect(tx, { names: ['select-once-c'], other: 'select-once-a' })).toEqual([
          { secret: { name: 'select-once-c', value: '3' }, other: { name: 'select-once-a', value: '1' } },
        ]);
        tx.rollback();
      })
      .catch((error: unknown) => {
        if (!(error instanceof Error) || !/rollback/i.test(error.message)) throw error;
      });
    expect(await secretsSelect(db.db, { names: ['select-once-c'], other: 'nobody' })).toEqual([]);
    expect(builds).toBe(1);
  });
});
