/** Payments as a short list (an order's or a customer's history): receipt, amount, method, state, who. */
import { Badge, Button, Group, Stack, Text } from '@mantine/core';
import { PAYMENT_METHOD_LABELS, PAYMENT_STATE_COLORS, PAYMENT_STATE_LABELS, type PaymentRecord } from '@contract/receivables';
import { formatDateTime } from '@/lib/dates';
import { AnchorLink } from '@/ui/anchor-link';
import { MoneyText } from '@/ui/money-text';
import { SyncChip } from '@/ui/sync-chip';
import type { LocalPayment } from '@/db/app-db';

type Row = PaymentRecord & Partial<Pick<LocalPayment, 'syncState' | 'error'>>;

export function PaymentRows({
  payments,
  onConfirm,
  busyId,
}: {
  payments: Row[];
  onConfirm?: (payment: Row) => void;
  busyId?: string | null;
}) {
  if (payments.length === 0)
    return (
      <Text size="sm" c="dimmed">
        Chưa có phiếu thu nào
      </Text>
    );
  return (
    <Stack gap="xs" data-testid="payment-rows">
      {payments.map((payment) => (
        <Stack key={payment.id} gap={2} data-testid="payment-row" data-state={payment.state}>
          <Group justify="space-between" gap="xs" wrap="nowrap">
            <AnchorLink to="/payment/print/$id" params={{ id: payment.id }} size="sm" fw={600}>
              {payment.code ?? 'Phiếu thu chưa có số'}
            </AnchorLink>
            <MoneyText value={payment.amount} fw={600} size="sm" />
          </Group>
          <Group gap="xs" justify="space-between">
            <Group gap={6}>
              <Text size="xs" c="dimmed">
                {PAYMENT_METHOD_LABELS[payment.method]} · {formatDateTime(payment.collected_at)}
                {payment.collected_by_name ? ` · ${payment.collected_by_name}` : ''}
              </Text>
              {payment.syncState && payment.syncState !== 'synced' ? (
                <SyncChip state={payment.syncState} error={payment.error} />
              ) : (
                <Badge size="sm" variant="light" color={PAYMENT_STATE_COLORS[payment.state]}>
                  {PAYMENT_STATE_LABELS[payment.state]}
                </Badge>
              )}
            </Group>
            {onConfirm && payment.state === 'pending' && payment.code && (
              <Button size="compact-xs" onClick={() => onConfirm(payment)} loading={busyId === payment.id} data-testid="payment-confirm">
                Xác nhận đã nhận tiền
              </Button>
            )}
          </Group>
        </Stack>
      ))}
    </Stack>
  );
}
