import { Button, Stack, Text, Title } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { useSession } from '@/session/session-store';

/** A page that does not exist: a member goes back to the dashboard, a signed-out visitor to sign in. */
export function NotFoundPage() {
  const signedIn = useSession().account !== null;
  return (
    <Stack align="center" justify="center" mih="60vh" gap="sm" p="md" ta="center">
      <Title order={1}>404</Title>
      <Text size="lg">Không tìm thấy trang bạn yêu cầu.</Text>
      {signedIn ? (
        <Button component={Link} to="/dashboard">
          Về trang tổng quan
        </Button>
      ) : (
        <Button component={Link} to="/login">
          Đăng nhập
        </Button>
      )}
    </Stack>
  );
}
