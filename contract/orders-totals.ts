/**
 * Order arithmetic in whole đồng, the same on the phone and on the server: a line is quantity ×
 * unit price, less what promotions take off it (contract/promotions-engine.ts), less the rep's own
 * discount (a percent or an amount of what remains), less its share of an order-level promotion,
 * plus VAT on what remains when the VAT service is on. Each line is rounded on its own, so the order
 * total is the sum of what the printed lines show.
 */
import { roundDong } from './money';

export type LineDiscount = { kind: 'percent' | 'amount'; value: number };

export type LineAmounts = {
  gross: number;
  /**
   * What the line is worth after its own promotions: what the rep's discount is counted on, and the
   * most it may take (contract/orders-discount.ts).
   */
  base: number;
  /** Taken off by promotions (the line's own and its share of the order's). */
  promotion: number;
  /** The rep's own discount. */
  discount: number;
  net: number;
  vatRate: number;
  vat: number;
  total: number;
};

export function lineAmounts(input: {
  unitPrice: number;
  quantity: number;
  discount?: LineDiscount | null;
  vatRate: number;
  vatOn: boolean;
  /** Off the gross by the line's promotions, before the rep's discount. */
  promotion?: number;
  /** The line's share of an order-level promotion, after the rep's discount. */
  orderShare?: number;
}): LineAmounts {
  const gross = roundDong(input.unitPrice * input.quantity);
  const promotion = Math.min(gross, Math.max(0, roundDong(input.promotion ?? 0)));
  const base = gross - promotion;
  const requested = input.discount
    ? input.discount.kind === 'percent'
      ? roundDong((base * Math.min(100, Math.max(0, input.discount.value))) / 100)
      : roundDong(Math.max(0, input.discount.value))
    : 0;
  // Capped so the arithmetic never goes below zero; an amount over the line is not accepted silently
  // for all that: the cart and order.submit refuse it (contract/orders-discount.ts discountProblem).
  const discount = Math.min(base, requested);
  const share = Math.min(base - discount, Math.max(0, roundDong(input.orderShare ?? 0)));
  const net = base - discount - share;
  const vatRate = input.vatOn ? input.vatRate : 0;
  const vat = roundDong((net * vatRate) / 100);
  return { gross, base, promotion: promotion + share, discount, net, vatRate, vat, total: net + vat };
}

export type OrderTotals = {
  subtotal: number;
  promotion: number;
  discount: number;
  net: number;
  vat: number;
  total: number;
  lineCount: number;
};

export function orderTotals(lines: readonly LineAmounts[]): OrderTotals {
  return lines.reduce<OrderTotals>(
    (sum, line) => ({
      subtotal: sum.subtotal + line.gross,
      promotion: sum.promotion + line.promotion,
      discount: sum.discount + line.discount,
      net: sum.net + line.net,
      vat: sum.vat + line.vat,
      total: sum.total + line.total,
      lineCount: sum.lineCount + 1,
    }),
    { subtotal: 0, promotion: 0, discount: 0, net: 0, vat: 0, total: 0, lineCount: 0 },
  );
}

/**
 * What goods given back from an order are worth to the customer: each line's total (after its
 * promotions, discount and share of the order's, with VAT) for the quantity returned, in the line's
 * unit. Gifts are worth nothing. The credit a return receipt gives the customer's debt.
 */
export function returnedValue(
  lines: readonly { id: string; quantity: number; lineTotal: number }[],
  returned: readonly { line_id: string; quantity: number }[],
): number {
  return returned.reduce((sum, back) => {
    const line = lines.find((candidate) => candidate.id === back.line_id);
    if (!line || line.quantity <= 0) return sum;
    return sum + Math.round((line.lineTotal * Math.min(back.quantity, line.quantity)) / line.quantity);
  }, 0);
}
