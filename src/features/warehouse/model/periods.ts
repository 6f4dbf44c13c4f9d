/** Months as the accounting-period screen offers them (YYYY-MM). */

export const monthLabel = (month: string) => `Tháng ${month.slice(5, 7)}/${month.slice(0, 4)}`;

/** The months before the current one that may still be closed (after the last closed one), newest first. */
export function closableMonths(today: string, lastClosed: string | null = null, count = 12): string[] {
  const [year, month] = today.split('-').map(Number) as [number, number];
  return Array.from({ length: count }, (_, index) => {
    const total = year * 12 + (month - 1) - (index + 1);
    return `${Math.floor(total / 12)}-${String((total % 12) + 1).padStart(2, '0')}`;
  }).filter((candidate) => !lastClosed || candidate > lastClosed);
}
