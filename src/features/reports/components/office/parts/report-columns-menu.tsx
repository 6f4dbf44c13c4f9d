/**
 * "Cột hiển thị" of a report table: show or hide each column and move a shown one up or down; the
 * choice is saved on the server for this person (table views) and the table follows at once. The
 * last column shown stays.
 */
import { ActionIcon, Button, Checkbox, Group, Menu, Stack, Text } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconColumns } from '@tabler/icons-react';
import { reportColumns, type ReportTable } from '@contract/reports-columns';

type Props = { table: ReportTable; shown: readonly string[]; onChange: (shown: string[]) => void; saving: boolean };

/** Shown columns first in their order, then the hidden ones in the table's order. */
export function columnsInMenu(table: ReportTable, shown: readonly string[]): string[] {
  const all = reportColumns(table).map((column) => column.key);
  return [...shown.filter((key) => all.includes(key)), ...all.filter((key) => !shown.includes(key))];
}

export function moveColumn(shown: readonly string[], key: string, step: -1 | 1): string[] {
  const index = shown.indexOf(key);
  const target = index + step;
  if (index < 0 || target < 0 || target >= shown.length) return [...shown];
  const next = [...shown];
  [next[index], next[target]] = [next[target]!, next[index]!];
  return next;
}

export function ReportColumnsMenu({ table, shown, onChange, saving }: Props) {
  const labels = new Map(reportColumns(table).map((column) => [column.key, column.label]));
  return (
    <Menu closeOnItemClick={false} position="bottom-end" withinPortal shadow="md">
      <Menu.Target>
        <Button variant="default" leftSection={<IconColumns size={16} />} loading={saving} data-testid="report-columns">
          Cột hiển thị
        </Button>
      </Menu.Target>
      <Menu.Dropdown p="sm" miw={260}>
        <Stack gap={6}>
          <Text size="xs" c="dimmed">
            Chọn và sắp xếp các cột của bảng
          </Text>
          {columnsInMenu(table, shown).map((key) => {
            const on = shown.includes(key);
            const index = shown.indexOf(key);
            return (
              <Group key={key} justify="space-between" gap="xs" wrap="nowrap">
                <Checkbox
                  label={labels.get(key)}
                  checked={on}
                  disabled={on && shown.length === 1}
                  onChange={(event) =>
                    onChange(event.currentTarget.checked ? [...shown, key] : shown.filter((candidate) => candidate !== key))
                  }
                  data-testid={`report-column-${key}`}
                />
                {on && (
                  <Group gap={2} wrap="nowrap">
                    <ActionIcon
                      variant="subtle"
                      size="sm"
                      aria-label={`Đưa cột ${labels.get(key)} lên`}
                      disabled={index === 0}
                      onClick={() => onChange(moveColumn(shown, key, -1))}
                    >
                      <IconArrowUp size={14} />
                    </ActionIcon>
                    <ActionIcon
                      variant="subtle"
                      size="sm"
                      aria-label={`Đưa cột ${labels.get(key)} xuống`}
                      disabled={index === shown.length - 1}
                      onClick={() => onChange(moveColumn(shown, key, 1))}
                    >
                      <IconArrowDown size={14} />
                    </ActionIcon>
                  </Group>
                )}
              </Group>
            );
          })}
        </Stack>
      </Menu.Dropdown>
    </Menu>
  );
}
