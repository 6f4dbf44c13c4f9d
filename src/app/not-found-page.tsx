import { Button, Stack, Text, Title } from '@mantine/core';
import { Link } from '@tanstack/react-router';

export function NotFoundPage() {
  return (
    <Stack align="center" justify="center" mih="60vh" gap="sm" p="md" ta="center">
      <Title order={1}>404</Title>
      <Text size="lg">Không tìm thấy trang bạn yêu cầu.</Text>
      <Button component={Link} to="/dashboard">
        Về trang tổng quan
      </Button>
    </Stack>
  );
}
