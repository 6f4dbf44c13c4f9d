/**
 * What the counting screen reads from the device, live: the open counts (the `stock_check` mirror),
 * one count, and the sheets this person sent of it (the draft being counted is src/db/use-device-draft.ts's). Works with no signal once the count has been pulled.
 */
import { useLiveQuery } from 'dexie-react-hooks';
import type { AppDb, LocalStockCheck, OutboxRow } from '@/db/app-db';
import type { Counter } from '../model/count-sheet';

export function useOpenChecks(db: AppDb, companyId: number): LocalStockCheck[] | undefined {
  return useLiveQuery(async () => {
    const rows = await db.stockChecks.where('company').equals(companyId).toArray();
    return rows.sort((a, b) => b.document_date.localeCompare(a.document_date) || b.code.localeCompare(a.code));
  }, [db, companyId]);
}

/** One open count: undefined while reading, null when the device does not have it (finished, or not pulled yet). */
export function useStockCheck(db: AppDb, id: string): LocalStockCheck | null | undefined {
  return useLiveQuery(async () => (await db.stockChecks.get(id)) ?? null, [db, id]);
}

/** The sheets this person sent of a count from this device, newest first, with where each stands. */
export function useSentSheets(db: AppDb, who: Counter, receiptId: string): OutboxRow[] | undefined {
  return useLiveQuery(async () => {
    const ops = await db.outbox.where('entity.id').equals(receiptId).sortBy('seq');
    return ops.filter((op) => op.type === 'stock.count' && op.accountId === who.accountId && op.companyId === who.companyId).reverse();
  }, [db, who.companyId, who.accountId, receiptId]);
}
