import { Badge } from '@mantine/core';
import { DELIVERY_STATUS_COLORS, DELIVERY_STATUS_LABELS, type DeliveryStatus } from '@contract/delivery-status';

export function DeliveryStatusBadge({ status }: { status: DeliveryStatus }) {
  return (
    <Badge color={DELIVERY_STATUS_COLORS[status]} variant="light" data-testid="delivery-status" data-status={status}>
      {DELIVERY_STATUS_LABELS[status]}
    </Badge>
  );
}
