/** One line of the order being taken: product, unit, quantity, price and why, discount, VAT, amount. */
import { ActionIcon, Alert, Card, Group, NativeSelect, Stack, Text } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import type { LineDiscount } from '@contract/orders-totals';
import { baseUnit } from '@contract/price-policy';
import { MoneyText } from '@/ui/money-text';
import type { PricedLine } from '../model/cart-pricing';
import { DiscountEditor, QuantityStepper } from './cart-line-editors';
import { PriceTag } from './price-tag';
import { overStock, stockLabel } from '../model/stock-note';
import { variantName } from '@/lib/line-name';

export type LineHandlers = {
  onQuantity: (lineId: string, quantity: number) => void;
  onUnit: (lineId: string, unit: string) => void;
  onDiscount: (lineId: string, discount: LineDiscount | null) => void;
  onRemove: (lineId: string) => void;
};

export function lineTitle(line: PricedLine): string {
  if (!line.variant) return `Sản phẩm #${line.variantId}`;
  return variantName(line.variant);
}

function unitOptions(line: PricedLine): { value: string; label: string }[] {
  const units = line.variant?.units ?? [];
  if (units.length === 0) return [{ value: line.unit, label: line.unit }];
  const base = baseUnit(units);
  const options = units.map((unit) => ({
    value: unit.unit,
    label: unit.factor === 1 ? unit.unit : `${unit.unit} (${unit.factor} ${base.unit})`,
  }));
  // A unit the catalogue dropped still shows, so the line says what it was.
  if (!units.some((unit) => unit.unit.toLowerCase() === line.unit.toLowerCase())) options.unshift({ value: line.unit, label: line.unit });
  return options;
}

export function CartLineCard({
  line,
  vatOn,
  handlers,
  disabled,
  compact,
  available = null,
}: {
  line: PricedLine;
  vatOn: boolean;
  handlers: LineHandlers;
  disabled?: boolean;
  /** The cart page: quantity only, the rest is edited on the order screen. */
  compact?: boolean;
  /** What the order's warehouse can still sell of the variant, base units (null: not tracked). */
  available?: number | null;
}) {
  const title = lineTitle(line);
  const unitChoices = unitOptions(line);
  const amounts = line.amounts;
  const units = line.variant?.units ?? [];
  const factor = units.find((unit) => unit.unit.toLowerCase() === line.unit.toLowerCase())?.factor ?? 1;
  const base = units.length ? baseUnit(units).unit : line.unit;
  const stockWarning = overStock(available, line.quantity, factor, base);
  return (
    <Card withBorder radius="md" padding="sm" data-testid="cart-line" data-variant={line.variantId} data-unit={line.unit}>
      <Stack gap={8}>
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <div style={{ minWidth: 0 }}>
            <Text fw={600} size="sm" lineClamp={2} data-testid="line-title">
              {title}
            </Text>
            {line.variant && (
              <Text size="xs" c="dimmed" truncate="end">
                {[line.variant.code, line.variant.active_ingredient, line.variant.strength].filter(Boolean).join(' · ')}
              </Text>
            )}
          </div>
          <ActionIcon
            variant="subtle"
            color="red"
            aria-label={`Xóa ${title}`}
            onClick={() => handlers.onRemove(line.lineId)}
            disabled={disabled}
            data-testid="line-remove"
          >
            <IconTrash size={18} />
          </ActionIcon>
        </Group>
        {line.problem && (
          <Alert color="red" variant="light" p="xs" data-testid="line-problem">
            {line.problem}
          </Alert>
        )}
        {line.pharmaWarning && (
          <Alert color="yellow" variant="light" p="xs" data-testid="line-pharma-warning">
            Lưu ý: {line.pharmaWarning}
          </Alert>
        )}
        {stockWarning && (
          <Alert color="yellow" variant="light" p="xs" data-testid="line-stock-warning">
            {stockWarning}
          </Alert>
        )}
        <Group gap="xs" wrap="wrap" align="center">
          {compact ? (
            <Text size="sm" data-testid="line-unit">
              {line.unit}
            </Text>
          ) : (
            <NativeSelect
              aria-label={`Đơn vị tính ${title}`}
              data={unitChoices}
              value={line.unit}
              onChange={(event) => handlers.onUnit(line.lineId, event.currentTarget.value)}
              disabled={disabled}
              // As wide as the longest unit ("hộp (100 viên)" was cut at a fixed 124 px), never past the card.
              w={`min(100%, max(124px, calc(${Math.max(...unitChoices.map((choice) => choice.label.length))}ch + 44px)))`}
              data-testid="line-unit-select"
            />
          )}
          <QuantityStepper
            value={line.quantity}
            label={title}
            disabled={disabled}
            error={line.quantityProblem}
            onChange={(quantity) => handlers.onQuantity(line.lineId, quantity)}
          />
          {available !== null && (
            <Text size="xs" c="dimmed" data-testid="line-available">
              {stockLabel(available, base)}
            </Text>
          )}
        </Group>
        <Group justify="space-between" gap={6} wrap="wrap">
          <Text size="xs" c="dimmed">
            Đơn giá / {line.unit}
          </Text>
          <PriceTag unitPrice={line.unitPrice} price={line.price} confirmedPrice={line.confirmedPrice ?? null} />
        </Group>
        {amounts.promotion > 0 && (
          <Group justify="space-between" gap={6}>
            <Text size="xs" c="grape.7">
              Khuyến mại
            </Text>
            <MoneyText value={-amounts.promotion} size="xs" c="grape.7" data-testid="line-promotion" />
          </Group>
        )}
        {!compact && (
          <Group justify="space-between" gap={6} wrap="wrap">
            <Text size="xs" c="dimmed">
              Chiết khấu
            </Text>
            <Group gap={8} wrap="nowrap">
              {amounts.discount > 0 && <MoneyText value={-amounts.discount} size="xs" c="red" data-testid="line-discount" />}
              <DiscountEditor
                value={line.discount}
                label={title}
                disabled={disabled}
                error={line.discountProblem}
                onChange={(discount) => handlers.onDiscount(line.lineId, discount)}
              />
            </Group>
          </Group>
        )}
        {vatOn && (
          <Group justify="space-between" gap={6}>
            <Text size="xs" c="dimmed">
              VAT {amounts.vatRate}%
            </Text>
            <MoneyText value={amounts.vat} size="xs" data-testid="line-vat" />
          </Group>
        )}
        <Group justify="space-between" gap={6}>
          <Text size="sm">Thành tiền</Text>
          <MoneyText value={amounts.total} size="sm" fw={700} data-testid="line-total" />
        </Group>
      </Stack>
    </Card>
  );
}
