/**
 * Mantine's NumberInput, which drops a minus sign or a stray character without a word and clamps a
 * value over its maximum to the maximum: here what cannot be taken is refused where the person sees
 * it (DIGITS_ONLY, as NumericInput says it) and a value over the maximum stays typed with the
 * maximum's message, so a field never shows, or saves, another number than the one meant.
 */
import { NumberInput, type NumberInputProps } from '@mantine/core';
import { useState, type ClipboardEvent, type KeyboardEvent } from 'react';
import { DIGITS_ONLY } from './numeric-input';
import { formatNumber } from '@/lib/money';

export type StrictNumberInputProps = NumberInputProps & { unit?: string };

/** What may be typed: digits, and the decimal comma where decimals are allowed. */
function takes(text: string, decimals: boolean): boolean {
  return (decimals ? /^[\d.,\s]*$/ : /^[\d.\s]*$/).test(text);
}

export function StrictNumberInput({ onKeyDown, onPaste, onBlur, error, max, unit, allowDecimal = true, ...rest }: StrictNumberInputProps) {
  const [refused, setRefused] = useState(false);
  const value =
    typeof rest.value === 'number'
      ? rest.value
      : Number(
          String(rest.value ?? '')
            .replace(/\./g, '')
            .replace(',', '.'),
        );
  const over = max !== undefined && Number.isFinite(value) && value > max;
  const overMessage = over ? `Giá trị không được vượt quá ${formatNumber(max)}${unit ? ` ${unit}` : ''}` : null;
  return (
    <NumberInput
      allowNegative={false}
      allowDecimal={allowDecimal}
      clampBehavior="none"
      // As Vietnamese people write numbers: 1.000.000 and 12,5.
      thousandSeparator="."
      decimalSeparator=","
      {...rest}
      max={max}
      onKeyDown={(event: KeyboardEvent<HTMLInputElement>) => {
        const printable = event.key.length === 1 && !event.ctrlKey && !event.metaKey && !event.altKey;
        if (printable && !takes(event.key, allowDecimal)) {
          event.preventDefault();
          setRefused(true);
        } else if (printable) setRefused(false);
        onKeyDown?.(event);
      }}
      onPaste={(event: ClipboardEvent<HTMLInputElement>) => {
        if (!takes(event.clipboardData.getData('text'), allowDecimal)) {
          event.preventDefault();
          setRefused(true);
        }
        onPaste?.(event);
      }}
      onBlur={(event) => {
        setRefused(false);
        onBlur?.(event);
      }}
      error={(refused ? DIGITS_ONLY : null) ?? overMessage ?? error}
    />
  );
}
