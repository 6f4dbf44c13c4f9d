/**
 * Variants as a table on desktop (one line per unit: name, price, wholesale price, barcode) and as
 * cards on phones. With the WHOLESALE switch on, wholesale prices show, or are edited in place when
 * `priceInput` is given (the screen keeps the edits). A scanned variant is highlighted.
 */
import { Badge, Group, Stack, Text } from '@mantine/core';
import { IconBarcode } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import type { VariantRecord, VariantUnit } from '@contract/products';
import { formatMoney } from '@/lib/money';
import type { Column, RowProps } from '@/ui/list-page/data-table';
import type { RowsSpec } from '@/ui/list-page/list-rows';
import { MoneyText } from '@/ui/money-text';
import { conversionChain } from '../model/conversion-chain';
import { ActiveBadge, ingredientText } from './product-results';
import { variantName } from '@/lib/line-name';

export type PriceInput = (variant: VariantRecord, unit: VariantUnit) => ReactNode;

const wholesaleText = (unit: VariantUnit) => (unit.wholesale_price === null ? '—' : formatMoney(unit.wholesale_price));

/** One line per unit, as tall as the price editor when it shows, so the units line up across columns. */
function UnitLines({ units, render, rowHeight }: { units: VariantUnit[]; render: (unit: VariantUnit) => ReactNode; rowHeight: number }) {
  return (
    <Stack gap={6}>
      {units.map((unit) => (
        <Text
          key={unit.unit}
          size="sm"
          component="div"
          mih={rowHeight}
          style={{ display: 'flex', alignItems: 'center', whiteSpace: 'nowrap' }}
        >
          {render(unit)}
        </Text>
      ))}
    </Stack>
  );
}

function VariantHeading({ variant }: { variant: VariantRecord }) {
  const ingredient = ingredientText(variant);
  return (
    <div>
      <Group gap={6} wrap="nowrap" justify="space-between">
        <Text size="sm" fw={600}>
          {variantName(variant)}
        </Text>
        <Badge size="xs" variant="outline" tt="none" style={{ flexShrink: 0 }}>
          {variant.code}
        </Badge>
      </Group>
      <Text size="xs" c="dimmed">
        {[ingredient, variant.brand_name].filter(Boolean).join(' · ') || variant.product_code}
      </Text>
    </div>
  );
}

function columns(wholesale: boolean, priceInput: PriceInput | undefined): Column<VariantRecord>[] {
  const rowHeight = priceInput ? 45 : 30;
  const units = (render: (variant: VariantRecord, unit: VariantUnit) => ReactNode) => (variant: VariantRecord) => (
    <UnitLines rowHeight={rowHeight} units={variant.units} render={(unit) => render(variant, unit)} />
  );
  return [
    { key: 'code', label: 'Mã', nowrap: true, cell: (variant) => variant.code },
    { key: 'name', label: 'Sản phẩm / biến thể', maxWidth: 300, cell: (variant) => <VariantHeading variant={variant} /> },
    { key: 'unit', label: 'Đơn vị', cell: units((_variant, unit) => unit.unit) },
    { key: 'price', label: 'Giá bán', cell: units((_variant, unit) => <MoneyText value={unit.price} size="sm" />) },
    ...(wholesale
      ? [
          {
            key: 'wholesale',
            label: 'Giá sỉ',
            cell: units((variant, unit) => (priceInput ? priceInput(variant, unit) : wholesaleText(unit))),
          },
        ]
      : []),
    { key: 'barcode', label: 'Mã vạch', cell: units((_variant, unit) => unit.barcode ?? '—') },
    { key: 'status', label: 'Trạng thái', cell: (variant) => <ActiveBadge active={variant.is_active} /> },
  ];
}

function VariantCard({ variant, wholesale, priceInput }: { variant: VariantRecord; wholesale: boolean; priceInput?: PriceInput }) {
  return (
    <Stack gap={6}>
      <VariantHeading variant={variant} />
      {variant.units.map((unit) => (
        <Group key={unit.unit} justify="space-between" wrap="nowrap" align="flex-start">
          <div>
            <Text size="sm">
              {unit.unit} · <MoneyText value={unit.price} size="sm" fw={500} />
            </Text>
            {unit.barcode && (
              <Text size="xs" c="dimmed">
                <IconBarcode size={12} /> {unit.barcode}
              </Text>
            )}
          </div>
          {wholesale &&
            (priceInput ? (
              priceInput(variant, unit)
            ) : (
              <Text size="sm" c="grape">
                Sỉ: {wholesaleText(unit)}
              </Text>
            ))}
        </Group>
      ))}
      {conversionChain(variant.units) && (
        <Text size="xs" c="dimmed">
          {conversionChain(variant.units)}
        </Text>
      )}
    </Stack>
  );
}

/**
 * The variant list's rows: `priceInput` is the wholesale price editor, when the prices may be
 * edited here; `highlighted` marks the scanned variant (useHighlight).
 */
export function variantRows(
  wholesale: boolean,
  priceInput: PriceInput | undefined,
  highlighted: (id: number) => RowProps,
): RowsSpec<VariantRecord> {
  return {
    testId: 'variant',
    rowProps: (variant) => highlighted(variant.id),
    card: (variant) => <VariantCard variant={variant} wholesale={wholesale} priceInput={priceInput} />,
    columns: columns(wholesale, priceInput),
    minWidth: 900,
    verticalSpacing: 'xs',
    alignTop: true,
    hover: false,
  };
}
