// A whole, non-negative amount with dot thousands (10.000) as Vietnamese people write it. The value is
// the digits typed, as the forms keep it: '' for nothing typed.
import { StrictNumberInput, type StrictNumberInputProps } from './strict-number-input';

type Props = Omit<StrictNumberInputProps, 'value' | 'onChange'> & { value: string; onChange: (value: string) => void };

export function WholeAmountInput({ value, onChange, ...rest }: Props) {
  return (
    <StrictNumberInput
      thousandSeparator="."
      decimalSeparator=","
      allowDecimal={false}
      hideControls
      {...rest}
      value={value}
      onChange={(next) => onChange(next === '' ? '' : String(next))}
    />
  );
}
