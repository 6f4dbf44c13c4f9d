/**
 * The seeded random of the demo's order history (server/seed/demo-history.ts) and the moments of a
 * working day it draws: the same history on every first start.
 */
import { mulberry32 } from '@server/lib/mulberry32';

export const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;

/** The same history on every first start. */
export function seeded(seed: number) {
  const next = mulberry32(seed);
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  return { next, int, pick: <T>(items: readonly T[]) => items[Math.floor(next() * items.length)]!, chance: (p: number) => next() < p };
}
export type Random = ReturnType<typeof seeded>;

/** A moment of a Vietnam working day `ageDays` ago (8:00 to 17:00), never in the future. */
export function workingMoment(random: Random, now: number, ageDays: number): number {
  const vnMidnight = Math.floor((now + 7 * 3_600_000) / DAY_MS) * DAY_MS - 7 * 3_600_000;
  const moment = vnMidnight - ageDays * DAY_MS + (8 * 60 + random.int(0, 9 * 60)) * 60_000;
  // Today's hours not yet reached (a seed early in the morning, or before the afternoon) are the day
  // before's: the history ends at least an hour ago, so every call in it has been checked out.
  return moment <= now - HOUR_MS ? moment : moment - DAY_MS;
}
