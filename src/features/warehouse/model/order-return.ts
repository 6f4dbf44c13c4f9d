/**
 * Goods of a shipped order coming back (import-receipt-return-order/, docs/warehouse.md "Orders"):
 * what each order line can still return — what its shipment took of the variant less what earlier
 * returns brought back, shared by the lines of one variant in their order, as the server takes it —
 * and the call's lines. Every line is sent with its figure (0 for a line not returned or never
 * shipped: a variant the warehouse does not track left no stock), so nothing depends on the
 * contract's "left out = return in full". The server checks it all again and its answer decides.
 */
import type { OrderLineRecord } from '@contract/orders';
import type { ReceiptDetail } from '@contract/warehouse-receipts';
import { lineName } from '@/lib/line-name';

export type ReturnRow = {
  lineId: string;
  index: number;
  title: string;
  variantId: number;
  unit: string;
  factor: number;
  ordered: number;
  /** In the line's unit: what can still come back of it (0: nothing shipped, or all back already). */
  max: number;
  /** The shipment took this variant (false: not tracked in the warehouse, it never left the books). */
  shipped: boolean;
};

/** Base units per variant of some completed receipts' lines. */
export function baseByVariant(receipts: readonly Pick<ReceiptDetail, 'status' | 'lines'>[]): Map<number, number> {
  const totals = new Map<number, number>();
  for (const receipt of receipts) {
    if (receipt.status !== 'completed') continue;
    for (const line of receipt.lines) totals.set(line.variant_id, (totals.get(line.variant_id) ?? 0) + line.base_quantity);
  }
  return totals;
}

/** What of an order line the return needs. */
export type ReturnableLine = Pick<OrderLineRecord, 'id' | 'variant_id' | 'product_name' | 'variant_name' | 'unit' | 'factor' | 'quantity'>;

const lineTitle = (line: ReturnableLine) => lineName(line);

/**
 * Each order line with what it can still return: the shipped less returned base units of its
 * variant, given to the lines of that variant in order (a line takes at most what it ordered).
 */
export function returnRows(
  lines: readonly ReturnableLine[],
  shipped: ReadonlyMap<number, number>,
  returned: ReadonlyMap<number, number>,
): ReturnRow[] {
  const left = new Map<number, number>();
  for (const [variantId, quantity] of shipped) left.set(variantId, Math.max(0, quantity - (returned.get(variantId) ?? 0)));
  return lines.map((line, index) => {
    const factor = Math.max(1, line.factor);
    const pool = left.get(line.variant_id) ?? 0;
    const max = Math.min(line.quantity, Math.floor(pool / factor));
    left.set(line.variant_id, pool - max * factor);
    return {
      lineId: line.id,
      index,
      title: lineTitle(line),
      variantId: line.variant_id,
      unit: line.unit,
      factor,
      ordered: line.quantity,
      max,
      shipped: shipped.has(line.variant_id),
    };
  });
}

/** Why the chosen figures cannot be sent (nothing chosen, more than a line can return), or null. */
export function returnProblem(
  rows: readonly ReturnRow[],
  quantities: ReadonlyMap<string, number>,
): { message: string; lineId?: string } | null {
  let total = 0;
  for (const row of rows) {
    const quantity = quantities.get(row.lineId) ?? 0;
    if (!Number.isInteger(quantity) || quantity < 0) return { message: 'Số lượng trả phải là số nguyên không âm', lineId: row.lineId };
    if (quantity > row.max)
      return {
        message:
          row.max === 0 ? `${row.title}: không còn hàng để nhập trả` : `${row.title}: chỉ còn ${row.max} ${row.unit} có thể nhập trả`,
        lineId: row.lineId,
      };
    total += quantity;
  }
  return total === 0 ? { message: 'Chưa chọn hàng nào để nhập trả' } : null;
}

/** The call's lines: every order line with its figure. */
export function returnLines(rows: readonly ReturnRow[], quantities: ReadonlyMap<string, number>): { line_id: string; quantity: number }[] {
  return rows.map((row) => ({ line_id: row.lineId, quantity: quantities.get(row.lineId) ?? 0 }));
}

/** The server's `lines.N.quantity` refusal, as the order line it names. */
export function refusedLine(rows: readonly ReturnRow[], fields: Record<string, string>): { lineId: string; message: string } | null {
  for (const [field, message] of Object.entries(fields)) {
    const index = /^lines\.(\d+)\./.exec(field)?.[1];
    const row = index === undefined ? undefined : rows.find((candidate) => candidate.index === Number(index));
    if (row) return { lineId: row.lineId, message };
  }
  return null;
}
