/**
 * Counting on a phone (kiểm kho), offline or not: what the person counts is kept on the device as a
 * draft (it survives reloads), and sending it writes one `stock.count` op with the sheet, in the same
 * transaction that clears the draft. The server stores a sheet once by its id; a lot counted again
 * by the same person takes the later figure, and the figures of different counters are summed
 * (server/modules/warehouse/checks.ts mergedCounts).
 */
import { uuidv7 } from '@contract/uuid';
import type { AppDb, CountDraftRow } from '@/db/app-db';
import { writeWithOp } from '@/sync/local-write';
import { enqueueOp } from '@/sync/outbox';

export type Counter = { companyId: number; accountId: number };

export const draftKey = (who: Counter, receiptId: string) => `${who.companyId}|${who.accountId}|${receiptId}`;

export function emptyDraft(who: Counter, receiptId: string): CountDraftRow {
  return {
    key: draftKey(who, receiptId),
    companyId: who.companyId,
    accountId: who.accountId,
    receiptId,
    lines: [],
    note: '',
    updatedAt: new Date().toISOString(),
  };
}

/** Sets what was counted of one variant and lot (replacing the earlier figure). */
export function setCounted(draft: CountDraftRow, line: { variantId: number; lotId: number | null; quantity: number }): CountDraftRow {
  const others = draft.lines.filter((entry) => !(entry.variantId === line.variantId && entry.lotId === line.lotId));
  return { ...draft, lines: [...others, line], updatedAt: new Date().toISOString() };
}

/** Adds to what was counted (a scan of one box counts the box's base units). */
export function countBy(draft: CountDraftRow, variantId: number, lotId: number | null, quantity: number): CountDraftRow {
  const current = draft.lines.find((entry) => entry.variantId === variantId && entry.lotId === lotId)?.quantity ?? 0;
  return setCounted(draft, { variantId, lotId, quantity: current + quantity });
}

export async function readDraft(db: AppDb, who: Counter, receiptId: string): Promise<CountDraftRow> {
  return (await db.countDrafts.get(draftKey(who, receiptId))) ?? emptyDraft(who, receiptId);
}

export async function saveDraft(db: AppDb, draft: CountDraftRow): Promise<void> {
  await db.countDrafts.put(draft);
}

export class NothingCounted extends Error {}

/** Sends the draft as one sheet: the op and the draft's removal in one transaction. */
export async function sendCountSheet(db: AppDb, who: Counter, receiptId: string, now = new Date()): Promise<string> {
  return writeWithOp(db, [db.countDrafts], async () => {
    const draft = await db.countDrafts.get(draftKey(who, receiptId));
    if (!draft || draft.lines.length === 0) throw new NothingCounted('Chưa đếm sản phẩm nào');
    const opId = await enqueueOp(
      db,
      {
        type: 'stock.count',
        companyId: who.companyId,
        accountId: who.accountId,
        entity: { type: 'stock_check', id: receiptId },
        payload: { receiptId, sheetId: uuidv7(now.getTime()), lines: draft.lines, note: draft.note.trim() || null },
      },
      now,
    );
    await db.countDrafts.delete(draft.key);
    return opId;
  });
}
