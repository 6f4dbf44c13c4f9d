/**
 * Products as a table on desktop and as cards on phones: code, name, active ingredient and
 * strength, registration number, brand, each variant's units with their prices (and wholesale
 * prices with the WHOLESALE switch on), status. A scanned product is highlighted and scrolled to.
 */
import { Badge, Group, Stack, Text } from '@mantine/core';
import { useMemo } from 'react';
import type { VariantRecord } from '@contract/products';
import { AnchorLink } from '@/ui/anchor-link';
import type { Column, RowProps } from '@/ui/list-page/data-table';
import type { RowsSpec } from '@/ui/list-page/list-rows';
import { MoneyText } from '@/ui/money-text';
import type { ProductRow } from '../api/product-list';
import { conversionChain } from '../model/conversion-chain';
import { CardHead } from '@/ui/list-page/card-head';
import { RegistrationBadge } from './drug-badges';
import { formatDate } from '@/lib/dates';

const dash = (text: string | null | undefined) => (text && text.trim() ? text : '—');
export const HIGHLIGHT_BG = 'var(--mantine-color-yellow-light)';

export function ActiveBadge({ active }: { active: boolean }) {
  return (
    <Badge variant="light" color={active ? 'teal' : 'gray'} size="sm" tt="none" style={{ flexShrink: 0, overflow: 'visible' }}>
      {active ? 'Đang bán' : 'Ngừng bán'}
    </Badge>
  );
}

/** "Paracetamol 500 mg" from the ingredient and strength. */
export function ingredientText(row: { active_ingredient: string | null; strength: string | null }): string | null {
  const text = [row.active_ingredient, row.strength].filter(Boolean).join(' ');
  return text || null;
}

/** Each unit with its price: "viên 2.000 ₫ · hộp 180.000 ₫ (sỉ 170.000 ₫)". */
export function UnitPrices({ variant, wholesale, size = 'sm' }: { variant: VariantRecord; wholesale: boolean; size?: 'xs' | 'sm' }) {
  return (
    <Group gap={4} wrap="wrap" data-testid="unit-prices">
      {variant.units.map((unit, i) => (
        <Text key={unit.unit} span size={size} style={{ whiteSpace: 'nowrap' }}>
          {i > 0 && (
            <Text span c="dimmed" mr={4}>
              ·
            </Text>
          )}
          <Text span c="dimmed">
            {unit.unit}
          </Text>{' '}
          <MoneyText value={unit.price} size={size} fw={500} />
          {wholesale && unit.wholesale_price !== null && (
            <Text span size="xs" c="grape">
              {' '}
              (sỉ <MoneyText value={unit.wholesale_price} size="xs" />)
            </Text>
          )}
        </Text>
      ))}
    </Group>
  );
}

function VariantLines({ row, wholesale }: { row: ProductRow; wholesale: boolean }) {
  const many = row.variants.length > 1 || row.variants.some((variant) => variant.name);
  return (
    <Stack gap={4}>
      {row.variants.map((variant) => (
        <div key={variant.id}>
          {many && (
            <Text size="xs" fw={600}>
              {variant.name || variant.code}
              {!variant.is_active && ' (ngừng bán)'}
            </Text>
          )}
          <UnitPrices variant={variant} wholesale={wholesale} />
          {conversionChain(variant.units) && (
            <Text size="xs" c="dimmed">
              {conversionChain(variant.units)}
            </Text>
          )}
        </div>
      ))}
    </Stack>
  );
}

/** "Thuốc": promoted only to licensed drug businesses (the product's Là thuốc). */
export function MedicineBadge() {
  return (
    <Badge
      variant="light"
      color="grape"
      size="xs"
      tt="none"
      title="Là thuốc: chỉ khuyến mại cho cơ sở kinh doanh dược"
      data-testid="product-medicine"
    >
      Thuốc
    </Badge>
  );
}

function ProductName({ row, canEdit }: { row: ProductRow; canEdit: boolean }) {
  return canEdit ? (
    <AnchorLink to="/product/create" search={{ id: row.id } as never} fw={600} size="sm" data-testid="product-name">
      {row.name}
    </AnchorLink>
  ) : (
    <Text fw={600} size="sm" data-testid="product-name">
      {row.name}
    </Text>
  );
}

/**
 * The row of a scanned product or variant: marked (data-highlighted, which the browser tests look
 * for), tinted, and scrolled to when it appears. The ref is one function per highlighted id, so
 * React calls it when that row's element is mounted (the filtered list arrives), not on every render.
 */
export function useHighlight(highlight: number | null): (id: number) => RowProps {
  const scrollTo = useMemo(
    () =>
      highlight === null ? undefined : (element: HTMLElement | null) => element?.scrollIntoView({ block: 'center', behavior: 'smooth' }),
    [highlight],
  );
  return (id) =>
    id === highlight ? { 'data-id': id, 'data-highlighted': true, style: { background: HIGHLIGHT_BG }, ref: scrollTo } : { 'data-id': id };
}

function columns(wholesale: boolean, canEdit: boolean): Column<ProductRow>[] {
  return [
    { key: 'code', label: 'Mã', nowrap: true, cell: (row) => row.code },
    {
      key: 'name',
      label: 'Tên sản phẩm',
      maxWidth: 260,
      cell: (row) => (
        <Group gap={6} wrap="nowrap">
          <ProductName row={row} canEdit={canEdit} />
          {row.is_medicine && <MedicineBadge />}
          <RegistrationBadge drug={row} />
        </Group>
      ),
      sub: (row) => row.manufacturer && `${row.manufacturer}${row.country ? ` · ${row.country}` : ''}`,
    },
    { key: 'ingredient', label: 'Hoạt chất, hàm lượng', maxWidth: 220, lines: 2, cell: (row) => dash(ingredientText(row)) },
    {
      key: 'registration',
      label: 'Số đăng ký',
      nowrap: true,
      cell: (row) => dash(row.registration_number),
      sub: (row) => row.registration_expiry && `Hết hạn ${formatDate(row.registration_expiry)}`,
    },
    { key: 'brand', label: 'Thương hiệu', cell: (row) => dash(row.brand_name) },
    { key: 'units', label: 'Đơn vị và giá', cell: (row) => <VariantLines row={row} wholesale={wholesale} /> },
    { key: 'status', label: 'Trạng thái', cell: (row) => <ActiveBadge active={row.is_active} /> },
  ];
}

function ProductCard({ row, wholesale, canEdit }: { row: ProductRow; wholesale: boolean; canEdit: boolean }) {
  const ingredient = ingredientText(row);
  return (
    <Stack gap={6}>
      <CardHead aside={<ActiveBadge active={row.is_active} />}>
        <Group gap={6} wrap="nowrap">
          <ProductName row={row} canEdit={canEdit} />
          {row.is_medicine && <MedicineBadge />}
        </Group>
        <Text size="xs" c="dimmed">
          {row.code}
          {row.brand_name ? ` · ${row.brand_name}` : ''}
        </Text>
      </CardHead>
      {ingredient && (
        <Text size="sm">
          <Text span c="dimmed" size="sm">
            Hoạt chất:{' '}
          </Text>
          {ingredient}
        </Text>
      )}
      {/* The badge on the SĐK line, where it may wrap: beside the name it was cut on a phone. */}
      {(row.registration_number || row.registration_expiry) && (
        <Group gap={6}>
          <Text size="xs" c="dimmed">
            SĐK: {row.registration_number ?? '—'}
            {row.registration_expiry ? ` · hết hạn ${formatDate(row.registration_expiry)}` : ''}
          </Text>
          <RegistrationBadge drug={row} />
        </Group>
      )}
      <VariantLines row={row} wholesale={wholesale} />
    </Stack>
  );
}

/** The product list's rows; `highlighted` marks the scanned product (useHighlight). */
export function productRows(wholesale: boolean, canEdit: boolean, highlighted: (id: number) => RowProps): RowsSpec<ProductRow> {
  return {
    testId: 'product',
    rowProps: (row) => highlighted(row.id),
    card: (row) => <ProductCard row={row} wholesale={wholesale} canEdit={canEdit} />,
    columns: columns(wholesale, canEdit),
    minWidth: 1000,
  };
}
