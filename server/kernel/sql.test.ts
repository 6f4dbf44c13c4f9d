import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '@server/testing/test-database';
import type { DatabaseHandle } from './db/client';
import { atOnce, rowsOf } from './sql';

let database: DatabaseHandle;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(async () => {
  await database.close();
});

const slowly = (value: number, seconds: number) => async () =>
  rowsOf<{ value: number }>(await database.db.execute(sql`select ${value}::int as value, pg_sleep(${seconds})`))[0]!.value;

describe('atOnce', () => {
  it('answers in the order asked, on the pool and inside a transaction, without overlapping a transaction’s queries', async () => {
    const warnings: string[] = [];
    const onWarning = (warning: Error) => warnings.push(warning.message);
    process.on('warning', onWarning);
    try {
      expect(await atOnce(database.db, slowly(1, 0.05), slowly(2, 0), slowly(3, 0))).toEqual([1, 2, 3]);
      const inside = await database.db.transaction((tx) =>
        atOnce(
          tx,
          async () => rowsOf<{ n: number }>(await tx.execute(sql`select 1::int as n, pg_sleep(0.05)`))[0]!.n,
          async () => rowsOf<{ n: number }>(await tx.execute(sql`select 2::int as n`))[0]!.n,
          async () => rowsOf<{ n: number }>(await tx.execute(sql`select 3::int as n`))[0]!.n,
        ),
      );
      expect(inside).toEqual([1, 2, 3]);
      await new Promise((resolve) => setImmediate(resolve));
    } finally {
      process.off('warning', onWarning);
    }
    expect(warnings.filter((message) => message.includes('already executing a query'))).toEqual([]);
  });
});
