/**
 * Adding products to a receipt or a count: search the device's catalogue as you type (name, code,
 * active ingredient, without diacritics) and pick a unit, or scan a barcode with the camera or a
 * USB/Bluetooth scanner (the scanned unit is the one added), as the order screen does.
 */
import { Button, Card, Group, Stack, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useRef, useState } from 'react';
import type { AppDb } from '@/db/app-db';
import { useKeyboardWedge } from '@/ui/barcode-scanner';
import { SearchOrScanInput } from '@/ui/search-or-scan-input';
import { toast } from '@/ui/toast';
import { findBarcode, toLineVariant, useCatalogueSearch, variantTitle } from '@/features/warehouse/api/device-catalogue';
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
  const [query, setQuery] = useState('');
  const [debounced] = useDebouncedValue(query.trim(), 150);
  const input = useRef<HTMLInputElement>(null);
  const results = useCatalogueSearch(db, companyId, debounced, RESULTS);

  async function scanned(raw: string) {
    const code = raw.trim();
    if (!code || disabled) return;
    const found = await findBarcode(db, companyId, code);
    if (!found) {
      toast.error(`Không tìm thấy sản phẩm có mã vạch ${code}`);
      return;
    }
    const unit = baseUnitOnly ? found.variant.units[0]!.unit : found.unit.unit;
    onAdd(toLineVariant(found.variant), unit);
    toast.success(`Đã thêm 1 ${unit} ${variantTitle(found.variant)}`);
  }

  useKeyboardWedge((code) => void scanned(code), { enabled: !disabled });

  return (
    <Stack gap="xs" data-testid="variant-adder">
      <SearchOrScanInput
        inputRef={input}
        label={label}
        placeholder="Tìm theo tên, mã, hoạt chất hoặc quét mã vạch…"
        value={query}
        onChange={setQuery}
        onScan={(code) => void scanned(code)}
        disabled={disabled}
        clearable
        data-testid="variant-search"
        scanSize="36px"
        scanTestId="variant-scan"
      />
      {results && (
        <Stack gap={6} data-testid="variant-results">
          {results.length === 0 && (
            <Text size="sm" c="dimmed">
              Không tìm thấy sản phẩm nào trên máy.
            </Text>
          )}
          {results.map((variant) => (
            <Card key={variant.id} withBorder padding="xs" radius="md" data-testid="variant-result">
              <Group justify="space-between" gap="xs" wrap="wrap">
                <div style={{ minWidth: 0, flex: 1 }}>
                  <Text size="sm" fw={600} truncate="end">
                    {variantTitle(variant)}
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
                      onClick={() => {
                        onAdd(toLineVariant(variant), unit.unit);
                        setQuery('');
                        input.current?.focus();
                      }}
                      aria-label={`Thêm ${unit.unit} ${variantTitle(variant)}`}
                      data-testid="variant-add-unit"
                      data-unit={unit.unit}
                    >
                      + {unit.unit}
                    </Button>
                  ))}
                </Group>
              </Group>
            </Card>
          ))}
        </Stack>
      )}
    </Stack>
  );
}
