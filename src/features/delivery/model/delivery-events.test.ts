import { describe, expect, it } from 'vitest';
import { sameStep } from './delivery-events';

describe('a carrier event not applied', () => {
  it('is a normal step when it keeps the status the delivery has; late or twice only when it would move it', () => {
    const events = [
      { status: 'ready', applied: true },
      { status: 'delivering', applied: true },
      { status: 'delivering', applied: false }, // GHN's "storing" while on its way
      { status: null, applied: false },
      { status: 'ready', applied: false }, // an earlier step arriving late
    ];
    expect(events.map((_, index) => sameStep(events, index))).toEqual([false, false, true, true, false]);
  });
});
