// The date range of a list or report filter. Its ends are optional search parameters, so an empty end
// is undefined (left out of the URL) rather than null; the presets show where there is room (not on a phone).
import { DateRangeField, type DateRangeFieldProps } from './date-range-field';

type Props = Omit<DateRangeFieldProps, 'value' | 'onChange' | 'withPresets'> & {
  from: string | undefined;
  to: string | undefined;
  onChange: (from: string | undefined, to: string | undefined) => void;
  isMobile: boolean;
};

export function FilterDateRange({ from, to, onChange, isMobile, ...field }: Props) {
  return (
    <DateRangeField
      {...field}
      value={[from ?? null, to ?? null]}
      onChange={([start, end]) => onChange(start ?? undefined, end ?? undefined)}
      withPresets={!isMobile}
    />
  );
}
