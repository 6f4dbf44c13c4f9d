/**
 * One day for the online parts' dialogs, typed or picked as Vietnamese people write it (DD/MM/YYYY,
 * weeks from Monday), as ../office/day-field.tsx does for the office screens (not imported from
 * there: that would load every office screen with a dialog).
 */
import '@mantine/dates/styles.css';
import { DateInput, DatesProvider } from '@mantine/dates';
import { DISPLAY_DATE_FORMAT } from '@/lib/dates';

type Props = {
  label: string;
  value: string;
  onChange: (value: string) => void;
  maxDate?: string;
  'data-testid'?: string;
};

export function DayInput({ value, onChange, ...rest }: Props) {
  return (
    <DatesProvider settings={{ locale: 'vi', firstDayOfWeek: 1, weekendDays: [0] }}>
      <DateInput
        {...rest}
        valueFormat={DISPLAY_DATE_FORMAT}
        placeholder="DD/MM/YYYY"
        value={value}
        onChange={(next) => next && onChange(String(next).slice(0, 10))}
        popoverProps={{ withinPortal: true }}
      />
    </DatesProvider>
  );
}
