/**
 * Keeping a lot's documents at least a year past its expiry (contract/pharma-retention.ts, docs/pharma.md
 * "Retention"): every path that deletes an order, a delivery, a warehouse receipt or a ledger entry asks
 * here first, inside its own transaction, and is refused while a lot the document moved is still kept.
 * A document "touches" a lot through the ledger (stock_moves): a draft receipt or an order that never
 * left the warehouse moved nothing, so editing or replacing it stays free.
 */
import { and, eq, inArray } from 'drizzle-orm';
import { retentionRefusal, type RetentionDocument, type RetentionLot } from '@contract/pharma-retention';
import type { Db } from '@server/kernel/db/client';
import { products, stockLots, stockMoves, stockReceipts, variants } from '@server/kernel/db/schema';
import { conflict } from '@server/kernel/errors';
import { today } from './lots';

/** What a delete removes: an order (with the receipts naming it) or one receipt. */
export type RetentionSubject = { orderId: string } | { receiptId: string };

/** The lots a document moved in the ledger, with what the rule needs of each. */
export async function lotsMovedBy(tx: Db, companyId: number, subject: RetentionSubject): Promise<RetentionLot[]> {
  const receipts =
    'receiptId' in subject
      ? eq(stockMoves.receiptId, subject.receiptId)
      : inArray(
          stockMoves.receiptId,
          tx
            .select({ id: stockReceipts.id })
            .from(stockReceipts)
            .where(and(eq(stockReceipts.companyId, companyId), eq(stockReceipts.orderId, subject.orderId))),
        );
  const rows = await tx
    .selectDistinct({
      lotNo: stockLots.lotNo,
      expiresOn: stockLots.expiresOn,
      product: products.name,
      isMedicine: products.isMedicine,
    })
    .from(stockMoves)
    .innerJoin(stockLots, and(eq(stockLots.companyId, stockMoves.companyId), eq(stockLots.id, stockMoves.lotId)))
    .innerJoin(variants, and(eq(variants.companyId, stockMoves.companyId), eq(variants.id, stockMoves.variantId)))
    .innerJoin(products, and(eq(products.companyId, variants.companyId), eq(products.id, variants.productId)))
    .where(and(eq(stockMoves.companyId, companyId), receipts));
  return rows.map((row) => ({ lot_no: row.lotNo, expires_on: row.expiresOn, product: row.product, is_medicine: row.isMedicine }));
}

/** Refuses (409, in Vietnamese) deleting a document whose lots must still be kept. */
export async function refuseRetainedDelete(tx: Db, companyId: number, document: RetentionDocument, subject: RetentionSubject) {
  const refusal = retentionRefusal(document, await lotsMovedBy(tx, companyId, subject), today());
  if (refusal) throw conflict(refusal);
}
