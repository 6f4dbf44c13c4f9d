// The date range of a list or report filter. Its ends are optional search parameters, so an empty end
// is undefined (left out of the URL) rather than null; the presets show where there is room (not on a phone).
// The calendar's code (@mantine/dates) loads after the page's first paint; until then the field
// shows its value, the same size, and cannot be opened.
import { Input } from '@mantine/core';
import { IconCalendar } from '@tabler/icons-react';
import { formatDate } from '@/lib/dates';
import { afterFirstPaint } from './after-first-paint';
import type { DateRangeFieldProps } from './date-range-field';

type Props = Omit<DateRangeFieldProps, 'value' | 'onChange' | 'withPresets'> & {
  value: [from: string | undefined, to: string | undefined];
  onChange: (range: [from: string | undefined, to: string | undefined]) => void;
  isMobile: boolean;
};

/** The field before its calendar arrived: hidden from assistive technology and tests, which wait for the real one. */
function WaitingField({ value, label, placeholder = 'Từ ngày – đến ngày', w }: Props) {
  const [from, to] = value;
  return (
    <Input.Wrapper label={label} w={w} aria-hidden>
      <Input component="button" type="button" size="md" disabled leftSection={<IconCalendar size={16} />} pointer>
        {from && to ? `${formatDate(from)} – ${formatDate(to)}` : <Input.Placeholder>{placeholder}</Input.Placeholder>}
      </Input>
    </Input.Wrapper>
  );
}

export const FilterDateRange = afterFirstPaint<Props>(
  () =>
    import('./date-range-field').then(({ DateRangeField }) => ({
      default: function FilterDateRange({ value, onChange, isMobile, ...field }: Props) {
        return (
          <DateRangeField
            {...field}
            value={[value[0] ?? null, value[1] ?? null]}
            onChange={([from, to]) => onChange([from ?? undefined, to ?? undefined])}
            withPresets={!isMobile}
          />
        );
      },
    })),
  (props) => <WaitingField {...props} />,
);
