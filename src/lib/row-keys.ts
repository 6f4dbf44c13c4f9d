/**
 * Keys for the rows a person adds to a form before they have ids (React keys, and the names of the
 * rows' field errors): a prefix and a count that only grows, so a key is never given twice.
 */
export function rowKeys(prefix: string): () => string {
  let count = 0;
  return () => `${prefix}${(count += 1)}`;
}
