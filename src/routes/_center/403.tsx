import { Button, Group, Stack, Text, Title } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { createFileRoute, Link } from '@tanstack/react-router';

export const Route = createFileRoute('/_center/403')({
  staticData: { title: 'Không có quyền truy cập' },
  component: ForbiddenPage,
});

function ForbiddenPage() {
  return (
    <Stack align="center" ta="center" gap="sm">
      <IconLock size={56} color="var(--mantine-color-red-6)" />
      <Title order={1}>403</Title>
      <Text size="lg">Bạn không có quyền truy cập nội dung này.</Text>
      <Text c="dimmed" size="sm">
        Nếu bạn cho rằng đây là nhầm lẫn, hãy liên hệ quản trị viên công ty.
      </Text>
      <Group mt="md">
        <Button component={Link} to="/dashboard">
          Về trang tổng quan
        </Button>
        <Button component={Link} to="/" variant="default">
          Chọn công ty khác
        </Button>
      </Group>
    </Stack>
  );
}
