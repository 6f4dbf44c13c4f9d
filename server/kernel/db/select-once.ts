/**
 * Selects whose text is built once per process. drizzle builds a statement's SQL from its parts on
 * every call: an order's submit spent about 1.2 ms of the API's CPU per order on it (of 5–6 ms,
 * tests/bench/server-load.ts), 0.24 ms of that on its record's read-back alone (orderRecordsById,
 * 40 columns and the lines' JSON). A select written here is built on its first call, with
 * placeholders (sql.placeholder) for its values; every call runs that same text in the caller's
 * connection or transaction with its own values, and drizzle maps the rows as it maps any select's.
 * It reads two of drizzle's own fields (the selection, the joins that may be null), which its
 * prepared queries use the same way; the orders tests run every order read through it.
 */
import { orderSelectedFields, type SelectedFieldsOrdered } from 'drizzle-orm';
import type { Db } from './client';

type Built = { query: { sql: string; params: unknown[] }; fields: SelectedFieldsOrdered<never>; joins: Record<string, boolean> };

/** What drizzle's select builder holds that a prepared query needs: its fields and which joins may be null. */
type SelectInternals = { toSQL(): Built['query']; _: { selectedFields: Record<string, unknown> }; joinsNotNullableMap: Built['joins'] };

export function selectOnce<Query extends PromiseLike<unknown[]>>(
  build: (db: Db) => Query,
): (db: Db, values: Record<string, unknown>) => Promise<Awaited<Query>> {
  let built: Built | undefined;
  return (db, values) => {
    if (!built) {
      const select = build(db) as unknown as SelectInternals;
      built = {
        query: select.toSQL(),
        fields: orderSelectedFields(select._.selectedFields) as SelectedFieldsOrdered<never>,
        joins: select.joinsNotNullableMap,
      };
    }
    const prepared = db._.session.prepareQuery(built.query, built.fields, undefined, true);
    (prepared as unknown as { joinsNotNullableMap: Built['joins'] }).joinsNotNullableMap = built.joins;
    return prepared.execute(values) as Promise<Awaited<Query>>;
  };
}
