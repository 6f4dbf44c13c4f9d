/**
 * A small seeded random source, so a generated data set is the same on every run and machine
 * (benchmarks compare like with like; `npm run seed -- --scale large` can be reproduced).
 */
import { mulberry32 } from '@server/lib/mulberry32';

export type Random = {
  /** A float in [0, 1). */
  next: () => number;
  /** An integer in [min, max]. */
  int: (min: number, max: number) => number;
  pick: <T>(items: readonly T[]) => T;
  /** Items paired with relative weights. */
  weighted: <T>(items: readonly (readonly [T, number])[]) => T;
  chance: (probability: number) => boolean;
  /** A skewed index in [0, n): low indexes much more often (popular products, loyal customers). */
  skewed: (n: number, power?: number) => number;
  digits: (count: number) => string;
};

/** mulberry32 (server/lib/mulberry32.ts): tiny, fast, good enough for test data. */
export function seededRandom(seed: number): Random {
  const next = mulberry32(seed);
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  const weightCache = new WeakMap<object, { total: number; cumulative: number[] }>();
  return {
    next,
    int,
    pick: (items) => items[Math.floor(next() * items.length)]!,
    weighted: (items) => {
      let cached = weightCache.get(items);
      if (!cached) {
        let total = 0;
        const cumulative = items.map(([, weight]) => (total += weight));
        cached = { total, cumulative };
        weightCache.set(items, cached);
      }
      const target = next() * cached.total;
      let low = 0;
      let high = cached.cumulative.length - 1;
      while (low < high) {
        const mid = (low + high) >> 1;
        if (cached.cumulative[mid]! > target) high = mid;
        else low = mid + 1;
      }
      return items[low]![0];
    },
    chance: (probability) => next() < probability,
    skewed: (n, power = 2.5) => Math.min(n - 1, Math.floor(n * next() ** power)),
    digits: (count) => {
      let text = '';
      for (let i = 0; i < count; i += 1) text += String(Math.floor(next() * 10));
      return text;
    },
  };
}
