/**
 * Requests to join the company (/join-requests): people who asked from /onboard. The owner accepts
 * one with the role the person will have (the sales role unless chosen otherwise) or refuses it;
 * other members see the list only. Accepted, the company appears in the person's workspace list.
 */
import { Button, Card, Group, Select, Stack, Text, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { IconCheck, IconX } from '@tabler/icons-react';
import { useState } from 'react';
import { SALES_ROLE, type RoleRecord } from '@contract/roles';
import { apiErrorMessage } from '@/api/api-error';
import { EmptyState } from '@/ui/empty-state';
import { LoadingBlock } from '@/ui/loading-block';
import { ProblemAlert } from '@/ui/problem';
import { toast } from '@/ui/toast';
import { decideJoinRequest, fetchCompanyRoles, fetchJoinRequests, type CompanyMember } from '../api/company-api';

function RequestCard({
  request,
  roles,
  canDecide,
  onDecided,
}: {
  request: CompanyMember;
  roles: RoleRecord[];
  canDecide: boolean;
  onDecided: () => void;
}) {
  const [role, setRole] = useState<string | null>(() => String(roles.find((entry) => entry.name === SALES_ROLE)?.id ?? '') || null);
  const decide = useMutation({
    mutationFn: (status: 'accept' | 'reject') =>
      decideJoinRequest(request.id, status === 'accept' ? { status, role: role ? Number(role) : null } : { status }),
    onSuccess: (_member, status) => {
      toast.success(
        status === 'accept'
          ? `Đã chấp nhận ${request.account.full_name} vào công ty`
          : `Đã từ chối yêu cầu của ${request.account.full_name}`,
      );
      onDecided();
    },
  });
  return (
    <Card withBorder radius="md" data-testid="join-request">
      <Stack gap="xs">
        <div>
          <Text fw={600}>{request.account.full_name}</Text>
          <Text size="sm" c="dimmed">
            {request.account.phone}
          </Text>
        </div>
        {canDecide && (
          <>
            <Select
              label="Vai trò khi tham gia"
              data={roles.map((entry) => ({ value: String(entry.id), label: entry.name }))}
              value={role}
              onChange={setRole}
              allowDeselect={false}
            />
            <ProblemAlert problem={decide.error ? apiErrorMessage(decide.error, 'Không lưu được quyết định') : null} />
            <Group justify="flex-end" gap="xs">
              <Button
                variant="default"
                leftSection={<IconX size={16} />}
                disabled={decide.isPending}
                onClick={() => decide.mutate('reject')}
              >
                Từ chối
              </Button>
              <Button leftSection={<IconCheck size={16} />} loading={decide.isPending} onClick={() => decide.mutate('accept')}>
                Chấp nhận
              </Button>
            </Group>
          </>
        )}
      </Stack>
    </Card>
  );
}

export function JoinRequests({ companyId, isOwner }: { companyId: number; isOwner: boolean }) {
  const queryClient = useQueryClient();
  const requests = useQuery({ queryKey: ['join-requests', companyId], queryFn: () => fetchJoinRequests(companyId) });
  const roles = useQuery({ queryKey: ['join-request-roles', companyId], queryFn: () => fetchCompanyRoles(companyId), enabled: isOwner });
  if (requests.isPending || (isOwner && roles.isPending)) return <LoadingBlock />;
  if (requests.isError) return <ProblemAlert problem={apiErrorMessage(requests.error, 'Không tải được danh sách yêu cầu')} />;
  return (
    <Stack gap="md">
      <div>
        <Title order={3}>Yêu cầu tham gia công ty</Title>
        <Text size="sm" c="dimmed">
          {isOwner
            ? 'Chấp nhận để người này vào được công ty với vai trò bạn chọn.'
            : 'Chỉ chủ sở hữu công ty mới chấp nhận hoặc từ chối yêu cầu.'}
        </Text>
      </div>
      {requests.data.length === 0 ? (
        <EmptyState title="Không có yêu cầu nào đang chờ" />
      ) : (
        requests.data.map((request) => (
          <RequestCard
            key={request.id}
            request={request}
            roles={roles.data ?? []}
            canDecide={isOwner}
            onDecided={() => void queryClient.invalidateQueries({ queryKey: ['join-requests', companyId] })}
          />
        ))
      )}
    </Stack>
  );
}
