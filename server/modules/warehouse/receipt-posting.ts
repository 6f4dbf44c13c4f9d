/**
 * Moving a receipt between statuses (contract/warehouse-status.ts) and what each move does to stock:
 * completing an import brings its lots in at their price (returns wait in quarantine, so do lots
 * received expired or short-dated by the company's rule: ./receipt-expiry.ts); completing
 * an export takes the named lots or picks first-expiry-first-out; completing a count posts the
 * difference between the books and what was counted; sending a transfer takes the stock out of the
 * source, receiving it brings what arrived into the destination. Cancelling a posted receipt writes
 * the reverse of every movement it made. Nothing dated in a closed period is written.
 */
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { groupDigits } from '@contract/money';
import { lotProblem, pickLotsFefo, type LotStock } from '@contract/warehouse-ledger';
import { receiptMoveProblem, RECEIPT_KIND_LABELS, type LotStatus, type ReceiptKind, type ReceiptStatus } from '@contract/warehouse-status';
import type { Db } from '@server/kernel/db/client';
import { stockLots, stockMoves, stockReceiptHistory, stockReceiptLines, stockReceipts } from '@server/kernel/db/schema';
import { badRequest, HttpError, notFound } from '@server/kernel/errors';
import { recordChange } from '@server/kernel/sync/change-log';
import { mergedCounts } from './checks';
import { postMoves, StockShort, type Describe, type MoveInput } from './ledger';
import { lotsById, today, warehouseLots } from './lots';
import { reverseOrderReturn } from './order-returns';
import { assertPeriodOpen } from './periods';
import { quarantineOnReceipt } from './receipt-expiry';
import { variantFacts } from './receipt-lines';
import { lockReceipt } from './receipts.repo';
import { atOnce } from '@server/kernel/sql';

type ReceiptRow = typeof stockReceipts.$inferSelect;
type LineRow = typeof stockReceiptLines.$inferSelect;

export type ReceiptMove = {
  companyId: number;
  kind: ReceiptKind;
  id: string;
  to: ReceiptStatus;
  reason: string | null;
  accountId: number;
  /** Receiving a transfer: what arrived per line, in the line's unit. */
  received?: readonly { line_id: string; quantity: number }[];
};

/** Names a variant and lot in a refusal ("Hapacol 500 lô A123"). */
async function describer(tx: Db, companyId: number, lines: readonly { variantId: number }[]): Promise<Describe> {
  const variantIds = [...new Set(lines.map((line) => line.variantId))];
  const [facts, lotRows] = await atOnce(
    tx,
    () => variantFacts(tx, companyId, variantIds),
    () =>
      variantIds.length
        ? tx
            .select({ id: stockLots.id, lotNo: stockLots.lotNo })
            .from(stockLots)
            .where(and(eq(stockLots.companyId, companyId), inArray(stockLots.variantId, variantIds)))
        : Promise.resolve([]),
  );
  const lots = new Map(lotRows.filter((row) => row.lotNo).map((row) => [row.id, row.lotNo]));
  const name = (variantId: number, lotId: number) => {
    const product = facts.get(variantId)?.productName ?? `Sản phẩm ${variantId}`;
    const lot = lots.get(lotId);
    return lot ? `${product} lô ${lot}` : product;
  };
  const amount = (variantId: number, base: number) => `${groupDigits(base)} ${facts.get(variantId)?.baseUnit ?? ''}`.trim();
  return Object.assign(name, { amount });
}

/**
 * The lots an outgoing line takes: the one it names (which a sale may not take when blocked), or
 * first-expiry-first-out among the warehouse's sellable lots. `forSale`: the goods go to a customer.
 */
export async function pickOut(
  tx: Db,
  companyId: number,
  warehouseId: number,
  lines: readonly { id: string; variantId: number; lotId: number | null; baseQuantity: number }[],
  describe: Describe,
  forSale: boolean,
): Promise<MoveInput[]> {
  const day = today();
  const stock = await warehouseLots(
    tx,
    companyId,
    warehouseId,
    lines.map((line) => line.variantId),
  );
  const moves: MoveInput[] = [];
  for (const line of lines) {
    if (line.lotId) {
      const lot = stock.find((row) => row.lotId === line.lotId);
      const problem = lot ? lotProblem({ lotNo: lot.lotNo, expiresOn: lot.expiresOn, status: lot.status as LotStatus }, day) : null;
      if (forSale && problem) throw new HttpError(409, 'LOT_BLOCKED', problem);
      moves.push({ warehouseId, variantId: line.variantId, lotId: line.lotId, quantity: -line.baseQuantity, receiptLineId: line.id });
      continue;
    }
    const lots: LotStock[] = stock
      .filter((row) => row.variantId === line.variantId)
      .map((row) => ({
        lotId: row.lotId,
        lotNo: row.lotNo,
        expiresOn: row.expiresOn,
        status: row.status as LotStatus,
        available: row.onHand - row.held,
      }));
    const { picks, short } = pickLotsFefo(lots, line.baseQuantity, day);
    if (short > 0) {
      const sellable = line.baseQuantity - short;
      throw new StockShort(
        `${describe(line.variantId, 0)}: chỉ còn ${describe.amount(line.variantId, sellable)} được bán trong kho, không đủ ${describe.amount(line.variantId, line.baseQuantity)}`,
      );
    }
    for (const pick of picks)
      moves.push({ warehouseId, variantId: line.variantId, lotId: pick.lotId, quantity: -pick.quantity, receiptLineId: line.id });
  }
  return moves;
}

async function linesOf(tx: Db, receipt: ReceiptRow): Promise<LineRow[]> {
  return tx.select().from(stockReceiptLines).where(eq(stockReceiptLines.receiptId, receipt.id)).orderBy(asc(stockReceiptLines.sort));
}

/** Writes each line's posted value (cost of goods out, value in) from its moves, in one statement. */
async function storeLineCosts(tx: Db, lines: readonly LineRow[], posted: readonly { receiptLineId?: string | null; value: number }[]) {
  if (lines.length === 0) return;
  const costs = lines.map((line) =>
    Math.abs(posted.filter((move) => move.receiptLineId === line.id).reduce((sum, move) => sum + move.value, 0)),
  );
  await tx.execute(sql`
    update stock_receipt_lines l set cost = v.cost
    from unnest(${sql.param(lines.map((line) => line.id))}::uuid[], ${sql.param(costs)}::bigint[]) as v(id, cost)
    where l.id = v.id`);
}

/** The movements that reverse everything a receipt posted (or only those in one warehouse). */
async function reversal(tx: Db, receipt: ReceiptRow, warehouseId?: number): Promise<MoveInput[]> {
  const moves = await tx
    .select()
    .from(stockMoves)
    .where(and(eq(stockMoves.receiptId, receipt.id), warehouseId ? eq(stockMoves.warehouseId, warehouseId) : undefined));
  const net = new Map<string, MoveInput>();
  for (const move of moves) {
    const key = `${move.warehouseId}|${move.lotId}|${move.receiptLineId ?? ''}`;
    const current = net.get(key) ?? {
      warehouseId: move.warehouseId,
      variantId: move.variantId,
      lotId: move.lotId,
      quantity: 0,
      value: 0,
      receiptLineId: move.receiptLineId,
    };
    current.quantity -= move.quantity;
    current.value = (current.value ?? 0) - move.value;
    net.set(key, current);
  }
  // Take out before putting back, so a reversal never counts on stock it is about to return.
  return [...net.values()].filter((move) => move.quantity !== 0).sort((a, b) => a.quantity - b.quantity);
}

async function post(tx: Db, receipt: ReceiptRow, move: ReceiptMove, from: ReceiptStatus): Promise<void> {
  const lines = await linesOf(tx, receipt);
  const describe = await describer(tx, receipt.companyId, lines);
  const posting = { companyId: receipt.companyId, receiptId: receipt.id, documentDate: receipt.documentDate, describe };
  if (move.to === 'cancelled') {
    if (from !== 'completed' && from !== 'in_transit') return;
    await postMoves(tx, { ...posting, fromHeld: true }, await reversal(tx, receipt));
    return;
  }
  if (lines.length === 0 && receipt.kind !== 'check') throw badRequest('VALIDATION_FAILED', 'Phiếu chưa có dòng hàng nào');
  const resolved = lines.map((line) => ({ id: line.id, variantId: line.variantId, lotId: line.lotId, baseQuantity: line.baseQuantity }));
  if (receipt.kind === 'import') {
    // Expired or short-dated lots are quarantined by the company's rule before they count as stock.
    await quarantineOnReceipt(tx, receipt, lines);
    const posted = await postMoves(
      tx,
      posting,
      lines.map((line) => ({
        warehouseId: receipt.warehouseId,
        variantId: line.variantId,
        lotId: line.lotId!,
        quantity: line.baseQuantity,
        unitCost: line.unitPrice / line.factor,
        held: receipt.isReturn,
        receiptLineId: line.id,
      })),
    );
    await storeLineCosts(tx, lines, posted);
  } else if (receipt.kind === 'export' || (receipt.kind === 'transfer' && move.to === 'in_transit')) {
    const moves = await pickOut(tx, receipt.companyId, receipt.warehouseId, resolved, describe, receipt.orderId !== null);
    await storeLineCosts(tx, lines, await postMoves(tx, posting, moves));
  } else if (receipt.kind === 'transfer') {
    await receiveTransfer(tx, receipt, lines, move.received ?? [], posting);
  } else {
    await postCount(tx, receipt, lines, posting);
  }
}

/** What arrived goes into the destination, lot by lot as it left; what did not arrive stays recorded on the line. */
async function receiveTransfer(
  tx: Db,
  receipt: ReceiptRow,
  lines: readonly LineRow[],
  received: readonly { line_id: string; quantity: number }[],
  posting: Parameters<typeof postMoves>[1],
) {
  const sent = await tx
    .select()
    .from(stockMoves)
    .where(and(eq(stockMoves.receiptId, receipt.id), eq(stockMoves.warehouseId, receipt.warehouseId)));
  const moves: MoveInput[] = [];
  for (const [index, line] of lines.entries()) {
    const arrived = received.find((entry) => entry.line_id === line.id)?.quantity ?? line.quantity;
    if (arrived > line.quantity)
      throw badRequest('VALIDATION_FAILED', 'Số lượng nhận không được lớn hơn số lượng chuyển', {
        [`received.${index}.quantity`]: 'Không được lớn hơn số lượng chuyển',
      });
    await tx.update(stockReceiptLines).set({ receivedQuantity: arrived }).where(eq(stockReceiptLines.id, line.id));
    let left = arrived * line.factor;
    for (const out of sent.filter((move) => move.receiptLineId === line.id).sort((a, b) => a.id - b.id)) {
      if (left <= 0) break;
      const take = Math.min(left, -out.quantity);
      const value = Math.round((-out.value * take) / -out.quantity);
      moves.push({
        warehouseId: receipt.toWarehouseId!,
        variantId: line.variantId,
        lotId: out.lotId,
        quantity: take,
        value,
        receiptLineId: line.id,
      });
      left -= take;
    }
  }
  await postMoves(tx, posting, moves);
}

/** A count's difference from the books, per lot, posted as an adjustment: surplus at the average cost. */
async function postCount(tx: Db, receipt: ReceiptRow, lines: readonly LineRow[], posting: Parameters<typeof postMoves>[1]) {
  const counted = await mergedCounts(tx, receipt.id);
  if (counted.size === 0) throw badRequest('VALIDATION_FAILED', 'Phiếu kiểm kho chưa có số liệu đếm');
  const lots = await lotsById(
    tx,
    receipt.companyId,
    lines.flatMap((line) => (line.lotId ? [line.lotId] : [])),
  );
  const moves: MoveInput[] = [];
  for (const line of lines) {
    const count = counted.get(`${line.variantId}|${line.lotId ?? ''}`);
    if (count === undefined) continue;
    await tx.update(stockReceiptLines).set({ countedQuantity: count }).where(eq(stockReceiptLines.id, line.id));
    const difference = count - (line.bookQuantity ?? 0);
    if (difference === 0 || !line.lotId || !lots.has(line.lotId)) continue;
    moves.push({
      warehouseId: receipt.warehouseId,
      variantId: line.variantId,
      lotId: line.lotId,
      quantity: difference,
      unitCost: 'average',
      receiptLineId: line.id,
    });
  }
  await storeLineCosts(tx, lines, await postMoves(tx, { ...posting, fromHeld: true }, moves));
}

export async function moveReceipt(tx: Db, move: ReceiptMove): Promise<void> {
  const receipt = await lockReceipt(tx, move.companyId, move.kind, move.id);
  if (!receipt) throw notFound(`Không tìm thấy ${RECEIPT_KIND_LABELS[move.kind].toLowerCase()}`);
  const from = receipt.status as ReceiptStatus;
  const problem = receiptMoveProblem(move.kind, from, move.to);
  if (problem) throw new HttpError(409, 'CONFLICT', problem);
  const posts =
    move.to === 'completed' || move.to === 'in_transit' || (move.to === 'cancelled' && (from === 'completed' || from === 'in_transit'));
  if (move.to === 'cancelled' && posts && !move.reason)
    throw badRequest('VALIDATION_FAILED', 'Vui lòng nhập lý do hủy phiếu', { reason: 'Vui lòng nhập lý do hủy phiếu' });
  if (posts) {
    await assertPeriodOpen(tx, move.companyId, receipt.documentDate);
    await post(tx, receipt, move, from);
  }
  if (move.to === 'cancelled' && from === 'completed') await reverseOrderReturn(tx, receipt, move.accountId, move.reason);
  const now = new Date();
  await tx
    .update(stockReceipts)
    .set({
      status: move.to,
      statusReason: move.to === 'cancelled' ? move.reason : receipt.statusReason,
      ...(move.to === 'completed' ? { completedAt: now, completedBy: move.accountId } : {}),
      updatedAt: now,
    })
    .where(eq(stockReceipts.id, receipt.id));
  await tx.insert(stockReceiptHistory).values({
    companyId: move.companyId,
    receiptId: receipt.id,
    fromStatus: from,
    toStatus: move.to,
    reason: move.reason,
    accountId: move.accountId,
    at: now,
  });
  if (receipt.kind === 'check')
    await recordChange(tx, { companyId: move.companyId, entity: 'stock_check', entityId: receipt.id, op: 'upsert' });
}
