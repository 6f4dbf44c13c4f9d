// Money and number display for Vietnamese users (product-spec.md §5, §9): dot thousands, comma decimals, whole đồng.

export { formatMoney, formatNumber } from '@contract/money';

// Currency marks people type or paste along with amounts; `đ` is the common keyboard stand-in for `₫`.
const CURRENCY_MARKS = /\s|₫|đ|vnd/gi;
const PLAIN_NUMBER = /^-?\d+(?:\.\d+)?$/;

/**
 * Spec §5 parser: drop the dot thousands separators and read the comma as the decimal point,
 * so `1.234.567,5` → 1234567.5. Returns null for empty or non-numeric text so callers can tell
 * "nothing typed" from zero.
 */
export function parseMoney(text: string): number | null {
  const plain = text.replace(CURRENCY_MARKS, '').replaceAll('.', '').replace(',', '.');
  return PLAIN_NUMBER.test(plain) ? Number(plain) : null;
}

export { roundDong } from '@contract/money';
