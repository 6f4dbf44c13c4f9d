// Inline money and compact numbers, so screens never format amounts by hand.
import { Text, type TextProps } from '@mantine/core';
import { compactNumber } from '@/lib/compact-number';
import { formatMoney, formatNumber } from '@/lib/money';

export interface MoneyTextProps extends Omit<TextProps, 'children'> {
  value: number | null | undefined;
}

/** `1.234.567 ₫`; tabular figures so amounts line up in columns. */
export function MoneyText({ value, ...rest }: MoneyTextProps) {
  return (
    <Text span style={{ fontVariantNumeric: 'tabular-nums' }} {...rest}>
      {formatMoney(value)}
    </Text>
  );
}

export interface CompactNumberProps extends Omit<TextProps, 'children'> {
  value: number;
}

/** `1.5k` with the exact number (`1.500`) as a tooltip, since the short form hides precision. */
export function CompactNumber({ value, ...rest }: CompactNumberProps) {
  return (
    <Text span title={formatNumber(value)} {...rest}>
      {compactNumber(value)}
    </Text>
  );
}
