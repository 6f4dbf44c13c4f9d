/**
 * One day, typed or picked as Vietnamese people write it (DD/MM/YYYY, weeks from Monday); the value
 * is an ISO day, null (or '') when none. The promotion form's dates, the warehouse's document,
 * manufacture and expiry dates and its online dialogs' days: one field, so they read alike.
 */
import '@mantine/dates/styles.layer.css';
import { DateInput, DatesProvider } from '@mantine/dates';
import '@/lib/dayjs';
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
  withAsterisk?: boolean;
  placeholder?: string;
  size?: MantineSize;
  'aria-label'?: string;
  'data-testid'?: string;
};

export function DayField({ value, onChange, placeholder = 'DD/MM/YYYY', ...rest }: Props) {
  return (
    <DatesProvider settings={{ locale: 'vi', firstDayOfWeek: 1, weekendDays: [0] }}>
      <DateInput
        {...rest}
        valueFormat={DISPLAY_DATE_FORMAT}
        placeholder={placeholder}
        value={value || null}
        onChange={(next) => onChange(next ? String(next).slice(0, 10) : null)}
        popoverProps={{ withinPortal: true }}
        clearButtonProps={{ 'aria-label': 'Xóa ngày' }}
      />
    </DatesProvider>
  );
}
