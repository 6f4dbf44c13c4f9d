/** "Cột hiển thị": the order table's columns this person shows, saved on the server (order-table/). */
import { Button, Checkbox, Menu, Stack, Text } from '@mantine/core';
import { IconColumns } from '@tabler/icons-react';
import { ORDER_COLUMN_LABELS, ORDER_COLUMNS, type OrderColumn } from '@contract/orders';

/** The columns after toggling one, in the table's fixed order; the last one cannot be hidden. */
export function toggleColumn(columns: readonly OrderColumn[], column: OrderColumn, shown: boolean): OrderColumn[] {
  const next = new Set(columns);
  if (shown) next.add(column);
  else next.delete(column);
  if (next.size === 0) return [...columns];
  return ORDER_COLUMNS.filter((candidate) => next.has(candidate));
}

type Props = {
  columns: readonly OrderColumn[];
  onChange: (columns: OrderColumn[]) => void;
  staffLabel: string;
  saving?: boolean;
};

export function OrderColumnsMenu({ columns, onChange, staffLabel, saving }: Props) {
  const labels = { ...ORDER_COLUMN_LABELS, staff: staffLabel };
  return (
    <Menu closeOnItemClick={false} position="bottom-end" withinPortal shadow="md">
      <Menu.Target>
        <Button variant="default" leftSection={<IconColumns size={16} />} loading={saving} data-testid="order-columns">
          Cột hiển thị
        </Button>
      </Menu.Target>
      <Menu.Dropdown p="sm" miw={220}>
        <Stack gap={8}>
          <Text size="xs" c="dimmed">
            Chọn các cột của bảng đơn hàng
          </Text>
          {ORDER_COLUMNS.map((column) => {
            const shown = columns.includes(column);
            return (
              <Checkbox
                key={column}
                label={labels[column]}
                checked={shown}
                disabled={shown && columns.length === 1}
                onChange={(event) => onChange(toggleColumn(columns, column, event.currentTarget.checked))}
                data-testid={`order-column-${column}`}
              />
            );
          })}
        </Stack>
      </Menu.Dropdown>
    </Menu>
  );
}
