// A whole, non-negative amount with dot thousands (10.000) as Vietnamese people write it. The value is
// the digits typed, as the forms keep it: '' for nothing typed.
import { NumberInput, type NumberInputProps } from '@mantine/core';

type Props = Omit<NumberInputProps, 'value' | 'onChange'> & { value: string; onChange: (value: string) => void };

export function WholeAmountInput({ value, onChange, ...rest }: Props) {
  return (
    <NumberInput
      thousandSeparator="."
      decimalSeparator=","
      allowDecimal={false}
      allowNegative={false}
      hideControls
      {...rest}
      value={value}
      onChange={(next) => onChange(next === '' ? '' : String(next))}
    />
  );
}
