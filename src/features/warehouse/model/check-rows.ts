/**
 * A stock count (kiểm kho) as form 05-VT lays it out, per lot: the books, the count, and the
 * difference as surplus (thừa) or shortage (thiếu), each with its value. The counted figure is what
 * the counters' sheets say (server/modules/warehouse/checks.ts mergedCounts): so far while the count
 * is open, as written on the lines when it is completed; null for a lot nobody counted. Values are at
 * the moving-average cost: the cost the posting used for a posted difference, else the variant's
 * average cost in the warehouse now.
 */
import { countDifference } from '@contract/warehouse-ledger';
import type { ReceiptLineRecord } from '@contract/warehouse-receipts';
import { lineName } from './receipt-print';

type Figure = { quantity: number; value: number | null };

export type CheckRow = {
  no: number;
  lineId: string;
  variantId: number;
  lotId: number | null;
  name: string;
  sku: string;
  unit: string;
  lotNo: string | null;
  expiresOn: string | null;
  unitCost: number | null;
  book: Figure;
  counted: Figure | null;
  surplus: Figure | null;
  shortage: Figure | null;
};

export type CheckTotals = { book: Figure; counted: Figure; surplus: Figure; shortage: Figure; countedLines: number };

const valued = (quantity: number, unitCost: number | null): Figure => ({
  quantity,
  value: unitCost === null ? null : Math.round(quantity * unitCost),
});

export function checkRows(lines: readonly ReceiptLineRecord[], averageCost: (variantId: number) => number | null): CheckRow[] {
  return lines.map((line, index) => {
    const book = line.book_quantity ?? 0;
    const counted = line.counted_quantity;
    const diff = counted === null ? null : countDifference(book, counted);
    const posted = diff && diff.difference !== 0 && line.cost !== null ? line.cost / Math.abs(diff.difference) : null;
    const unitCost = posted ?? averageCost(line.variant_id);
    // A posted difference keeps the exact value the ledger took.
    const differenceValue = (quantity: number): Figure =>
      quantity > 0 && line.cost !== null ? { quantity, value: line.cost } : valued(quantity, unitCost);
    return {
      no: index + 1,
      lineId: line.id,
      variantId: line.variant_id,
      lotId: line.lot_id,
      name: lineName(line),
      sku: line.sku,
      unit: line.unit,
      lotNo: line.lot_no,
      expiresOn: line.expires_on,
      unitCost,
      book: valued(book, unitCost),
      counted: counted === null ? null : valued(counted, unitCost),
      surplus: diff ? differenceValue(diff.surplus) : null,
      shortage: diff ? differenceValue(diff.shortage) : null,
    };
  });
}

export function checkTotals(rows: readonly CheckRow[]): CheckTotals {
  const add = (pick: (row: CheckRow) => Figure | null): Figure =>
    rows.reduce<Figure>(
      (sum, row) => {
        const figure = pick(row);
        if (!figure) return sum;
        return {
          quantity: sum.quantity + figure.quantity,
          value: sum.value === null || figure.value === null ? sum.value : sum.value + figure.value,
        };
      },
      { quantity: 0, value: 0 },
    );
  return {
    book: add((row) => row.book),
    counted: add((row) => row.counted),
    surplus: add((row) => row.surplus),
    shortage: add((row) => row.shortage),
    countedLines: rows.filter((row) => row.counted !== null).length,
  };
}
