/**
 * How a check (kiểm kho) counted by several people makes one figure per lot (docs/warehouse.md
 * "Counts"): the office chooses when it opens the check, the server merges the sheets by it, and the
 * counters' phones say it under the count. A lot counted again by the same person always replaces
 * that person's earlier figure: it is a recount, not more stock.
 */

export const COUNT_MERGES = ['sum', 'latest'] as const;
export type CountMerge = (typeof COUNT_MERGES)[number];

/** The office's choice, as the check's form offers it. */
export const COUNT_MERGE_LABELS: Record<CountMerge, string> = {
  sum: 'Cộng số đếm của mọi người (mỗi người đếm một khu)',
  latest: 'Lấy số đếm mới nhất của bất kỳ ai (đếm lại thay số cũ)',
};

/** What a counter's phone says under the count. */
export const COUNT_MERGE_NOTES: Record<CountMerge, string> = {
  sum: 'Nhiều người cùng đếm: số của mọi người được cộng lại (mỗi người đếm một khu). Bạn đếm lại một lô thì số mới thay số cũ của bạn.',
  latest: 'Nhiều người cùng đếm: mỗi lô lấy số đếm mới nhất, của bất kỳ ai. Đếm lại một lô thì số mới thay số cũ.',
};

export type CountSheet = { accountId: number; lines: readonly { variantId: number; lotId: number | null; quantity: number }[] };

/**
 * The counted figure per `variant|lot` from the sheets in the order the server received them (one
 * phone sends its queue in order): `sum` adds each counter's latest figure, `latest` keeps the last
 * figure anyone sent.
 */
export function mergeCountSheets(sheets: readonly CountSheet[], merge: CountMerge): Map<string, number> {
  const latest = new Map<string, { key: string; quantity: number }>();
  for (const sheet of sheets) {
    for (const line of sheet.lines) {
      const key = `${line.variantId}|${line.lotId ?? ''}`;
      const slot = merge === 'sum' ? `${sheet.accountId}#${key}` : key;
      // Re-inserted so a recount by another person counts as the newest.
      latest.delete(slot);
      latest.set(slot, { key, quantity: line.quantity });
    }
  }
  const totals = new Map<string, number>();
  for (const { key, quantity } of latest.values()) totals.set(key, (totals.get(key) ?? 0) + quantity);
  return totals;
}
