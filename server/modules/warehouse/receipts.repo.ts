/**
 * Storing and reading receipts: a new one gets the company's next code of its kind (PN000001…);
 * a draft's lines may be replaced; the list answers its page and a `bonus` of counts per status and
 * totals over every matching receipt.
 */
import { aliasedTable, and, asc, count, desc, eq, gte, inArray, lte, sql, type SQL } from 'drizzle-orm';
import { fold } from '@contract/fold';
import type { CountMerge } from '@contract/warehouse-counts';
import type { ReceiptDetail, ReceiptLineRecord, ReceiptListBonus, ReceiptRecord } from '@contract/warehouse-receipts';
import { RECEIPT_CODE_PREFIX, type LotStatus, type ReceiptKind, type ReceiptStatus } from '@contract/warehouse-status';
import { uuidv7 } from '@contract/uuid';
import { formatCode, nextCounter } from '@server/kernel/counters';
import type { Db } from '@server/kernel/db/client';
import {
  accounts,
  orders,
  stockCountSheets,
  stockLots,
  stockMoves,
  stockReceiptHistory,
  stockReceiptLines,
  stockReceipts,
  transferReasons,
  warehouses,
} from '@server/kernel/db/schema';
import { wordConditions } from '@server/kernel/sql';
import { selectPage } from '@server/kernel/lists';
import { mergedCounts } from './checks';
import { lotsById } from './lots';
import { variantFacts, type ResolvedLine } from './receipt-lines';
import { refuseRetainedDelete } from './retention';

type ReceiptRow = typeof stockReceipts.$inferSelect;

export type ReceiptHeader = {
  warehouseId: number;
  toWarehouseId?: number | null;
  reasonId?: number | null;
  partnerName?: string | null;
  partnerAddress?: string | null;
  sourceDocument?: string | null;
  orderId?: string | null;
  isReturn?: boolean;
  returnLines?: { line_id: string; quantity: number }[] | null;
  reversesId?: string | null;
  countMerge?: string | null;
  documentDate: string;
  note?: string | null;
};

function searchTextOf(code: string, header: ReceiptHeader): string {
  return fold([code, header.partnerName, header.sourceDocument, header.note].filter(Boolean).join(' '));
}

function totalsOf(lines: readonly ResolvedLine[]) {
  return {
    lineCount: lines.length,
    totalQuantity: lines.reduce((sum, line) => sum + line.baseQuantity, 0),
    totalAmount: lines.reduce((sum, line) => sum + line.amount, 0),
  };
}

async function insertLines(tx: Db, companyId: number, receiptId: string, lines: readonly ResolvedLine[]): Promise<void> {
  if (lines.length === 0) return;
  await tx.insert(stockReceiptLines).values(lines.map((line) => ({ ...line, receiptId, companyId })));
}

export async function insertReceipt(
  tx: Db,
  companyId: number,
  kind: ReceiptKind,
  header: ReceiptHeader,
  lines: readonly ResolvedLine[],
  createdBy: number,
): Promise<string> {
  const id = uuidv7();
  const code = formatCode(RECEIPT_CODE_PREFIX[kind], await nextCounter(tx, companyId, `receipt-${kind}`));
  await tx.insert(stockReceipts).values({
    id,
    companyId,
    kind,
    code,
    status: 'draft',
    ...header,
    createdBy,
    searchText: searchTextOf(code, header),
    ...totalsOf(lines),
  });
  await insertLines(tx, companyId, id, lines);
  await tx.insert(stockReceiptHistory).values({ companyId, receiptId: id, fromStatus: null, toStatus: 'draft', accountId: createdBy });
  return id;
}

/**
 * A draft's header and lines replaced at once. A draft moved no stock, so the retention check passes;
 * it is asked anyway because this is a delete of receipt lines and must never reach a posted one.
 */
export async function replaceDraft(tx: Db, row: ReceiptRow, header: ReceiptHeader, lines: readonly ResolvedLine[]): Promise<void> {
  await refuseRetainedDelete(tx, row.companyId, 'receipt', { receiptId: row.id });
  await tx.delete(stockReceiptLines).where(eq(stockReceiptLines.receiptId, row.id));
  await insertLines(tx, row.companyId, row.id, lines);
  await tx
    .update(stockReceipts)
    .set({ ...header, searchText: searchTextOf(row.code, header), ...totalsOf(lines), updatedAt: new Date() })
    .where(eq(stockReceipts.id, row.id));
}

/** The receipt row, locked for the rest of the transaction. */
export async function lockReceipt(tx: Db, companyId: number, kind: ReceiptKind, id: string): Promise<ReceiptRow | null> {
  const [row] = await tx
    .select()
    .from(stockReceipts)
    .where(and(eq(stockReceipts.companyId, companyId), eq(stockReceipts.kind, kind), eq(stockReceipts.id, id)))
    .for('update');
  return row ?? null;
}

const toWarehouses = aliasedTable(warehouses, 'to_warehouses');
const creators = aliasedTable(accounts, 'creators');
const completers = aliasedTable(accounts, 'completers');

function recordSelect() {
  return {
    receipt: stockReceipts,
    warehouseName: warehouses.name,
    toWarehouseName: toWarehouses.name,
    reason: transferReasons.title,
    orderCode: orders.code,
    createdByName: creators.fullName,
    completedByName: completers.fullName,
  };
}

function toRecord(row: {
  receipt: ReceiptRow;
  warehouseName: string;
  toWarehouseName: string | null;
  reason: string | null;
  orderCode: string | null;
  createdByName: string;
  completedByName: string | null;
}): ReceiptRecord {
  const r = row.receipt;
  return {
    id: r.id,
    company: r.companyId,
    kind: r.kind as ReceiptKind,
    code: r.code,
    status: r.status as ReceiptStatus,
    warehouse_id: r.warehouseId,
    warehouse_name: row.warehouseName,
    to_warehouse_id: r.toWarehouseId,
    to_warehouse_name: row.toWarehouseName,
    reason_id: r.reasonId,
    reason: row.reason,
    partner_name: r.partnerName,
    partner_address: r.partnerAddress,
    source_document: r.sourceDocument,
    order_id: r.orderId,
    order_code: row.orderCode,
    is_return: r.isReturn,
    reverses_id: r.reversesId,
    count_merge: r.kind === 'check' ? ((r.countMerge ?? 'sum') as CountMerge) : null,
    document_date: r.documentDate,
    note: r.note,
    status_reason: r.statusReason,
    created_by: r.createdBy,
    created_by_name: row.createdByName,
    completed_at: r.completedAt?.toISOString() ?? null,
    completed_by_name: row.completedByName,
    line_count: r.lineCount,
    total_quantity: r.totalQuantity,
    total_amount: r.totalAmount,
    created_at: r.createdAt.toISOString(),
    updated_at: r.updatedAt.toISOString(),
  };
}

function recordQuery(db: Db, where: SQL | undefined) {
  return db
    .select(recordSelect())
    .from(stockReceipts)
    .innerJoin(warehouses, eq(warehouses.id, stockReceipts.warehouseId))
    .leftJoin(toWarehouses, eq(toWarehouses.id, stockReceipts.toWarehouseId))
    .leftJoin(transferReasons, eq(transferReasons.id, stockReceipts.reasonId))
    .leftJoin(orders, eq(orders.id, stockReceipts.orderId))
    .innerJoin(creators, eq(creators.id, stockReceipts.createdBy))
    .leftJoin(completers, eq(completers.id, stockReceipts.completedBy))
    .where(where);
}

export type ReceiptFilter = {
  companyId: number;
  kind: ReceiptKind;
  search?: string;
  status?: ReceiptStatus;
  warehouse?: number;
  dateFrom?: string;
  dateTo?: string;
};

function filterConditions(filter: ReceiptFilter): SQL[] {
  const conditions: SQL[] = [eq(stockReceipts.companyId, filter.companyId), eq(stockReceipts.kind, filter.kind)];
  if (filter.status) conditions.push(eq(stockReceipts.status, filter.status));
  if (filter.warehouse)
    conditions.push(sql`(${stockReceipts.warehouseId} = ${filter.warehouse} or ${stockReceipts.toWarehouseId} = ${filter.warehouse})`);
  if (filter.dateFrom) conditions.push(gte(stockReceipts.documentDate, filter.dateFrom));
  if (filter.dateTo) conditions.push(lte(stockReceipts.documentDate, filter.dateTo));
  conditions.push(...wordConditions(stockReceipts.searchText, filter.search));
  return conditions;
}

export async function listReceipts(
  db: Db,
  filter: ReceiptFilter,
  page: { page: number; limit: number },
): Promise<{ rows: ReceiptRecord[]; count: number; bonus: ReceiptListBonus }> {
  const matching = filterConditions(filter);
  const withoutStatus = filterConditions({ ...filter, status: undefined });
  // The count comes with the sums of the filter's amounts and quantities (one statement), so only the page is the kernel's.
  const [rows, statuses, [totals]] = await Promise.all([
    selectPage(recordQuery(db, and(...matching)).$dynamic(), [desc(stockReceipts.documentDate), desc(stockReceipts.code)], page),
    db
      .select({ status: stockReceipts.status, n: count() })
      .from(stockReceipts)
      .where(and(...withoutStatus))
      .groupBy(stockReceipts.status),
    db
      .select({
        n: count(),
        amount: sql<string>`coalesce(sum(${stockReceipts.totalAmount}), 0)`,
        quantity: sql<string>`coalesce(sum(${stockReceipts.totalQuantity}), 0)`,
      })
      .from(stockReceipts)
      .where(and(...matching)),
  ]);
  return {
    rows: rows.map(toRecord),
    count: Number(totals?.n ?? 0),
    bonus: {
      by_status: Object.fromEntries(statuses.map((row) => [row.status, Number(row.n)])),
      total_amount: Number(totals?.amount ?? 0),
      total_quantity: Number(totals?.quantity ?? 0),
    },
  };
}

export async function receiptRecord(db: Db, companyId: number, id: string): Promise<ReceiptRecord | null> {
  const [row] = await recordQuery(db, and(eq(stockReceipts.companyId, companyId), eq(stockReceipts.id, id)));
  return row ? toRecord(row) : null;
}

export async function receiptLines(db: Db, companyId: number, receiptId: string): Promise<ReceiptLineRecord[]> {
  const rows = await db
    .select()
    .from(stockReceiptLines)
    .where(and(eq(stockReceiptLines.companyId, companyId), eq(stockReceiptLines.receiptId, receiptId)))
    .orderBy(asc(stockReceiptLines.sort));
  const facts = await variantFacts(
    db,
    companyId,
    rows.map((row) => row.variantId),
  );
  const lots = await lotsById(
    db,
    companyId,
    rows.flatMap((row) => (row.lotId ? [row.lotId] : [])),
  );
  const picks = await db
    .select({
      lineId: stockMoves.receiptLineId,
      lotId: stockMoves.lotId,
      lotNo: stockLots.lotNo,
      expiresOn: stockLots.expiresOn,
      quantity: stockMoves.quantity,
    })
    .from(stockMoves)
    .innerJoin(stockLots, eq(stockLots.id, stockMoves.lotId))
    .where(and(eq(stockMoves.companyId, companyId), eq(stockMoves.receiptId, receiptId)));
  return rows.map((row) => {
    const variant = facts.get(row.variantId);
    return {
      id: row.id,
      variant_id: row.variantId,
      product_name: variant?.productName ?? '',
      variant_name: variant?.variantName ?? '',
      sku: variant?.sku ?? '',
      unit: row.unit,
      factor: row.factor,
      quantity: row.quantity,
      document_quantity: row.documentQuantity,
      received_quantity: row.receivedQuantity,
      base_quantity: row.baseQuantity,
      base_unit: variant?.baseUnit ?? '',
      lot_id: row.lotId,
      lot_no: row.lotNo,
      manufactured_on: row.manufacturedOn,
      expires_on: row.expiresOn,
      lot_status: row.lotId ? ((lots.get(row.lotId)?.status as LotStatus | undefined) ?? null) : null,
      lot_status_reason: row.lotId ? (lots.get(row.lotId)?.statusReason ?? null) : null,
      unit_price: row.unitPrice,
      amount: row.amount,
      cost: row.cost,
      book_quantity: row.bookQuantity,
      counted_quantity: row.countedQuantity,
      picks: picks
        .filter((pick) => pick.lineId === row.id)
        .map((pick) => ({ lot_id: pick.lotId, lot_no: pick.lotNo, expires_on: pick.expiresOn, base_quantity: Math.abs(pick.quantity) })),
    };
  });
}

/** An open count shows what its sheets say so far (completing writes the same figures on its lines). */
async function withCountsSoFar(db: Db, record: { id: string; kind: string; status: string }, lines: ReceiptLineRecord[]) {
  if (record.kind !== 'check' || record.status === 'completed') return lines;
  const counted = await mergedCounts(db, record.id);
  return lines.map((line) => ({ ...line, counted_quantity: counted.get(`${line.variant_id}|${line.lot_id ?? ''}`) ?? null }));
}

export async function receiptDetail(db: Db, companyId: number, id: string): Promise<ReceiptDetail | null> {
  const record = await receiptRecord(db, companyId, id);
  if (!record) return null;
  const [lines, history, sheets] = await Promise.all([
    receiptLines(db, companyId, id),
    db
      .select({ history: stockReceiptHistory, by: accounts.fullName })
      .from(stockReceiptHistory)
      .innerJoin(accounts, eq(accounts.id, stockReceiptHistory.accountId))
      .where(eq(stockReceiptHistory.receiptId, id))
      .orderBy(asc(stockReceiptHistory.id)),
    db
      .select({ accountId: stockCountSheets.accountId, name: accounts.fullName, at: stockCountSheets.countedAt })
      .from(stockCountSheets)
      .innerJoin(accounts, eq(accounts.id, stockCountSheets.accountId))
      .where(eq(stockCountSheets.receiptId, id)),
  ]);
  const counters = new Map<number, { account_id: number; name: string; sheets: number; counted_at: string }>();
  for (const sheet of sheets) {
    const current = counters.get(sheet.accountId);
    const at = sheet.at.toISOString();
    counters.set(sheet.accountId, {
      account_id: sheet.accountId,
      name: sheet.name,
      sheets: (current?.sheets ?? 0) + 1,
      counted_at: current && current.counted_at > at ? current.counted_at : at,
    });
  }
  return {
    ...record,
    lines: await withCountsSoFar(db, record, lines),
    counters: [...counters.values()],
    history: history.map(({ history: entry, by }) => ({
      from: entry.fromStatus as ReceiptStatus | null,
      to: entry.toStatus as ReceiptStatus,
      at: entry.at.toISOString(),
      by,
      reason: entry.reason,
    })),
  };
}

/** Receipts of some orders (an order's export, its returns). */
export async function orderReceiptIds(db: Db, companyId: number, orderIds: readonly string[]) {
  if (orderIds.length === 0) return [];
  return db
    .select({ id: stockReceipts.id, orderId: stockReceipts.orderId, kind: stockReceipts.kind, status: stockReceipts.status })
    .from(stockReceipts)
    .where(and(eq(stockReceipts.companyId, companyId), inArray(stockReceipts.orderId, [...orderIds])));
}
