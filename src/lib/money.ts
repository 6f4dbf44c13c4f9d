// Money and number display for Vietnamese users (spec §5, §9): dot thousands, comma decimals, whole đồng.

// Built once: constructing Intl formatters is far slower than using them, and lists format thousands of cells.
// signDisplay 'negative' keeps a real minus sign but never prints "-0 ₫" for tiny negative amounts.
const moneyFormatter = new Intl.NumberFormat('vi-VN', {
  style: 'currency',
  currency: 'VND',
  maximumFractionDigits: 0,
  signDisplay: 'negative',
});

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

/**
 * `1234567` → `1.234.567 ₫` (Intl puts a no-break space U+00A0 before ₫ so the symbol never wraps alone).
 * Missing or non-finite amounts show as `0 ₫`: a blank cell in a price list reads as an error to users.
 */
export function formatMoney(value: number | null | undefined): string {
  return moneyFormatter.format(value != null && Number.isFinite(value) ? value : 0);
}

/** `1234567.5` → `1.234.567,5`; at most `fractionDigits` decimals, trailing zero decimals dropped. */
export function formatNumber(value: number, fractionDigits = 2): string {
  return numberFormatter(fractionDigits).format(Number.isFinite(value) ? value : 0);
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

export { roundDong } from '../../contract/money';
