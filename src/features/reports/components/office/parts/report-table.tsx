/**
 * A report's table: the columns the person shows, in their order (table views), each cell read by
 * its kind; a figure that can be opened is a link to the orders behind it (drill-down). On a phone
 * every row is a card of label–value lines, so nothing is wider than the screen.
 */
import { Card, Group, Stack, Table, Text, UnstyledButton } from '@mantine/core';
import type { ReactNode } from 'react';
import { reportColumns, type ReportColumn, type ReportTable as TableName } from '@contract/reports-columns';
import { alignRight, formatCell } from '@/features/reports/model/report-cells';
import type { DrillTarget } from '@/features/reports/model/drill';

type Row = Record<string, unknown>;

type Props<R extends Row> = {
  table: TableName;
  rows: readonly R[];
  shown: readonly string[];
  rowKey: (row: R) => string;
  /** The orders behind a figure of a row, or null when that figure has none to show. */
  drill?: (row: R, column: string) => DrillTarget | null;
  onDrill?: (target: DrillTarget) => void;
  /** A cell drawn by the screen (a product's name that opens its detail). */
  render?: (row: R, column: string) => ReactNode | undefined;
  isMobile: boolean;
  empty: string;
};

function Figure({
  text,
  target,
  onDrill,
  column,
}: {
  text: string;
  target: DrillTarget | null;
  onDrill?: (target: DrillTarget) => void;
  column: string;
}) {
  // Nothing to open behind a dash or a zero.
  if (!target || !onDrill || text === '–' || /^0(\s₫)?$/.test(text)) return <>{text}</>;
  return (
    <UnstyledButton
      onClick={() => onDrill(target)}
      c="blue"
      fz="inherit"
      td="underline"
      title={target.visits ? 'Xem các lượt ghé thăm' : 'Xem các đơn hàng'}
      data-testid={`drill-${column}`}
      style={{ textDecorationStyle: 'dotted' }}
    >
      {text}
    </UnstyledButton>
  );
}

export function ReportTable<R extends Row>({ table, rows, shown, rowKey, drill, onDrill, render, isMobile, empty }: Props<R>) {
  const byKey = new Map(reportColumns(table).map((column) => [column.key, column]));
  const columns = shown.map((key) => byKey.get(key)).filter((column): column is ReportColumn => column !== undefined);
  const cell = (row: R, column: ReportColumn) =>
    render?.(row, column.key) ?? (
      <Figure
        text={formatCell(column.kind, row[column.key])}
        target={drill?.(row, column.key) ?? null}
        onDrill={onDrill}
        column={column.key}
      />
    );
  if (rows.length === 0)
    return (
      <Text c="dimmed" ta="center" py="lg" data-testid="report-empty">
        {empty}
      </Text>
    );
  if (isMobile) {
    // A card is headed by the row's name (or period) when it is shown, else by its first column.
    const title = columns.find((column) => column.key === 'name' || column.key === 'label') ?? columns[0];
    const rest = columns.filter((column) => column !== title);
    return (
      <Stack gap="xs" data-testid="report-table">
        {rows.map((row) => (
          <Card key={rowKey(row)} withBorder radius="md" padding="sm" data-testid="report-row">
            {title && (
              <Text fw={600} size="sm" mb={4}>
                {cell(row, title)}
              </Text>
            )}
            {rest.map((column) => (
              <Group key={column.key} justify="space-between" gap="xs" wrap="nowrap">
                <Text size="sm" c="dimmed">
                  {column.label}
                </Text>
                <Text size="sm" ta="right" style={{ overflowWrap: 'anywhere' }}>
                  {cell(row, column)}
                </Text>
              </Group>
            ))}
          </Card>
        ))}
      </Stack>
    );
  }
  return (
    <Table.ScrollContainer minWidth={Math.min(1100, columns.length * 120)}>
      <Table striped highlightOnHover verticalSpacing="xs" data-testid="report-table">
        <Table.Thead>
          <Table.Tr>
            {columns.map((column) => (
              <Table.Th
                key={column.key}
                ta={alignRight(column.kind) ? 'right' : undefined}
                style={{ whiteSpace: 'nowrap' }}
                data-testid={`report-th-${column.key}`}
              >
                {column.label}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr key={rowKey(row)} data-testid="report-row">
              {columns.map((column) => (
                <Table.Td
                  key={column.key}
                  ta={alignRight(column.kind) ? 'right' : undefined}
                  style={alignRight(column.kind) ? { whiteSpace: 'nowrap' } : undefined}
                >
                  {cell(row, column)}
                </Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
