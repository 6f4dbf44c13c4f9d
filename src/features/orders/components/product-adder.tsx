/**
 * Adding lines: search the device's catalogue as you type (name, code, active ingredient, without
 * diacritics), each result with its units at this customer's price; or scan a barcode with the
 * camera or a USB/Bluetooth scanner (the scanned unit is the one added).
 */
import { Badge, Button, Card, Group, Stack, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useRef, useState } from 'react';
import { formatMoney } from '@contract/money';
import type { VariantUnit } from '@contract/products';
import type { AppDb, LocalVariant } from '@/db/app-db';
import { findLocalBarcode, VARIANT_RESULTS } from '@/db/variant-search';
import { useStockLevels, useVariantSearch } from '../api/device-orders';
import { useKeyboardWedge } from '@/ui/barcode-scanner';
import { SearchOrScanInput } from '@/ui/search-or-scan-input';
import { toast } from '@/ui/toast';
import { priceOf, type CartPricing } from '../model/cart-pricing';
import { priceReason } from './price-tag';
import { availableFor, stockLabel } from '../model/stock-note';

export function notFoundMessage(code: string): string {
  return `Không tìm thấy sản phẩm có mã vạch ${code}`;
}

function variantTitle(variant: LocalVariant): string {
  return [variant.product_name, variant.name].filter(Boolean).join(' – ');
}

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
      aria-label={`Thêm 1 ${unit.unit} ${variantTitle(variant)}`}
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
  const [query, setQuery] = useState('');
  const [debounced] = useDebouncedValue(query.trim(), 150);
  const input = useRef<HTMLInputElement>(null);
  const results = useVariantSearch(db, companyId, debounced, VARIANT_RESULTS);
  const stock = useStockLevels(
    db,
    (results ?? []).map((variant) => variant.id),
  );

  async function scanned(raw: string) {
    const code = raw.trim();
    if (!code || disabled) return;
    const found = await findLocalBarcode(db, companyId, code);
    if (!found) {
      toast.error(notFoundMessage(code));
      return;
    }
    if (!found.variant.is_active) {
      toast.warning(`${variantTitle(found.variant)} đã ngừng kinh doanh`);
      return;
    }
    onAdd(found.variant, found.unit.unit);
    toast.success(`Đã thêm 1 ${found.unit.unit} ${variantTitle(found.variant)}`);
  }

  useKeyboardWedge((code) => void scanned(code));

  function pick(variant: LocalVariant, unit: string) {
    onAdd(variant, unit);
    setQuery('');
    input.current?.focus();
  }

  return (
    <Stack gap="xs" data-testid="product-adder">
      <SearchOrScanInput
        inputRef={input}
        label="Thêm sản phẩm"
        placeholder="Tìm theo tên, mã, hoạt chất…"
        value={query}
        onChange={setQuery}
        onScan={(code) => void scanned(code)}
        disabled={disabled}
        clearable
        data-testid="product-search"
        scanSize="45px"
        scanTestId="scan-barcode"
      />
      {results !== undefined && results !== null && (
        <Stack gap={6} data-testid="product-results">
          {results.length === 0 && (
            <Text size="sm" c="dimmed">
              Không tìm thấy sản phẩm nào trên máy.
            </Text>
          )}
          {results.map((variant) => (
            <Card key={variant.id} withBorder padding="xs" radius="md" data-testid="product-result">
              <Stack gap={6}>
                <div style={{ minWidth: 0 }}>
                  <Group gap={6} wrap="nowrap">
                    <Text size="sm" fw={600} truncate="end">
                      {variantTitle(variant)}
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
                      onPick={() => pick(variant, unit.unit)}
                    />
                  ))}
                </Group>
              </Stack>
            </Card>
          ))}
        </Stack>
      )}
    </Stack>
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
