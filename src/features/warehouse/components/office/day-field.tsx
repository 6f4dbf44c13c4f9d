/**
 * One day, typed or picked as Vietnamese people write it (DD/MM/YYYY, weeks from Monday); the value
 * is an ISO day or null. For document dates, manufacture and expiry dates.
 */
import '@mantine/dates/styles.css';
import { DateInput, DatesProvider } from '@mantine/dates';
import type { MantineSize } from '@mantine/core';
import { DISPLAY_DATE_FORMAT } from '@/lib/dates';

type Props = {
  label?: string;
  value: string | null;
  onChange: (value: string | null) => void;
  error?: string;
  minDate?: string;
  maxDate?: string;
  clearable?: boolean;
  required?: boolean;
  placeholder?: string;
  size?: MantineSize;
  'aria-label'?: string;
  'data-testid'?: string;
};

export function DayField({ value, onChange, size = 'md', ...rest }: Props) {
  return (
    <DatesProvider settings={{ locale: 'vi', firstDayOfWeek: 1, weekendDays: [0] }}>
      <DateInput
        {...rest}
        size={size}
        valueFormat={DISPLAY_DATE_FORMAT}
        placeholder={rest.placeholder ?? 'DD/MM/YYYY'}
        value={value}
        onChange={(next) => onChange(next ? String(next).slice(0, 10) : null)}
        popoverProps={{ withinPortal: true }}
      />
    </DatesProvider>
  );
}
