/** `column = any($1)` with the whole id list as one array parameter (pages of 1000 ids stay one bind). */
import { sql, type AnyColumn, type SQL } from 'drizzle-orm';

export function anyInt(column: AnyColumn, ids: readonly number[]): SQL {
  return sql`${column} = any(${sql.param([...ids])}::int[])`;
}

export function anyText(column: AnyColumn, values: readonly string[]): SQL {
  return sql`${column} = any(${sql.param([...values])}::text[])`;
}
