// Dates shown as DD/MM/YYYY (docs/architecture.md "Interface"); the one place dayjs is configured.
import dayjs, { type ConfigType } from 'dayjs';
import 'dayjs/locale/vi';
import customParseFormat from 'dayjs/plugin/customParseFormat';
import localizedFormat from 'dayjs/plugin/localizedFormat';

dayjs.extend(customParseFormat);
dayjs.extend(localizedFormat);
dayjs.locale('vi');

/** The configured dayjs; import it from here so the Vietnamese locale and plugins are always loaded. */
export { dayjs };

export const DISPLAY_DATE_FORMAT = 'DD/MM/YYYY';
export const DISPLAY_DATE_TIME_FORMAT = 'DD/MM/YYYY HH:mm';
// People type single-digit days and months (1/2/2026); accept both, strictly, so 31/02 is rejected.
const TYPED_DATE_FORMATS = [DISPLAY_DATE_FORMAT, 'D/M/YYYY'];

function format(value: ConfigType, pattern: string): string {
  // Empty cells stay empty rather than showing "Invalid Date" in English.
  if (value === null || value === undefined || value === '') return '';
  const date = dayjs(value);
  return date.isValid() ? date.format(pattern) : '';
}

/** `2026-11-21T08:05:00` → `21/11/2026` in local time; empty or invalid input → ''. */
export function formatDate(value: ConfigType): string {
  return format(value, DISPLAY_DATE_FORMAT);
}

/** `2026-11-21T08:05:00` → `21/11/2026 08:05` in local time; empty or invalid input → ''. */
export function formatDateTime(value: ConfigType): string {
  return format(value, DISPLAY_DATE_TIME_FORMAT);
}

/** `21/11/2026` → `2026-11-21` (ISO calendar date for storage and the API); invalid or empty → null. */
export function parseDisplayDate(text: string): string | null {
  const date = dayjs(text.trim(), TYPED_DATE_FORMATS, true);
  return date.isValid() ? date.format('YYYY-MM-DD') : null;
}

/** "Ngày 21 tháng 11 năm 2026", as dates are written on Vietnamese documents (local time); '' when invalid. */
export function documentDate(value: ConfigType): string {
  const date = dayjs(value);
  return date.isValid() ? `Ngày ${date.format('DD')} tháng ${date.format('MM')} năm ${date.format('YYYY')}` : '';
}
