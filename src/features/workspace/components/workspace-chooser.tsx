/**
 * The workspace list at '/': every company the person belongs to, with its status. Accepted ones
 * open the workspace; the others answer with the spec's warning.
 */
import { Badge, Button, Card, Group, Stack, Text, Title, UnstyledButton } from '@mantine/core';
import { IconBuilding, IconChevronRight } from '@tabler/icons-react';
import { useState } from 'react';
import { MEMBERSHIP_STATUS_LABELS, isAcceptedMembership, type Membership } from '../../../../contract/company';
import { toast } from '../../../ui/toast';
import { chooseWorkspace } from '../model/choose-workspace';

type Props = {
  fullName: string;
  memberships: Membership[];
  currentCompanyId: number | null;
  onChosen: () => void;
  onSignOut: () => void;
};

export function WorkspaceChooser({ fullName, memberships, currentCompanyId, onChosen, onSignOut }: Props) {
  const [opening, setOpening] = useState<number | null>(null);

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

  return (
    <Stack gap="lg">
      <div>
        <Title order={2}>Xin chào, {fullName}</Title>
        <Text c="dimmed">Chọn công ty để bắt đầu làm việc.</Text>
      </div>
      <Stack gap="sm" data-testid="workspace-list">
        {memberships.map((membership) => {
          const accepted = isAcceptedMembership(membership.status_display);
          return (
            <UnstyledButton
              key={membership.id}
              onClick={() => void choose(membership)}
              disabled={opening !== null}
              aria-label={membership.company_data.title}
            >
              <Card withBorder radius="md" padding="md" style={{ opacity: accepted ? 1 : 0.75 }}>
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
                      <Badge size="sm" color={accepted ? 'teal' : 'yellow'} variant="light">
                        {MEMBERSHIP_STATUS_LABELS[membership.status_display] ?? membership.status_display}
                      </Badge>
                      {membership.company === currentCompanyId && (
                        <Badge size="sm" variant="outline">
                          Đang chọn
                        </Badge>
                      )}
                    </Group>
                  </div>
                  <IconChevronRight size={18} style={{ flexShrink: 0 }} />
                </Group>
              </Card>
            </UnstyledButton>
          );
        })}
      </Stack>
      <Group justify="center">
        <Button variant="subtle" color="gray" onClick={onSignOut}>
          Đăng xuất
        </Button>
      </Group>
    </Stack>
  );
}
