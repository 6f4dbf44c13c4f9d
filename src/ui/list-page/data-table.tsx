/**
 * A list's desktop table from column definitions: each column says its header, its cell and how it
 * sits (right-aligned numbers, codes and dates kept on one line, long text capped), so a screen
 * writes what a row shows and not the table's markup. Rows carry the screen's test id and data
 * attributes (data-id, data-code…) that the browser tests find them by; a table offering a column
 * choice passes only the columns shown (column-chooser.tsx).
 */
import { Table, Text, type MantineSpacing } from '@mantine/core';
import type { CSSProperties, Key, ReactNode } from 'react';

export type Column<Row> = {
  key: string;
  /** The header: a label, or a node (the select-all check box); none for an actions column. */
  label?: ReactNode;
  cell: (row: Row) => ReactNode;
  align?: 'right';
  /** Keeps the cell on one line (codes, dates, amounts). */
  nowrap?: boolean;
  /** The header's width (check boxes, action icons). */
  width?: number;
  /** How wide a cell may grow (addresses, descriptions), so the other columns keep their room. */
  maxWidth?: number;
  /** Long text stops after this many lines (with an ellipsis), so rows keep one height. */
  lines?: number;
  /** A second, dimmed line under the cell (a name's description, a code's local number), if any. */
  sub?: (row: Row) => ReactNode;
  bold?: boolean;
  /** The accessible name of a header without a label. */
  ariaLabel?: string;
};

/** What a row carries besides its cells: data attributes, a highlight, a ref to scroll it into view. */
export type RowProps = {
  ref?: (element: HTMLElement | null) => void;
  style?: CSSProperties;
  bg?: string;
} & { [attribute: `data-${string}`]: string | number | boolean | undefined };

export type TableOptions = {
  /** Scrolls sideways under this width (wide tables on small desks); narrow tables leave it out. */
  minWidth?: number;
  verticalSpacing?: MantineSpacing;
  /** Cells align to the top (rows of several lines, as the variant list's units). */
  alignTop?: boolean;
  /** Rows light up under the pointer (lists whose rows lead somewhere). */
  hover?: boolean;
};

type Props<Row> = TableOptions & {
  rows: readonly Row[];
  columns: readonly Column<Row>[];
  rowKey: (row: Row) => Key;
  testId?: string;
  rowTestId: string;
  rowProps?: (row: Row) => RowProps;
};

export function DataTable<Row>({
  rows,
  columns,
  rowKey,
  testId,
  rowTestId,
  rowProps,
  minWidth,
  verticalSpacing = 'sm',
  alignTop,
  hover = true,
}: Props<Row>) {
  const cellStyle = (column: Column<Row>): CSSProperties | undefined =>
    column.nowrap || alignTop
      ? { whiteSpace: column.nowrap ? 'nowrap' : undefined, verticalAlign: alignTop ? 'top' : undefined }
      : undefined;
  // Headers keep to one line (a wrapped header makes every row look taller); cells wrap unless `nowrap`.
  const table = (
    <Table striped highlightOnHover={hover} verticalSpacing={verticalSpacing} data-testid={testId}>
      <Table.Thead>
        <Table.Tr>
          {columns.map((column) => (
            <Table.Th key={column.key} ta={column.align} w={column.width} aria-label={column.ariaLabel} style={{ whiteSpace: 'nowrap' }}>
              {column.label}
            </Table.Th>
          ))}
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {rows.map((row) => (
          <Table.Tr key={rowKey(row)} data-testid={rowTestId} {...rowProps?.(row)}>
            {columns.map((column) => (
              <Table.Td
                key={column.key}
                ta={column.align}
                maw={column.maxWidth}
                fw={column.bold ? 600 : undefined}
                style={cellStyle(column)}
              >
                <Cell column={column} row={row} />
              </Table.Td>
            ))}
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
  return minWidth ? <Table.ScrollContainer minWidth={minWidth}>{table}</Table.ScrollContainer> : table;
}

function Cell<Row>({ column, row }: { column: Column<Row>; row: Row }) {
  const content = column.cell(row);
  const sub = column.sub?.(row);
  return (
    <>
      {column.lines ? (
        <Text size="sm" lineClamp={column.lines}>
          {content}
        </Text>
      ) : (
        content
      )}
      {sub ? (
        <Text size="xs" c="dimmed" lineClamp={1}>
          {sub}
        </Text>
      ) : null}
    </>
  );
}
