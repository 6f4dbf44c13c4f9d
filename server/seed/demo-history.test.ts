import { describe, expect, it } from 'vitest';
import { seeded, workingMoment } from './demo-history';

describe('the demo history', () => {
  // Seeded just after midnight in Vietnam, today's working hours are still to come: the history used
  // to put today's calls a few minutes ago and leave them open, so the demo rep started "in a visit".
  it.each(['2026-11-28T00:34:00+07:00', '2026-11-28T09:00:00+07:00', '2026-11-28T18:30:00+07:00'])(
    'ends at least an hour before it is seeded (%s), within working hours',
    (at) => {
      const now = Date.parse(at);
      const random = seeded(1);
      for (let ageDays = 0; ageDays < 30; ageDays += 1) {
        for (let call = 0; call < 20; call += 1) {
          const moment = workingMoment(random, now, ageDays);
          expect(moment).toBeLessThanOrEqual(now - 3_600_000);
          const hour = new Date(moment + 7 * 3_600_000).getUTCHours();
          expect(hour).toBeGreaterThanOrEqual(8);
          expect(hour).toBeLessThanOrEqual(17);
        }
      }
    },
  );
});
