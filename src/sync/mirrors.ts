/** Small parts the domains' mirrors (domain.ts Mirror) are made of. */
import type { Table } from 'dexie';

/** Server ids arrive as text: text-keyed tables keep them, numeric ones turn them into numbers. */
export const byText = (id: string) => id;
export const byNumber = (id: string) => Number(id);
/** A record stored as the server sends it. */
export const sameRecord = (record: never) => record;

/** The rows of one company through a compound index that starts with the company. */
export function companyRows<Row>(table: Table<Row>, index: string, companyId: number) {
  return table.where(index).between([companyId, ''], [companyId, '\uffff']);
}
