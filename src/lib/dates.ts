// Dates shown as DD/MM/YYYY (docs/architecture.md "Interface"). Plain Date arithmetic, not dayjs:
// the dashboard's first paint formats dates, and dayjs with its locale and plugins is 6 kB gzip
// that only the date pickers need (src/lib/dayjs.ts configures it for them).

export const DISPLAY_DATE_FORMAT = 'DD/MM/YYYY';

export type DateInput = string | number | Date | null | undefined;

// A date or date-time without a zone is local time, as dayjs reads it (new Date() would read a
// bare `2026-11-21` as UTC midnight); one with a zone (Z, +07:00) is that instant.
const LOCAL = /^(\d{4})-(\d{1,2})-(\d{1,2})(?:[Tt ](\d{1,2}):(\d{2})(?::(\d{2})(?:\.(\d+))?)?)?$/;

function toDate(value: DateInput): Date | null {
  if (value === null || value === undefined || value === '') return null;
  let date: Date;
  if (typeof value === 'string') {
    const local = LOCAL.exec(value.trim());
    date = local
      ? new Date(
          Number(local[1]),
          Number(local[2]) - 1,
          Number(local[3]),
          Number(local[4] ?? 0),
          Number(local[5] ?? 0),
          Number(local[6] ?? 0),
          Number((local[7] ?? '0').slice(0, 3).padEnd(3, '0')),
        )
      : new Date(value);
  } else {
    date = new Date(value);
  }
  return Number.isNaN(date.getTime()) ? null : date;
}

const two = (n: number) => String(n).padStart(2, '0');
const day = (date: Date) => `${two(date.getDate())}/${two(date.getMonth() + 1)}/${date.getFullYear()}`;

/** `2026-11-21T08:05:00` → `21/11/2026` in local time; empty or invalid input → ''. */
export function formatDate(value: DateInput): string {
  const date = toDate(value);
  return date ? day(date) : '';
}

/** `2026-11-21T08:05:00` → `08:05` in local time; empty or invalid input → ''. */
export function formatTime(value: DateInput): string {
  const date = toDate(value);
  return date ? `${two(date.getHours())}:${two(date.getMinutes())}` : '';
}

/** `2026-11-21T08:05:00` → `21/11/2026 08:05` in local time; empty or invalid input → ''. */
export function formatDateTime(value: DateInput): string {
  const date = toDate(value);
  return date ? `${day(date)} ${formatTime(date)}` : '';
}

/** "Ngày 21 tháng 11 năm 2026", as dates are written on Vietnamese documents (local time); '' when invalid. */
export function documentDate(value: DateInput): string {
  const date = toDate(value);
  return date ? `Ngày ${two(date.getDate())} tháng ${two(date.getMonth() + 1)} năm ${date.getFullYear()}` : '';
}

// People type single-digit days and months (1/2/2026), other separators (1-2-2026, 1.2.2026) and
// clerks type digits only (01022026); all are accepted, and 31/02 is rejected. The year is four
// digits: a partly typed 010120 is no day at all (the picker's own parser read it as year 10120 and
// froze the tab drawing its calendar).
const TYPED = /^(\d{1,2})([/.-])(\d{1,2})\2(\d{4})$|^(\d{2})(\d{2})(\d{4})$/;

/** `21/11/2026`, `21112026`, `21-11-2026` → `2026-11-21` (ISO calendar date for storage and the API); invalid or empty → null. */
export function parseDisplayDate(text: string): string | null {
  const match = TYPED.exec(text.trim());
  if (!match) return null;
  const [d, m, y] = (match[1] ? [match[1], match[3], match[4]] : [match[5], match[6], match[7]]).map(Number) as [number, number, number];
  const date = new Date(y, m - 1, d);
  if (y < 1900 || date.getFullYear() !== y || date.getMonth() !== m - 1 || date.getDate() !== d) return null;
  return `${y}-${two(m)}-${two(d)}`;
}
