/**
 * The workspace list at '/': every company the person belongs to, with its status. Accepted ones
 * open the workspace; the others answer with the spec's warning. An invitation from a company
 * carries "Chấp nhận" and "Từ chối"; a membership the company deactivated is marked and
 * refused with its own message.
 */
import { Badge, Button, Card, Group, Stack, Text, Title, UnstyledButton } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { IconBuilding, IconCheck, IconChevronRight, IconX } from '@tabler/icons-react';
import { useState } from 'react';
import { MEMBERSHIP_STATUS_LABELS, isAcceptedMembership, type Membership } from '@contract/company';
import { ApiError } from '@/api/api-error';
import { toast } from '@/ui/toast';
import { answerInvitation } from '../api/company-api';
import { chooseWorkspace } from '../model/choose-company';
import { SignOutLink } from './sign-out-link';

type Props = {
  fullName: string;
  memberships: Membership[];
  currentCompanyId: number | null;
  onChosen: () => void;
  onSignOut: () => void;
};

/** The query of the '/' route that refreshes the stored memberships (src/routes/_center/index.tsx). */
const MEMBERSHIPS_QUERY = ['memberships'];

export function WorkspaceChooser({ fullName, memberships, currentCompanyId, onChosen, onSignOut }: Props) {
  const [opening, setOpening] = useState<number | null>(null);
  const [answering, setAnswering] = useState<number | null>(null);
  // Answers shown at once, before the refreshed list arrives.
  const [answered, setAnswered] = useState<Record<number, Membership>>({});
  const queryClient = useQueryClient();
  const shown = memberships.map((membership) => answered[membership.id] ?? membership);

  async function choose(membership: Membership) {
    setOpening(membership.id);
    try {
      const result = await chooseWorkspace(membership);
      if (result.ok) onChosen();
      else toast.warning(result.warning);
    } finally {
      setOpening(null);
    }
  }

  async function answer(membership: Membership, status: 'accept' | 'reject') {
    setAnswering(membership.id);
    try {
      const updated = await answerInvitation(membership.id, status);
      setAnswered((current) => ({ ...current, [membership.id]: { ...membership, ...updated } }));
      toast.success(status === 'accept' ? `Đã tham gia ${membership.company_data.title}` : 'Đã từ chối lời mời');
      await queryClient.invalidateQueries({ queryKey: MEMBERSHIPS_QUERY });
    } catch (error) {
      toast.error(error instanceof ApiError ? error.message : 'Không gửi được câu trả lời. Vui lòng thử lại.');
    } finally {
      setAnswering(null);
    }
  }

  return (
    <Stack gap="lg">
      <div>
        <Title order={2}>Xin chào, {fullName}</Title>
        <Text c="dimmed">Chọn công ty để bắt đầu làm việc.</Text>
      </div>
      <Stack gap="sm" data-testid="workspace-list">
        {shown.map((membership) => {
          const accepted = isAcceptedMembership(membership.status_display);
          const inactive = membership.is_active === false;
          const invited = membership.status_display === 'invited' && !inactive;
          return (
            // A company not open to this person is set on grey, not faded: fading took its badge under 4.5:1.
            <Card key={membership.id} withBorder radius="md" padding={0} bg={accepted && !inactive ? undefined : 'gray.0'}>
              <UnstyledButton onClick={() => void choose(membership)} disabled={opening !== null} p="md" w="100%">
                <Group wrap="nowrap" justify="space-between" gap="sm">
                  <IconBuilding size={28} color="var(--mantine-color-teal-7)" style={{ flexShrink: 0 }} />
                  <div style={{ minWidth: 0, flex: 1 }}>
                    <Text fw={600} lineClamp={2}>
                      {membership.company_data.title}
                    </Text>
                    <Group gap={6} mt={4}>
                      <Text size="xs" c="dimmed">
                        {membership.company_data.type}
                      </Text>
                      {inactive ? (
                        <Badge size="sm" color="gray" variant="light">
                          Ngừng hoạt động
                        </Badge>
                      ) : (
                        <Badge size="sm" color={accepted ? 'teal' : invited ? 'blue' : 'yellow'} variant="light">
                          {MEMBERSHIP_STATUS_LABELS[membership.status_display] ?? membership.status_display}
                        </Badge>
                      )}
                      {membership.company === currentCompanyId && (
                        <Badge size="sm" variant="outline">
                          Đang chọn
                        </Badge>
                      )}
                    </Group>
                  </div>
                  <IconChevronRight size={18} style={{ flexShrink: 0 }} />
                </Group>
              </UnstyledButton>
              {invited && (
                <Group gap="xs" px="md" pb="md" justify="flex-end" data-testid="invitation-actions">
                  <Text size="sm" c="dimmed" mr="auto">
                    Công ty mời bạn tham gia
                  </Text>
                  <Button
                    variant="default"
                    size="xs"
                    leftSection={<IconX size={14} />}
                    disabled={answering !== null}
                    onClick={() => void answer(membership, 'reject')}
                    aria-label={`Từ chối lời mời của ${membership.company_data.title}`}
                  >
                    Từ chối
                  </Button>
                  <Button
                    size="xs"
                    leftSection={<IconCheck size={14} />}
                    loading={answering === membership.id}
                    disabled={answering !== null && answering !== membership.id}
                    onClick={() => void answer(membership, 'accept')}
                    aria-label={`Chấp nhận lời mời của ${membership.company_data.title}`}
                  >
                    Chấp nhận
                  </Button>
                </Group>
              )}
            </Card>
          );
        })}
      </Stack>
      <SignOutLink onSignOut={onSignOut} />
    </Stack>
  );
}
