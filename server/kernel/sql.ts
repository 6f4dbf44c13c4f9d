/** Small SQL helpers every module uses: raw rows, id lists as one parameter, word search, unique violations. */
import { ilike, like, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { fold } from '@contract/fold';

/** The rows of a raw `db.execute(sql…)` answer; PGlite and node-postgres both return `{ rows }`. */
export function rowsOf<T>(result: unknown): T[] {
  return ((result as { rows?: T[] }).rows ?? []) as T[];
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
