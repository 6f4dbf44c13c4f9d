/**
 * The columns of the payments table (payments-tab.tsx): receipt, customer, order, amount, method,
 * collector, state; then what the member may do: confirm a pending payment, cancel one not cancelled.
 */
import { Badge, Button, Group, Text } from '@mantine/core';
import { PAYMENT_METHOD_LABELS, PAYMENT_STATE_COLORS, PAYMENT_STATE_LABELS, type PaymentRecord } from '@contract/receivables';
import { paymentReferenceText } from '@contract/payment-reference';
import { formatDateTime } from '@/lib/dates';
import { AnchorLink } from '@/ui/anchor-link';
import type { Column } from '@/ui/list-page/data-table';
import { MoneyText } from '@/ui/money-text';
import { toastedWrite } from '@/ui/toasted-write';
import type { usePaymentWrites } from '@/features/receivables/api/receivable-api';

export const failed = (error: unknown) => (error instanceof Error ? error.message : 'Không thực hiện được');

type Options = {
  confirm: ReturnType<typeof usePaymentWrites>['confirm'];
  canConfirm: boolean;
  canCancel: boolean;
  setCancelling: (payment: PaymentRecord) => void;
};

export function paymentColumns({ confirm, canConfirm, canCancel, setCancelling }: Options): Column<PaymentRecord>[] {
  return [
    {
      key: 'code',
      label: 'Số phiếu',
      cell: (payment) => (
        <AnchorLink to="/payment/print/$id" params={{ id: payment.id }} size="sm" fw={600}>
          {payment.code}
        </AnchorLink>
      ),
      sub: (payment) => formatDateTime(payment.collected_at),
    },
    {
      key: 'customer',
      label: 'Khách hàng',
      cell: (payment) => (
        <AnchorLink to="/customers/$id" params={{ id: payment.customer_id }} size="sm">
          {payment.customer_name}
        </AnchorLink>
      ),
    },
    {
      key: 'order',
      label: 'Đơn hàng',
      cell: (payment) =>
        payment.order_id && payment.order_code ? (
          <AnchorLink to="/order/$id" params={{ id: payment.order_id }} size="sm">
            {payment.order_code}
          </AnchorLink>
        ) : (
          '—'
        ),
    },
    {
      key: 'amount',
      label: 'Số tiền',
      align: 'right',
      cell: (payment) => <MoneyText value={payment.amount} size="sm" fw={600} />,
    },
    {
      key: 'method',
      label: 'Hình thức',
      cell: (payment) => (
        <>
          {PAYMENT_METHOD_LABELS[payment.method]}
          {paymentReferenceText(payment.reference) && <Text size="xs">{paymentReferenceText(payment.reference)}</Text>}
        </>
      ),
    },
    { key: 'collector', label: 'Người thu', cell: (payment) => payment.collected_by_name ?? '—' },
    {
      key: 'state',
      label: 'Trạng thái',
      cell: (payment) => (
        <Badge variant="light" color={PAYMENT_STATE_COLORS[payment.state]}>
          {PAYMENT_STATE_LABELS[payment.state]}
        </Badge>
      ),
    },
    {
      key: 'actions',
      cell: (payment) => (
        <Group gap={4} wrap="nowrap">
          {canConfirm && payment.state === 'pending' && (
            <Button
              size="compact-xs"
              loading={confirm.isPending && confirm.variables === payment.id}
              onClick={() => void toastedWrite(async () => (await confirm.mutateAsync(payment.id)).message, failed)}
              data-testid="payment-confirm"
            >
              Xác nhận
            </Button>
          )}
          {canCancel && payment.state !== 'cancelled' && (
            <Button size="compact-xs" variant="subtle" color="red" onClick={() => setCancelling(payment)}>
              Hủy
            </Button>
          )}
        </Group>
      ),
    },
  ];
}
