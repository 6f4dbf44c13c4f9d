/** One of a report's own choices beside its filter (how rows are grouped, which customers): a select that is never empty. */
import { Select } from '@mantine/core';

type Props = {
  label: string;
  data: { value: string; label: string }[];
  value: string;
  onChange: (value: string) => void;
  isMobile: boolean;
  width?: number;
  disabled?: boolean;
  testId: string;
};

export function ChoiceSelect({ label, data, value, onChange, isMobile, width = 190, disabled, testId }: Props) {
  return (
    <Select
      label={label}
      data={data}
      value={value}
      onChange={(next) => next !== null && onChange(next)}
      disabled={disabled}
      allowDeselect={false}
      w={isMobile ? '100%' : width}
      data-testid={testId}
      comboboxProps={{ withinPortal: true }}
    />
  );
}
