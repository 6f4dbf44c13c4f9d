/**
 * What the counting screen reads from the device, live: the open counts (the `stock_check` mirror),
 * one count, and this person's draft of it. Works with no signal once the count has been pulled.
 */
import { useLiveQuery } from 'dexie-react-hooks';
import type { AppDb, CountDraftRow, LocalStockCheck } from '@/db/app-db';
import { draftKey, emptyDraft, type Counter } from '../model/count-sheet';

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

/** This person's draft of a count (an empty one until something is counted). */
export function useCountDraft(db: AppDb, who: Counter, receiptId: string): CountDraftRow | undefined {
  return useLiveQuery(
    async () => (await db.countDrafts.get(draftKey(who, receiptId))) ?? emptyDraft(who, receiptId),
    [db, who.companyId, who.accountId, receiptId],
  );
}
