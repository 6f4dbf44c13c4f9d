// Why the last attempt failed, said next to the action that failed; nothing while all is well. The
// boxed form for forms and pages, the line of red text for small dialogs. Both are announced (role alert).
import { Alert, Text } from '@mantine/core';
import type { ReactNode } from 'react';

type Props = { problem: ReactNode; testId?: string };

export function ProblemAlert({ problem, testId }: Props) {
  if (!problem) return null;
  return (
    <Alert color="red" variant="light" data-testid={testId}>
      {problem}
    </Alert>
  );
}

export function ProblemLine({ problem, testId }: Props) {
  if (!problem) return null;
  return (
    <Text size="sm" c="red" role="alert" data-testid={testId}>
      {problem}
    </Text>
  );
}
