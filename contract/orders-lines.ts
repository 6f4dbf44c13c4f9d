/**
 * What a cart line's fields may hold, the same rule on the phone (the field says it and "Gửi đơn"
 * waits) and on the server (order.submit refuses), so that no field shows one number while the
 * total uses another, and no amount discount over the line is capped without a word. A field keeps
 * what the rep typed; these say what is wrong with it, and nothing is corrected silently.
 */
import { formatMoney, groupDigits } from './money';
import type { LineDiscount } from './orders-totals';

/** The most one line may order (contract/orders.ts OrderLineInputSchema). */
export const MAX_LINE_QUANTITY = 1_000_000;

export const QUANTITY_MIN_MESSAGE = 'Số lượng tối thiểu là 1';
export const QUANTITY_MAX_MESSAGE = `Số lượng tối đa là ${groupDigits(MAX_LINE_QUANTITY)}`;
export const PERCENT_MAX_MESSAGE = 'Chiết khấu tối đa 100%';

export function quantityProblem(quantity: number): string | null {
  if (!Number.isInteger(quantity) || quantity < 1) return QUANTITY_MIN_MESSAGE;
  if (quantity > MAX_LINE_QUANTITY) return QUANTITY_MAX_MESSAGE;
  return null;
}

/** An amount discount larger than the line is worth after its promotions (`base`). */
export function amountOverLineMessage(amount: number, base: number): string {
  return `Chiết khấu ${formatMoney(amount)} vượt quá giá trị của dòng (${formatMoney(base)})`;
}

/**
 * What is wrong with a line's discount as typed, given what the line is worth after its promotions
 * (contract/orders-totals.ts LineAmounts.base); null when it can be applied as it stands.
 */
export function discountProblem(discount: LineDiscount | null | undefined, base: number): string | null {
  if (!discount) return null;
  if (!Number.isFinite(discount.value)) return 'Chiết khấu phải là số';
  if (discount.value < 0) return 'Chiết khấu không được âm';
  if (discount.kind === 'percent') return discount.value > 100 ? PERCENT_MAX_MESSAGE : null;
  return discount.value > base ? amountOverLineMessage(discount.value, base) : null;
}
