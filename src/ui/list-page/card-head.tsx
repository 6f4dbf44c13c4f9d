/**
 * The top of a list's card on a phone: what the row is (its name and sub-lines) on the left, taking
 * the room there is and no more, and its state (a badge, an amount) kept whole on the right.
 */
import { Group } from '@mantine/core';
import type { ReactNode } from 'react';

export function CardHead({ children, aside }: { children: ReactNode; aside?: ReactNode }) {
  return (
    <Group justify="space-between" wrap="nowrap" align="flex-start">
      <div style={{ minWidth: 0 }}>{children}</div>
      {aside && <div style={{ flexShrink: 0 }}>{aside}</div>}
    </Group>
  );
}
