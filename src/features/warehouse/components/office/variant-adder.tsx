/**
 * Adding products to a receipt or a count: search the device's catalogue as you type (name, code,
 * active ingredient, without diacritics) and pick a unit, or scan a barcode with the camera or a
 * USB/Bluetooth scanner (the scanned unit is the one added), with the order screen's variant adder
 * (src/ui/variant-picker.tsx).
 */
import { Button, Group, Text } from '@mantine/core';
import { useCallback, type ReactNode } from 'react';
import type { AppDb, LocalVariant } from '@/db/app-db';
import { variantName } from '@/lib/line-name';
import { useVariantAdder, VariantAdderField } from '@/ui/variant-picker';
import { useVariantSearch } from '@/db/live-lookups';
import { findBarcode, toLineVariant } from '@/features/warehouse/api/device-catalogue';
import type { LineVariant } from '@/features/warehouse/model/receipt-form';

const RESULTS = 12;

type Props = {
  db: AppDb;
  companyId: number;
  onAdd: (variant: LineVariant, unit: string) => void;
  /** Only the base unit is offered (counts are in base units). */
  baseUnitOnly?: boolean;
  disabled?: boolean;
  label?: string;
};

export function VariantAdder({ db, companyId, onAdd, baseUnitOnly = false, disabled, label = 'Thêm sản phẩm' }: Props) {
  const adder = useVariantAdder<LocalVariant>({
    find: (code) => findBarcode(db, companyId, code),
    onAdd: (variant, unit) => onAdd(toLineVariant(variant), unit),
    scannedUnit: (hit) => (baseUnitOnly ? hit.variant.units[0]!.unit : hit.unit.unit),
    disabled,
  });
  const results = useVariantSearch(db, companyId, adder.debounced, RESULTS);

  // One function while what it shows is unchanged (VariantAdderField's cards are memoized).
  const renderResult = useCallback(
    (variant: LocalVariant, pick: (unit: string) => void): ReactNode => (
      <Group justify="space-between" gap="xs" wrap="wrap">
        <div style={{ minWidth: 0, flex: 1 }}>
          <Text size="sm" fw={600} truncate="end">
            {variantName(variant)}
          </Text>
          <Text size="xs" c="dimmed" truncate="end">
            {[variant.code, variant.active_ingredient, variant.registration_number && `SĐK ${variant.registration_number}`]
              .filter(Boolean)
              .join(' · ')}
          </Text>
        </div>
        <Group gap={6}>
          {(baseUnitOnly ? variant.units.slice(0, 1) : variant.units).map((unit) => (
            <Button
              key={unit.unit}
              variant="light"
              size="compact-sm"
              disabled={disabled}
              onClick={() => pick(unit.unit)}
              aria-label={`Thêm ${unit.unit} ${variantName(variant)}`}
              data-testid="variant-add-unit"
              data-unit={unit.unit}
            >
              + {unit.unit}
            </Button>
          ))}
        </Group>
      </Group>
    ),
    [baseUnitOnly, disabled],
  );

  return (
    <VariantAdderField
      adder={adder}
      results={results}
      label={label}
      placeholder="Tìm theo tên, mã, hoạt chất hoặc quét mã vạch…"
      scanSize="36px"
      testIds={{
        root: 'variant-adder',
        search: 'variant-search',
        scan: 'variant-scan',
        results: 'variant-results',
        result: 'variant-result',
      }}
      renderResult={renderResult}
    />
  );
}
