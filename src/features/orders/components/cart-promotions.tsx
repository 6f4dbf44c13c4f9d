/**
 * What the promotions give the cart being taken, as the engine on the device worked it out
 * (contract/promotions-engine.ts): each programme and what it gave, the gifts (0 đ), what is missing
 * for the next tier, and why a programme gave less. The server checks the same on submit.
 */
import { Badge, Card, Group, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconDiscount2, IconGift, IconInfoCircle } from '@tabler/icons-react';
import type { AppliedPromotion, GiftLine, PromotionHint } from '@contract/promotions-engine';
import { MoneyText } from '@/ui/money-text';
import { formatNumber } from '@/lib/money';

export function CartPromotions({ applied, gifts, hints }: { applied: AppliedPromotion[]; gifts: GiftLine[]; hints: PromotionHint[] }) {
  if (applied.length === 0 && gifts.length === 0 && hints.length === 0) return null;
  return (
    <Card withBorder radius="md" padding="md" data-testid="cart-promotions">
      <Stack gap="xs">
        <Group gap={8}>
          <ThemeIcon variant="light" color="grape" size="sm">
            <IconDiscount2 size={14} />
          </ThemeIcon>
          <Title order={6}>Khuyến mại</Title>
        </Group>
        {applied.map((given) => (
          <Stack key={given.promotion_id} gap={2} data-testid="applied-promotion" data-promotion={given.promotion_id}>
            <Group justify="space-between" wrap="nowrap" align="flex-start">
              <Text size="sm" fw={500}>
                {given.name}
              </Text>
              {given.discount > 0 && <MoneyText value={-given.discount} size="sm" c="grape.7" />}
            </Group>
            {given.summary && (
              <Text size="xs" c="dimmed">
                {given.summary.charAt(0).toUpperCase() + given.summary.slice(1)}
              </Text>
            )}
            {given.limited && (
              <Text size="xs" c="orange" data-testid="promotion-limited">
                {given.limited}
              </Text>
            )}
          </Stack>
        ))}
        {gifts.map((gift, index) => (
          <Group key={`${gift.promotion_id}-${gift.variant_id}-${index}`} justify="space-between" wrap="nowrap" data-testid="gift-line">
            <Group gap={6} wrap="nowrap">
              <IconGift size={16} color="var(--mantine-color-grape-7)" />
              <Text size="sm">
                Tặng <b data-testid="gift-quantity">{formatNumber(gift.quantity)}</b> {gift.base_unit} {gift.label}
              </Text>
            </Group>
            <Badge variant="light" color="grape" size="sm">
              0 ₫
            </Badge>
          </Group>
        ))}
        {hints.map((hint, index) => (
          <Group key={`${hint.promotion_id}-${index}`} gap={6} wrap="nowrap" align="flex-start" data-testid="promotion-hint">
            <IconInfoCircle size={16} color="var(--mantine-color-yellow-8)" style={{ flexShrink: 0, marginTop: 2 }} />
            <Text size="xs" c="yellow">
              {hint.message}
            </Text>
          </Group>
        ))}
      </Stack>
    </Card>
  );
}
