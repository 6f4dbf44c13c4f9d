/**
 * Retry delays with exponential growth and full jitter (docs/offline-sync.md "Push answers": base 2 s, cap 5 min),
 * so a hundred phones coming back online do not all retry in the same second.
 */
export const BACKOFF_BASE_MS = 2_000;
export const BACKOFF_CAP_MS = 5 * 60_000;

export function backoffDelay(attempts: number, random: () => number = Math.random): number {
  const ceiling = Math.min(BACKOFF_CAP_MS, BACKOFF_BASE_MS * 2 ** Math.max(0, attempts - 1));
  return Math.floor(random() * ceiling);
}
