/** The mobile header's dots menu: the actions the page registered (src/ui/header-actions.tsx). */
import { ActionIcon, Menu } from '@mantine/core';
import { IconDotsVertical } from '@tabler/icons-react';
import type { HeaderAction } from '@/ui/header-actions';

export default function PageActionsMenu({ actions }: { actions: HeaderAction[] }) {
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <ActionIcon variant="subtle" size="lg" aria-label="Thao tác khác">
          <IconDotsVertical size={22} />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        {actions.map((action) => (
          <Menu.Item key={action.key} color={action.danger ? 'red' : undefined} onClick={action.onClick}>
            {action.label}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
