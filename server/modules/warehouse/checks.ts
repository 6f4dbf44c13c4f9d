/**
 * Stock counts (kiểm kho; docs/warehouse.md "Counts"): a check starts from the books (every lot the
 * warehouse holds, or those of some variants), snapshotting the book quantity so movements during
 * the count are not counted twice. Counters send sheets (from a phone, possibly offline: the
 * `stock.count` op; or from the office); a sheet is stored once by its id, and the sheets merge per
 * variant and lot: each counter's latest figure, summed over counters (mergedCounts). Completing it posts the difference (receipt-posting.ts).
 */
import { and, asc, eq, inArray, ne } from 'drizzle-orm';
import type { StockCountPayload } from '@contract/warehouse';
import { mergeCountSheets, type CountMerge, type CountSheet } from '@contract/warehouse-counts';
import type { StockCheckRecord } from '@contract/warehouse-receipts';
import { uuidv7 } from '@contract/uuid';
import type { Db } from '@server/kernel/db/client';
import { stockCountSheets, stockLotBalances, stockLots, stockReceiptLines, stockReceipts, warehouses } from '@server/kernel/db/schema';
import { HttpError } from '@server/kernel/errors';
import { recordChange } from '@server/kernel/sync/change-log';
import { lotFor, lotsById } from './lots';
import { variantFacts, type ResolvedLine } from './receipt-lines';

/** The book lines of a new check: every lot of the warehouse with stock, or every lot of the variants asked. */
export async function bookLines(tx: Db, companyId: number, warehouseId: number, variantIds: readonly number[]): Promise<ResolvedLine[]> {
  const rows = await tx
    .select({
      variantId: stockLotBalances.variantId,
      lotId: stockLotBalances.lotId,
      lotNo: stockLots.lotNo,
      manufacturedOn: stockLots.manufacturedOn,
      expiresOn: stockLots.expiresOn,
      onHand: stockLotBalances.onHand,
    })
    .from(stockLotBalances)
    .innerJoin(stockLots, eq(stockLots.id, stockLotBalances.lotId))
    .where(
      and(
        eq(stockLotBalances.companyId, companyId),
        eq(stockLotBalances.warehouseId, warehouseId),
        variantIds.length ? inArray(stockLotBalances.variantId, [...variantIds]) : ne(stockLotBalances.onHand, 0),
      ),
    );
  const facts = await variantFacts(tx, companyId, [...variantIds, ...rows.map((row) => row.variantId)]);
  const lines = rows.map((row) => ({ ...row, baseUnit: facts.get(row.variantId)?.baseUnit ?? '' }));
  // A variant asked for but never stocked here is counted from zero, as its stock without a lot.
  for (const variantId of variantIds) {
    if (rows.some((row) => row.variantId === variantId) || !facts.has(variantId)) continue;
    const lot = await lotFor(tx, companyId, variantId, { lotNo: '' }, 'variants');
    lines.push({
      variantId,
      lotId: lot.id,
      lotNo: '',
      manufacturedOn: null,
      expiresOn: null,
      onHand: 0,
      baseUnit: facts.get(variantId)!.baseUnit,
    });
  }
  lines.sort((a, b) => {
    const an = facts.get(a.variantId)?.productName ?? '';
    const bn = facts.get(b.variantId)?.productName ?? '';
    return an.localeCompare(bn, 'vi') || (a.expiresOn ?? '').localeCompare(b.expiresOn ?? '');
  });
  return lines.map((line, sort) => ({
    id: uuidv7(),
    sort,
    variantId: line.variantId,
    unit: line.baseUnit,
    factor: 1,
    quantity: 0,
    documentQuantity: null,
    baseQuantity: 0,
    lotId: line.lotId,
    lotNo: line.lotNo || null,
    manufacturedOn: line.manufacturedOn,
    expiresOn: line.expiresOn,
    unitPrice: 0,
    amount: 0,
    bookQuantity: line.onHand,
  }));
}

/**
 * What a check counted per `variant|lot`, merged by the check's rule (contract/warehouse-counts.ts):
 * each counter's latest figure summed, or the latest figure of anyone. Sheets are taken in the order
 * the server received them.
 */
export async function mergedCounts(tx: Db, receiptId: string): Promise<Map<string, number>> {
  const [receipt] = await tx.select({ countMerge: stockReceipts.countMerge }).from(stockReceipts).where(eq(stockReceipts.id, receiptId));
  const sheets = await tx
    .select({ accountId: stockCountSheets.accountId, lines: stockCountSheets.lines })
    .from(stockCountSheets)
    .where(eq(stockCountSheets.receiptId, receiptId))
    .orderBy(asc(stockCountSheets.countedAt), asc(stockCountSheets.id));
  return mergeCountSheets(sheets as CountSheet[], (receipt?.countMerge ?? 'sum') as CountMerge);
}

/**
 * Stores one counter's sheet of an open check. The same sheet id again changes nothing (a retry);
 * a line for a variant or lot the check did not list is added to it, counted from a book of zero.
 */
export async function addCountSheet(
  tx: Db,
  sheet: { companyId: number; accountId: number } & StockCountPayload,
): Promise<{ added: boolean; code: string }> {
  const [receipt] = await tx
    .select()
    .from(stockReceipts)
    .where(and(eq(stockReceipts.companyId, sheet.companyId), eq(stockReceipts.id, sheet.receiptId), eq(stockReceipts.kind, 'check')))
    .for('update');
  if (!receipt) throw new HttpError(404, 'NOT_FOUND', 'Không tìm thấy phiếu kiểm kho');
  if (receipt.status !== 'draft' && receipt.status !== 'pending')
    throw new HttpError(409, 'CONFLICT', `Phiếu kiểm kho ${receipt.code} đã kết thúc, không nhận thêm số đếm`);
  const facts = await variantFacts(
    tx,
    sheet.companyId,
    sheet.lines.map((line) => line.variantId),
  );
  // Stock without a lot is the variant's lot '' (lots.ts), so every counted line names a lot.
  const lines: CountSheet['lines'][number][] = [];
  for (const [index, line] of sheet.lines.entries()) {
    if (!facts.has(line.variantId))
      throw new HttpError(400, 'VALIDATION_FAILED', 'Sản phẩm không tồn tại trong công ty', {
        [`lines.${index}.variantId`]: 'Sản phẩm không tồn tại',
      });
    const lot = await lotFor(tx, sheet.companyId, line.variantId, line.lotId ? { lotId: line.lotId } : { lotNo: '' }, `lines.${index}`);
    lines.push({ variantId: line.variantId, lotId: lot.id, quantity: line.quantity });
  }
  const inserted = await tx
    .insert(stockCountSheets)
    .values({ id: sheet.sheetId, companyId: sheet.companyId, receiptId: receipt.id, accountId: sheet.accountId, lines, note: sheet.note })
    .onConflictDoNothing()
    .returning({ id: stockCountSheets.id });
  if (inserted.length === 0) return { added: false, code: receipt.code };
  const existing = await tx.select().from(stockReceiptLines).where(eq(stockReceiptLines.receiptId, receipt.id));
  const lots = await lotsById(
    tx,
    sheet.companyId,
    lines.map((line) => line.lotId!),
  );
  let sort = existing.length;
  for (const line of lines) {
    if (existing.some((row) => row.variantId === line.variantId && row.lotId === line.lotId)) continue;
    const lot = lots.get(line.lotId!);
    const row = {
      id: uuidv7(),
      receiptId: receipt.id,
      companyId: sheet.companyId,
      sort: sort++,
      variantId: line.variantId,
      unit: facts.get(line.variantId)!.baseUnit,
      factor: 1,
      quantity: 0,
      baseQuantity: 0,
      lotId: line.lotId,
      lotNo: lot?.lotNo || null,
      manufacturedOn: lot?.manufacturedOn ?? null,
      expiresOn: lot?.expiresOn ?? null,
      bookQuantity: 0,
    };
    await tx.insert(stockReceiptLines).values(row);
    existing.push({ ...row, documentQuantity: null, receivedQuantity: null, unitPrice: 0, amount: 0, cost: null, countedQuantity: null });
  }
  await tx.update(stockReceipts).set({ lineCount: existing.length, updatedAt: new Date() }).where(eq(stockReceipts.id, receipt.id));
  await recordChange(tx, { companyId: sheet.companyId, entity: 'stock_check', entityId: receipt.id, op: 'upsert' });
  return { added: true, code: receipt.code };
}

/** Open checks as phones keep them (never the book figures); a finished or unknown one is left out (a delete). */
export async function loadStockChecks(db: Db, companyId: number, ids: string[]): Promise<Map<string, StockCheckRecord>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ receipt: stockReceipts, warehouseName: warehouses.name })
    .from(stockReceipts)
    .innerJoin(warehouses, eq(warehouses.id, stockReceipts.warehouseId))
    .where(
      and(
        eq(stockReceipts.companyId, companyId),
        eq(stockReceipts.kind, 'check'),
        inArray(stockReceipts.id, ids),
        inArray(stockReceipts.status, ['draft', 'pending']),
      ),
    );
  if (rows.length === 0) return new Map();
  const lines = await db
    .select()
    .from(stockReceiptLines)
    .where(
      inArray(
        stockReceiptLines.receiptId,
        rows.map((row) => row.receipt.id),
      ),
    );
  const facts = await variantFacts(
    db,
    companyId,
    lines.map((line) => line.variantId),
  );
  return new Map(
    rows.map(({ receipt, warehouseName }) => [
      receipt.id,
      {
        id: receipt.id,
        company: companyId,
        code: receipt.code,
        warehouse_id: receipt.warehouseId,
        warehouse_name: warehouseName,
        document_date: receipt.documentDate,
        status: receipt.status as StockCheckRecord['status'],
        count_merge: (receipt.countMerge ?? 'sum') as CountMerge,
        lines: lines
          .filter((line) => line.receiptId === receipt.id)
          .sort((a, b) => a.sort - b.sort)
          .map((line) => ({
            variant_id: line.variantId,
            product_name: facts.get(line.variantId)?.productName ?? '',
            variant_name: facts.get(line.variantId)?.variantName ?? '',
            sku: facts.get(line.variantId)?.sku ?? '',
            base_unit: facts.get(line.variantId)?.baseUnit ?? '',
            lot_id: line.lotId,
            lot_no: line.lotNo,
            expires_on: line.expiresOn,
          })),
        updated_at: receipt.updatedAt.toISOString(),
      },
    ]),
  );
}
