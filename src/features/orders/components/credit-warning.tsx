/**
 * An order taken over the customer's or the rep's credit limit, or with debt overdue, with the
 * company's policy "warn" (contract/receivables-ledger.ts creditVerdict): a badge in the lists and,
 * on the detail, the reasons, headed by what they are (an order only overdue is not "over the limit").
 */
import { Alert, Badge, type BadgeProps } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';

/** What the reasons are about, from creditVerdict's sentences: over the limit, overdue, or both. */
export function creditWarningTitle(warning: string): string {
  const over = warning.includes('vượt hạn mức');
  const overdue = warning.includes('nợ quá hạn');
  if (over && overdue) return 'Vượt hạn mức và có nợ quá hạn';
  return overdue ? 'Có nợ quá hạn' : 'Vượt hạn mức công nợ';
}

export function CreditWarningBadge({ warning, ...rest }: { warning: string | null | undefined } & Omit<BadgeProps, 'children'>) {
  if (!warning) return null;
  return (
    <Badge variant="light" color="red" tt="none" style={{ flexShrink: 0 }} title={warning} data-testid="credit-warning-badge" {...rest}>
      {creditWarningTitle(warning)}
    </Badge>
  );
}

export function CreditWarningAlert({ warning }: { warning: string | null | undefined }) {
  if (!warning) return null;
  return (
    <Alert
      color="red"
      variant="light"
      icon={<IconAlertTriangle size={18} />}
      p="xs"
      title={creditWarningTitle(warning)}
      data-testid="credit-warning"
    >
      {warning}.
    </Alert>
  );
}
