/**
 * The header's workspace dropdown: every membership of the signed-in person, the current one
 * checked; a membership not yet accepted answers with the spec's warning toast.
 */
import { Badge, Button, Group, Menu, Text } from '@mantine/core';
import { IconBuildingStore, IconCheck, IconChevronDown } from '@tabler/icons-react';
import { isAcceptedMembership, type Membership } from '@contract/company';
import { useSession } from '@/session/session-store';
import { toast } from '@/ui/toast';
import { chooseWorkspace } from '../model/choose-company';

/**
 * `compact` (headers under 1600 px): the name gets at most 220 px, truncated with the whole name in
 * its title, so the header's menu fits whatever the company is called (Vietnamese company names are
 * long: "Công ty TNHH Dược phẩm Sài Gòn Xanh" sent the whole menu into the drawer at 1440 px).
 */
export function WorkspaceSwitcher({ onChosen, compact = false }: { onChosen: () => void; compact?: boolean }) {
  const { account, company } = useSession();
  const memberships = account?.company_data ?? [];

  async function choose(membership: Membership) {
    const result = await chooseWorkspace(membership);
    if (!result.ok) {
      toast.warning(result.warning);
      return;
    }
    onChosen();
  }

  return (
    <Menu position="bottom-end" width={320} withinPortal>
      <Menu.Target>
        <Button
          variant="light"
          leftSection={<IconBuildingStore size={18} />}
          rightSection={<IconChevronDown size={16} />}
          maw={compact ? 220 : 320}
          title={company?.title}
          data-testid="workspace-switcher"
        >
          <Text span truncate="end" size="sm" fw={600}>
            {company?.title ?? 'Chọn công ty'}
          </Text>
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>Không gian làm việc</Menu.Label>
        {memberships.map((membership) => (
          <Menu.Item
            key={membership.id}
            onClick={() => void choose(membership)}
            leftSection={membership.company === company?.id ? <IconCheck size={16} /> : <span style={{ width: 16 }} />}
          >
            <Group justify="space-between" wrap="nowrap" gap="xs">
              <Text size="sm" lineClamp={2}>
                {membership.company_data.title}
              </Text>
              {!isAcceptedMembership(membership.status_display) && (
                <Badge size="xs" color="yellow" variant="light">
                  Chờ xác nhận
                </Badge>
              )}
            </Group>
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
