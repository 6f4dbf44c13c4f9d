/**
 * Reading stock: the stock view (per warehouse and variant, with lots, value and what orders hold,
 * filtered by near expiry; its `bonus` totals every matching row), a stock card (thẻ kho) per
 * variant or lot, the xuất-nhập-tồn summary of a period, the ledger check (balances equal the sum
 * of the ledger), and each variant's availability as phones mirror it.
 */
import { and, asc, eq, gte, inArray, lt, lte, sql, type SQL } from 'drizzle-orm';
import { STOCK_LOTS_MIRRORED, type StockAvailability, type StockBonus, type StockLotToSell, type StockRow } from '@contract/warehouse';
import { availableToSell, averageCost, lotProblem, stockCard, type LotStock } from '@contract/warehouse-ledger';
import type { LotStatus } from '@contract/warehouse-status';
import type { Db } from '@server/kernel/db/client';
import {
  products,
  stockLevels,
  stockLotBalances,
  stockLots,
  stockMoves,
  stockReceipts,
  variants,
  variantUnits,
  warehouses,
} from '@server/kernel/db/schema';
import { rowsOf, wordConditions } from '@server/kernel/sql';
import { selectPage } from '@server/kernel/lists';
import { expiringUntil, toLotBalance, today } from './lots';
import { defaultWarehouse } from './warehouses.repo';

export type StockQuery = {
  companyId: number;
  page: number;
  limit: number;
  search?: string;
  warehouse?: number;
  expiring?: number;
  lotStatus?: LotStatus;
  inStock?: boolean;
};

const baseUnit = sql<string>`(select ${variantUnits.unit} from ${variantUnits} where ${variantUnits.variantId} = ${stockLevels.variantId} and ${variantUnits.factor} = 1 limit 1)`;

/**
 * The stock view's conditions. Lot filters (near expiry, a lot status) first find the few lots they
 * name through the expiry index, then keep the rows holding them, instead of asking each of the
 * company's stock rows about its lots.
 */
function stockConditions(query: StockQuery): SQL[] {
  const conditions: SQL[] = [eq(stockLevels.companyId, query.companyId)];
  const words = wordConditions(variants.searchText, query.search);
  // The matching variants as an array computed once (trigram index), then their stock rows by the
  // (company, variant) index: neither the page nor the totals join the variants to filter.
  if (words.length)
    conditions.push(
      sql`${stockLevels.variantId} = any(array(select ${variants.id} from ${variants} where ${and(eq(variants.companyId, query.companyId), ...words)}))`,
    );
  if (query.warehouse) conditions.push(eq(stockLevels.warehouseId, query.warehouse));
  if (query.inStock) conditions.push(sql`${stockLevels.onHand} <> 0`);
  if (query.expiring || query.lotStatus) {
    const lotFilter: SQL[] = [sql`l.company_id = ${query.companyId}`];
    if (query.expiring) lotFilter.push(sql`l.expires_on <= ${expiringUntil(query.expiring)}::date`);
    if (query.lotStatus) lotFilter.push(sql`l.status = ${query.lotStatus}`);
    const held = sql`from stock_lots l
      join stock_lot_balances b on b.company_id = l.company_id and b.lot_id = l.id and b.on_hand > 0
      where ${sql.join(lotFilter, sql` and `)}`;
    // The variants as an array first (computed once), so the planner walks the few stock rows by
    // variant instead of joining every row of the company against the lots; then the pair.
    conditions.push(sql`${stockLevels.variantId} = any(array(select b.variant_id ${held}))`);
    conditions.push(sql`(${stockLevels.warehouseId}, ${stockLevels.variantId}) in (select b.warehouse_id, b.variant_id ${held})`);
  }
  return conditions;
}

export async function stockRows(db: Db, query: StockQuery): Promise<{ rows: StockRow[]; count: number; bonus: StockBonus }> {
  const where = and(...stockConditions(query));
  const day = today();
  const select = db
    .select({
      level: stockLevels,
      warehouseName: warehouses.name,
      productName: products.name,
      variantName: variants.name,
      sku: variants.code,
      baseUnit,
    })
    .from(stockLevels)
    .innerJoin(variants, eq(variants.id, stockLevels.variantId))
    .innerJoin(products, eq(products.id, variants.productId))
    .innerJoin(warehouses, eq(warehouses.id, stockLevels.warehouseId))
    // The products' company, said again, lets the planner walk their (company, name) index.
    .where(and(where, eq(products.companyId, query.companyId)))
    .$dynamic();
  // The count comes with the sums of what is on hand and its value (one statement), so only the page is the kernel's.
  const [page, [totals], lotCounts] = await Promise.all([
    // Product name, then ids: the products' name index gives this order, so a page reads only its rows.
    selectPage(select, [asc(products.name), asc(products.id), asc(variants.id), asc(stockLevels.warehouseId)], query),
    db
      .select({
        n: sql<string>`count(*)`,
        onHand: sql<string>`coalesce(sum(${stockLevels.onHand}), 0)`,
        value: sql<string>`coalesce(sum(${stockLevels.value}), 0)`,
      })
      .from(stockLevels)
      .where(where),
    // Lots near their expiry or past it, found through the expiry index (few), each then asked for
    // its balances by index; a join would read every balance of the company.
    db.execute(sql`
      select coalesce(sum(b.n) filter (where l.expires_on >= ${day}::date), 0) as near,
             coalesce(sum(b.n) filter (where l.expires_on < ${day}::date), 0) as expired
      from stock_lots l, lateral (
        select count(*) as n from stock_lot_balances b
        where b.company_id = l.company_id and b.lot_id = l.id and b.on_hand > 0
          ${query.warehouse ? sql`and b.warehouse_id = ${query.warehouse}` : sql``}) b
      where l.company_id = ${query.companyId} and l.expires_on <= ${expiringUntil(90)}::date`),
  ]);
  const [lotTotals] = rowsOf<{ near: string; expired: string }>(lotCounts);
  const lots =
    page.length === 0
      ? []
      : await db
          .select({
            warehouseId: stockLotBalances.warehouseId,
            variantId: stockLotBalances.variantId,
            lotId: stockLots.id,
            lotNo: stockLots.lotNo,
            manufacturedOn: stockLots.manufacturedOn,
            expiresOn: stockLots.expiresOn,
            status: stockLots.status,
            quantity: stockLotBalances.onHand,
            held: stockLotBalances.held,
          })
          .from(stockLotBalances)
          .innerJoin(stockLots, eq(stockLots.id, stockLotBalances.lotId))
          .where(
            and(
              eq(stockLotBalances.companyId, query.companyId),
              // Warehouses and variants both: the balances' (company, warehouse, variant) index serves it.
              inArray(stockLotBalances.warehouseId, [...new Set(page.map((row) => row.level.warehouseId))]),
              inArray(stockLotBalances.variantId, [...new Set(page.map((row) => row.level.variantId))]),
              sql`${stockLotBalances.onHand} <> 0`,
            ),
          )
          .orderBy(asc(stockLots.expiresOn));
  const rows: StockRow[] = page.map(({ level, warehouseName, productName, variantName, sku, baseUnit: unit }) => {
    const own = lots.filter((lot) => lot.warehouseId === level.warehouseId && lot.variantId === level.variantId);
    const sellable: LotStock[] = own.map((lot) => ({ ...lot, status: lot.status as LotStatus, available: lot.quantity - lot.held }));
    return {
      warehouse_id: level.warehouseId,
      warehouse_name: warehouseName,
      variant_id: level.variantId,
      product_name: productName,
      variant_name: variantName,
      sku,
      base_unit: unit ?? '',
      on_hand: level.onHand,
      reserved: level.reserved,
      available: availableToSell(sellable, level.reserved, day),
      value: level.value,
      average_cost: Math.round(averageCost({ quantity: level.onHand, value: level.value })),
      nearest_expiry: own.find((lot) => lot.expiresOn)?.expiresOn ?? null,
      lots: own.map((lot) => toLotBalance(lot, day)),
    };
  });
  return {
    rows,
    count: Number(totals?.n ?? 0),
    bonus: {
      variants: Number(totals?.n ?? 0),
      on_hand: Number(totals?.onHand ?? 0),
      value: Number(totals?.value ?? 0),
      near_expiry_lots: Number(lotTotals?.near ?? 0),
      expired_lots: Number(lotTotals?.expired ?? 0),
    },
  };
}

/** A stock card (thẻ kho) of one variant (or one of its lots) in a period: opening, each movement, closing. */
export async function variantCard(
  db: Db,
  query: { companyId: number; variantId: number; lotId?: number; warehouse?: number; dateFrom: string; dateTo: string },
) {
  const scope: SQL[] = [eq(stockMoves.companyId, query.companyId), eq(stockMoves.variantId, query.variantId)];
  if (query.lotId) scope.push(eq(stockMoves.lotId, query.lotId));
  if (query.warehouse) scope.push(eq(stockMoves.warehouseId, query.warehouse));
  const [opening] = await db
    .select({ quantity: sql<string>`coalesce(sum(${stockMoves.quantity}), 0)`, value: sql<string>`coalesce(sum(${stockMoves.value}), 0)` })
    .from(stockMoves)
    .where(and(...scope, lt(stockMoves.documentDate, query.dateFrom)));
  const moves = await db
    .select({
      id: stockMoves.id,
      at: stockMoves.documentDate,
      quantity: stockMoves.quantity,
      value: stockMoves.value,
      receiptId: stockReceipts.id,
      code: stockReceipts.code,
      kind: stockReceipts.kind,
      partner: stockReceipts.partnerName,
      lotNo: stockLots.lotNo,
      warehouseName: warehouses.name,
    })
    .from(stockMoves)
    .innerJoin(stockReceipts, eq(stockReceipts.id, stockMoves.receiptId))
    .innerJoin(stockLots, eq(stockLots.id, stockMoves.lotId))
    .innerJoin(warehouses, eq(warehouses.id, stockMoves.warehouseId))
    .where(and(...scope, gte(stockMoves.documentDate, query.dateFrom), lte(stockMoves.documentDate, query.dateTo)))
    .orderBy(asc(stockMoves.documentDate), asc(stockMoves.id))
    .limit(5000);
  const card = stockCard(
    { quantity: Number(opening?.quantity ?? 0), value: Number(opening?.value ?? 0) },
    moves.map((move) => ({ at: move.at, quantity: move.quantity, value: move.value })),
  );
  return {
    opening: card.opening,
    in: card.in,
    out: card.out,
    closing: card.closing,
    rows: card.rows.map((row, index) => ({
      ...row,
      receipt_id: moves[index]!.receiptId,
      receipt_code: moves[index]!.code,
      kind: moves[index]!.kind,
      partner: moves[index]!.partner,
      lot_no: moves[index]!.lotNo,
      warehouse_name: moves[index]!.warehouseName,
    })),
  };
}

/** Xuất-nhập-tồn: per variant, opening, in, out and closing (quantity and value) over a period. */
export async function periodSummary(
  db: Db,
  query: { companyId: number; warehouse?: number; search?: string; dateFrom: string; dateTo: string; page: number; limit: number },
) {
  const warehouse = query.warehouse ? sql`and m.warehouse_id = ${query.warehouse}` : sql``;
  const words = wordConditions(sql`v.search_text`, query.search);
  const search = words.length ? sql`and ${sql.join(words, sql` and `)}` : sql``;
  const rows = rowsOf<Record<string, string | number | null>>(
    await db.execute(sql`
      with moves as (
        select m.variant_id,
          sum(case when m.document_date < ${query.dateFrom}::date then m.quantity else 0 end) as opening_quantity,
          sum(case when m.document_date < ${query.dateFrom}::date then m.value else 0 end) as opening_value,
          sum(case when m.document_date >= ${query.dateFrom}::date and m.quantity > 0 then m.quantity else 0 end) as in_quantity,
          sum(case when m.document_date >= ${query.dateFrom}::date and m.quantity > 0 then m.value else 0 end) as in_value,
          sum(case when m.document_date >= ${query.dateFrom}::date and m.quantity < 0 then -m.quantity else 0 end) as out_quantity,
          sum(case when m.document_date >= ${query.dateFrom}::date and m.quantity < 0 then -m.value else 0 end) as out_value
        from stock_moves m
        where m.company_id = ${query.companyId} and m.document_date <= ${query.dateTo}::date ${warehouse}
        group by m.variant_id
      )
      select moves.*, p.name as product_name, v.name as variant_name, v.code as sku, count(*) over () as total
      from moves join variants v on v.id = moves.variant_id join products p on p.id = v.product_id
      where true ${search}
      order by p.name, v.name
      limit ${query.limit} offset ${(query.page - 1) * query.limit}`),
  );
  const n = (value: string | number | null | undefined) => Number(value ?? 0);
  return {
    count: n(rows[0]?.total),
    rows: rows.map((row) => ({
      variant_id: n(row.variant_id),
      product_name: String(row.product_name),
      variant_name: String(row.variant_name),
      sku: String(row.sku),
      opening: { quantity: n(row.opening_quantity), value: n(row.opening_value) },
      in: { quantity: n(row.in_quantity), value: n(row.in_value) },
      out: { quantity: n(row.out_quantity), value: n(row.out_value) },
      closing: {
        quantity: n(row.opening_quantity) + n(row.in_quantity) - n(row.out_quantity),
        value: n(row.opening_value) + n(row.in_value) - n(row.out_value),
      },
    })),
  };
}

/** Balances that differ from the sum of the ledger (an empty list: the books hold). */
export async function ledgerMismatches(db: Db, companyId: number) {
  const levels = rowsOf<{
    warehouse_id: number;
    variant_id: number;
    on_hand: string;
    value: string;
    ledger_quantity: string;
    ledger_value: string;
  }>(
    await db.execute(sql`
      select s.warehouse_id, s.variant_id, s.on_hand, s.value,
             coalesce(m.quantity, 0) as ledger_quantity, coalesce(m.value, 0) as ledger_value
      from stock_levels s
      left join (select warehouse_id, variant_id, sum(quantity) as quantity, sum(value) as value
                 from stock_moves where company_id = ${companyId} group by warehouse_id, variant_id) m
        on m.warehouse_id = s.warehouse_id and m.variant_id = s.variant_id
      where s.company_id = ${companyId} and (s.on_hand <> coalesce(m.quantity, 0) or s.value <> coalesce(m.value, 0))`),
  );
  const lots = rowsOf<{ warehouse_id: number; lot_id: number; on_hand: string; ledger_quantity: string }>(
    await db.execute(sql`
      select b.warehouse_id, b.lot_id, b.on_hand, coalesce(m.quantity, 0) as ledger_quantity
      from stock_lot_balances b
      left join (select warehouse_id, lot_id, sum(quantity) as quantity from stock_moves where company_id = ${companyId} group by warehouse_id, lot_id) m
        on m.warehouse_id = b.warehouse_id and m.lot_id = b.lot_id
      where b.company_id = ${companyId} and b.on_hand <> coalesce(m.quantity, 0)`),
  );
  return {
    levels: levels.map((row) => ({
      ...row,
      on_hand: Number(row.on_hand),
      value: Number(row.value),
      ledger_quantity: Number(row.ledger_quantity),
      ledger_value: Number(row.ledger_value),
    })),
    lots: lots.map((row) => ({ ...row, on_hand: Number(row.on_hand), ledger_quantity: Number(row.ledger_quantity) })),
  };
}

/** What phones mirror: each tracked variant's sellable stock, in total and per warehouse. */
export async function loadAvailability(db: Db, companyId: number, ids: string[]): Promise<Map<string, StockAvailability>> {
  const variantIds = ids.map(Number).filter((id) => Number.isInteger(id) && id > 0 && id <= 2_147_483_647);
  if (variantIds.length === 0) return new Map();
  const [levels, lots, fallback] = await Promise.all([
    db
      .select()
      .from(stockLevels)
      .where(and(eq(stockLevels.companyId, companyId), inArray(stockLevels.variantId, variantIds))),
    db
      .select({
        warehouseId: stockLotBalances.warehouseId,
        variantId: stockLotBalances.variantId,
        lotId: stockLots.id,
        lotNo: stockLots.lotNo,
        expiresOn: stockLots.expiresOn,
        status: stockLots.status,
        onHand: stockLotBalances.onHand,
        held: stockLotBalances.held,
      })
      .from(stockLotBalances)
      .innerJoin(stockLots, eq(stockLots.id, stockLotBalances.lotId))
      .where(and(eq(stockLotBalances.companyId, companyId), inArray(stockLotBalances.variantId, variantIds))),
    defaultWarehouse(db, companyId),
  ]);
  const day = today();
  const out = new Map<string, StockAvailability>();
  const lotsOf = new Map<string, StockLotToSell[]>();
  for (const level of levels) {
    const own: LotStock[] = lots
      .filter((lot) => lot.variantId === level.variantId && lot.warehouseId === level.warehouseId)
      .map((lot) => ({
        lotId: lot.lotId,
        lotNo: lot.lotNo,
        expiresOn: lot.expiresOn,
        status: lot.status as LotStatus,
        available: lot.onHand - lot.held,
      }));
    const available = availableToSell(own, level.reserved, day);
    const key = String(level.variantId);
    const current = out.get(key) ?? {
      id: level.variantId,
      company: companyId,
      variant_id: level.variantId,
      available: 0,
      by_warehouse: {},
      default_warehouse_id: fallback.id,
      updated_at: level.updatedAt.toISOString(),
    };
    current.available += available;
    current.by_warehouse[String(level.warehouseId)] = available;
    lotsOf.set(key, [...(lotsOf.get(key) ?? []), ...sellableLots(own, day)]);
    if (level.updatedAt.toISOString() > current.updated_at) current.updated_at = level.updatedAt.toISOString();
    out.set(key, current);
  }
  for (const [key, record] of out) record.lots = lotsToSell(lotsOf.get(key) ?? []);
  return out;
}

function sellableLots(lots: readonly LotStock[], day: string): StockLotToSell[] {
  return lots
    .filter((lot) => lot.expiresOn !== null && lot.available > 0 && lotProblem(lot, day) === null)
    .map((lot) => ({ lot_no: lot.lotNo, expires_on: lot.expiresOn!, available: lot.available }));
}

/** One row per lot across warehouses, the nearest expiry first, as many as phones keep. */
function lotsToSell(lots: readonly StockLotToSell[]): StockLotToSell[] {
  const merged = new Map<string, StockLotToSell>();
  for (const lot of lots) {
    const key = `${lot.lot_no}|${lot.expires_on}`;
    const seen = merged.get(key);
    merged.set(key, seen ? { ...seen, available: seen.available + lot.available } : lot);
  }
  return [...merged.values()]
    .sort((a, b) => a.expires_on.localeCompare(b.expires_on) || a.lot_no.localeCompare(b.lot_no))
    .slice(0, STOCK_LOTS_MIRRORED);
}
