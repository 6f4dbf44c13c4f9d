/**
 * Searching the mirrored customers on the device, diacritic-insensitive, by prefix of any word of
 * the name, code, owner, tax code or phone (architecture: "Never scan a table with a filter
 * function"): the rarest word goes through the multi-entry index (word-search.ts), the others
 * filter the few rows it finds.
 */
import { foldedWords } from '../../contract/fold';
import type { AppDb, LocalCustomer } from './app-db';
import { wordMatches } from './word-search';

export async function searchLocalCustomers(db: AppDb, companyId: number, query: string, limit = 50): Promise<LocalCustomer[]> {
  const words = foldedWords(query.replace(/(\d)[\s.-]+(?=\d)/g, '$1'));
  if (words.length === 0) {
    return db.customers.where('[company+nameFold]').between([companyId, ''], [companyId, '\uffff']).limit(limit).toArray();
  }
  const matches = await wordMatches(db.customers, companyId, words);
  const rows = matches ? await matches.limit(limit).toArray() : [];
  return rows.sort((a, b) => a.nameFold.localeCompare(b.nameFold));
}
