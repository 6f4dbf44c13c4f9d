import { and, asc, desc, eq, like, sql } from 'drizzle-orm';
import { boolean, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '@server/testing/test-database';
import type { DatabaseHandle } from './db/client';
import { pagedRows } from './lists';

// Tables of this file only: shelves, the items on them, and a note some items carry.
const shelves = pgTable('paging_shelves', { id: integer('id').primaryKey(), name: text('name').notNull() });
const items = pgTable('paging_items', {
  id: integer('id').primaryKey(),
  shelfId: integer('shelf_id').notNull(),
  name: text('name').notNull(),
  sold: boolean('sold').notNull(),
});
const notes = pgTable('paging_notes', { itemId: integer('item_id').primaryKey(), text: text('text').notNull() });

let database: DatabaseHandle;

/** 25 items on shelves 1–3 (item i on shelf i % 3 + 1); every fourth sold; notes on even items. */
const ITEMS = Array.from({ length: 25 }, (_, i) => ({
  id: i + 1,
  shelfId: ((i + 1) % 3) + 1,
  name: `item ${String(i + 1).padStart(2, '0')}`,
  sold: (i + 1) % 4 === 0,
}));

beforeAll(async () => {
  database = await openTestDatabase();
  const { db } = database;
  await db.execute(sql`create table paging_shelves (id int primary key, name text not null)`);
  await db.execute(
    sql`create table paging_items (id int primary key, shelf_id int not null references paging_shelves, name text not null, sold boolean not null)`,
  );
  await db.execute(sql`create table paging_notes (item_id int primary key references paging_items, text text not null)`);
  await db.insert(shelves).values([1, 2, 3].map((id) => ({ id, name: `shelf ${id}` })));
  await db.insert(items).values(ITEMS);
  await db.insert(notes).values(ITEMS.filter((item) => item.id % 2 === 0).map((item) => ({ itemId: item.id, text: `note ${item.id}` })));
});
afterAll(async () => {
  await database.close();
});

/** Items with their shelf's name (the same column name as the item's) and note, on shelves 1 and 2, not sold. */
const unsoldOnShelves = () =>
  database.db
    .select({ id: items.id, name: items.name, shelf: shelves.name, note: notes.text, upper: sql<string>`upper(${items.name})` })
    .from(items)
    .innerJoin(shelves, eq(shelves.id, items.shelfId))
    .leftJoin(notes, eq(notes.itemId, items.id))
    .where(and(eq(items.sold, false), like(shelves.name, 'shelf _'), sql`${shelves.id} in (1, 2)`))
    .$dynamic();

/** What that select holds, by id. */
const EXPECTED = [1, 3, 6, 7, 9, 10, 13, 15, 18, 19, 21, 22, 25];

describe('pagedRows', () => {
  it('answers the first page in the order asked, with the count of every row the select holds', async () => {
    expect(EXPECTED).toEqual(ITEMS.filter((item) => !item.sold && item.shelfId !== 3).map((item) => item.id));
    const page = await pagedRows(database.db, unsoldOnShelves(), [desc(items.id)], { page: 1, limit: 5 });
    expect(page.count).toBe(13);
    expect(page.rows.map((row) => row.id)).toEqual([25, 22, 21, 19, 18]);
    const first = page.rows[0]!;
    expect(first).toEqual({
      id: first.id,
      name: `item ${String(first.id).padStart(2, '0')}`,
      shelf: `shelf ${(first.id % 3) + 1}`,
      note: first.id % 2 === 0 ? `note ${first.id}` : null,
      upper: `ITEM ${String(first.id).padStart(2, '0')}`,
    });
  });

  it('answers the last page partly filled', async () => {
    const page = await pagedRows(database.db, unsoldOnShelves(), [asc(items.id)], { page: 3, limit: 5 });
    expect(page).toMatchObject({ count: 13 });
    expect(page.rows.map((row) => row.id)).toEqual([21, 22, 25]);
  });

  it('answers a page past the end with no row and the count still right', async () => {
    expect(await pagedRows(database.db, unsoldOnShelves(), [asc(items.id)], { page: 4, limit: 5 })).toEqual({ rows: [], count: 13 });
    expect(await pagedRows(database.db, unsoldOnShelves(), [asc(items.id)], { page: 1000, limit: 200 })).toEqual({ rows: [], count: 13 });
  });

  it('counts exactly the rows the select holds, the pages together being all of them', async () => {
    const all = await unsoldOnShelves().orderBy(asc(items.id));
    const pages = [];
    for (let page = 1; page <= 4; page += 1)
      pages.push(await pagedRows(database.db, unsoldOnShelves(), [asc(items.id)], { page, limit: 4 }));
    expect(pages.map((page) => page.count)).toEqual([all.length, all.length, all.length, all.length]);
    expect(pages.flatMap((page) => page.rows)).toEqual(all);
    expect(all.map((row) => row.id)).toEqual(EXPECTED);
  });

  it('counts what an inner join drops and a left join keeps, and an unfiltered select', async () => {
    const noted = database.db.select({ id: items.id }).from(items).innerJoin(notes, eq(notes.itemId, items.id)).$dynamic();
    expect((await pagedRows(database.db, noted, [asc(items.id)], { page: 1, limit: 3 })).count).toBe(12);
    const everything = database.db
      .select({ id: items.id, note: notes.text })
      .from(items)
      .leftJoin(notes, eq(notes.itemId, items.id))
      .$dynamic();
    const page = await pagedRows(database.db, everything, [asc(items.id)], { page: 9, limit: 3 });
    expect(page).toEqual({ rows: [{ id: 25, note: null }], count: 25 });
  });

  it('answers the same inside a transaction (its queries one after another)', async () => {
    const page = await database.db.transaction((tx) =>
      pagedRows(tx, tx.select({ id: items.id }).from(items).where(eq(items.shelfId, 2)).$dynamic(), [desc(items.name)], {
        page: 2,
        limit: 3,
      }),
    );
    expect(page).toEqual({ rows: [{ id: 16 }, { id: 13 }, { id: 10 }], count: 9 });
  });
});
