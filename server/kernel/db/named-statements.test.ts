import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type pg from 'pg';
import { rowsOf } from '@server/kernel/sql';
import { openTestDatabase } from '@server/testing/test-database';
import { namingClient, withNamedStatements } from './named-statements';

/** A stand-in for pg.Client that records what each query call would send. */
class RecordingClient {
  sent: unknown[] = [];
  query(config: unknown) {
    this.sent.push(config);
    return Promise.resolve({ rows: [] });
  }
}

function recordingClient() {
  const Naming = namingClient(RecordingClient as unknown as typeof pg.Client);
  const client = new Naming() as unknown as RecordingClient & { query: (...args: unknown[]) => Promise<unknown> };
  return client;
}

const nameOf = (config: unknown) => (config as { name?: string }).name;

describe('named statements (server/kernel/db/named-statements.ts)', () => {
  it('names a parameterised statement by its text, the same on every connection, and leaves the caller’s config alone', async () => {
    const [first, second] = [recordingClient(), recordingClient()];
    const config = { text: 'select * from customers where id = $1', types: {} };
    await withNamedStatements(async () => {
      await first.query(config, ['a']);
      await second.query({ text: config.text }, ['b']);
      await first.query({ text: 'select * from customers where code = $1' }, ['KH1']);
    });
    expect(nameOf(first.sent[0])).toMatch(/^s_[\w-]{27}$/);
    expect(nameOf(second.sent[0])).toBe(nameOf(first.sent[0]));
    expect(nameOf(first.sent[1])).not.toBe(nameOf(first.sent[0]));
    expect((first.sent[0] as { types: unknown }).types).toBe(config.types);
    expect(config).not.toHaveProperty('name');
  });

  it('names nothing outside withNamedStatements: a statement there is planned for its values', async () => {
    const client = recordingClient();
    await client.query({ text: 'select * from report_order_facts where day between $1 and $2' }, ['2026-01-01', '2026-11-30']);
    await withNamedStatements(async () => {
      await new Promise((resolve) => setTimeout(resolve, 1));
      await client.query({ text: 'select * from orders where id = $1' }, ['a']);
    });
    expect(nameOf(client.sent[0])).toBeUndefined();
    expect(nameOf(client.sent[1])).toMatch(/^s_/);
  });

  it('sends unnamed what has no parameters, keeps a name given, and stops naming new texts after 500 on one connection', () =>
    withNamedStatements(async () => {
      const client = recordingClient();
      await client.query('begin');
      await client.query({ text: 'select 1' });
      await client.query({ text: 'select $1::int', name: 'mine' }, [1]);
      expect(client.sent[0]).toBe('begin');
      expect(nameOf(client.sent[1])).toBeUndefined();
      expect(nameOf(client.sent[2])).toBe('mine');

      for (let n = 0; n < 500; n += 1) await client.query({ text: `select $1::int + ${n}` }, [n]);
      await client.query({ text: 'select $1::int + 500' }, [0]);
      await client.query({ text: 'select $1::int + 0' }, [0]);
      const last = client.sent.slice(-2);
      expect(nameOf(last[0])).toBeUndefined();
      expect(nameOf(last[1])).toMatch(/^s_/);
    }));
});

describe('named statements on the database the tests run on', () => {
  let db: Awaited<ReturnType<typeof openTestDatabase>>;
  beforeAll(async () => {
    db = await openTestDatabase();
  });
  afterAll(async () => {
    await db?.close();
  });

  it('PostgreSQL keeps a repeated statement parsed on its connection within withNamedStatements, and no other; PGlite, with no pool, gets none', async () => {
    const run = (offset: number) =>
      db.db.transaction(async (tx) => {
        for (const value of [1, 2])
          expect(
            rowsOf<{ answer: number }>(await tx.execute(sql`select ${value}::int + ${sql.raw(String(offset))} as answer`))[0]!.answer,
          ).toBe(value + offset);
        return rowsOf<{ statement: string }>(
          await tx.execute(sql`select statement from pg_prepared_statements where statement like ${'select $1::int + %'}`),
        );
      });
    const outside = await run(41);
    const inside = await withNamedStatements(() => run(42));
    expect(outside).toEqual([]);
    if (db.label === 'postgres') expect(inside).toEqual([{ statement: 'select $1::int + 42 as answer' }]);
    else expect(inside).toEqual([]);
  });
});
