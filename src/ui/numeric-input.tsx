// Spec §5 numeric input: digits only; with a maximum, 'Giá trị không được vượt quá {max}' is shown
// while typing and on blur.
import { maxValue, type Rule, validate } from './input-rules';
import { RuleTextInput, type RuleTextInputProps } from './rule-text-input';

export interface NumericInputProps extends Omit<RuleTextInputProps, 'password'> {
  /**
   * The digits typed, as a string: it keeps leading zeros (codes, phone-like numbers), cannot lose
   * precision on long values, and '' means "nothing typed". Convert with Number() where a number is meant.
   */
  value: string;
  /** Called with the digits only; anything else typed or pasted is dropped. */
  onChange: (value: string) => void;
  max?: number;
}

const NO_RULES: readonly Rule[] = [];

export function NumericInput({ value, onChange, max, rules = NO_RULES, error, ref, ...rest }: NumericInputProps) {
  const limit = max === undefined ? null : maxValue(max);
  // In the rules too, so blur and a form's validate() report it like any other rule.
  const allRules = limit ? [...rules, limit] : rules;
  // Checked on every keystroke (the value changes on each one), not only on blur.
  const limitError = limit ? validate(value, [limit]) : null;

  return (
    <RuleTextInput
      inputMode="numeric"
      {...rest}
      ref={ref}
      value={value}
      onChange={(text) => onChange(text.replace(/\D/g, ''))}
      rules={allRules}
      error={limitError ?? error}
    />
  );
}
