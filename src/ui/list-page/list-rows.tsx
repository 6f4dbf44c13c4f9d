/**
 * A list's rows in the layout of the screen: cards on a phone, the table on a desk (product-spec.md
 * §9: the mobile layout applies under 768 px). A screen describes its rows once (RowsSpec: the
 * card, the columns); test ids follow one pattern from `testId`: "customer" gives customer-cards,
 * customer-table and customer-row on both layouts. Rows with an `id` need no `rowKey`.
 */
import type { Key, ReactNode } from 'react';
import { CardList } from './card-list';
import { DataTable, type Column, type RowProps, type TableOptions } from './data-table';

export type RowsSpec<Row> = TableOptions & {
  testId: string;
  card: (row: Row) => ReactNode;
  columns: readonly Column<Row>[];
  rowProps?: (row: Row) => RowProps;
} & (Row extends { id: Key } ? { rowKey?: (row: Row) => Key } : { rowKey: (row: Row) => Key });

const byId = (row: unknown) => (row as { id: Key }).id;

export function ListRows<Row>({ rows, isMobile, spec }: { rows: readonly Row[]; isMobile: boolean; spec: RowsSpec<Row> }) {
  const { testId, card, columns, rowKey = byId, ...rest } = spec;
  return isMobile ? (
    <CardList {...rest} rows={rows} rowKey={rowKey} card={card} testId={`${testId}-cards`} rowTestId={`${testId}-row`} />
  ) : (
    <DataTable {...rest} rows={rows} rowKey={rowKey} columns={columns} testId={`${testId}-table`} rowTestId={`${testId}-row`} />
  );
}
