/**
 * Searching the mirrored customers on the device, diacritic-insensitive, by prefix of any word of
 * the name, code, owner, tax code or phone (architecture: "Never scan a table with a filter
 * function"): the most selective word goes through the multi-entry index, the others filter the
 * few rows it finds.
 */
import { foldedWords } from '../../contract/fold';
import type { AppDb, LocalCustomer } from './app-db';

export async function searchLocalCustomers(db: AppDb, companyId: number, query: string, limit = 50): Promise<LocalCustomer[]> {
  const words = foldedWords(query.replace(/(\d)[\s.-]+(?=\d)/g, '$1'));
  if (words.length === 0) {
    return db.customers.where('[company+nameFold]').between([companyId, ''], [companyId, '\uffff']).limit(limit).toArray();
  }
  const [lead, ...rest] = [...words].sort((a, b) => b.length - a.length);
  const prefix = `${companyId}|${lead}`;
  const rows = await db.customers
    .where('words')
    .startsWith(prefix)
    .filter((row) => rest.every((word) => row.words.some((candidate) => candidate.startsWith(`${companyId}|${word}`))))
    .distinct()
    .limit(limit)
    .toArray();
  return rows.sort((a, b) => a.nameFold.localeCompare(b.nameFold));
}
