// Spec §9 compact numbers for chart axes and tight tiles: 1500 → 1.5k, 1250000 → 1.3m.

const STEPS = [
  { size: 1_000_000, suffix: 'm' },
  { size: 1_000, suffix: 'k' },
  { size: 1, suffix: '' },
] as const;

function oneDecimal(value: number): number {
  return Math.round(value * 10) / 10;
}

/**
 * 1,000 and above as `k`, 1,000,000 and above as `m`, one decimal with a trailing `.0` removed;
 * `m` is the largest unit, so 2,500,000,000 → `2500m`. Negatives mirror positives.
 *
 * Rounding edge: when rounding would print `1000k` (e.g. 999,950) the value is promoted to the next
 * unit and prints `1m`, because `1000k` looks like a bug to a reader. Non-finite values print `0`.
 */
export function compactNumber(value: number): string {
  if (!Number.isFinite(value)) return '0';
  const magnitude = Math.abs(value);
  const found = STEPS.findIndex((step) => magnitude >= step.size);
  // Values below 1 find no step and are shown as plain numbers, like the size-1 step.
  const index = found === -1 ? STEPS.length - 1 : found;
  let step = STEPS[index]!;
  let scaled = oneDecimal(magnitude / step.size);
  const larger = STEPS[index - 1];
  if (larger && scaled >= larger.size / step.size) {
    step = larger;
    scaled = oneDecimal(magnitude / step.size);
  }
  const text = `${scaled.toFixed(1).replace(/\.0$/, '')}${step.suffix}`;
  return value < 0 && scaled !== 0 ? `-${text}` : text;
}
