/**
 * A list's rows as cards, the phone's layout: a table does not fit a 360 px screen, so each row
 * becomes a bordered card whose content the screen draws. Cards carry the same test id and data
 * attributes as the desktop table's rows, so a browser test finds a row the same way on both.
 */
import { Card, Stack } from '@mantine/core';
import type { Key, ReactNode } from 'react';
import type { RowProps } from './data-table';

type Props<Row> = {
  rows: readonly Row[];
  rowKey: (row: Row) => Key;
  card: (row: Row) => ReactNode;
  testId?: string;
  rowTestId: string;
  rowProps?: (row: Row) => RowProps;
};

export function CardList<Row>({ rows, rowKey, card, testId, rowTestId, rowProps }: Props<Row>) {
  return (
    <Stack gap="xs" data-testid={testId}>
      {rows.map((row) => (
        <Card key={rowKey(row)} withBorder radius="md" padding="sm" data-testid={rowTestId} {...rowProps?.(row)}>
          {card(row)}
        </Card>
      ))}
    </Stack>
  );
}
