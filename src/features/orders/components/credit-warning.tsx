/**
 * An order taken over the customer's or the rep's credit limit with the company's policy "warn"
 * (contract/receivables-ledger.ts creditVerdict): the badge "Vượt hạn mức công nợ" in the lists,
 * and on the detail the reason.
 */
import { Alert, Badge, type BadgeProps } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';

export function CreditWarningBadge({ warning, ...rest }: { warning: string | null | undefined } & Omit<BadgeProps, 'children'>) {
  if (!warning) return null;
  return (
    <Badge variant="light" color="red" tt="none" style={{ flexShrink: 0 }} title={warning} data-testid="credit-warning-badge" {...rest}>
      Vượt hạn mức công nợ
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
      title="Đơn vượt hạn mức công nợ"
      data-testid="credit-warning"
    >
      {warning}.
    </Alert>
  );
}
