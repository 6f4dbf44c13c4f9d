/** Small parts the domains' mirrors (domain.ts Mirror) are made of. */
import type { Table } from 'dexie';
import type { AppDb } from '@/db/app-db';
import { noteSeen, type Seen } from '@/db/customer-seen';
import type { PackedRow, PackedTable } from '@/db/packed-table';
import type { AnswerHook, Mirror, MirrorRows } from './domain';

/** Server ids arrive as text: text-keyed tables keep them, numeric ones turn them into numbers. */
export const byText = (id: string) => id;
export const byNumber = (id: string) => Number(id);
/** A record stored as the server sends it. */
export const sameRecord = (record: never) => record;

/** The rows of one company through a compound index that starts with the company. */
function companyRows<Row>(table: Table<Row>, index: string, companyId: number) {
  return table.where(index).between([companyId, ''], [companyId, '\uffff']);
}

/** One company's rows the server already has: those still queued or refused stay through a reset. */
export function syncedCompanyRows<Row extends { syncState: string }>(table: Table<Row>, index: string, companyId: number) {
  return companyRows(table, index, companyId).and((row) => row.syncState === 'synced');
}

/**
 * A table of the device's own rows made from the server's records (search text, sync state…), one
 * company's rows found through a compound index that starts with the company; a reset keeps the rows
 * with work still queued or refused.
 */
export function deviceRowsMirror<Sent, Row extends { syncState: string }>(
  table: (db: AppDb) => Table<Row>,
  key: (id: string) => string | number,
  toLocal: (record: Sent) => Row,
  companyIndex: string,
): Mirror {
  return {
    table,
    key,
    // Called with the record alone: a toLocal with optional further parameters keeps their defaults.
    toLocal: (record: Sent) => toLocal(record),
    ofCompany: (db, companyId) => syncedCompanyRows(table(db), companyIndex, companyId),
  };
}

/**
 * A packed table (src/db/packed-table.ts) of the device's rows made from the server's records; a
 * reset keeps the rows `keep` holds (work still queued or refused).
 */
export function packedMirror<Sent, Row extends PackedRow>(
  table: (db: AppDb) => PackedTable<Row>,
  key: (id: string) => string | number,
  toLocal: (record: Sent) => Row,
  keep: (row: Row) => boolean = () => false,
): Mirror {
  return {
    table,
    key,
    toLocal: (record: Sent) => toLocal(record),
    ofCompany: (db, companyId) => ({ delete: () => table(db).deleteCompany(companyId, keep) }),
  };
}

/** A table that keeps the server's records as they are, one company's rows found by its `company` index. */
export function asSentMirror(table: (db: AppDb) => Table, key: (id: string) => string | number): Mirror {
  return { table, key, toLocal: sameRecord, ofCompany: (db, companyId) => table(db).where('company').equals(companyId) };
}

/** A refusal marks the device's record so its chip shows why (the message, where the table keeps one). */
export function markRejected(
  table: (db: AppDb) => { update(id: string, changes: { syncState: 'rejected'; error?: string }): PromiseLike<number> },
  withError: boolean,
): AnswerHook {
  return async (db, id, result) => {
    await table(db).update(
      id,
      withError ? { syncState: 'rejected', error: result.error?.message ?? 'Bị từ chối' } : { syncState: 'rejected' },
    );
  };
}

/** A mirror's table whose writes from the server also note the customers seen (src/db/customer-seen.ts). */
export function noticingTable<Row>(db: AppDb, table: Table<Row>, seen: Seen<Row>): MirrorRows {
  return {
    name: table.name,
    alsoLocks: [db.customerSeen.name],
    bulkGet: (keys) => table.bulkGet(keys as never),
    bulkDelete: (keys) => table.bulkDelete(keys as never),
    bulkPut: async (rows) => {
      await table.bulkPut(rows as Row[]);
      await noteSeen(db, (rows as Row[]).map(seen));
    },
  };
}
