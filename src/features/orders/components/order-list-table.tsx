/**
 * Orders as a table with the person's chosen columns (desktop) or as cards (phones), both with a
 * check box per order for the bulk status move (when the member's role allows some move). Links to an order carry ?type=detail, so the
 * mobile header's back arrow returns to the list (product-spec.md §2 "Back behaviour").
 */
import { Card, Checkbox, Group, Stack, Table, Text } from '@mantine/core';
import { ORDER_COLUMN_LABELS, type OrderColumn, type OrderRecord } from '@contract/orders';
import { formatDate, formatDateTime } from '@/lib/dates';
import { MoneyText } from '@/ui/money-text';
import { AnchorLink } from '@/ui/anchor-link';
import { OrderStatusBadge, PaymentStatusBadge } from './order-status-badge';

export type Selection = ReadonlyMap<string, OrderRecord>;

type Props = {
  rows: OrderRecord[];
  columns: readonly OrderColumn[];
  selected: Selection;
  onToggle: (order: OrderRecord, checked: boolean) => void;
  onTogglePage: (checked: boolean) => void;
  staffLabel: string;
  /** Check boxes for the bulk move; off when the role allows no move. */
  selectable: boolean;
};

const dash = (text: string | null | undefined) => (text && text.trim() ? text : '—');

/** The code the office knows (the server's), or the phone's number until the server gives one. */
export function orderLabel(order: Pick<OrderRecord, 'code' | 'local_no'>): string {
  return order.code ?? order.local_no;
}

function OrderLink({ order, size }: { order: OrderRecord; size?: 'sm' }) {
  return (
    <AnchorLink to="/order/$id" params={{ id: order.id }} search={{ type: 'detail' }} fw={600} size={size} data-testid="order-link">
      {orderLabel(order)}
    </AnchorLink>
  );
}

const RIGHT = new Set<OrderColumn>(['total']);

function Cell({ order, column }: { order: OrderRecord; column: OrderColumn }) {
  switch (column) {
    case 'code':
      return (
        <>
          <OrderLink order={order} size="sm" />
          {order.code && (
            <Text size="xs" c="dimmed">
              {order.local_no}
            </Text>
          )}
        </>
      );
    case 'created_at':
      return <Text size="sm">{formatDateTime(order.created_at)}</Text>;
    case 'customer':
      return (
        <>
          <Text size="sm" fw={500} lineClamp={1}>
            {order.customer_name}
          </Text>
          <Text size="xs" c="dimmed">
            {order.customer_code}
            {order.customer_phone ? ` · ${order.customer_phone}` : ''}
          </Text>
        </>
      );
    case 'staff':
      return <Text size="sm">{dash(order.account_name)}</Text>;
    case 'status':
      return <OrderStatusBadge status={order.status} size="sm" />;
    case 'payment_status':
      return <PaymentStatusBadge status={order.payment_status} size="sm" />;
    case 'total':
      return <MoneyText value={order.total} size="sm" fw={600} />;
    case 'delivery_date':
      return <Text size="sm">{order.delivery_date ? formatDate(order.delivery_date) : '—'}</Text>;
    case 'address':
      return (
        <Text size="sm" lineClamp={2} maw={280}>
          {dash(order.customer_address)}
        </Text>
      );
    case 'note':
      return (
        <Text size="sm" lineClamp={2} maw={240}>
          {dash(order.note)}
        </Text>
      );
  }
}

export function OrderTable({ rows, columns, selected, onToggle, onTogglePage, staffLabel, selectable }: Props) {
  const pageSelected = rows.filter((row) => selected.has(row.id)).length;
  const labels = { ...ORDER_COLUMN_LABELS, staff: staffLabel };
  return (
    <Table.ScrollContainer minWidth={Math.max(720, 140 * columns.length)}>
      <Table striped highlightOnHover verticalSpacing="sm" data-testid="order-table">
        <Table.Thead>
          <Table.Tr>
            {selectable && (
              <Table.Th w={40}>
                <Checkbox
                  aria-label="Chọn tất cả đơn trên trang"
                  checked={rows.length > 0 && pageSelected === rows.length}
                  indeterminate={pageSelected > 0 && pageSelected < rows.length}
                  onChange={(event) => onTogglePage(event.currentTarget.checked)}
                  data-testid="order-select-page"
                />
              </Table.Th>
            )}
            {columns.map((column) => (
              <Table.Th key={column} ta={RIGHT.has(column) ? 'right' : undefined} style={{ whiteSpace: 'nowrap' }}>
                {labels[column]}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((order) => (
            <Table.Tr
              key={order.id}
              data-testid="order-row"
              data-id={order.id}
              data-status={order.status}
              bg={selected.has(order.id) ? 'var(--mantine-primary-color-light)' : undefined}
            >
              {selectable && (
                <Table.Td>
                  <Checkbox
                    aria-label={`Chọn đơn ${orderLabel(order)}`}
                    checked={selected.has(order.id)}
                    onChange={(event) => onToggle(order, event.currentTarget.checked)}
                    data-testid="order-select"
                  />
                </Table.Td>
              )}
              {columns.map((column) => (
                <Table.Td
                  key={column}
                  ta={RIGHT.has(column) ? 'right' : undefined}
                  style={column === 'created_at' ? { whiteSpace: 'nowrap' } : undefined}
                >
                  <Cell order={order} column={column} />
                </Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

export function OrderCards({ rows, selected, onToggle, staffLabel, selectable }: Omit<Props, 'columns' | 'onTogglePage'>) {
  return (
    <Stack gap="xs" data-testid="order-cards">
      {rows.map((order) => (
        <Card key={order.id} withBorder radius="md" padding="sm" data-testid="order-row" data-id={order.id} data-status={order.status}>
          <Group gap="sm" wrap="nowrap" align="flex-start">
            {selectable && (
              <Checkbox
                mt={2}
                aria-label={`Chọn đơn ${orderLabel(order)}`}
                checked={selected.has(order.id)}
                onChange={(event) => onToggle(order, event.currentTarget.checked)}
                data-testid="order-select"
              />
            )}
            <Stack gap={4} style={{ flex: 1, minWidth: 0 }}>
              <Group justify="space-between" wrap="nowrap" align="flex-start">
                <div style={{ minWidth: 0 }}>
                  <OrderLink order={order} />
                  <Text size="xs" c="dimmed">
                    {formatDateTime(order.created_at)}
                  </Text>
                </div>
                <OrderStatusBadge status={order.status} size="sm" />
              </Group>
              <Text size="sm" fw={500} lineClamp={1}>
                {order.customer_name}
              </Text>
              <Group justify="space-between" wrap="nowrap">
                <Text size="xs" c="dimmed" lineClamp={1}>
                  {staffLabel}: {dash(order.account_name)}
                </Text>
                <MoneyText value={order.total} fw={700} size="sm" />
              </Group>
            </Stack>
          </Group>
        </Card>
      ))}
    </Stack>
  );
}
