/** One labelled fact of a record's page (an invoice's buyer, a programme's dates): the label small and dimmed above its value. */
import { Text } from '@mantine/core';
import type { ReactNode } from 'react';

type Props = {
  label: string;
  children: ReactNode;
  testId?: string;
  /** Shown when there is no value ('—'); nothing by default. */
  blank?: ReactNode;
  /** No value: the fact is left out altogether (a document's optional fields). */
  hideEmpty?: boolean;
  /** The value in a heavier weight (a document's header facts). */
  strong?: boolean;
};

export function Fact({ label, children, testId, blank, hideEmpty, strong }: Props) {
  const empty = children === null || children === undefined || children === '';
  if (empty && hideEmpty) return null;
  return (
    <div>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm" component="div" fw={strong ? 500 : undefined} data-testid={testId}>
        {empty ? blank : children}
      </Text>
    </div>
  );
}
