/**
 * Posting to the stock ledger (docs/warehouse.md "Stock is a ledger"): each movement is a row of
 * `stock_moves`, and the balances it changes (per warehouse and variant with value and what orders
 * hold, per warehouse and lot with what is held in quarantine) are updated in the same transaction,
 * behind row locks taken in one order (no deadlocks between two postings). A lot never goes below
 * zero: the check here, and a constraint behind it. Every changed variant's availability is written
 * to the change log so phones see it.
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import { averageCost, issue, receive, type StockLevel } from '@contract/warehouse-ledger';
import type { Db } from '@server/kernel/db/client';
import { stockLevels, stockLotBalances, stockMoves } from '@server/kernel/db/schema';
import { HttpError } from '@server/kernel/errors';
import { recordUpserts } from '@server/kernel/sync/change-log';

export type MoveInput = {
  warehouseId: number;
  variantId: number;
  lotId: number;
  /** Signed base units: positive in, negative out. */
  quantity: number;
  /** Cost per base unit of what comes in (moving average updates with it); 'average': at the current average (a count's surplus). */
  unitCost?: number | 'average';
  /** The exact value (signed đồng) when it is known: reversals, transfers, returns. */
  value?: number;
  /** Incoming goods held in quarantine (returns) rather than sellable. */
  held?: boolean;
  receiptLineId?: string | null;
};

export type PostedMove = MoveInput & { value: number };

/** Names what is short, for the 409 a person reads. */
/** Names a variant and lot in a refusal ("Hapacol 500 lô A123"); `amount` writes base units with the unit ("7.497 viên"). */
export type Describe = { (variantId: number, lotId: number): string; amount: (variantId: number, base: number) => string };

const levelKey = (warehouseId: number, variantId: number) => `${warehouseId}:${variantId}`;
const lotKey = (warehouseId: number, lotId: number) => `${warehouseId}:${lotId}`;

export class StockShort extends HttpError {
  constructor(message: string) {
    super(409, 'STOCK_INSUFFICIENT', message);
  }
}

/** Makes sure the balance rows exist, then locks them in key order for the rest of the transaction. */
async function lockBalances(tx: Db, companyId: number, moves: readonly MoveInput[]) {
  const levels = [...new Map(moves.map((move) => [levelKey(move.warehouseId, move.variantId), move])).values()].sort(
    (a, b) => a.warehouseId - b.warehouseId || a.variantId - b.variantId,
  );
  const lots = [...new Map(moves.map((move) => [lotKey(move.warehouseId, move.lotId), move])).values()].sort(
    (a, b) => a.warehouseId - b.warehouseId || a.lotId - b.lotId,
  );
  await tx
    .insert(stockLevels)
    .values(levels.map((move) => ({ companyId, warehouseId: move.warehouseId, variantId: move.variantId })))
    .onConflictDoNothing();
  await tx
    .insert(stockLotBalances)
    .values(lots.map((move) => ({ companyId, warehouseId: move.warehouseId, lotId: move.lotId, variantId: move.variantId })))
    .onConflictDoNothing();
  const warehouseIds = [...new Set(moves.map((move) => move.warehouseId))];
  const levelRows = await tx
    .select()
    .from(stockLevels)
    .where(
      and(
        eq(stockLevels.companyId, companyId),
        inArray(stockLevels.warehouseId, warehouseIds),
        inArray(stockLevels.variantId, [...new Set(moves.map((move) => move.variantId))]),
      ),
    )
    .orderBy(stockLevels.warehouseId, stockLevels.variantId)
    .for('update');
  const lotRows = await tx
    .select()
    .from(stockLotBalances)
    .where(
      and(
        eq(stockLotBalances.companyId, companyId),
        inArray(stockLotBalances.warehouseId, warehouseIds),
        inArray(stockLotBalances.lotId, [...new Set(moves.map((move) => move.lotId))]),
      ),
    )
    .orderBy(stockLotBalances.warehouseId, stockLotBalances.lotId)
    .for('update');
  return {
    levels: new Map(levelRows.map((row) => [levelKey(row.warehouseId, row.variantId), row])),
    lots: new Map(lotRows.map((row) => [lotKey(row.warehouseId, row.lotId), row])),
  };
}

/**
 * Writes the movements of one receipt and updates the balances. An outgoing move takes from the
 * lot's sellable stock (on hand less what is held) unless `fromHeld` says it may take held stock
 * (a recall, a count). Returns the moves with their values (cost of goods for the outgoing ones).
 */
export async function postMoves(
  tx: Db,
  posting: { companyId: number; receiptId: string; documentDate: string; describe: Describe; fromHeld?: boolean },
  moves: readonly MoveInput[],
): Promise<PostedMove[]> {
  if (moves.length === 0) return [];
  const { companyId } = posting;
  const { levels, lots } = await lockBalances(tx, companyId, moves);
  const posted: PostedMove[] = [];
  for (const move of moves) {
    const level = levels.get(levelKey(move.warehouseId, move.variantId))!;
    const lot = lots.get(lotKey(move.warehouseId, move.lotId))!;
    const before: StockLevel = { quantity: level.onHand, value: level.value };
    let after: StockLevel;
    let value: number;
    if (move.quantity >= 0) {
      const unitCost = move.unitCost === 'average' ? averageCost(before) : (move.unitCost ?? 0);
      after =
        move.value !== undefined
          ? { quantity: before.quantity + move.quantity, value: before.value + move.value }
          : receive(before, move.quantity, unitCost);
      value = after.value - before.value;
      lot.onHand += move.quantity;
      if (move.held) lot.held += move.quantity;
    } else {
      const out = -move.quantity;
      const takeable = posting.fromHeld ? lot.onHand : lot.onHand - lot.held;
      if (out > takeable)
        throw new StockShort(
          `${posting.describe(move.variantId, move.lotId)}: chỉ còn ${posting.describe.amount(move.variantId, Math.max(0, takeable))} trong kho, không đủ ${posting.describe.amount(move.variantId, out)}`,
        );
      if (move.value !== undefined) {
        after = { quantity: before.quantity - out, value: before.value + move.value };
        value = move.value;
      } else {
        const issued = issue(before, out);
        after = issued.level;
        value = -issued.cost;
      }
      lot.onHand -= out;
      if (posting.fromHeld) lot.held = Math.min(lot.held, lot.onHand);
    }
    level.onHand = after.quantity;
    level.value = after.value;
    posted.push({ ...move, value });
  }
  const now = new Date();
  await tx.insert(stockMoves).values(
    posted.map((move) => ({
      companyId,
      warehouseId: move.warehouseId,
      variantId: move.variantId,
      lotId: move.lotId,
      quantity: move.quantity,
      value: move.value,
      receiptId: posting.receiptId,
      receiptLineId: move.receiptLineId ?? null,
      documentDate: posting.documentDate,
    })),
  );
  // One statement per table for every balance touched (a 200-line receipt stays a handful of round trips).
  const levelRows = [...levels.values()];
  await tx.execute(sql`
    update stock_levels s set on_hand = v.on_hand, value = v.value, updated_at = ${now}
    from unnest(${sql.param(levelRows.map((row) => row.warehouseId))}::int[], ${sql.param(levelRows.map((row) => row.variantId))}::int[],
                ${sql.param(levelRows.map((row) => row.onHand))}::bigint[], ${sql.param(levelRows.map((row) => row.value))}::bigint[])
      as v(warehouse_id, variant_id, on_hand, value)
    where s.company_id = ${companyId} and s.warehouse_id = v.warehouse_id and s.variant_id = v.variant_id`);
  const lotRows = [...lots.values()];
  await tx.execute(sql`
    update stock_lot_balances b set on_hand = v.on_hand, held = v.held, updated_at = ${now}
    from unnest(${sql.param(lotRows.map((row) => row.warehouseId))}::int[], ${sql.param(lotRows.map((row) => row.lotId))}::int[],
                ${sql.param(lotRows.map((row) => row.onHand))}::bigint[], ${sql.param(lotRows.map((row) => row.held))}::bigint[])
      as v(warehouse_id, lot_id, on_hand, held)
    where b.company_id = ${companyId} and b.warehouse_id = v.warehouse_id and b.lot_id = v.lot_id`);
  await recordUpserts(tx, companyId, 'stock', [...new Set(moves.map((move) => move.variantId))]);
  return posted;
}

/**
 * Adds (or, negative, removes) what orders hold of some variants in one warehouse, never below zero.
 * One statement for all of them: every caller has locked the rows first, in variant order
 * (lockStock in ./order-stock.ts), so the order this statement visits them in cannot deadlock.
 */
export async function changeReserved(
  tx: Db,
  companyId: number,
  warehouseId: number,
  byVariant: ReadonlyMap<number, number>,
): Promise<void> {
  const changed = [...byVariant].filter(([, delta]) => delta !== 0);
  if (changed.length === 0) return;
  await tx.execute(sql`
    update stock_levels s set reserved = greatest(0, s.reserved + v.delta), updated_at = ${new Date()}
    from unnest(${sql.param(changed.map(([variantId]) => variantId))}::int[], ${sql.param(changed.map(([, delta]) => delta))}::bigint[])
      as v(variant_id, delta)
    where s.company_id = ${companyId} and s.warehouse_id = ${warehouseId} and s.variant_id = v.variant_id`);
  await recordUpserts(
    tx,
    companyId,
    'stock',
    changed.map(([variantId]) => variantId),
  );
}
