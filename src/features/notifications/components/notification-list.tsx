/** /notifications: everything the person was told in this company, newest first, unread ones first in weight. */
import { Button, Group, SegmentedControl, Stack, Text, Title } from '@mantine/core';
import { IconChecks } from '@tabler/icons-react';
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { apiErrorMessage } from '@/api/api-error';
import type { AppDb } from '@/db/app-db';
import { useIsMobile } from '@/ui/use-is-mobile';
import { EmptyState } from '@/ui/empty-state';
import { ListPager } from '@/ui/list-pager';
import { LoadingBlock } from '@/ui/loading-block';
import { ProblemAlert } from '@/ui/problem';
import { toast } from '@/ui/toast';
import { markAllRead, useDeviceRefusals, useNotificationPage, useNotificationsRefresh } from '../api/notifications-api';
import { openNotification } from '../model/open-notification';
import { NotificationItem } from './notification-item';
import { PushToggle } from './push-toggle';

const LIMIT = 20;

export function NotificationList({ db, companyId }: { db: AppDb; companyId: number }) {
  const [page, setPage] = useState(1);
  const [filter, setFilter] = useState<'all' | 'unread'>('all');
  const navigate = useNavigate();
  const refresh = useNotificationsRefresh();
  const compact = useIsMobile();
  const refusals = useDeviceRefusals(db, companyId);
  const result = useNotificationPage(companyId, page, LIMIT, filter === 'unread');

  async function readAll() {
    try {
      await markAllRead(companyId);
      await refresh();
      toast.success('Đã đánh dấu tất cả là đã đọc');
    } catch (error) {
      toast.error(apiErrorMessage(error, 'Không đánh dấu được'));
    }
  }

  return (
    <Stack gap="md">
      <Group justify="space-between" wrap="wrap" gap="xs">
        <Title order={3}>Thông báo</Title>
        <Button variant="light" leftSection={<IconChecks size={16} />} onClick={() => void readAll()}>
          Đánh dấu tất cả đã đọc
        </Button>
      </Group>
      <PushToggle />
      {refusals > 0 && (
        <ProblemAlert
          problem={
            <Text size="sm">
              {refusals} thao tác trên thiết bị này bị máy chủ từ chối.{' '}
              <Button variant="subtle" size="compact-sm" onClick={() => void navigate({ to: '/diagnostics' })}>
                Xem lại
              </Button>
            </Text>
          }
        />
      )}
      <SegmentedControl
        value={filter}
        onChange={(value) => {
          setFilter(value as 'all' | 'unread');
          setPage(1);
        }}
        data={[
          { value: 'all', label: 'Tất cả' },
          { value: 'unread', label: 'Chưa đọc' },
        ]}
      />
      {result.isPending && <LoadingBlock />}
      {result.isError && <ProblemAlert problem={apiErrorMessage(result.error, 'Không tải được thông báo')} />}
      {result.data && result.data.rows.length === 0 && (
        <EmptyState title={filter === 'unread' ? 'Không có thông báo chưa đọc' : 'Chưa có thông báo nào'} />
      )}
      {result.data && result.data.rows.length > 0 && (
        <>
          <Stack gap={4}>
            {result.data.rows.map((item) => (
              <NotificationItem
                key={item.id}
                item={item}
                onOpen={(chosen) => void openNotification(chosen, (to) => void navigate({ to }), refresh)}
              />
            ))}
          </Stack>
          <ListPager page={page} limit={LIMIT} count={result.data.count} noun="thông báo" onPage={setPage} compact={compact} />
        </>
      )}
    </Stack>
  );
}
