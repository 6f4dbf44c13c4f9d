// The date range of a list or report filter. Its ends are optional search parameters, so an empty end
// is undefined (left out of the URL) rather than null; the presets show where there is room (not on a phone).
import { DateRangeField, type DateRangeFieldProps } from './date-range-field';

type Props = Omit<DateRangeFieldProps, 'value' | 'onChange' | 'withPresets'> & {
  value: [from: string | undefined, to: string | undefined];
  onChange: (range: [from: string | undefined, to: string | undefined]) => void;
  isMobile: boolean;
};

export function FilterDateRange({ value, onChange, isMobile, ...field }: Props) {
  return (
    <DateRangeField
      {...field}
      value={[value[0] ?? null, value[1] ?? null]}
      onChange={([from, to]) => onChange([from ?? undefined, to ?? undefined])}
      withPresets={!isMobile}
    />
  );
}
