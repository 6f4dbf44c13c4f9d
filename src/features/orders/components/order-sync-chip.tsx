/** The chip on one of my orders: Chờ gửi / Đang gửi / Đã nhận DH000123 / Đã nhận – có thay đổi / Bị từ chối – Sửa. */
import { Badge } from '@mantine/core';
import type { OrderChip } from '../model/order-state';

export function OrderSyncChip({ chip }: { chip: OrderChip }) {
  return (
    <Badge
      size="sm"
      variant="light"
      color={chip.color}
      data-testid="order-chip"
      data-kind={chip.kind}
      style={{ flexShrink: 0, textTransform: 'none' }}
    >
      {chip.label}
    </Badge>
  );
}
