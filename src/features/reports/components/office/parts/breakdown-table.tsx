/** A small fixed table of a breakdown (orders by status, type, payment): its label, orders and value, each figure opening its orders. */
import { Table, Text, UnstyledButton } from '@mantine/core';
import type { BreakdownRow, DrillDimension, ReportKind } from '@contract/reports';
import { formatMoney, formatNumber } from '@/lib/money';
import type { DrillTarget } from '@/features/reports/model/drill';

type Props = {
  title: string;
  rows: readonly BreakdownRow[];
  valueLabel: string;
  report: ReportKind;
  dimension: DrillDimension;
  /** A status counts all its orders; a type or payment counts orders taken and revenue. */
  measureAll: boolean;
  onDrill: (target: DrillTarget) => void;
  testId: string;
};

export function BreakdownTable({ title, rows, valueLabel, report, dimension, measureAll, onDrill, testId }: Props) {
  const open = (row: BreakdownRow, figure: 'orders' | 'value') =>
    onDrill({
      report,
      title: `${title}: ${row.label}`,
      dimension,
      key: row.key,
      measure: measureAll ? 'all' : figure === 'value' ? 'revenue' : 'taken',
    });
  const link = (row: BreakdownRow, figure: 'orders' | 'value', text: string) =>
    (figure === 'orders' ? row.orders : row.value) > 0 ? (
      <UnstyledButton
        c="blue"
        fz="inherit"
        td="underline"
        style={{ textDecorationStyle: 'dotted' }}
        onClick={() => open(row, figure)}
        data-testid={`drill-${testId}-${row.key}`}
      >
        {text}
      </UnstyledButton>
    ) : (
      text
    );
  return (
    <div>
      <Text fw={600} size="sm" mb={4}>
        {title}
      </Text>
      <Table verticalSpacing={4} data-testid={testId}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th />
            <Table.Th ta="right">Số đơn</Table.Th>
            <Table.Th ta="right">{valueLabel}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr key={row.key}>
              <Table.Td>{row.label}</Table.Td>
              <Table.Td ta="right">{link(row, 'orders', formatNumber(row.orders))}</Table.Td>
              <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                {link(row, 'value', formatMoney(row.value))}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </div>
  );
}
