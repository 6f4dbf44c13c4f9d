/**
 * "Cột hiển thị": which columns of a desktop table this person shows. The choice is the screen's
 * to keep (the order and customer lists save it on the server with use-server-columns.ts, other
 * tables on the device with use-stored-columns.ts); this
 * menu only changes it, always in the table's own column order and never down to no column.
 */
import { Button, Checkbox, Menu, Stack, Text } from '@mantine/core';
import { IconColumns } from '@tabler/icons-react';

/** The columns after showing or hiding one, in the table's order; the last one shown stays. */
export function toggleColumn<K extends string>(order: readonly K[], shown: readonly K[], column: K, show: boolean): K[] {
  const next = new Set(shown);
  if (show) next.add(column);
  else next.delete(column);
  if (next.size === 0) return [...shown];
  return order.filter((candidate) => next.has(candidate));
}

type Props<K extends string> = {
  /** Every column, in the table's order. */
  columns: readonly K[];
  labels: Record<K, string>;
  shown: readonly K[];
  onChange: (shown: K[]) => void;
  /** Under the menu's title: "Chọn các cột của bảng đơn hàng". */
  hint: string;
  saving?: boolean;
  /** The button's test id; each check box's is `${optionTestId}-${column}`. */
  testId: string;
  optionTestId: string;
};

export function ColumnChooser<K extends string>({ columns, labels, shown, onChange, hint, saving, testId, optionTestId }: Props<K>) {
  return (
    <Menu closeOnItemClick={false} position="bottom-end" withinPortal shadow="md">
      <Menu.Target>
        <Button variant="default" leftSection={<IconColumns size={16} />} loading={saving} data-testid={testId}>
          Cột hiển thị
        </Button>
      </Menu.Target>
      <Menu.Dropdown p="sm" miw={220}>
        <Stack gap={8}>
          <Text size="xs" c="dimmed">
            {hint}
          </Text>
          {columns.map((column) => {
            const on = shown.includes(column);
            return (
              <Checkbox
                key={column}
                label={labels[column]}
                checked={on}
                disabled={on && shown.length === 1}
                onChange={(event) => onChange(toggleColumn(columns, shown, column, event.currentTarget.checked))}
                data-testid={`${optionTestId}-${column}`}
              />
            );
          })}
        </Stack>
      </Menu.Dropdown>
    </Menu>
  );
}
