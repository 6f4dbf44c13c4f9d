// Spec §5 numeric input: digits only; with a maximum, 'Giá trị không được vượt quá {max}' is shown
// while typing and on blur. A character that is not a digit (a minus sign, a decimal comma) is
// refused where the person sees it, never dropped to make another number of what they typed.
import { useState } from 'react';
import { maxValue, type Rule, validate } from './input-rules';
import { RuleTextInput, type RuleTextInputProps } from './rule-text-input';
import { formatNumber } from '@/lib/money';

export const DIGITS_ONLY = 'Chỉ được nhập chữ số (0–9)';

export interface NumericInputProps extends Omit<RuleTextInputProps, 'password'> {
  /**
   * The digits typed, as a string: it keeps leading zeros (codes, phone-like numbers), cannot lose
   * precision on long values, and '' means "nothing typed". Convert with Number() where a number is meant.
   */
  value: string;
  /** Called with digits only; text with anything else is refused with DIGITS_ONLY and the value stays. */
  onChange: (value: string) => void;
  max?: number;
  /** What the maximum is counted in, for its message ('₫' gives "… vượt quá 1.000.000 ₫"). */
  unit?: string;
}

const NO_RULES: readonly Rule[] = [];
/** A whole number written with thousands grouped (1.000.000 or 1 000 000), as a pasted price often is. */
const GROUPED = /^\d{1,3}(?:[. ]\d{3})+$/;

/** The digits of what was typed, or null when it holds anything a whole number cannot. */
export function typedDigits(text: string): string | null {
  const trimmed = text.trim();
  if (/^\d*$/.test(trimmed)) return trimmed;
  return GROUPED.test(trimmed) ? trimmed.replace(/[. ]/g, '') : null;
}

export function NumericInput({ value, onChange, max, unit, rules = NO_RULES, error, ref, onBlur, ...rest }: NumericInputProps) {
  const [refused, setRefused] = useState(false);
  const limit = max === undefined ? null : maxValue(max, `Giá trị không được vượt quá ${formatNumber(max)}${unit ? ` ${unit}` : ''}`);
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
      onChange={(text) => {
        const digits = typedDigits(text);
        setRefused(digits === null);
        if (digits !== null) onChange(digits);
      }}
      onBlur={(event) => {
        setRefused(false);
        onBlur?.(event);
      }}
      rules={allRules}
      error={(refused ? DIGITS_ONLY : null) ?? limitError ?? error}
    />
  );
}
