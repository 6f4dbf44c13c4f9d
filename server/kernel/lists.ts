/**
 * Lists paged: short company lists (catalogue options, price policies, regions) filtered and paged in
 * memory; the others paged in SQL (`pagedRows`, `selectPage`).
 */
import type { SQL } from 'drizzle-orm';
import type { PgColumn, PgSelect } from 'drizzle-orm/pg-core';
import type { Paged } from '@contract/envelope';
import { fold } from '@contract/fold';
import type { Db } from './db/client';
import { atOnce, searchWords } from './sql';

/** Every typed word, folded, occurs in the text: `mien nam` finds `Miền Nam`. */
export function matchesSearch(text: string, search: string | undefined): boolean {
  const folded = fold(text);
  return searchWords(search).every((word) => folded.includes(word));
}

export function pageOf<T>(rows: T[], page: number, limit: number): T[] {
  return rows.slice((page - 1) * limit, page * limit);
}

/** Which page of a list (from 1) and how many rows a page holds: a list query's `page` and `limit`. */
export type Paging = { page: number; limit: number };

/** A list's sort keys, as drizzle's `orderBy` takes them. */
export type SortKeys = readonly (PgColumn | SQL | SQL.Aliased)[];

/**
 * One page of a filtered select, in the list's order: the one place server code writes OFFSET. On
 * its own for a list whose count comes from a statement that answers more (status tabs, sums, a
 * count kept by triggers); the others take `pagedRows`.
 */
export function selectPage<T extends PgSelect>(select: T, order: SortKeys, paging: Paging): T {
  return select
    .orderBy(...order)
    .limit(paging.limit)
    .offset((paging.page - 1) * paging.limit);
}

/**
 * One page of a filtered select (its joins and WHERE, without ORDER BY) and how many rows the whole
 * select holds: `select count(*) from (<the same select>)`, run beside the page. Not `count(*) over
 * ()` in the page: that makes every page read and sort all the rows it matches, where an index in
 * the list's order lets a page stop after `limit` rows, and a page past the end would have no row
 * to carry the count. PostgreSQL (PGlite is the same engine) flattens a subquery without ORDER BY
 * or LIMIT into the count, so the page's columns are not computed for it, nor are left joins to a
 * unique key read. drizzle's builders change in place: `as` takes the select's SQL before
 * `selectPage` adds the order and the page to it.
 */
export async function pagedRows<T extends PgSelect>(
  db: Db,
  select: T,
  order: SortKeys,
  paging: Paging,
): Promise<Paged<Awaited<T>[number]>> {
  const counted = db.$count(select.as('paged'));
  const [rows, count] = await atOnce(
    db,
    () => selectPage(select, order, paging),
    () => counted,
  );
  return { rows, count };
}
