/** Money both sides share: whole đồng, half rounded away from zero, never -0; shown as 1.234.567 ₫. */

export function roundDong(value: number): number {
  return Math.sign(value) * Math.round(Math.abs(value)) || 0;
}

// Built once, when first needed: constructing Intl formatters is far slower than using them, and
// lists format thousands of cells. signDisplay 'negative' keeps a real minus sign but never prints
// "-0 ₫" for tiny negative amounts.
let moneyFormatter: Intl.NumberFormat | null = null;

/**
 * `1234567` → `1.234.567`, as vi-VN groups digits. Whole numbers are written here rather than by
 * Intl: the first vi-VN formatter of a page loads the locale's data, about 15 ms on a phone inside
 * the dashboard's first paint (src/lib/money.test.ts checks the two agree).
 */
export function groupDigits(whole: number): string {
  return `${whole < 0 ? '-' : ''}${String(Math.abs(whole)).replace(/\B(?=(\d{3})+$)/g, '.')}`;
}

/**
 * `1234567` → `1.234.567 ₫` (a no-break space U+00A0 before ₫, as Intl writes it, so the symbol never
 * wraps alone). Missing or non-finite amounts show as `0 ₫`: a blank cell in a price list reads as an
 * error to users.
 */
export function formatMoney(value: number | null | undefined): string {
  const amount = value != null && Number.isFinite(value) ? value : 0;
  if (Number.isSafeInteger(amount)) return `${groupDigits(amount)}\u00a0₫`;
  moneyFormatter ??= new Intl.NumberFormat('vi-VN', {
    style: 'currency',
    currency: 'VND',
    maximumFractionDigits: 0,
    signDisplay: 'negative',
  });
  return moneyFormatter.format(amount);
}

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
  // Without Intl, like formatMoney (groupDigits says why): the KPI card's percents are
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
