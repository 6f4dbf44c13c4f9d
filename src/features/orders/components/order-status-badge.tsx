/** The order's status and payment status as badges, with the contract's labels and colours. */
import { Badge, type BadgeProps } from '@mantine/core';
import {
  ORDER_STATUS_COLORS,
  ORDER_STATUS_LABELS,
  PAYMENT_STATUS_LABELS,
  type OrderStatus,
  type PaymentStatus,
} from '@contract/orders-status';

const PAYMENT_COLORS: Record<PaymentStatus, string> = { unpaid: 'gray', partial: 'orange', paid: 'teal' };

export function OrderStatusBadge({ status, ...rest }: { status: OrderStatus } & Omit<BadgeProps, 'children'>) {
  return (
    <Badge
      variant="light"
      color={ORDER_STATUS_COLORS[status] ?? 'gray'}
      tt="none"
      style={{ flexShrink: 0, overflow: 'visible' }}
      data-testid="order-status"
      data-status={status}
      {...rest}
    >
      {ORDER_STATUS_LABELS[status] ?? status}
    </Badge>
  );
}

export function PaymentStatusBadge({ status, ...rest }: { status: PaymentStatus } & Omit<BadgeProps, 'children'>) {
  return (
    <Badge variant="outline" color={PAYMENT_COLORS[status] ?? 'gray'} tt="none" style={{ flexShrink: 0 }} {...rest}>
      {PAYMENT_STATUS_LABELS[status] ?? status}
    </Badge>
  );
}
