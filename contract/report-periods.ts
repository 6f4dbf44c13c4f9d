/** The periods a report covers (contract/reports.ts re-exports this file): presets, the period before, growth and shares. */
import { addDays, daysBetween } from './calendar-days';
import { PERIOD_PRESETS, type PeriodPreset } from './report-period-presets';

export type Period = { from: string; to: string };

// ---- Periods ---------------------------------------------------------------------------------------

export { PERIOD_PRESETS, type PeriodPreset };
export const PERIOD_PRESET_LABELS: Record<PeriodPreset, string> = {
  today: 'Hôm nay',
  yesterday: 'Hôm qua',
  last_7_days: '7 ngày qua',
  last_30_days: '30 ngày qua',
  this_month: 'Tháng này',
  last_month: 'Tháng trước',
  this_quarter: 'Quý này',
  this_year: 'Năm nay',
  custom: 'Tùy chọn',
};

/**
 * What a report shows when nothing is chosen: the last 30 days, not "this month", which on the 2nd
 * of a month holds one day and made every report look empty.
 */
export const DEFAULT_PERIOD = 'last_30_days' satisfies PeriodPreset;

const monthStart = (day: string) => `${day.slice(0, 8)}01`;

/** The days of a preset on `today` (a Vietnam day, YYYY-MM-DD); `custom` has none of its own. */
export function presetPeriod(preset: Exclude<PeriodPreset, 'custom'>, today: string): Period {
  switch (preset) {
    case 'today':
      return { from: today, to: today };
    case 'yesterday':
      return { from: addDays(today, -1), to: addDays(today, -1) };
    case 'last_7_days':
      return { from: addDays(today, -6), to: today };
    case 'last_30_days':
      return { from: addDays(today, -29), to: today };
    case 'this_month':
      return { from: monthStart(today), to: today };
    case 'last_month': {
      const end = addDays(monthStart(today), -1);
      return { from: monthStart(end), to: end };
    }
    case 'this_quarter': {
      const quarterMonth = Math.floor((Number(today.slice(5, 7)) - 1) / 3) * 3 + 1;
      return { from: `${today.slice(0, 4)}-${String(quarterMonth).padStart(2, '0')}-01`, to: today };
    }
    case 'this_year':
      return { from: `${today.slice(0, 4)}-01-01`, to: today };
  }
}

// ---- Helpers both sides use -------------------------------------------------------------------------

/** The period of the same length just before `period` ("kỳ trước"). */
export function previousPeriod(period: Period): Period {
  const length = daysBetween(period.from, period.to) + 1;
  return { from: addDays(period.from, -length), to: addDays(period.from, -1) };
}

/** How much `now` grew over `before`, percent with one decimal; null when there was nothing before. */
export function growth(now: number, before: number): number | null {
  return before > 0 ? Math.round(((now - before) / before) * 1000) / 10 : null;
}

/** A share in percent with one decimal; null when there is nothing to divide by. */
export function percent(part: number, whole: number): number | null {
  return whole > 0 ? Math.round((part / whole) * 1000) / 10 : null;
}
