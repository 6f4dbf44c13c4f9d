/**
 * Picking orders for a delivery group: waiting or confirmed orders in no group, searchable, with a
 * check box each. Used when creating a group and when adding orders to an open one.
 */
import { Alert, Checkbox, Group, Loader, ScrollArea, Stack, Table, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { formatDateTime } from '@/lib/dates';
import { formatMoney } from '@/lib/money';
import { useJoinableOrders } from '../api/order-group-api';
import { orderLabel } from './order-list-table';
import { OrderStatusBadge } from './order-status-badge';

type Props = {
  companyId: number;
  selected: ReadonlySet<string>;
  onChange: (next: Set<string>) => void;
  isMobile: boolean;
};

export function OrderPicker({ companyId, selected, onChange, isMobile }: Props) {
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, 300);
  const orders = useJoinableOrders(companyId, debounced, true);
  const rows = orders.data ?? [];
  const toggle = (id: string, checked: boolean) => {
    const next = new Set(selected);
    if (checked) next.add(id);
    else next.delete(id);
    onChange(next);
  };
  const allChecked = rows.length > 0 && rows.every((row) => selected.has(row.id));
  return (
    <Stack gap="xs" data-testid="order-picker">
      <TextInput
        placeholder="Tìm theo mã đơn, khách hàng…"
        leftSection={<IconSearch size={16} />}
        value={search}
        onChange={(event) => setSearch(event.currentTarget.value)}
        aria-label="Tìm đơn hàng để thêm"
      />
      <Text size="xs" c="dimmed">
        Chỉ đơn “Chờ xác nhận” hoặc “Đã xác nhận” chưa thuộc nhóm nào. Đã chọn {selected.size} đơn.
      </Text>
      {orders.isError && <Alert color="red">{orders.error.message}</Alert>}
      {orders.isPending ? (
        <Group justify="center" py="md">
          <Loader size="sm" />
        </Group>
      ) : rows.length === 0 ? (
        <Text size="sm" c="dimmed" ta="center" py="md">
          Không có đơn hàng nào có thể thêm vào nhóm.
        </Text>
      ) : (
        <ScrollArea.Autosize mah={isMobile ? 360 : 420}>
          <Table verticalSpacing={6} highlightOnHover>
            <Table.Thead>
              <Table.Tr>
                <Table.Th w={36}>
                  <Checkbox
                    aria-label="Chọn tất cả"
                    checked={allChecked}
                    indeterminate={!allChecked && rows.some((row) => selected.has(row.id))}
                    onChange={(event) => {
                      const next = new Set(selected);
                      for (const row of rows) {
                        if (event.currentTarget.checked) next.add(row.id);
                        else next.delete(row.id);
                      }
                      onChange(next);
                    }}
                  />
                </Table.Th>
                <Table.Th>Đơn hàng</Table.Th>
                {!isMobile && <Table.Th>Trạng thái</Table.Th>}
                <Table.Th ta="right">Tổng tiền</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((order) => (
                <Table.Tr
                  key={order.id}
                  data-testid="order-picker-row"
                  style={{ cursor: 'pointer' }}
                  onClick={() => toggle(order.id, !selected.has(order.id))}
                >
                  <Table.Td onClick={(event) => event.stopPropagation()}>
                    <Checkbox
                      aria-label={`Chọn đơn ${orderLabel(order)}`}
                      checked={selected.has(order.id)}
                      onChange={(event) => toggle(order.id, event.currentTarget.checked)}
                    />
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm" fw={600}>
                      {orderLabel(order)}
                    </Text>
                    <Text size="xs" c="dimmed" lineClamp={1}>
                      {order.customer_name} · {formatDateTime(order.created_at)}
                    </Text>
                  </Table.Td>
                  {!isMobile && (
                    <Table.Td>
                      <OrderStatusBadge status={order.status} size="sm" />
                    </Table.Td>
                  )}
                  <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                    <Text size="sm">{formatMoney(order.total)}</Text>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </ScrollArea.Autosize>
      )}
    </Stack>
  );
}
