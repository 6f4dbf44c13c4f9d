/** The rows of a raw `db.execute(sql…)` answer; PGlite and node-postgres both return `{ rows }`. */
export function rowsOf<T>(result: unknown): T[] {
  return ((result as { rows?: T[] }).rows ?? []) as T[];
}
