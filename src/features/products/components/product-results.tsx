/**
 * Products as a table on desktop and as cards on phones: code, name, active ingredient and
 * strength, registration number, brand, each variant's units with their prices (and wholesale
 * prices with the WHOLESALE switch on), status. A scanned product is highlighted and scrolled to.
 */
import { Badge, Card, Group, Stack, Table, Text } from '@mantine/core';
import { useEffect, useRef } from 'react';
import type { VariantRecord } from '@contract/products';
import { MoneyText } from '@/ui/money-text';
import type { ProductRow } from '../api/product-list';
import { conversionChain } from '../model/conversion-chain';
import { AnchorLink } from './anchor-link';

type RowsProps = { rows: ProductRow[]; wholesale: boolean; highlight: number | null; canEdit: boolean };

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

/** Scrolls the highlighted row into view once it is on screen. */
function useScrollToHighlight(highlight: number | null) {
  const ref = useRef<HTMLElement | null>(null);
  useEffect(() => {
    if (highlight !== null) ref.current?.scrollIntoView({ block: 'center', behavior: 'smooth' });
  }, [highlight]);
  return ref;
}

export function ProductTable({ rows, wholesale, highlight, canEdit }: RowsProps) {
  const highlighted = useScrollToHighlight(highlight);
  return (
    <Table.ScrollContainer minWidth={1000}>
      <Table striped highlightOnHover verticalSpacing="sm" data-testid="product-table">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Mã</Table.Th>
            <Table.Th>Tên sản phẩm</Table.Th>
            <Table.Th>Hoạt chất, hàm lượng</Table.Th>
            <Table.Th>Số đăng ký</Table.Th>
            <Table.Th>Thương hiệu</Table.Th>
            <Table.Th>Đơn vị và giá</Table.Th>
            <Table.Th>Trạng thái</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr
              key={row.id}
              ref={row.id === highlight ? (element) => void (highlighted.current = element) : undefined}
              data-testid="product-row"
              data-id={row.id}
              data-highlighted={row.id === highlight || undefined}
              style={row.id === highlight ? { background: HIGHLIGHT_BG } : undefined}
            >
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{row.code}</Table.Td>
              <Table.Td maw={260}>
                <ProductName row={row} canEdit={canEdit} />
                {row.manufacturer && (
                  <Text size="xs" c="dimmed">
                    {row.manufacturer}
                    {row.country ? ` · ${row.country}` : ''}
                  </Text>
                )}
              </Table.Td>
              <Table.Td maw={220}>
                <Text size="sm" lineClamp={2}>
                  {dash(ingredientText(row))}
                </Text>
              </Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{dash(row.registration_number)}</Table.Td>
              <Table.Td>{dash(row.brand_name)}</Table.Td>
              <Table.Td>
                <VariantLines row={row} wholesale={wholesale} />
              </Table.Td>
              <Table.Td>
                <ActiveBadge active={row.is_active} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

export function ProductCards({ rows, wholesale, highlight, canEdit }: RowsProps) {
  const highlighted = useScrollToHighlight(highlight);
  return (
    <Stack gap="xs" data-testid="product-cards">
      {rows.map((row) => {
        const ingredient = ingredientText(row);
        return (
          <Card
            key={row.id}
            ref={row.id === highlight ? (element: HTMLDivElement | null) => void (highlighted.current = element) : undefined}
            withBorder
            radius="md"
            padding="sm"
            data-testid="product-row"
            data-id={row.id}
            data-highlighted={row.id === highlight || undefined}
            style={row.id === highlight ? { background: HIGHLIGHT_BG } : undefined}
          >
            <Stack gap={6}>
              <Group justify="space-between" wrap="nowrap" align="flex-start">
                <div style={{ minWidth: 0 }}>
                  <ProductName row={row} canEdit={canEdit} />
                  <Text size="xs" c="dimmed">
                    {row.code}
                    {row.brand_name ? ` · ${row.brand_name}` : ''}
                  </Text>
                </div>
                <ActiveBadge active={row.is_active} />
              </Group>
              {ingredient && (
                <Text size="sm">
                  <Text span c="dimmed" size="sm">
                    Hoạt chất:{' '}
                  </Text>
                  {ingredient}
                </Text>
              )}
              {row.registration_number && (
                <Text size="xs" c="dimmed">
                  SĐK: {row.registration_number}
                </Text>
              )}
              <VariantLines row={row} wholesale={wholesale} />
            </Stack>
          </Card>
        );
      })}
    </Stack>
  );
}
