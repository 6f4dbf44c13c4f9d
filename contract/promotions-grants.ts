/**
 * What one programme gives one group of lines (contract/promotions-engine.ts), and cutting it down
 * to a limit (the 50 % rule, a budget) in whole đồng or base units.
 */
import { roundDong } from './money';

/** `total` split over `weights` in whole đồng by largest remainder (the parts sum to `total`). */
export function spread(total: number, weights: readonly number[]): number[] {
  const sum = weights.reduce((a, b) => a + b, 0);
  if (sum <= 0 || total <= 0) return weights.map(() => 0);
  const exact = weights.map((weight) => (total * weight) / sum);
  const parts = exact.map(Math.floor);
  let left = total - parts.reduce((a, b) => a + b, 0);
  const order = exact
    .map((value, index) => ({ index, rest: value - Math.floor(value) }))
    .sort((a, b) => b.rest - a.rest || a.index - b.index);
  for (const { index } of order) {
    if (left <= 0) break;
    parts[index]! += 1;
    left -= 1;
  }
  return parts;
}

export type GiftLine = {
  promotion_id: number;
  variant_id: number;
  label: string;
  base_unit: string;
  /** Base units. */
  quantity: number;
  /** At list price, for the budget and the report (the customer pays nothing for it). */
  value: number;
};

export type Grant = { discounts: Map<number, number>; gifts: GiftLine[]; quantity: number };

export const grantValue = (grant: Grant) =>
  [...grant.discounts.values()].reduce((a, b) => a + b, 0) + grant.gifts.reduce((sum, gift) => sum + gift.value, 0);

/** Cut a grant down to `limit` of money (discounts scaled, gifts fewer). */
export function limitMoney(grant: Grant, limit: number): void {
  const gift = grant.gifts[0];
  if (gift) {
    const each = gift.value / gift.quantity;
    const quantity = each > 0 ? Math.min(gift.quantity, Math.floor(limit / each)) : gift.quantity;
    grant.gifts = quantity > 0 ? [{ ...gift, quantity, value: roundDong(each * quantity) }] : [];
    grant.quantity = quantity;
    return;
  }
  const keys = [...grant.discounts.keys()];
  const before = grantValue(grant);
  spread(
    Math.max(0, limit),
    keys.map((key) => grant.discounts.get(key)!),
  ).forEach((amount, at) => grant.discounts.set(keys[at]!, amount));
  if (before > 0) grant.quantity = Math.floor((grant.quantity * grantValue(grant)) / before);
}

/** Cut a grant down to `limit` base units (gifts given, or units discounted). */
export function limitQuantity(grant: Grant, limit: number): void {
  const quantity = Math.max(0, Math.floor(limit));
  const gift = grant.gifts[0];
  if (gift) {
    grant.gifts = quantity > 0 ? [{ ...gift, quantity, value: roundDong((gift.value / gift.quantity) * quantity) }] : [];
  } else if (grant.quantity > 0) {
    limitMoney(grant, Math.floor((grantValue(grant) * quantity) / grant.quantity));
  }
  grant.quantity = quantity;
}
