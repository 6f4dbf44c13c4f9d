import type { DayStatus } from '@contract/attendance';

/** Badge and cell colours of a day's status; the text says the status too, colour is never the only cue. */
export const STATUS_COLORS: Record<DayStatus, string> = { full: 'green', half: 'yellow', absent: 'red', off: 'gray', future: 'gray' };
