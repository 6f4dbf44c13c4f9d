/**
 * Searching a mirrored table by its multi-entry `words` index (customers, variants): rows holding,
 * for every typed word, a word that starts with it. One word walks the index; the others filter
 * the rows it yields. The rarest word leads: each word's matches are counted (up to PROBE) from
 * the index alone, so "nha 2qx" answers at once from "2qx" instead of reading every "nhà thuốc",
 * and a word nothing starts with ends the search before any row is read.
 */
import type { Collection, Table } from 'dexie';

const PROBE = 500;

type Searchable = { words: string[] };

/** The matching rows in word-index order, or null when some word matches nothing. */
export async function wordMatches<T extends Searchable, K, I>(
  table: Table<T, K, I>,
  companyId: number,
  words: readonly string[],
): Promise<Collection<T, K, I> | null> {
  if (words.length === 0) throw new Error('wordMatches needs at least one word');
  const prefix = (word: string) => `${companyId}|${word}`;
  let lead = words[0]!;
  if (words.length > 1) {
    const counts = await Promise.all(
      words.map(async (word) => ({ word, count: (await table.where('words').startsWith(prefix(word)).limit(PROBE).primaryKeys()).length })),
    );
    if (counts.some((entry) => entry.count === 0)) return null;
    // Fewest matches first; between equals, the longer word (more specific as the index grows).
    lead = counts.sort((a, b) => a.count - b.count || b.word.length - a.word.length)[0]!.word;
  }
  const rest = words.filter((word) => word !== lead).map(prefix);
  return table
    .where('words')
    .startsWith(prefix(lead))
    .distinct()
    .filter((row) => rest.every((word) => row.words.some((candidate) => candidate.startsWith(word))));
}
