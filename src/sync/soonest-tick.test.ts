import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SoonestTick } from './soonest-tick';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('the sync engine’s next tick', () => {
  it('keeps a sooner tick when a later one is asked for (an op queued while a sync ran)', () => {
    const run = vi.fn();
    const tick = new SoonestTick(run);
    tick.at(1_000);
    tick.at(5 * 60_000);
    vi.advanceTimersByTime(1_000);
    expect(run).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(10 * 60_000);
    expect(run).toHaveBeenCalledTimes(1);
  });

  it('moves a later tick earlier, runs once, and can be asked again after it ran or was cancelled', () => {
    const run = vi.fn();
    const tick = new SoonestTick(run);
    tick.at(15_000);
    tick.at(1_000);
    vi.advanceTimersByTime(1_000);
    expect(run).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(20_000);
    expect(run).toHaveBeenCalledTimes(1);
    tick.at(15_000);
    vi.advanceTimersByTime(15_000);
    expect(run).toHaveBeenCalledTimes(2);
    tick.at(1_000);
    tick.cancel();
    vi.advanceTimersByTime(60_000);
    expect(run).toHaveBeenCalledTimes(2);
  });
});
