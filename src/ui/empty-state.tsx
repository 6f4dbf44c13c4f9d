// A friendly placeholder for lists with no rows and for screens whose feature comes in a later release.
// Mantine 9 ships an EmptyState component; this fixes its look so every screen shows the same one.
import { Center, EmptyState as MantineEmptyState } from '@mantine/core';
import { IconInbox } from '@tabler/icons-react';
import type { ReactNode } from 'react';

export interface EmptyStateProps {
  title: ReactNode;
  description?: ReactNode;
  /** Usually a button that creates the first row or leads elsewhere. */
  action?: ReactNode;
  /** Defaults to an inbox glyph. */
  icon?: ReactNode;
}

export function EmptyState({ title, description, action, icon }: EmptyStateProps) {
  return (
    <Center py="xl" px="md" mih={240}>
      <MantineEmptyState title={title} description={description} icon={icon ?? <IconInbox />} variant="light" size="lg">
        {action ? <MantineEmptyState.Actions>{action}</MantineEmptyState.Actions> : null}
      </MantineEmptyState>
    </Center>
  );
}
