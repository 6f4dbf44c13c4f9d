/** Calendar days as `YYYY-MM-DD` strings (UTC arithmetic, which has no DST): due dates, periods, subscriptions. */

const DAY_MS = 86_400_000;

/** The instant a Vietnam day (UTC+7, no DST) begins: lists' date filters. */
export function startOfVietnamDay(day: string): Date {
  return new Date(`${day}T00:00:00+07:00`);
}

/** `YYYY-MM-DD` plus whole days. */
export function addDays(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

/** Whole days from one day to another (negative when `to` comes first). */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS);
}

/** `day` plus `workingDays` Monday-to-Friday days (Vietnam's public holidays are not known to the app and are not skipped). */
export function addWorkingDays(day: string, workingDays: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  let left = workingDays;
  while (left > 0) {
    date.setUTCDate(date.getUTCDate() + 1);
    const weekday = date.getUTCDay();
    if (weekday !== 0 && weekday !== 6) left -= 1;
  }
  return date.toISOString().slice(0, 10);
}
