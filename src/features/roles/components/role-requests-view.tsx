/**
 * /role, "Yêu cầu đổi vai trò" (spec approle): role changes asked for by members who may not
 * approve them (from the staff screens), each approved or refused by someone who may.
 */
import { Alert, Badge, Button, Card, Group, SegmentedControl, Stack, Text } from '@mantine/core';
import dayjs from 'dayjs';
import { useState } from 'react';
import type { RoleRequestRecord } from '@contract/roles';
import { useCan } from '@/session/access';
import { EmptyState } from '@/ui/empty-state';
import { toast } from '@/ui/toast';
import { roleErrorMessage, useRoleRequests, useRoleWrites, type RequestFilter } from '../api/role-api';
import { LoadingBlock } from '@/ui/loading-block';

const STATUS = {
  pending: { label: 'Chờ duyệt', color: 'yellow' },
  approved: { label: 'Đã duyệt', color: 'teal' },
  rejected: { label: 'Đã từ chối', color: 'red' },
} as const;

export function RoleRequestsView({ companyId }: { companyId: number }) {
  const [filter, setFilter] = useState<RequestFilter>('pending');
  const requests = useRoleRequests(companyId, filter);
  const writes = useRoleWrites(companyId);
  const canApprove = useCan('roles', 'approve');
  const [busy, setBusy] = useState<number | null>(null);

  async function decide(request: RoleRequestRecord, approve: boolean) {
    setBusy(request.id);
    try {
      toast.success((await writes.decide(request.id, approve)) ?? (approve ? 'Đã duyệt' : 'Đã từ chối'));
    } catch (error) {
      toast.error(roleErrorMessage(error, 'Không xử lý được yêu cầu'));
    } finally {
      setBusy(null);
    }
  }

  return (
    <Stack gap="md">
      <SegmentedControl
        w={280}
        data={[
          { value: 'pending', label: 'Chờ duyệt' },
          { value: 'all', label: 'Tất cả' },
        ]}
        value={filter}
        onChange={(value) => setFilter(value as RequestFilter)}
      />
      {requests.isError && <Alert color="red">{requests.error.message}</Alert>}
      {requests.isPending ? (
        <LoadingBlock />
      ) : requests.data && requests.data.length === 0 ? (
        <EmptyState
          title={filter === 'pending' ? 'Không có yêu cầu chờ duyệt' : 'Chưa có yêu cầu đổi vai trò'}
          description="Khi người không có quyền duyệt đổi vai trò của nhân viên, yêu cầu sẽ hiện ở đây."
        />
      ) : (
        <Stack gap="xs">
          {requests.data?.map((request) => (
            <Card key={request.id} withBorder radius="md" padding="sm" data-testid="role-request">
              <Group justify="space-between" wrap="wrap" gap="sm">
                <Stack gap={2}>
                  <Text fw={600}>
                    {request.account.full_name}{' '}
                    <Text span c="dimmed" size="sm">
                      {request.account.phone}
                    </Text>
                  </Text>
                  <Text size="sm">
                    {request.current_role?.name ?? 'Chưa có vai trò'} → <b>{request.requested_role.name}</b>
                  </Text>
                  <Text size="xs" c="dimmed">
                    {request.requested_by.full_name} đề nghị lúc {dayjs(request.created_at).format('HH:mm DD/MM/YYYY')}
                  </Text>
                </Stack>
                {request.status === 'pending' && canApprove ? (
                  <Group gap="xs">
                    <Button variant="default" color="red" loading={busy === request.id} onClick={() => void decide(request, false)}>
                      Từ chối
                    </Button>
                    <Button loading={busy === request.id} onClick={() => void decide(request, true)}>
                      Duyệt
                    </Button>
                  </Group>
                ) : (
                  <Badge color={STATUS[request.status].color} variant="light" tt="none">
                    {STATUS[request.status].label}
                  </Badge>
                )}
              </Group>
            </Card>
          ))}
        </Stack>
      )}
    </Stack>
  );
}
