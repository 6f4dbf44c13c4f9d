/**
 * Selects whose text is built once per process. drizzle builds a statement's SQL from its parts on
 * every call: an order's submit spent about 1.2 ms of the API's CPU per order on it (of 5–6 ms,
 * tests/bench/server-load.ts), 0.24 ms of that on its record's read-back alone (orderRecordsById,
 * 40 columns and the lines' JSON). A select written here is built on its first call, with
 * placeholders (sql.placeholder) for its values; every call runs that same text in the caller's
 * connection or transaction with its own values, and drizzle maps the rows as it maps any select's.
 * It reads two fields of drizzle's prepared query (the selection, the joins that may be null) and
 * gives them to the caller's own; server/kernel/db/select-once.test.ts and the orders tests hold it.
 */
import type { Db } from './client';

type Built = { query: { sql: string; params: unknown[] }; fields: unknown; joins: Record<string, boolean> };

/** What a select builder and its prepared query hold: the text and, for mapping rows, the fields and which joins may be null. */
type SelectBuilder = { toSQL(): Built['query']; prepare(name: string): { fields: unknown; joinsNotNullableMap: Built['joins'] } };

export function selectOnce<Query extends PromiseLike<unknown[]>>(
  build: (db: Db) => Query,
): (db: Db, values: Record<string, unknown>) => Promise<Awaited<Query>> {
  let built: Built | undefined;
  return (db, values) => {
    if (!built) {
      const select = build(db) as unknown as SelectBuilder;
      const prepared = select.prepare('select_once');
      built = { query: select.toSQL(), fields: prepared.fields, joins: prepared.joinsNotNullableMap };
    }
    const prepared = db._.session.prepareQuery(built.query, built.fields as never, undefined, true);
    (prepared as unknown as { joinsNotNullableMap: Built['joins'] }).joinsNotNullableMap = built.joins;
    return prepared.execute(values) as Promise<Awaited<Query>>;
  };
}
