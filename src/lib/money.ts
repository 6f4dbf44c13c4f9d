// Money and number display for Vietnamese users (product-spec.md §5, §9): dot thousands, comma decimals, whole đồng.

const numberFormatters = new Map<number, Intl.NumberFormat>();

function numberFormatter(fractionDigits: number): Intl.NumberFormat {
  let formatter = numberFormatters.get(fractionDigits);
  if (!formatter) {
    formatter = new Intl.NumberFormat('vi-VN', {
      minimumFractionDigits: 0,
      maximumFractionDigits: fractionDigits,
      signDisplay: 'negative',
    });
    numberFormatters.set(fractionDigits, formatter);
  }
  return formatter;
}

import { groupDigits } from '@contract/money';

export { formatMoney } from '@contract/money';

/** `1234567.5` → `1.234.567,5`; at most `fractionDigits` decimals, trailing zero decimals dropped. */
export function formatNumber(value: number, fractionDigits = 2): string {
  const number = Number.isFinite(value) ? value : 0;
  // Whole numbers without Intl, like formatMoney (contract/money.ts says why).
  if (Number.isSafeInteger(number)) return groupDigits(number);
  return numberFormatter(fractionDigits).format(number);
}

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
