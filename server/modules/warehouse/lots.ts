/**
 * Lots (số lô, the spec's "shipments"): a variant's lot number with its manufacture and expiry dates
 * and status, the same in every warehouse. Stock without a lot lies in the variant's lot ''.
 * Medicines (a product with a registration number, số đăng ký) must name a lot and its expiry on
 * every import (GSP/GDP; docs/warehouse.md "Lots").
 */
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { LotBalance, LotRecipient } from '@contract/warehouse';
import { daysToExpiry } from '@contract/warehouse-ledger';
import type { LotStatus } from '@contract/warehouse-status';
import { vietnamDay } from '@contract/price-policy';
import type { Db } from '@server/kernel/db/client';
import { orders, stockLotBalances, stockLots, stockMoves, stockReceipts, customers } from '@server/kernel/db/schema';
import { badRequest } from '@server/kernel/errors';

type LotRow = typeof stockLots.$inferSelect;

export const today = (): string => vietnamDay(new Date());

/** The last day a lot may expire to count as expiring within `days` (expired lots included). */
export function expiringUntil(days: number): string {
  return new Date(Date.parse(`${today()}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

/**
 * The lot a receipt line names: by id (it must be the variant's), or by number (made on first import,
 * its dates checked against the ones it already has). No lot: the variant's stock without a lot.
 */
export async function lotFor(
  tx: Db,
  companyId: number,
  variantId: number,
  given: { lotId?: number | null; lotNo?: string | null; manufacturedOn?: string | null; expiresOn?: string | null },
  field: string,
): Promise<LotRow> {
  if (given.lotId) {
    const [row] = await tx
      .select()
      .from(stockLots)
      .where(and(eq(stockLots.companyId, companyId), eq(stockLots.id, given.lotId), eq(stockLots.variantId, variantId)));
    if (!row) throw badRequest('VALIDATION_FAILED', 'Lô không thuộc sản phẩm này', { [`${field}.lot_id`]: 'Lô không thuộc sản phẩm này' });
    return row;
  }
  const lotNo = given.lotNo?.trim() ?? '';
  if (given.manufacturedOn && given.expiresOn && given.manufacturedOn >= given.expiresOn)
    throw badRequest('VALIDATION_FAILED', 'Hạn dùng phải sau ngày sản xuất', {
      [`${field}.expires_on`]: 'Hạn dùng phải sau ngày sản xuất',
    });
  await tx
    .insert(stockLots)
    .values({ companyId, variantId, lotNo, manufacturedOn: lotNo ? given.manufacturedOn : null, expiresOn: lotNo ? given.expiresOn : null })
    .onConflictDoNothing();
  const [row] = await tx
    .select()
    .from(stockLots)
    .where(and(eq(stockLots.companyId, companyId), eq(stockLots.variantId, variantId), eq(stockLots.lotNo, lotNo)));
  if (lotNo && given.expiresOn && row!.expiresOn && row!.expiresOn !== given.expiresOn)
    throw badRequest('VALIDATION_FAILED', `Lô ${lotNo} đã có hạn dùng ${row!.expiresOn}, khác với hạn dùng vừa nhập`, {
      [`${field}.expires_on`]: `Lô ${lotNo} đã có hạn dùng ${row!.expiresOn}`,
    });
  return row!;
}

/**
 * The lots some import lines name by number, made on first use, in two statements whatever their
 * count (a 200-line receipt). Keyed `variantId|lotNo`; lot '' is the variant's stock without a lot.
 */
export async function lotsByNumber(
  tx: Db,
  companyId: number,
  wanted: readonly { variantId: number; lotNo: string; manufacturedOn: string | null; expiresOn: string | null }[],
): Promise<Map<string, LotRow>> {
  if (wanted.length === 0) return new Map();
  await tx
    .insert(stockLots)
    .values(
      wanted.map((lot) => ({
        companyId,
        variantId: lot.variantId,
        lotNo: lot.lotNo,
        manufacturedOn: lot.lotNo ? lot.manufacturedOn : null,
        expiresOn: lot.lotNo ? lot.expiresOn : null,
      })),
    )
    .onConflictDoNothing();
  const rows = await tx
    .select()
    .from(stockLots)
    .where(
      and(
        eq(stockLots.companyId, companyId),
        inArray(stockLots.variantId, [...new Set(wanted.map((lot) => lot.variantId))]),
        inArray(stockLots.lotNo, [...new Set(wanted.map((lot) => lot.lotNo))]),
      ),
    );
  return new Map(rows.map((row) => [`${row.variantId}|${row.lotNo}`, row]));
}

export async function lotsById(db: Db, companyId: number, ids: readonly number[]): Promise<Map<number, LotRow>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select()
    .from(stockLots)
    .where(and(eq(stockLots.companyId, companyId), inArray(stockLots.id, [...new Set(ids)])));
  return new Map(rows.map((row) => [row.id, row]));
}

/** The lots of some variants in one warehouse with what lies there (sellable and held). */
export async function warehouseLots(db: Db, companyId: number, warehouseId: number, variantIds: readonly number[]) {
  if (variantIds.length === 0) return [];
  return db
    .select({
      lotId: stockLots.id,
      variantId: stockLots.variantId,
      lotNo: stockLots.lotNo,
      manufacturedOn: stockLots.manufacturedOn,
      expiresOn: stockLots.expiresOn,
      status: stockLots.status,
      onHand: stockLotBalances.onHand,
      held: stockLotBalances.held,
    })
    .from(stockLotBalances)
    .innerJoin(stockLots, eq(stockLots.id, stockLotBalances.lotId))
    .where(
      and(
        eq(stockLotBalances.companyId, companyId),
        eq(stockLotBalances.warehouseId, warehouseId),
        inArray(stockLotBalances.variantId, [...new Set(variantIds)]),
      ),
    );
}

export function toLotBalance(
  row: { lotId: number; lotNo: string; manufacturedOn: string | null; expiresOn: string | null; status: string; quantity: number },
  day: string,
): LotBalance {
  return {
    lot_id: row.lotId,
    lot_no: row.lotNo,
    manufactured_on: row.manufacturedOn,
    expires_on: row.expiresOn,
    status: row.status as LotStatus,
    quantity: row.quantity,
    days_to_expiry: daysToExpiry(row.expiresOn, day),
  };
}

/** "Who received lot X" for a recall: every export of the lot, with the customer of its order. */
export async function lotRecipients(db: Db, companyId: number, lotId: number): Promise<LotRecipient[]> {
  const rows = await db
    .select({
      receiptId: stockReceipts.id,
      code: stockReceipts.code,
      documentDate: stockReceipts.documentDate,
      orderId: stockReceipts.orderId,
      orderCode: orders.code,
      customerName: customers.name,
      customerPhone: customers.phone,
      partnerName: stockReceipts.partnerName,
      quantity: sql<string>`-sum(${stockMoves.quantity})`,
    })
    .from(stockMoves)
    .innerJoin(stockReceipts, eq(stockReceipts.id, stockMoves.receiptId))
    .leftJoin(orders, eq(orders.id, stockReceipts.orderId))
    .leftJoin(customers, eq(customers.id, orders.customerId))
    .where(and(eq(stockMoves.companyId, companyId), eq(stockMoves.lotId, lotId), eq(stockReceipts.kind, 'export')))
    .groupBy(stockReceipts.id, stockReceipts.companyId, orders.code, customers.name, customers.phone)
    .having(sql`sum(${stockMoves.quantity}) < 0`)
    .orderBy(desc(stockReceipts.documentDate));
  return rows.map((row) => ({
    receipt_id: row.receiptId,
    receipt_code: row.code,
    document_date: row.documentDate,
    order_id: row.orderId,
    order_code: row.orderCode,
    customer_name: row.customerName,
    customer_phone: row.customerPhone,
    partner_name: row.partnerName,
    quantity: Number(row.quantity),
  }));
}
