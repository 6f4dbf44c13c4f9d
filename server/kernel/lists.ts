/** Lists filtered and paged in memory (short company lists: catalogue options, price policies, regions). */
import { fold } from '@contract/fold';
import { searchWords } from './sql';

/** Every typed word, folded, occurs in the text: `mien nam` finds `Miền Nam`. */
export function matchesSearch(text: string, search: string | undefined): boolean {
  const folded = fold(text);
  return searchWords(search).every((word) => folded.includes(word));
}

export function pageOf<T>(rows: T[], page: number, limit: number): T[] {
  return rows.slice((page - 1) * limit, page * limit);
}
