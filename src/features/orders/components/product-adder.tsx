/**
 * Adding lines: search the device's catalogue as you type (name, code, active ingredient, without
 * diacritics), each result with its units at this customer's price; or scan a barcode with the
 * camera or a USB/Bluetooth scanner (the scanned unit is the one added). The search and the scans
 * are the shared variant adder's (src/ui/variant-picker.tsx); the results' stock and prices are the
 * order's.
 */
import { Badge, Button, Group, Stack, Text } from '@mantine/core';
import { useCallback, useDeferredValue, type ReactNode } from 'react';
import { formatMoney } from '@contract/money';
import type { VariantUnit } from '@contract/products';
import type { AppDb, LocalVariant } from '@/db/app-db';
import { useVariantSearch } from '@/db/live-lookups';
import { findLocalBarcode, VARIANT_RESULTS } from '@/db/variant-search';
import { variantName } from '@/lib/line-name';
import { useVariantAdder, VariantAdderField } from '@/ui/variant-picker';
import { useStockLevels } from '../api/device-orders';
import { priceOf, type CartPricing } from '../model/cart-pricing';
import { priceReason } from './price-tag';
import { availableFor, stockLabel } from '../model/stock-note';

function UnitButton({
  variant,
  unit,
  pricing,
  onPick,
  disabled,
}: {
  variant: LocalVariant;
  unit: VariantUnit;
  pricing: CartPricing | undefined;
  onPick: () => void;
  disabled: boolean;
}) {
  const price = pricing ? priceOf(variant, unit.unit, pricing) : null;
  const shown = price?.price ?? unit.price;
  const reason = priceReason(price);
  return (
    <Button
      variant="light"
      size="compact-sm"
      onClick={onPick}
      disabled={disabled}
      aria-label={`Thêm 1 ${unit.unit} ${variantName(variant)}`}
      title={reason ?? undefined}
      data-testid="add-unit"
      data-unit={unit.unit}
    >
      {unit.unit} · {formatMoney(shown)}
      {price && price.listPrice > shown ? ' ↓' : ''}
    </Button>
  );
}

export function ProductAdder({
  db,
  companyId,
  pricing,
  disabled,
  onAdd,
  warehouseId = null,
}: {
  db: AppDb;
  companyId: number;
  /** The warehouse the order ships from (null: the default): its stock shows on each result. */
  warehouseId?: number | null;
  pricing: CartPricing | undefined;
  disabled?: boolean;
  onAdd: (variant: LocalVariant, unit: string) => void;
}) {
  const adder = useVariantAdder<LocalVariant>({
    find: (code) => findLocalBarcode(db, companyId, code),
    onAdd,
    refuse: (variant) => (variant.is_active ? null : `${variantName(variant)} đã ngừng kinh doanh`),
    disabled,
  });
  const results = useVariantSearch(db, companyId, adder.debounced, VARIANT_RESULTS);
  // The stock of the results the cards show (VariantAdderField draws them deferred): read for the
  // newest results, the cards still on screen would lose their stock badge until they are replaced.
  const shown = useDeferredValue(results);
  const stock = useStockLevels(
    db,
    (shown ?? []).map((variant) => variant.id),
  );

  // One function while the stock, prices and state it shows are unchanged (VariantAdderField's cards are memoized).
  const renderResult = useCallback(
    (variant: LocalVariant, pick: (unit: string) => void): ReactNode => (
      <Stack gap={6}>
        <div style={{ minWidth: 0 }}>
          <Group gap={6} wrap="nowrap">
            <Text size="sm" fw={600} truncate="end">
              {variantName(variant)}
            </Text>
            {!variant.is_active && (
              <Badge size="xs" color="gray" variant="light">
                Ngừng kinh doanh
              </Badge>
            )}
            <StockBadge
              available={availableFor(stock?.get(variant.id), warehouseId)}
              baseUnit={variant.units.find((unit) => unit.factor === 1)?.unit ?? ''}
            />
          </Group>
          <Text size="xs" c="dimmed" truncate="end">
            {[variant.code, variant.active_ingredient, variant.strength, variant.manufacturer].filter(Boolean).join(' · ')}
          </Text>
        </div>
        <Group gap={6} wrap="wrap">
          {variant.units.map((unit) => (
            <UnitButton
              key={unit.unit}
              variant={variant}
              unit={unit}
              pricing={pricing}
              disabled={Boolean(disabled) || !variant.is_active}
              onPick={() => pick(unit.unit)}
            />
          ))}
        </Group>
      </Stack>
    ),
    [stock, pricing, disabled, warehouseId],
  );

  return (
    <VariantAdderField
      adder={adder}
      results={results}
      label="Thêm sản phẩm"
      placeholder="Tìm theo tên, mã, hoạt chất…"
      scanSize="45px"
      testIds={{
        root: 'product-adder',
        search: 'product-search',
        scan: 'scan-barcode',
        results: 'product-results',
        result: 'product-result',
      }}
      renderResult={renderResult}
    />
  );
}

function StockBadge({ available, baseUnit }: { available: number | null; baseUnit: string }) {
  const label = stockLabel(available, baseUnit);
  if (!label) return null;
  return (
    <Badge
      size="xs"
      variant="light"
      color={available && available > 0 ? 'teal' : 'red'}
      tt="none"
      style={{ flexShrink: 0 }}
      data-testid="result-stock"
    >
      {label}
    </Badge>
  );
}
