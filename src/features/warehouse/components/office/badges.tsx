/** The small marks the warehouse screens share: a receipt's status, a lot's status, how near an expiry is. */
import { Badge, Group, Text } from '@mantine/core';
import { vietnamDay } from '@contract/price-policy';
import {
  LOT_STATUS_COLORS,
  LOT_STATUS_LABELS,
  RECEIPT_STATUS_COLORS,
  RECEIPT_STATUS_LABELS,
  type LotStatus,
  type ReceiptStatus,
} from '@contract/warehouse-status';
import { formatDate } from '@/lib/dates';
import { expiryTone } from '@/features/warehouse/model/expiry';

export function ReceiptStatusBadge({ status }: { status: ReceiptStatus }) {
  return (
    <Badge color={RECEIPT_STATUS_COLORS[status]} variant="light" tt="none" data-testid="receipt-status" data-status={status}>
      {RECEIPT_STATUS_LABELS[status]}
    </Badge>
  );
}

export function LotStatusBadge({ status }: { status: LotStatus }) {
  return (
    <Badge color={LOT_STATUS_COLORS[status]} variant="light" size="sm" tt="none" data-testid="lot-status" data-status={status}>
      {LOT_STATUS_LABELS[status]}
    </Badge>
  );
}

/** An expiry date, coloured and explained when it is within 90 days or past. */
export function ExpiryText({ expiresOn, today = vietnamDay() }: { expiresOn: string | null; today?: string }) {
  if (!expiresOn)
    return (
      <Text span c="dimmed" size="sm">
        —
      </Text>
    );
  const tone = expiryTone(expiresOn, today);
  return (
    <Group gap={6} wrap="nowrap" display="inline-flex">
      <Text span size="sm" c={tone?.color} fw={tone ? 600 : undefined}>
        {formatDate(expiresOn)}
      </Text>
      {tone && (
        <Badge size="xs" color={tone.color} variant="light" tt="none" data-testid="expiry-tone">
          {tone.label}
        </Badge>
      )}
    </Group>
  );
}
