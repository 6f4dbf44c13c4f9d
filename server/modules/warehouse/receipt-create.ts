/**
 * Making a receipt: its lines checked against the catalogue, its date against the closed periods,
 * stored as a draft and, when asked, moved on at once (pending, or completed: posted). Used by the
 * receipt calls, the order and return paths, the Excel import and the demo data alike.
 */
import type { ReceiptLineInput } from '@contract/warehouse-receipts';
import type { ReceiptKind } from '@contract/warehouse-status';
import type { CountMerge } from '@contract/warehouse-counts';
import type { Db } from '@server/kernel/db/client';
import { badRequest } from '@server/kernel/errors';
import { recordChange } from '@server/kernel/sync/change-log';
import { bookLines } from './checks';
import { assertPeriodOpen } from './periods';
import { moveReceipt } from './receipt-posting';
import { resolveLines } from './receipt-lines';
import { insertReceipt, type ReceiptHeader } from './receipts.repo';

export async function createReceipt(
  tx: Db,
  input: {
    companyId: number;
    kind: Exclude<ReceiptKind, 'check'>;
    header: ReceiptHeader;
    lines: readonly ReceiptLineInput[];
    accountId: number;
    status?: 'draft' | 'pending' | 'completed' | 'in_transit';
  },
): Promise<string> {
  const status = input.status ?? 'draft';
  if (status !== 'draft' && input.lines.length === 0)
    throw badRequest('VALIDATION_FAILED', 'Phiếu chưa có dòng hàng nào', { lines: 'Phiếu chưa có dòng hàng nào' });
  await assertPeriodOpen(tx, input.companyId, input.header.documentDate);
  const lines = await resolveLines(tx, input.companyId, input.kind, input.lines);
  const id = await insertReceipt(tx, input.companyId, input.kind, input.header, lines, input.accountId);
  if (status !== 'draft')
    await moveReceipt(tx, { companyId: input.companyId, kind: input.kind, id, to: status, reason: null, accountId: input.accountId });
  return id;
}

/** A check (kiểm kho) from the books of a warehouse: all it holds, or the variants named. */
export async function createCheck(
  tx: Db,
  input: {
    companyId: number;
    warehouseId: number;
    documentDate: string;
    note: string | null;
    /** How several counters' figures make one; the sum by default. */
    countMerge?: CountMerge;
    variants: readonly number[];
    accountId: number;
  },
): Promise<string> {
  await assertPeriodOpen(tx, input.companyId, input.documentDate);
  const lines = await bookLines(tx, input.companyId, input.warehouseId, input.variants);
  if (lines.length === 0) throw badRequest('VALIDATION_FAILED', 'Kho chưa có hàng nào để kiểm');
  const id = await insertReceipt(
    tx,
    input.companyId,
    'check',
    { warehouseId: input.warehouseId, documentDate: input.documentDate, note: input.note, countMerge: input.countMerge ?? 'sum' },
    lines,
    input.accountId,
  );
  // The counters' phones learn of the open count through the pull (the `stock_check` entity).
  await recordChange(tx, { companyId: input.companyId, entity: 'stock_check', entityId: id, op: 'upsert' });
  return id;
}
