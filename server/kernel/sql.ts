/** Small SQL helpers every module uses: raw rows, id lists as one parameter, word search, unique violations, prepared statements. */
import crypto from 'node:crypto';
import { ilike, like, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { PgDialect, PgTransaction } from 'drizzle-orm/pg-core';
import { fold } from '@contract/fold';
import type { Db } from './db/client';

const dialect = new PgDialect();

/**
 * Runs a statement as a prepared statement named after its text: PostgreSQL parses and plans it
 * once per connection, then reuses the plan, where a plain statement is planned on every call
 * (a variant page's records took 1.2 ms to plan for 0.7 ms of work). Only for statements whose
 * best plan does not depend on their values (lookups by ids): a search's does.
 */
export function executePrepared(db: Db, query: SQL): Promise<unknown> {
  const built = dialect.sqlToQuery(query);
  const name = `p${crypto.createHash('sha1').update(built.sql).digest('hex').slice(0, 24)}`;
  return db._.session.prepareQuery(built, undefined, name, false).execute();
}

/** The rows of a raw `db.execute(sql…)` answer; PGlite and node-postgres both return `{ rows }`. */
export function rowsOf<T>(result: unknown): T[] {
  return ((result as { rows?: T[] }).rows ?? []) as T[];
}

/** A JSON column of a raw answer: both drivers parse `json`, but a value that comes as text is parsed here. */
export function jsonColumn<T>(value: T | string): T {
  return typeof value === 'string' ? (JSON.parse(value) as T) : value;
}

/**
 * Independent queries: at once on the pool (each on its own connection), one after another inside a
 * transaction, whose single connection must not be sent a query while another runs (node-postgres
 * deprecates it and its next major version refuses it).
 */
export async function atOnce<T extends unknown[]>(db: Db, ...work: { [K in keyof T]: () => PromiseLike<T[K]> }): Promise<T> {
  if (!(db instanceof PgTransaction)) return (await Promise.all(work.map((run) => run()))) as T;
  const answers: unknown[] = [];
  for (const run of work) answers.push(await run());
  return answers as T;
}

/** `column = any($1)` with the whole id list as one array parameter (pages of 1000 ids stay one bind). */
export function anyInt(column: AnyColumn, ids: readonly number[]): SQL {
  return sql`${column} = any(${sql.param([...ids])}::int[])`;
}

export function anyText(column: AnyColumn, values: readonly string[]): SQL {
  return sql`${column} = any(${sql.param([...values])}::text[])`;
}

/** `%` and `_` typed by a person are literal characters, not wildcards. */
export function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
}

/** The distinct folded words of a search box (contract/fold.ts), at most eight. */
export function searchWords(search: string | undefined): string[] {
  return [...new Set(fold(search).split(' ').filter(Boolean))].slice(0, 8);
}

/**
 * Every typed word, folded, must occur in a folded search text: `thuoc ho` finds `Thuốc ho`. A
 * column folded to lower case is matched with LIKE (ILIKE gives the same answer at about five times
 * the cost per row on PGlite); `caseInsensitive` is for texts that keep their case. The trigram
 * indexes of migrations 0003 and 0006 serve both.
 */
export function wordConditions(column: AnyColumn | SQL, search: string | undefined, options: { caseInsensitive?: boolean } = {}): SQL[] {
  const match = options.caseInsensitive ? ilike : like;
  return searchWords(search).map((word) => match(column as AnyColumn, likePattern(word)));
}

type PgLikeError = { code?: string; constraint?: string; cause?: unknown };

/** The constraint of a unique violation (23505), looking through drizzle's wrapper; null otherwise. */
export function uniqueViolation(error: unknown): string | null {
  let current: unknown = error;
  for (let depth = 0; current && depth < 4; depth += 1) {
    const candidate = current as PgLikeError;
    if (candidate.code === '23505') return candidate.constraint ?? '';
    current = candidate.cause;
  }
  return null;
}
