/**
 * A date range as Vietnamese people write it (DD/MM/YYYY, weeks from Monday, Vietnamese month and
 * day names) with the usual presets. The value is a pair of ISO days; the change is sent once the
 * range is complete (or cleared), not after the first click.
 */
import '@mantine/dates/styles.layer.css';
import { DatePickerInput, DatesProvider, type DatesRangeValue } from '@mantine/dates';
import { IconCalendar } from '@tabler/icons-react';
import { useState } from 'react';
import { DISPLAY_DATE_FORMAT } from '@/lib/dates';
import { dayjs } from '@/lib/dayjs';

export type IsoRange = [string | null, string | null];

const iso = (value: dayjs.Dayjs) => value.format('YYYY-MM-DD');

/** Presets relative to today (Vietnam time on the device). */
export function datePresets(today = dayjs()): { value: [string, string]; label: string }[] {
  return [
    { value: [iso(today), iso(today)], label: 'Hôm nay' },
    { value: [iso(today.subtract(1, 'day')), iso(today.subtract(1, 'day'))], label: 'Hôm qua' },
    { value: [iso(today.subtract(6, 'day')), iso(today)], label: '7 ngày qua' },
    { value: [iso(today.subtract(29, 'day')), iso(today)], label: '30 ngày qua' },
    { value: [iso(today.startOf('month')), iso(today)], label: 'Tháng này' },
    {
      value: [iso(today.subtract(1, 'month').startOf('month')), iso(today.subtract(1, 'month').endOf('month'))],
      label: 'Tháng trước',
    },
  ];
}

const toIso = (value: DatesRangeValue[number]): string | null =>
  value === null || value === undefined ? null : typeof value === 'string' ? value.slice(0, 10) : iso(dayjs(value));

export type DateRangeFieldProps = {
  value: IsoRange;
  onChange: (range: IsoRange) => void;
  label?: string;
  placeholder?: string;
  clearable?: boolean;
  maxDate?: string;
  w?: number | string;
  /** The preset list beside the calendar (too wide for a phone). */
  withPresets?: boolean;
  'data-testid'?: string;
};

export function DateRangeField({
  value,
  onChange,
  label,
  placeholder = 'Từ ngày – đến ngày',
  clearable = true,
  maxDate,
  w,
  withPresets = true,
  ...rest
}: DateRangeFieldProps) {
  // Half a range (first click) stays here until the second click completes it.
  const [draft, setDraft] = useState<IsoRange | null>(null);
  const [seen, setSeen] = useState(value);
  if (seen[0] !== value[0] || seen[1] !== value[1]) {
    setSeen(value);
    setDraft(null);
  }
  const shown = draft ?? value;
  return (
    <DatesProvider settings={{ locale: 'vi', firstDayOfWeek: 1, weekendDays: [0], labelSeparator: '–' }}>
      <DatePickerInput
        size="md"
        type="range"
        label={label}
        placeholder={placeholder}
        valueFormat={DISPLAY_DATE_FORMAT}
        value={shown}
        onChange={(next) => {
          const range: IsoRange = [toIso(next[0]), toIso(next[1])];
          if ((range[0] && range[1]) || (!range[0] && !range[1])) {
            setDraft(null);
            onChange(range);
          } else {
            setDraft(range);
          }
        }}
        onDropdownClose={() => setDraft(null)}
        allowSingleDateInRange
        clearable={clearable}
        presets={withPresets ? datePresets() : undefined}
        maxDate={maxDate}
        leftSection={<IconCalendar size={16} />}
        w={w}
        clearButtonProps={{ 'aria-label': 'Xóa khoảng ngày' }}
        data-testid={rest['data-testid']}
        popoverProps={{ withinPortal: true }}
      />
    </DatesProvider>
  );
}
