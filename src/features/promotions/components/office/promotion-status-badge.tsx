/** A programme's status (contract/promotions-status.ts) as a coloured badge: Chờ xét duyệt yellow, Đang áp dụng green… */
import { Badge } from '@mantine/core';
import { PROMOTION_STATUS_COLORS, PROMOTION_STATUS_LABELS, type PromotionStatus } from '@contract/promotions-status';

export function PromotionStatusBadge({ status, size = 'sm' }: { status: PromotionStatus; size?: 'sm' | 'md' | 'lg' }) {
  return (
    <Badge
      color={PROMOTION_STATUS_COLORS[status]}
      variant="light"
      size={size}
      tt="none"
      style={{ flexShrink: 0, overflow: 'visible' }}
      data-testid="promotion-status"
      data-status={status}
    >
      {PROMOTION_STATUS_LABELS[status]}
    </Badge>
  );
}
