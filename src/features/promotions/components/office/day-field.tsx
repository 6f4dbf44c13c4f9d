/**
 * One day, typed or picked as Vietnamese people write it (DD/MM/YYYY, weeks from Monday); the value
 * is an ISO day, '' when none. The programme's dates and the notice's date.
 */
import '@mantine/dates/styles.css';
import { DateInput, DatesProvider } from '@mantine/dates';
import { DISPLAY_DATE_FORMAT } from '@/lib/dates';

type Props = {
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string;
  minDate?: string;
  clearable?: boolean;
  withAsterisk?: boolean;
  'data-testid'?: string;
};

export function DayField({ value, onChange, ...rest }: Props) {
  return (
    <DatesProvider settings={{ locale: 'vi', firstDayOfWeek: 1, weekendDays: [0] }}>
      <DateInput
        {...rest}
        valueFormat={DISPLAY_DATE_FORMAT}
        placeholder="DD/MM/YYYY"
        value={value || null}
        onChange={(next) => onChange(next ? String(next).slice(0, 10) : '')}
        popoverProps={{ withinPortal: true }}
        clearButtonProps={{ 'aria-label': 'Xóa ngày' }}
      />
    </DatesProvider>
  );
}
