/**
 * The report filter's periods as Vietnamese offices name them; `custom` is a range picked by hand.
 * Alone in this file: every /reports route parses its search at start-up, so the sign-in page loads
 * this list, and it must not bring the periods' labels and day arithmetic (./report-periods.ts) along.
 */
export const PERIOD_PRESETS = [
  'today',
  'yesterday',
  'last_7_days',
  'last_30_days',
  'this_month',
  'last_month',
  'this_quarter',
  'this_year',
  'custom',
] as const;
export type PeriodPreset = (typeof PERIOD_PRESETS)[number];
