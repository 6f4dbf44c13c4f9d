/**
 * The header's bell (product-spec.md §3 hasIconBellHeader): how many things wait on the person in
 * this company (unread server notifications and the ops this device queued that were refused), and
 * the latest of them a click away; "Xem tất cả" opens /notifications.
 */
import { ActionIcon, Anchor, Divider, Group, Indicator, Popover, ScrollArea, Stack, Text, UnstyledButton } from '@mantine/core';
import { IconAlertTriangle, IconBell } from '@tabler/icons-react';
import { Link, useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import type { AppDb } from '@/db/app-db';
import { LoadingBlock } from '@/ui/loading-block';
import { useDeviceRefusals, useNotificationPage, useNotificationsRefresh, useUnreadCount } from '../api/notifications-api';
import { openNotification } from '../model/open-notification';
import { NotificationItem } from './notification-item';

const SHOWN = 5;

export function NotificationBell({ db, companyId }: { db: AppDb; companyId: number }) {
  const [opened, setOpened] = useState(false);
  const navigate = useNavigate();
  const refresh = useNotificationsRefresh();
  const unread = useUnreadCount(companyId);
  const refusals = useDeviceRefusals(db, companyId);
  const latest = useNotificationPage(companyId, 1, SHOWN, false, opened);
  const count = (unread.data?.count ?? 0) + refusals;
  const label = count > 0 ? `Thông báo: ${count} chưa đọc` : 'Thông báo';

  const go = (to: string) => {
    setOpened(false);
    void navigate({ to });
  };

  return (
    <Popover opened={opened} onChange={setOpened} position="bottom-end" width={340} withinPortal shadow="md">
      {/* The button is the popover's target, so its aria-haspopup and aria-expanded sit on a button. */}
      <Popover.Target>
        <ActionIcon
          variant="subtle"
          size="lg"
          aria-label={label}
          data-testid="notification-bell"
          data-loaded={unread.isFetched}
          onClick={() => setOpened((open) => !open)}
          style={{ overflow: 'visible' }}
        >
          <Indicator
            label={count > 99 ? '99+' : count}
            size={18}
            disabled={count === 0}
            color="red"
            offset={2}
            data-testid="notification-count"
          >
            <IconBell size={22} />
          </Indicator>
        </ActionIcon>
      </Popover.Target>
      <Popover.Dropdown p="xs" maw="calc(100vw - 16px)">
        <Group justify="space-between" px="xs" pb={6}>
          <Text fw={600}>Thông báo</Text>
          <Anchor component={Link} to="/notifications" size="sm" onClick={() => setOpened(false)}>
            Xem tất cả
          </Anchor>
        </Group>
        <Divider />
        <ScrollArea.Autosize mah={420}>
          <Stack gap={4} pt={6}>
            {refusals > 0 && (
              <UnstyledButton p="sm" onClick={() => go('/diagnostics')} data-testid="device-refusals">
                <Group gap="xs" wrap="nowrap">
                  <IconAlertTriangle size={18} color="var(--mantine-color-orange-6)" style={{ flexShrink: 0 }} />
                  <Text size="sm">{refusals} thao tác trên thiết bị này bị máy chủ từ chối, cần bạn xem lại</Text>
                </Group>
              </UnstyledButton>
            )}
            {latest.isPending && opened && <LoadingBlock />}
            {latest.data?.rows.map((item) => (
              <NotificationItem key={item.id} item={item} onOpen={(chosen) => void openNotification(chosen, go, refresh)} />
            ))}
            {latest.data && latest.data.rows.length === 0 && refusals === 0 && (
              <Text size="sm" c="dimmed" ta="center" py="md">
                Chưa có thông báo nào
              </Text>
            )}
          </Stack>
        </ScrollArea.Autosize>
      </Popover.Dropdown>
    </Popover>
  );
}
