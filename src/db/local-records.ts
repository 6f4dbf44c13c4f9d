/** Server records as the device keeps them: with folded search words and a sync state. */
import type { CustomerRecord } from '../../contract/customer';
import { fold, foldedWords } from '../../contract/fold';
import type { VisitRecord } from '../../contract/visit';
import type { LocalCustomer, LocalSyncState, LocalVisit } from './app-db';

/** Words are stored as `${company}|${word}` so one multi-entry index serves every workspace. */
export function companyWords(company: number, words: string[]): string[] {
  return words.map((word) => `${company}|${word}`);
}

export function toLocalCustomer(record: CustomerRecord, syncState: LocalSyncState = 'synced'): LocalCustomer {
  const phoneDigits = record.phone?.replace(/\D/g, '') ?? '';
  const words = foldedWords(record.name, record.code, record.owner_name, record.tax_code, record.address.street);
  if (phoneDigits) words.push(phoneDigits);
  return { ...record, words: companyWords(record.company, [...new Set(words)]), nameFold: fold(record.name), syncState };
}

export function toLocalVisit(record: VisitRecord, syncState: LocalSyncState = 'synced', error: string | null = null): LocalVisit {
  return { ...record, syncState, error };
}
