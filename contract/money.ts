/** Money both sides share: whole đồng, half rounded away from zero, never -0; shown as 1.234.567 ₫. */

export function roundDong(value: number): number {
  return Math.sign(value) * Math.round(Math.abs(value)) || 0;
}

// Built once: constructing Intl formatters is far slower than using them, and lists format thousands of cells.
// signDisplay 'negative' keeps a real minus sign but never prints "-0 ₫" for tiny negative amounts.
const moneyFormatter = new Intl.NumberFormat('vi-VN', {
  style: 'currency',
  currency: 'VND',
  maximumFractionDigits: 0,
  signDisplay: 'negative',
});

/**
 * `1234567` → `1.234.567 ₫` (Intl puts a no-break space U+00A0 before ₫ so the symbol never wraps alone).
 * Missing or non-finite amounts show as `0 ₫`: a blank cell in a price list reads as an error to users.
 */
export function formatMoney(value: number | null | undefined): string {
  return moneyFormatter.format(value != null && Number.isFinite(value) ? value : 0);
}
