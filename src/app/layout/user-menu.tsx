/** The signed-in person's menu at the end of a header: who they are, their account page (when the layout has one), sign-out. */
import { Avatar, Menu, Text, UnstyledButton } from '@mantine/core';
import { IconLogout, IconUserCircle } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { useSession } from '@/session/session-store';
import { useSignOut } from '../use-sign-out';

export function UserMenu({ withAccountPage = true, color = 'teal' }: { withAccountPage?: boolean; color?: string }) {
  const { account } = useSession();
  const signOut = useSignOut();
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <UnstyledButton aria-label="Tài khoản" data-testid="user-menu">
          <Avatar size={34} radius="xl" color={color}>
            {account?.full_name.split(' ').at(-1)?.charAt(0) ?? '?'}
          </Avatar>
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>
          <Text size="sm" fw={600} c="dark">
            {account?.full_name}
          </Text>
          {account?.phone}
        </Menu.Label>
        {withAccountPage && (
          <Menu.Item leftSection={<IconUserCircle size={16} />} component={Link} to="/my-account">
            Quản lý tài khoản
          </Menu.Item>
        )}
        <Menu.Item leftSection={<IconLogout size={16} />} color="red" onClick={() => void signOut()}>
          Đăng xuất
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
