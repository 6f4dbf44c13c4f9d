/** One labelled fact of a record's page (an invoice's buyer, a programme's dates): the label small and dimmed above its value. */
import { Text } from '@mantine/core';
import type { ReactNode } from 'react';

export function Fact({ label, children, testId, blank }: { label: string; children: ReactNode; testId?: string; blank?: ReactNode }) {
  const empty = children === null || children === undefined || children === '';
  return (
    <div>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm" component="div" data-testid={testId}>
        {empty ? blank : children}
      </Text>
    </div>
  );
}
