/**
 * The stock view's rows: per warehouse and variant, on hand, held by orders, available, average
 * cost and value, the nearest expiry (coloured within 30/60/90 days or past), and its lots, which
 * open under the row (lot, expiry, status, quantity). A table on a desk, cards on a phone.
 */
import { ActionIcon, Card, Collapse, Group, Stack, Table, Text } from '@mantine/core';
import { IconChevronDown, IconChevronRight } from '@tabler/icons-react';
import { Fragment, useState } from 'react';
import type { LotBalance, StockRow } from '@contract/warehouse';
import { formatNumber } from '@/lib/money';
import { MoneyText } from '@/ui/money-text';
import { ExpiryText, LotStatusBadge } from './badges';
import { CardHead } from '@/ui/list-page/card-head';
import { lineName } from '@/lib/line-name';

const rowKey = (row: StockRow) => `${row.warehouse_id}-${row.variant_id}`;
const name = (row: StockRow) => lineName(row);

function LotLines({ lots, unit }: { lots: readonly LotBalance[]; unit: string }) {
  if (lots.length === 0)
    return (
      <Text size="sm" c="dimmed">
        Không có lô nào.
      </Text>
    );
  return (
    <Table withRowBorders={false} verticalSpacing={2} data-testid="stock-lots">
      <Table.Tbody>
        {lots.map((lot) => (
          <Table.Tr key={lot.lot_id} data-testid="stock-lot" data-lot-no={lot.lot_no} data-quantity={lot.quantity}>
            <Table.Td fw={600}>{lot.lot_no ? `Lô ${lot.lot_no}` : 'Không lô'}</Table.Td>
            <Table.Td>
              <ExpiryText expiresOn={lot.expires_on} />
            </Table.Td>
            <Table.Td>
              <LotStatusBadge status={lot.status} />
            </Table.Td>
            <Table.Td ta="right" data-testid="stock-lot-quantity" style={{ whiteSpace: 'nowrap' }}>
              {formatNumber(lot.quantity)} {unit}
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

function useOpenRows() {
  const [open, setOpen] = useState<ReadonlySet<string>>(new Set());
  const toggle = (key: string) =>
    setOpen((current) => {
      const next = new Set(current);
      if (!next.delete(key)) next.add(key);
      return next;
    });
  return { open, toggle };
}

function Toggle({ row, opened, onToggle }: { row: StockRow; opened: boolean; onToggle: () => void }) {
  return (
    <ActionIcon
      variant="subtle"
      aria-label={`${opened ? 'Ẩn' : 'Xem'} lô của ${name(row)}`}
      aria-expanded={opened}
      onClick={onToggle}
      data-testid="stock-row-toggle"
    >
      {opened ? <IconChevronDown size={18} /> : <IconChevronRight size={18} />}
    </ActionIcon>
  );
}

export function StockRows({ rows, isMobile, showWarehouse }: { rows: readonly StockRow[]; isMobile: boolean; showWarehouse: boolean }) {
  const { open, toggle } = useOpenRows();
  const attrs = (row: StockRow) => ({
    'data-testid': 'stock-row',
    'data-variant': row.variant_id,
    'data-warehouse': row.warehouse_id,
    'data-on-hand': row.on_hand,
  });
  if (isMobile)
    return (
      <Stack gap="xs" data-testid="stock-cards">
        {rows.map((row) => (
          <Card key={rowKey(row)} withBorder radius="md" padding="sm" {...attrs(row)}>
            <CardHead aside={<Toggle row={row} opened={open.has(rowKey(row))} onToggle={() => toggle(rowKey(row))} />}>
              <Text fw={600} size="sm">
                {name(row)}
              </Text>
              <Text size="xs" c="dimmed">
                {row.sku}
                {showWarehouse ? ` · ${row.warehouse_name}` : ''}
              </Text>
            </CardHead>
            <Group justify="space-between" mt={4}>
              <Text size="sm">
                Tồn <b data-testid="stock-on-hand">{formatNumber(row.on_hand)}</b> · Có thể bán <b>{formatNumber(row.available)}</b>{' '}
                {row.base_unit}
              </Text>
              <MoneyText value={row.value} size="sm" fw={600} />
            </Group>
            <ExpiryText expiresOn={row.nearest_expiry} />
            <Collapse expanded={open.has(rowKey(row))}>
              <LotLines lots={row.lots} unit={row.base_unit} />
            </Collapse>
          </Card>
        ))}
      </Stack>
    );
  return (
    <Table.ScrollContainer minWidth={1000}>
      <Table striped highlightOnHover verticalSpacing="sm" data-testid="stock-table">
        <Table.Thead>
          <Table.Tr>
            <Table.Th w={40} aria-label="Lô" />
            <Table.Th>Sản phẩm</Table.Th>
            {showWarehouse && <Table.Th>Kho</Table.Th>}
            <Table.Th ta="right">Tồn kho</Table.Th>
            <Table.Th ta="right">Đơn giữ</Table.Th>
            <Table.Th ta="right">Có thể bán</Table.Th>
            <Table.Th ta="right">Giá vốn BQ</Table.Th>
            <Table.Th ta="right">Giá trị</Table.Th>
            <Table.Th>Hạn gần nhất</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => {
            const key = rowKey(row);
            return (
              <Fragment key={key}>
                <Table.Tr {...attrs(row)}>
                  <Table.Td>
                    <Toggle row={row} opened={open.has(key)} onToggle={() => toggle(key)} />
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm" fw={600}>
                      {name(row)}
                    </Text>
                    <Text size="xs" c="dimmed">
                      {row.sku} · {row.lots.length} lô
                    </Text>
                  </Table.Td>
                  {showWarehouse && <Table.Td>{row.warehouse_name}</Table.Td>}
                  <Table.Td ta="right" fw={600} data-testid="stock-on-hand" style={{ whiteSpace: 'nowrap' }}>
                    {formatNumber(row.on_hand)} {row.base_unit}
                  </Table.Td>
                  <Table.Td ta="right">{formatNumber(row.reserved)}</Table.Td>
                  <Table.Td ta="right" data-testid="stock-available">
                    {formatNumber(row.available)}
                  </Table.Td>
                  <Table.Td ta="right">
                    <MoneyText value={Math.round(row.average_cost)} size="sm" />
                  </Table.Td>
                  <Table.Td ta="right">
                    <MoneyText value={row.value} size="sm" />
                  </Table.Td>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>
                    <ExpiryText expiresOn={row.nearest_expiry} />
                  </Table.Td>
                </Table.Tr>
                {open.has(key) && (
                  <Table.Tr>
                    <Table.Td />
                    <Table.Td colSpan={showWarehouse ? 8 : 7}>
                      <LotLines lots={row.lots} unit={row.base_unit} />
                    </Table.Td>
                  </Table.Tr>
                )}
              </Fragment>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
