/** One notification, in the bell's list and on the notifications page: unread ones stand out; a settled one says so. */
import { Badge, Group, Stack, Text, UnstyledButton } from '@mantine/core';
import { NOTIFICATION_KINDS, type NotificationRecord } from '@contract/notifications';
import { formatDateTime } from '@/lib/dates';

export function NotificationItem({ item, onOpen }: { item: NotificationRecord; onOpen: (item: NotificationRecord) => void }) {
  const fresh = !item.read && !item.resolved;
  return (
    <UnstyledButton
      onClick={() => onOpen(item)}
      data-testid="notification-item"
      data-unread={fresh || undefined}
      p="sm"
      w="100%"
      style={{ borderRadius: 8, background: fresh ? 'var(--mantine-color-teal-0)' : undefined }}
    >
      <Stack gap={2}>
        <Group gap={6} wrap="nowrap" justify="space-between">
          <Text size="xs" c="dimmed" truncate>
            {NOTIFICATION_KINDS[item.kind]}
          </Text>
          {item.resolved && (
            <Badge size="xs" color="gray" variant="light" style={{ flexShrink: 0 }}>
              Đã xử lý
            </Badge>
          )}
        </Group>
        <Text size="sm" fw={fresh ? 700 : 500}>
          {item.title}
        </Text>
        {item.body && (
          <Text size="xs" c="dimmed" lineClamp={2}>
            {item.body}
          </Text>
        )}
        <Text size="xs" c="dimmed">
          {formatDateTime(item.created_at)}
        </Text>
      </Stack>
    </UnstyledButton>
  );
}
