/**
 * Order arithmetic in whole đồng, the same on the phone and on the server: a line is quantity ×
 * unit price, less its discount (a percent or an amount), plus VAT on what remains when the VAT
 * service is on. Each line is rounded on its own, so the order total is the sum of what the
 * printed lines show.
 */
import { roundDong } from './money';

export type LineDiscount = { kind: 'percent' | 'amount'; value: number };

export type LineAmounts = {
  gross: number;
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
}): LineAmounts {
  const gross = roundDong(input.unitPrice * input.quantity);
  const requested = input.discount
    ? input.discount.kind === 'percent'
      ? roundDong((gross * Math.min(100, Math.max(0, input.discount.value))) / 100)
      : roundDong(Math.max(0, input.discount.value))
    : 0;
  const discount = Math.min(gross, requested);
  const net = gross - discount;
  const vatRate = input.vatOn ? input.vatRate : 0;
  const vat = roundDong((net * vatRate) / 100);
  return { gross, discount, net, vatRate, vat, total: net + vat };
}

export type OrderTotals = { subtotal: number; discount: number; net: number; vat: number; total: number; lineCount: number };

export function orderTotals(lines: readonly LineAmounts[]): OrderTotals {
  return lines.reduce<OrderTotals>(
    (sum, line) => ({
      subtotal: sum.subtotal + line.gross,
      discount: sum.discount + line.discount,
      net: sum.net + line.net,
      vat: sum.vat + line.vat,
      total: sum.total + line.total,
      lineCount: sum.lineCount + 1,
    }),
    { subtotal: 0, discount: 0, net: 0, vat: 0, total: 0, lineCount: 0 },
  );
}
