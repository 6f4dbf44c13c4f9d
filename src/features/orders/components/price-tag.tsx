/** A line's unit price as the customer pays it: the effective price, the list price struck through when lower, and why. */
import { Badge, Group } from '@mantine/core';
import type { EffectivePrice } from '@contract/price-policy';
import { MoneyText } from '@/ui/money-text';

export function priceReason(price: EffectivePrice | null): string | null {
  if (!price) return null;
  if (price.source === 'policy') return price.policyTitle ?? 'Chính sách giá';
  if (price.source === 'wholesale') return 'Giá sỉ';
  return null;
}

export function PriceTag({
  unitPrice,
  price,
  confirmedPrice = null,
  size = 'sm',
}: {
  /** What the line is charged (a confirmed raise included). */
  unitPrice: number;
  price: EffectivePrice | null;
  /** A raise the server asked for and the rep accepted. */
  confirmedPrice?: number | null;
  size?: 'xs' | 'sm';
}) {
  const reason = priceReason(price);
  const confirmed = confirmedPrice !== null && confirmedPrice > 0 && unitPrice === confirmedPrice;
  const listHigher = price !== null && price.listPrice > unitPrice;
  return (
    <Group gap={6} wrap="wrap" align="center" data-testid="price-tag">
      <MoneyText value={unitPrice} size={size} fw={600} data-testid="unit-price" />
      {listHigher && <MoneyText value={price.listPrice} size="xs" c="dimmed" td="line-through" data-testid="list-price" />}
      {reason && !confirmed && (
        <Badge size="xs" variant="light" color={price?.source === 'wholesale' ? 'grape' : 'teal'} data-testid="price-reason">
          {reason}
        </Badge>
      )}
      {confirmed && (
        <Badge size="xs" variant="light" color="orange" data-testid="price-confirmed">
          Giá mới đã xác nhận
        </Badge>
      )}
    </Group>
  );
}
