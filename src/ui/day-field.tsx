/**
 * One day, typed or picked as Vietnamese people write it (DD/MM/YYYY, weeks from Monday); the value
 * is an ISO day, null (or '') when none. Every date field of the app (the order's delivery day, the
 * promotion form's dates, the warehouse's document, manufacture and expiry dates, an employee's
 * start day): one field, so they read and type alike. Typed text becomes a day only once it is a
 * whole one (src/lib/dates.ts parseDisplayDate: 21/11/2026, 21112026, 21-11-2026).
 */
import '@mantine/dates/styles.layer.css';
import { DateInput, DatesProvider } from '@mantine/dates';
import { IconCalendar } from '@tabler/icons-react';
import '@/lib/dayjs';
import type { MantineSize } from '@mantine/core';
import { useState } from 'react';
import { DISPLAY_DATE_FORMAT, parseDisplayDate } from '@/lib/dates';
import { typedDayError } from './day-errors';

type Props = {
  label?: string;
  value: string | null;
  onChange: (value: string | null) => void;
  error?: string;
  minDate?: string;
  maxDate?: string;
  clearable?: boolean;
  required?: boolean;
  withAsterisk?: boolean;
  disabled?: boolean;
  placeholder?: string;
  size?: MantineSize;
  /** A calendar icon before the text, where the field stands among other kinds of fields. */
  withIcon?: boolean;
  /** What the clear button says to a screen reader ("Xóa ngày" by default). */
  clearLabel?: string;
  'aria-label'?: string;
  'data-testid'?: string;
};

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;

export function DayField({ value, onChange, placeholder = 'DD/MM/YYYY', withIcon, clearLabel = 'Xóa ngày', error, ...rest }: Props) {
  // A day that cannot be taken (unreadable, or out of bounds) is not passed on: the field goes back
  // to the day it had, and says why, naming what was typed.
  const [refused, setRefused] = useState<string | null>(null);
  return (
    <DatesProvider settings={{ locale: 'vi', firstDayOfWeek: 1, weekendDays: [0] }}>
      <DateInput
        {...rest}
        error={error ?? refused}
        valueFormat={DISPLAY_DATE_FORMAT}
        dateParser={parseDisplayDate}
        placeholder={placeholder}
        value={value || null}
        onChange={(next) => {
          const day = next ? String(next).slice(0, 10) : null;
          setRefused(null);
          onChange(day && ISO_DAY.test(day) ? day : null);
        }}
        // Read before the field puts back the day it holds (Mantine's fixOnBlur runs after this).
        onBlur={(event) => {
          const typed = event.currentTarget.value.trim();
          setRefused(typedDayError(typed, parseDisplayDate(typed), rest.minDate, rest.maxDate));
        }}
        leftSection={withIcon ? <IconCalendar size={16} /> : undefined}
        popoverProps={{ withinPortal: true }}
        clearButtonProps={{ 'aria-label': clearLabel }}
      />
    </DatesProvider>
  );
}
