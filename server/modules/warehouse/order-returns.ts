/**
 * What goods given back from an order do to the customer's debt (docs/warehouse.md "Orders"): a
 * completed order's return receipt credits the customer with what the goods were sold for
 * (contract/orders-totals.ts returnedValue), once per receipt; a return booked before the order
 * completed is credited when it completes (the debt is then posted at the order's full total);
 * cancelling a credited return receipt puts the amount back. A return of an order that never
 * completes (a delivery sent back) credits nothing: no debt was ever posted for it.
 */
import { and, asc, eq, inArray, isNotNull } from 'drizzle-orm';
import { formatMoney } from '@contract/money';
import { returnedValue } from '@contract/orders-totals';
import type { Db } from '@server/kernel/db/client';
import { orderLines, orders, stockReceipts } from '@server/kernel/db/schema';
import { creditReturn, reverseReturn } from '@server/modules/receivables';

/** The ledger's reference of a return receipt's credit: one credit per receipt. */
const creditReference = (receiptId: string) => `return-receipt:${receiptId}`;

/** What each completed return receipt of a completed order credits the customer; none for an order not completed. */
export async function returnCredits(tx: Db, companyId: number, orderId: string) {
  const [order] = await tx
    .select({ status: orders.status })
    .from(orders)
    .where(and(eq(orders.companyId, companyId), eq(orders.id, orderId)));
  if (order?.status !== 'completed') return [];
  const receipts = await tx
    .select({ id: stockReceipts.id, code: stockReceipts.code, returnLines: stockReceipts.returnLines, by: stockReceipts.createdBy })
    .from(stockReceipts)
    .where(
      and(
        eq(stockReceipts.companyId, companyId),
        eq(stockReceipts.orderId, orderId),
        eq(stockReceipts.status, 'completed'),
        isNotNull(stockReceipts.returnLines),
      ),
    );
  if (receipts.length === 0) return [];
  const lines = await tx
    .select({ id: orderLines.id, quantity: orderLines.quantity, lineTotal: orderLines.lineTotal })
    .from(orderLines)
    .where(eq(orderLines.orderId, orderId));
  return receipts.map((receipt) => ({ ...receipt, amount: returnedValue(lines, receipt.returnLines ?? []) }));
}

/** Credits every completed return receipt of a completed order not credited yet (the ledger keeps one per receipt). */
export async function creditOrderReturns(tx: Db, companyId: number, orderId: string): Promise<void> {
  for (const receipt of await returnCredits(tx, companyId, orderId)) {
    if (receipt.amount <= 0) continue;
    await creditReturn(tx, {
      companyId,
      orderId,
      amount: receipt.amount,
      reference: creditReference(receipt.id),
      accountId: receipt.by,
      note: `Hàng trả lại theo phiếu ${receipt.code}, trị giá ${formatMoney(receipt.amount)}`,
    });
  }
}

/** A return receipt cancelled: its credit, if it had one, is put back on the customer's debt. */
export async function reverseOrderReturn(
  tx: Db,
  receipt: { companyId: number; id: string; code: string; returnLines: unknown },
  accountId: number,
  reason: string | null,
): Promise<void> {
  if (!receipt.returnLines) return;
  await reverseReturn(tx, {
    companyId: receipt.companyId,
    reference: creditReference(receipt.id),
    accountId,
    note: `Hủy phiếu nhập trả ${receipt.code}${reason ? `: ${reason}` : ''}`,
  });
}

/** Goods given back from some orders through completed return receipts: per order line, in its unit, and the receipts. */
export async function orderReturnedLines(db: Db, companyId: number, orderIds: readonly string[]) {
  const byOrderLine = new Map<string, number>();
  if (orderIds.length === 0) return { byOrderLine, receipts: [] };
  const receipts = await db
    .select({ code: stockReceipts.code, document_date: stockReceipts.documentDate, returnLines: stockReceipts.returnLines })
    .from(stockReceipts)
    .where(
      and(
        eq(stockReceipts.companyId, companyId),
        inArray(stockReceipts.orderId, [...orderIds]),
        eq(stockReceipts.status, 'completed'),
        isNotNull(stockReceipts.returnLines),
      ),
    )
    .orderBy(asc(stockReceipts.documentDate), asc(stockReceipts.code));
  for (const receipt of receipts)
    for (const line of receipt.returnLines ?? []) byOrderLine.set(line.line_id, (byOrderLine.get(line.line_id) ?? 0) + line.quantity);
  return { byOrderLine, receipts: receipts.map(({ code, document_date }) => ({ code, document_date })) };
}
