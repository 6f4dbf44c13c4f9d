/**
 * Orders as a table with the person's chosen columns (desktop) or as cards (phones), both with a
 * check box per order for the bulk status move (when the member's role allows some move). Links to an order carry ?type=detail, so the
 * mobile header's back arrow returns to the list (product-spec.md §2 "Back behaviour").
 */
import { Checkbox, Group, Stack, Text } from '@mantine/core';
import { ORDER_COLUMN_LABELS, type OrderColumn, type OrderRecord } from '@contract/orders';
import { formatDate, formatDateTime } from '@/lib/dates';
import { AnchorLink } from '@/ui/anchor-link';
import { CardList } from '@/ui/list-page/card-list';
import { DataTable, type Column } from '@/ui/list-page/data-table';
import { MoneyText } from '@/ui/money-text';
import { OrderStatusBadge, PaymentStatusBadge } from './order-status-badge';
import { CardHead } from '@/ui/list-page/card-head';
import { DiscountApprovalBadge } from './discount-approval';
import { CreditWarningBadge } from './credit-warning';

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
    case 'order_type':
      return <Text size="sm">{dash(order.order_type_name)}</Text>;
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
      return (
        <Group gap={4} wrap="wrap">
          <OrderStatusBadge status={order.status} size="sm" />
          <DiscountApprovalBadge approval={order.discount_approval} size="sm" />
          <CreditWarningBadge warning={order.credit_warning} size="sm" />
        </Group>
      );
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

function SelectBox({ order, selected, onToggle, mt }: Pick<Props, 'selected' | 'onToggle'> & { order: OrderRecord; mt?: number }) {
  return (
    <Checkbox
      mt={mt}
      aria-label={`Chọn đơn ${orderLabel(order)}`}
      checked={selected.has(order.id)}
      onChange={(event) => onToggle(order, event.currentTarget.checked)}
      data-testid="order-select"
    />
  );
}

export function OrderTable({ rows, columns, selected, onToggle, onTogglePage, staffLabel, selectable }: Props) {
  const pageSelected = rows.filter((row) => selected.has(row.id)).length;
  const labels = { ...ORDER_COLUMN_LABELS, staff: staffLabel };
  const select: Column<OrderRecord> = {
    key: 'select',
    width: 40,
    label: (
      <Checkbox
        aria-label="Chọn tất cả đơn trên trang"
        checked={rows.length > 0 && pageSelected === rows.length}
        indeterminate={pageSelected > 0 && pageSelected < rows.length}
        onChange={(event) => onTogglePage(event.currentTarget.checked)}
        data-testid="order-select-page"
      />
    ),
    cell: (order) => <SelectBox order={order} selected={selected} onToggle={onToggle} />,
  };
  const shown = columns.map((column): Column<OrderRecord> => ({
    key: column,
    label: labels[column],
    align: column === 'total' ? 'right' : undefined,
    nowrap: column === 'created_at',
    cell: (order) => <Cell order={order} column={column} />,
  }));
  return (
    <DataTable
      rows={rows}
      columns={selectable ? [select, ...shown] : shown}
      rowKey={(order) => order.id}
      testId="order-table"
      rowTestId="order-row"
      rowProps={(order) => ({
        'data-id': order.id,
        'data-status': order.status,
        bg: selected.has(order.id) ? 'var(--mantine-primary-color-light)' : undefined,
      })}
      minWidth={Math.max(720, 140 * columns.length)}
    />
  );
}

export function OrderCards({ rows, selected, onToggle, staffLabel, selectable }: Omit<Props, 'columns' | 'onTogglePage'>) {
  return (
    <CardList
      rows={rows}
      rowKey={(order) => order.id}
      testId="order-cards"
      rowTestId="order-row"
      rowProps={(order) => ({ 'data-id': order.id, 'data-status': order.status })}
      card={(order) => (
        <Group gap="sm" wrap="nowrap" align="flex-start">
          {selectable && <SelectBox order={order} selected={selected} onToggle={onToggle} mt={2} />}
          <Stack gap={4} style={{ flex: 1, minWidth: 0 }}>
            <CardHead
              aside={
                <Stack gap={4} align="flex-end">
                  <OrderStatusBadge status={order.status} size="sm" />
                  <DiscountApprovalBadge approval={order.discount_approval} size="sm" />
                  <CreditWarningBadge warning={order.credit_warning} size="sm" />
                </Stack>
              }
            >
              <OrderLink order={order} />
              <Text size="xs" c="dimmed">
                {formatDateTime(order.created_at)}
                {order.order_type_name ? ` · ${order.order_type_name}` : ''}
              </Text>
            </CardHead>
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
      )}
    />
  );
}
