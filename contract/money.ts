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
