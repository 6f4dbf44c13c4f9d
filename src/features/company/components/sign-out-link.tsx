/** "Đăng xuất" at the foot of the screens a person sees before a workspace is open (/, /onboard). */
import { Button, Group } from '@mantine/core';

export function SignOutLink({ onSignOut }: { onSignOut: () => void }) {
  return (
    <Group justify="center">
      <Button variant="subtle" color="gray" onClick={onSignOut}>
        Đăng xuất
      </Button>
    </Group>
  );
}
