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

/**
 * `value` (not negative, written by String without an exponent) rounded to `fractionDigits` decimals
 * as Intl rounds: on the shortest decimal that reads back as the number (100.05, not the binary
 * 100.04999…), half away from zero. Returns the whole part and the decimals without trailing zeros.
 */
function roundDecimal(text: string, fractionDigits: number): { whole: string; decimals: string } {
  const [whole = '0', fraction = ''] = text.split('.');
  if (fraction.length <= fractionDigits) return { whole, decimals: fraction.replace(/0+$/, '') };
  let kept = BigInt(whole + fraction.slice(0, fractionDigits));
  if (fraction.charCodeAt(fractionDigits) >= 53 /* '5' */) kept += 1n;
  const digits = kept.toString().padStart(fractionDigits + 1, '0');
  const cut = digits.length - fractionDigits;
  return { whole: digits.slice(0, cut), decimals: digits.slice(cut).replace(/0+$/, '') };
}

/** `1234567.5` → `1.234.567,5`; at most `fractionDigits` decimals, trailing zero decimals dropped. */
export function formatNumber(value: number, fractionDigits = 2): string {
  const number = Number.isFinite(value) ? value : 0;
  // Without Intl, like formatMoney (contract/money.ts says why): the KPI card's percents are
  // fractions on the dashboard's first screen (src/lib/money.test.ts compares the two).
  if (Number.isSafeInteger(number)) return groupDigits(number);
  const text = String(Math.abs(number));
  if (text.includes('e') || Math.abs(number) >= Number.MAX_SAFE_INTEGER || !Number.isInteger(fractionDigits) || fractionDigits < 0) {
    return numberFormatter(fractionDigits).format(number);
  }
  const { whole, decimals } = roundDecimal(text, fractionDigits);
  const digits = `${groupDigits(Number(whole))}${decimals ? `,${decimals}` : ''}`;
  return number < 0 && /[1-9]/.test(digits) ? `-${digits}` : digits;
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
