// What a date field says when the day typed cannot be taken (src/ui/day-field.tsx, src/ui/date-range-field.tsx):
// one wording for every date field of the app.
import { formatDate } from '@/lib/dates';

export const DAY_ERRORS = {
  unreadable: (typed: string) => `Không đọc được ngày "${typed}": nhập dạng DD/MM/YYYY`,
  late: (maxDate: string) => `Không chọn được ngày sau ${formatDate(maxDate)}`,
  early: (minDate: string) => `Không chọn được ngày trước ${formatDate(minDate)}`,
};

/** Why a typed day is refused within its bounds, or null when it is a whole day inside them (or empty). */
export function typedDayError(typed: string, day: string | null, minDate?: string, maxDate?: string): string | null {
  if (!typed) return null;
  if (!day) return DAY_ERRORS.unreadable(typed);
  if (maxDate && day > maxDate.slice(0, 10)) return DAY_ERRORS.late(maxDate);
  if (minDate && day < minDate.slice(0, 10)) return DAY_ERRORS.early(minDate);
  return null;
}
