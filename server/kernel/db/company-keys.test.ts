/**
 * The path past one database server (docs/architecture.md "Past one database server"): Citus
 * distributes tables by company_id and needs it in every primary and unique key of a distributed
 * table, and in every foreign key between two of them. This test fails on a company table, a key
 * or a foreign key that leaves it out (migration 0029 widened those made before).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { rowsOf } from '@server/kernel/sql';
import { openTestDatabase } from '@server/testing/test-database';
import { unguarded } from '@server/testing/change-log-guard';

/**
 * Not distributed by company: the job queue, providers' inbound events, the platform's own orders,
 * and a person's notifications (some belong to no company: they follow the account).
 */
const NOT_DISTRIBUTED = ['jobs', 'inbound_events', 'notifications', 'system_orders'];

let db: Awaited<ReturnType<typeof openTestDatabase>>;
beforeAll(async () => {
  db = await openTestDatabase();
});
afterAll(async () => {
  await db?.close();
});

/** Every primary or unique key of a table with a company_id column that does not hold company_id. */
async function keysWithoutCompany(): Promise<{ primary: string[]; unique: string[] }> {
  const rows = rowsOf<{ table: string; primary: boolean; columns: string }>(
    await db.db.execute(sql`
      select t.relname as "table", i.indisprimary as "primary",
             (select string_agg(a.attname, ',' order by k.n) from unnest(i.indkey) with ordinality k(attnum, n)
                join pg_attribute a on a.attrelid = t.oid and a.attnum = k.attnum) as "columns"
      from pg_class t
      join pg_namespace s on s.oid = t.relnamespace and s.nspname = 'public'
      join pg_index i on i.indrelid = t.oid and i.indisunique
      where t.relkind = 'r'
        and exists (select 1 from pg_attribute a where a.attrelid = t.oid and a.attname = 'company_id' and not a.attisdropped)
        and not exists (select 1 from unnest(i.indkey) k join pg_attribute a on a.attrelid = t.oid and a.attnum = k
                        where a.attname = 'company_id')`),
  ).filter((row) => !NOT_DISTRIBUTED.includes(row.table));
  const named = (primary: boolean) =>
    rows
      .filter((row) => row.primary === primary)
      .map((row) => `${row.table}(${row.columns})`)
      .sort();
  return { primary: named(true), unique: named(false) };
}

/** Every foreign key from one company table to another that does not join on company_id. */
async function foreignKeysWithoutCompany(): Promise<string[]> {
  const rows = rowsOf<{ name: string; child: string; parent: string }>(
    await db.db.execute(sql`
      select c.conname as "name", c.conrelid::regclass::text as "child", c.confrelid::regclass::text as "parent"
      from pg_constraint c
      where c.contype = 'f'
        and exists (select 1 from pg_attribute a where a.attrelid = c.conrelid and a.attname = 'company_id' and not a.attisdropped)
        and exists (select 1 from pg_attribute a where a.attrelid = c.confrelid and a.attname = 'company_id' and not a.attisdropped)
        and not exists (select 1 from unnest(c.conkey) with ordinality k(attnum, n)
                          join unnest(c.confkey) with ordinality f(attnum, n) on f.n = k.n
                          join pg_attribute a on a.attrelid = c.conrelid and a.attnum = k.attnum and a.attname = 'company_id'
                          join pg_attribute b on b.attrelid = c.confrelid and b.attnum = f.attnum and b.attname = 'company_id')`),
  );
  return rows
    .filter((row) => !NOT_DISTRIBUTED.includes(row.child) && !NOT_DISTRIBUTED.includes(row.parent))
    .map((row) => row.name)
    .sort();
}

describe('company_id in the keys of company tables (the way to Citus)', () => {
  it('every primary and unique key of a company table holds company_id', async () => {
    const found = await keysWithoutCompany();
    expect(found.unique).toEqual([]);
    expect(found.primary).toEqual([]);
  });

  it('every foreign key between company tables joins company_id to company_id', async () => {
    expect(await foreignKeysWithoutCompany()).toEqual([]);
  });

  it('finds a key or a foreign key that leaves company_id out (the checks above can fail)', async () => {
    await db.db.execute(sql`create table keys_probe (id integer primary key, company_id integer not null, code text, customer_id uuid,
      customer_company integer, foreign key (customer_id, customer_company) references customers (id, company_id))`);
    await db.db.execute(sql`create unique index keys_probe_code_key on keys_probe (code)`);
    try {
      expect(await keysWithoutCompany()).toEqual({ primary: ['keys_probe(id)'], unique: ['keys_probe(code)'] });
      expect(await foreignKeysWithoutCompany()).toEqual(['keys_probe_customer_id_customer_company_fkey']);
    } finally {
      await db.db.execute(sql`drop table keys_probe`);
    }
  });

  it("refuses a row that points at another company's row", async () => {
    const company = async (title: string) =>
      rowsOf<{ id: number }>(await db.db.execute(sql`insert into companies (title, type) values (${title}, 'Khác') returning id`))[0]!.id;
    const [first, second] = [await company('Công ty A'), await company('Công ty B')];
    // Rows put straight into the tables: no phone hears of them (server/testing/change-log-guard.ts).
    const [type] = rowsOf<{ id: number }>(
      await unguarded(db.db, (tx) =>
        tx.execute(sql`insert into customer_types (company_id, title) values (${first}, 'Nhà thuốc') returning id`),
      ),
    );
    const customer = (companyId: number) =>
      unguarded(db.db, (tx) =>
        tx.execute(sql`insert into customers (id, company_id, code, name, kind, customer_type_id)
          values (gen_random_uuid(), ${companyId}, 'KH1', 'Nhà thuốc Minh Châu', 'pharmacy', ${type!.id})`),
      );
    await expect(customer(second)).rejects.toMatchObject({
      cause: { code: '23503', constraint: 'customers_customer_type_id_customer_types_id_fk' },
    });
    await customer(first);
  });
});
