/**
 * A date range as Vietnamese people write it (DD/MM/YYYY, weeks from Monday, Vietnamese month and
 * day names), typed or picked. Office clerks type it: `01/11/2026 – 30/11/2026`, `1/11/2026-30/11/2026`,
 * `01112026 30112026`, or one day (`05/11/2026`, a one-day range), read on Enter and when the field
 * is left (src/lib/dates.ts parseDisplayDate reads each day). What is typed stays as typed until then;
 * the calendar (the button at the field's start) has the usual presets. The value is a pair of ISO
 * days; the change is sent once the range is complete (or cleared), never half a range.
 */
import '@mantine/dates/styles.layer.css';
import { ActionIcon, Input, Popover, TextInput } from '@mantine/core';
import { DatePicker, DatesProvider } from '@mantine/dates';
import { IconCalendar } from '@tabler/icons-react';
import { useId, useRef, useState, type ReactNode } from 'react';
import { formatDate, parseDisplayDate } from '@/lib/dates';
import { dayjs } from '@/lib/dayjs';
import { DAY_ERRORS } from './day-errors';

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

/** What the field says when the typed text is no range it can take (the range stays as it was). */
export const RANGE_ERRORS = {
  unreadable: 'Nhập khoảng ngày dạng DD/MM/YYYY – DD/MM/YYYY',
  reversed: 'Ngày kết thúc không được trước ngày bắt đầu',
  late: DAY_ERRORS.late,
};

// A typed day: 21/11/2026 (or with dashes or dots, a one-digit day or month) or digits only, 21112026.
// Found in the text rather than split on '-', which is both a day's separator and the range's.
const TYPED_DAY = /(\d{1,2})([/.-])(\d{1,2})\2(\d{4})|\d{8}/g;
// What may stand around and between the days: spaces and dashes (an en dash as the field writes it).
const BETWEEN = /^[\s\-–—~,]*$/;

/** Typed text → the ISO range it names (one day is a one-day range), or why it names none. */
export function parseRangeText(text: string, maxDate?: string): { range: [string, string] } | { error: string } {
  const days = (text.match(TYPED_DAY) ?? []).map(parseDisplayDate);
  const [from, to = from] = days;
  if (days.length > 2 || !from || !to || !BETWEEN.test(text.replace(TYPED_DAY, ' '))) return { error: RANGE_ERRORS.unreadable };
  if (to < from) return { error: RANGE_ERRORS.reversed };
  if (maxDate && to > maxDate.slice(0, 10)) return { error: RANGE_ERRORS.late(maxDate) };
  return { range: [from, to] };
}

/** The range as the field shows it: `01/11/2026 – 30/11/2026`; '' when empty. */
export function formatRange([from, to]: IsoRange): string {
  if (!from && !to) return '';
  return `${formatDate(from)} – ${formatDate(to)}`.trim();
}

const toIso = (value: string | Date | null | undefined): string | null =>
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

type CalendarProps = Pick<DateRangeFieldProps, 'value' | 'maxDate' | 'withPresets'> & { onPick: (range: [string, string]) => void };

/** The calendar in the field's dropdown: the first click is kept here until the second completes the range. */
function RangeCalendar({ value, maxDate, withPresets, onPick }: CalendarProps) {
  const [draft, setDraft] = useState<IsoRange | null>(null);
  const lateToday = maxDate !== undefined && dayjs().isAfter(maxDate, 'day');
  return (
    <DatePicker
      type="range"
      size="md"
      value={draft ?? value}
      defaultDate={value[0] ?? value[1] ?? (lateToday ? maxDate : undefined)}
      onChange={(next) => {
        const range: IsoRange = [toIso(next[0]), toIso(next[1])];
        if (range[0] && range[1]) {
          setDraft(null);
          onPick([range[0], range[1]]);
        } else {
          setDraft(range);
        }
      }}
      allowSingleDateInRange
      presets={withPresets ? datePresets() : undefined}
      maxDate={maxDate}
    />
  );
}

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
  // The text as typed; rewritten only by a commit or by a new value from outside.
  const [text, setText] = useState(() => formatRange(value));
  const [error, setError] = useState<string | null>(null);
  const [opened, setOpened] = useState(false);
  const [seen, setSeen] = useState(value);
  if (seen[0] !== value[0] || seen[1] !== value[1]) {
    setSeen(value);
    setText(formatRange(value));
    setError(null);
  }
  const calendarButton = useRef<HTMLButtonElement>(null);
  const dropdownId = useId();

  function commit(range: IsoRange) {
    setText(formatRange(range));
    setError(null);
    if (range[0] !== value[0] || range[1] !== value[1]) onChange(range);
  }

  function commitText() {
    const typed = text.trim();
    if (typed === formatRange(value)) {
      setError(null);
    } else if (!typed) {
      if (clearable) commit([null, null]);
      else commit(value);
    } else {
      const parsed = parseRangeText(typed, maxDate);
      if ('error' in parsed) setError(parsed.error);
      else commit(parsed.range);
    }
  }

  function clear() {
    setText('');
    setError(null);
    if (value[0] || value[1]) onChange([null, null]);
  }

  const calendarToggle = (
    <ActionIcon
      ref={calendarButton}
      variant="subtle"
      color="gray"
      aria-label="Chọn trên lịch"
      aria-haspopup="dialog"
      aria-expanded={opened}
      aria-controls={opened ? dropdownId : undefined}
      onClick={() => setOpened((open) => !open)}
    >
      <IconCalendar size={16} />
    </ActionIcon>
  );
  const clearButton =
    clearable && (text || value[0] || value[1]) ? (
      // Pressed without taking the focus from the text, so leaving it commits nothing first.
      <Input.ClearButton aria-label="Xóa khoảng ngày" onMouseDown={(event) => event.preventDefault()} onClick={clear} />
    ) : undefined;

  return (
    <DatesProvider settings={{ locale: 'vi', firstDayOfWeek: 1, weekendDays: [0] }}>
      {/* The target is the whole box (text and buttons): the dropdown opens under it, and a press on its buttons is no outside click. */}
      <Popover opened={opened} onChange={setOpened} position="bottom-start" shadow="md" trapFocus withRoles={false}>
        <TextInput
          size="md"
          w={w}
          label={label}
          aria-label={label ? undefined : placeholder}
          placeholder={placeholder}
          value={text}
          error={error}
          autoComplete="off"
          onChange={(event) => {
            setText(event.currentTarget.value);
            setError(null);
          }}
          onBlur={commitText}
          onKeyDown={(event) => {
            // Not the Enter that ends a word being composed (a Vietnamese input method).
            if (event.key !== 'Enter' || event.nativeEvent.isComposing) return;
            event.preventDefault();
            commitText();
          }}
          // Typing again closes the calendar.
          onFocus={() => setOpened(false)}
          leftSection={calendarToggle}
          leftSectionPointerEvents="all"
          rightSection={clearButton}
          inputContainer={(children: ReactNode) => (
            <Popover.Target>
              <div>{children}</div>
            </Popover.Target>
          )}
          data-testid={rest['data-testid']}
        />
        <Popover.Dropdown id={dropdownId} role="dialog" aria-label="Chọn khoảng ngày trên lịch">
          <RangeCalendar
            value={value}
            maxDate={maxDate}
            withPresets={withPresets}
            onPick={(range) => {
              commit(range);
              setOpened(false);
              calendarButton.current?.focus();
            }}
          />
        </Popover.Dropdown>
      </Popover>
    </DatesProvider>
  );
}
