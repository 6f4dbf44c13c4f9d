/**
 * Orders in the stock ledger (docs/warehouse.md "Orders"): an accepted order holds stock in its
 * warehouse (reserved), refusing or cancelling it gives that back, shipping it (Đang giao) issues an
 * export receipt that takes the lots first-expiry-first-out and releases the hold, and goods that
 * come back go in through import-receipt-return-order into quarantine. A variant that was never
 * stocked in the warehouse is not tracked there and never limits an order.
 */
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { availableToSell, type LotStock } from '@contract/warehouse-ledger';
import { uuidv7 } from '@contract/uuid';
import type { Db } from '@server/kernel/db/client';
import { orderLines, orders, stockLevels, stockMoves, stockReceipts } from '@server/kernel/db/schema';
import { badRequest, HttpError, notFound } from '@server/kernel/errors';
import { changeReserved } from './ledger';
import { lotsById, today } from './lots';
import { creditOrderReturns } from './order-returns';
import { moveReceipt } from './receipt-posting';
import { resolveLines, variantFacts, type ResolvedLine } from './receipt-lines';
import { insertReceipt } from './receipts.repo';
import { usableWarehouse } from './warehouses.repo';

export { changeReserved };

/** Base units per variant of some order lines. */
export function baseQuantities(lines: readonly { variantId: number; quantity: number; factor: number }[]): Map<number, number> {
  const totals = new Map<number, number>();
  for (const line of lines) totals.set(line.variantId, (totals.get(line.variantId) ?? 0) + line.quantity * line.factor);
  return totals;
}

/** The warehouse an order uses: the one it names, else the company's default. */
export async function orderWarehouse(tx: Db, companyId: number, warehouseId: number | null | undefined): Promise<number> {
  return (await usableWarehouse(tx, companyId, warehouseId)).id;
}

/**
 * A stock row's lots with what each can still give (LotStock), read in the row's own statement.
 * Written out: drizzle leaves columns unqualified in a query on one table, and inside this subquery
 * "company_id" would then name the lot's column, not the stock row's.
 */
const lotStocks = sql<LotStock[]>`coalesce((
  select json_agg(json_build_object('lotId', l.id, 'lotNo', l.lot_no, 'expiresOn', l.expires_on, 'status', l.status,
                                    'available', b.on_hand - b.held))
  from stock_lot_balances b join stock_lots l on l.id = b.lot_id
  where b.company_id = stock_levels.company_id and b.warehouse_id = stock_levels.warehouse_id
    and b.variant_id = stock_levels.variant_id), '[]')`;

/**
 * Locks the stock rows of some variants in a warehouse for the rest of the transaction (two orders
 * at once queue here, in variant order) and says what each tracked one can still sell. Untracked
 * variants are absent.
 */
export async function lockStock(
  tx: Db,
  companyId: number,
  warehouseId: number,
  variantIds: readonly number[],
): Promise<Map<number, number>> {
  const ids = [...new Set(variantIds)].sort((a, b) => a - b);
  if (ids.length === 0) return new Map();
  const levels = await tx
    .select({ variantId: stockLevels.variantId, reserved: stockLevels.reserved, lots: lotStocks })
    .from(stockLevels)
    .where(and(eq(stockLevels.companyId, companyId), eq(stockLevels.warehouseId, warehouseId), inArray(stockLevels.variantId, ids)))
    .orderBy(stockLevels.variantId)
    .for('update', { of: stockLevels });
  const day = today();
  return new Map(levels.map((level) => [level.variantId, availableToSell(level.lots, level.reserved, day)]));
}

export type ShipOrder = {
  companyId: number;
  orderId: string;
  orderCode: string | null;
  warehouseId: number;
  customerName: string;
  customerAddress: string;
  accountId: number;
  documentDate: string;
  lines: readonly { variantId: number; unit: string; quantity: number; factor: number; unitPrice: number }[];
};

/**
 * Shipping an order: an export receipt of its tracked lines, completed at once (FEFO lots, refused
 * when a blocked or missing lot leaves it short), and the order's hold released. Null when nothing
 * of it is tracked in the warehouse.
 */
export async function shipOrder(tx: Db, ship: ShipOrder): Promise<string | null> {
  const tracked = await lockStock(
    tx,
    ship.companyId,
    ship.warehouseId,
    ship.lines.map((line) => line.variantId),
  );
  const lines = ship.lines.filter((line) => tracked.has(line.variantId));
  if (lines.length === 0) return null;
  const merged = new Map<string, { variant_id: number; unit: string; quantity: number; unit_price: number }>();
  for (const line of lines) {
    const key = `${line.variantId}|${line.unit.toLowerCase()}`;
    const current = merged.get(key);
    merged.set(key, {
      variant_id: line.variantId,
      unit: line.unit,
      quantity: (current?.quantity ?? 0) + line.quantity,
      unit_price: line.unitPrice,
    });
  }
  const resolved = await resolveLines(
    tx,
    ship.companyId,
    'export',
    [...merged.values()].map((line) => ({
      ...line,
      document_quantity: line.quantity,
      lot_id: null,
      lot_no: null,
      manufactured_on: null,
      expires_on: null,
    })),
  );
  const receiptId = await insertReceipt(
    tx,
    ship.companyId,
    'export',
    {
      warehouseId: ship.warehouseId,
      partnerName: ship.customerName,
      partnerAddress: ship.customerAddress,
      sourceDocument: ship.orderCode ? `Đơn hàng ${ship.orderCode}` : null,
      orderId: ship.orderId,
      documentDate: ship.documentDate,
      note: 'Xuất kho giao đơn hàng',
    },
    resolved,
    ship.accountId,
  );
  await changeReserved(
    tx,
    ship.companyId,
    ship.warehouseId,
    new Map([...baseQuantities(lines)].map(([variantId, quantity]) => [variantId, -quantity])),
  );
  await moveReceipt(tx, {
    companyId: ship.companyId,
    kind: 'export',
    id: receiptId,
    to: 'completed',
    reason: null,
    accountId: ship.accountId,
  });
  return receiptId;
}

/** One lot coming back: base units and the value it left with. */
type ReturnInput = { variant_id: number; unit: string; quantity: number; lot_id: number; cost: number };

export type ReturnOrder = {
  companyId: number;
  orderId: string;
  accountId: number;
  warehouseId: number | null;
  documentDate: string;
  note: string | null;
  /** Per order line, in the line's unit; absent lines come back in full. */
  lines: readonly { line_id: string; quantity: number }[];
  /** A returned delivery brings back whatever left, if anything did (null then), instead of refusing. */
  onlyIfShipped?: boolean;
};

/**
 * A delivered order's goods coming back (import-receipt-return-order): an import receipt marked as a
 * return, completed at once, of the lots the shipment took (the latest picks first) at the cost they
 * left with; they wait in quarantine until someone releases them. Only what was shipped and not yet
 * returned can come back.
 */
export async function returnOrder(tx: Db, back: ReturnOrder): Promise<string | null> {
  const [order] = await tx
    .select()
    .from(orders)
    .where(and(eq(orders.companyId, back.companyId), eq(orders.id, back.orderId)))
    .for('update');
  if (!order) throw notFound('Không tìm thấy đơn hàng');
  const shipped = await tx
    .select({ move: stockMoves })
    .from(stockMoves)
    .innerJoin(stockReceipts, eq(stockReceipts.id, stockMoves.receiptId))
    .where(
      and(
        eq(stockReceipts.companyId, back.companyId),
        eq(stockReceipts.orderId, back.orderId),
        inArray(stockReceipts.kind, ['export', 'import']),
      ),
    );
  const exportMoves = shipped.map((row) => row.move).filter((move) => move.quantity < 0);
  if (exportMoves.length === 0 && back.onlyIfShipped) return null;
  if (exportMoves.length === 0) throw new HttpError(409, 'CONFLICT', 'Đơn hàng chưa xuất kho nên không có hàng để nhập trả');
  // Per lot: what left with the order less what already came back.
  const left = new Map<number, { variantId: number; warehouseId: number; quantity: number; value: number }>();
  for (const { move } of shipped) {
    const current = left.get(move.lotId) ?? { variantId: move.variantId, warehouseId: move.warehouseId, quantity: 0, value: 0 };
    left.set(move.lotId, { ...current, quantity: current.quantity - move.quantity, value: current.value - move.value });
  }
  const lines = await tx.select().from(orderLines).where(eq(orderLines.orderId, back.orderId)).orderBy(asc(orderLines.sort));
  const inputs: ReturnInput[] = [];
  const returned: { line_id: string; quantity: number }[] = [];
  for (const [index, line] of lines.entries()) {
    const asked = back.lines.find((entry) => entry.line_id === line.id)?.quantity ?? line.quantity;
    if (asked > line.quantity)
      throw badRequest('VALIDATION_FAILED', 'Số lượng trả không được lớn hơn số lượng đặt', {
        [`lines.${index}.quantity`]: 'Lớn hơn số lượng đặt',
      });
    let wanted = asked * line.factor;
    const lots = [...left].filter(([, lot]) => lot.variantId === line.variantId && lot.quantity > 0).reverse();
    for (const [lotId, lot] of lots) {
      if (wanted <= 0) break;
      const take = Math.min(wanted, lot.quantity);
      const cost = Math.round((lot.value * take) / lot.quantity);
      inputs.push({ variant_id: line.variantId, unit: line.unit, quantity: take, lot_id: lotId, cost });
      lot.quantity -= take;
      lot.value -= cost;
      wanted -= take;
    }
    if (wanted > 0 && asked > 0)
      throw new HttpError(
        409,
        'CONFLICT',
        `${line.productName}: chỉ còn ${(asked * line.factor - wanted) / line.factor} ${line.unit} chưa nhập trả`,
      );
    if (asked > 0) returned.push({ line_id: line.id, quantity: asked });
  }
  if (inputs.length === 0) throw badRequest('VALIDATION_FAILED', 'Chưa có hàng nào để nhập trả');
  const warehouse = await usableWarehouse(tx, back.companyId, back.warehouseId ?? exportMoves[0]!.warehouseId);
  const receiptId = await postReturn(tx, back, order, warehouse.id, inputs, returned);
  // A completed order's debt falls by what the goods were sold for; one not completed yet is credited when it completes.
  await creditOrderReturns(tx, back.companyId, back.orderId);
  return receiptId;
}

/** The return receipt: lines in base units, one per lot, each at the cost it left with; held in quarantine. */
async function postReturn(
  tx: Db,
  back: ReturnOrder,
  order: typeof orders.$inferSelect,
  warehouseId: number,
  inputs: readonly ReturnInput[],
  returned: { line_id: string; quantity: number }[],
) {
  const facts = await variantFacts(
    tx,
    back.companyId,
    inputs.map((input) => input.variant_id),
  );
  const lots = await lotsById(
    tx,
    back.companyId,
    inputs.map((input) => input.lot_id),
  );
  const resolved: ResolvedLine[] = inputs.map((input, sort) => {
    const lot = lots.get(input.lot_id)!;
    return {
      id: uuidv7(),
      sort,
      variantId: input.variant_id,
      unit: facts.get(input.variant_id)?.baseUnit ?? input.unit,
      factor: 1,
      quantity: input.quantity,
      documentQuantity: input.quantity,
      baseQuantity: input.quantity,
      lotId: lot.id,
      lotNo: lot.lotNo || null,
      manufacturedOn: lot.manufacturedOn,
      expiresOn: lot.expiresOn,
      unitPrice: input.quantity > 0 ? Math.round(input.cost / input.quantity) : 0,
      amount: input.cost,
    };
  });
  const receiptId = await insertReceipt(
    tx,
    back.companyId,
    'import',
    {
      warehouseId,
      partnerName: order.customerName,
      partnerAddress: order.customerAddress,
      sourceDocument: `Hàng trả về của đơn ${order.code ?? order.localNo}`,
      orderId: order.id,
      isReturn: true,
      returnLines: returned,
      documentDate: back.documentDate,
      note: back.note,
    },
    resolved,
    back.accountId,
  );
  await moveReceipt(tx, {
    companyId: back.companyId,
    kind: 'import',
    id: receiptId,
    to: 'completed',
    reason: null,
    accountId: back.accountId,
  });
  return receiptId;
}
